"""The report as Markdown. Log text goes in code fences longer than any backtick run in it;
catalogue and note text is escaped, so `![x](http://...)` or `<script>` stays text."""

from __future__ import annotations

import re

from triage_app.core import own_regex
from triage_app.core.report.model import Advice, Report, ReportFile, ReportGroup

_SPECIAL = own_regex.compile(r"([\\`*_{}\[\]()<>#+!|~])")
_CONTROL = own_regex.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def esc(text: str) -> str:
    """Inline text: Markdown specials backslash-escaped, controls made visible, one line."""
    text = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def fence(text: str, info: str = "text") -> str:
    """A code block no content can close early."""
    text = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text.replace("\t", "    "))
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{info}\n{text}\n{ticks}"


def _rate(advice: Advice, word: str) -> str:
    words = advice.rate_words(word)
    return f" ({words})" if words else ""


def _group(group: ReportGroup, number: int) -> list[str]:
    where = (
        f"line {group.first_line}"
        if group.count == 1
        else (f"{group.count}×, lines {group.first_line}–{group.last_line}")
    )
    title = f"### {number}. {esc(group.entry_id)} ({where})"
    if group.first_cause:
        title += " — likely first cause"
    if group.kind != "regex":
        title += " — possible match (fuzzy)"
    out = [title, ""]
    if group.unverified:
        out += ["*Unverified entry: its message has no cited source.*", ""]
    out += [f"Known as: {esc(group.signature)}", "", "Your log:", ""]
    out.append(fence("\n".join(f"{n}: {text}" for n, text in group.lines)))
    if group.more:
        out += ["", f"… and {group.more:,} more line{'s' if group.more > 1 else ''}"]
    if group.root_cause:
        out += ["", f"**Root cause.** {esc(group.root_cause)}"]
    if group.versions:
        out += ["", f"**Versions seen:** {esc(group.versions)}"]
    if group.dead_ends:
        out += ["", "**Don't try:**", ""]
        for item in group.dead_ends:
            line = f"- {esc(item.action)}{_rate(item, 'fail')}"
            if item.detail:
                line += f": {esc(item.detail)}"
            if item.mark:
                line += f" *(you: {item.mark_words})*"
            out.append(line)
    if group.workarounds:
        out += ["", "**Try:**", ""]
        for i, item in enumerate(group.workarounds, 1):
            line = f"{i}. {esc(item.action)}{_rate(item, 'success')}"
            if item.condition:
                line += f" — when {esc(item.condition)}"
            if item.mark:
                line += f" *(you: {item.mark_words})*"
            out.append(line)
            if item.detail and item.detail != item.action:
                out += ["", _indent(fence(item.detail, "")), ""]
    if group.notes:
        out += ["", "**Your notes:**", ""]
        out += [f"- {esc(updated)}: {esc(text)}" for updated, text in group.notes]
    return [*out, ""]


def _indent(text: str) -> str:
    return "\n".join("   " + line for line in text.split("\n"))


def _file(report_file: ReportFile) -> list[str]:
    out = [f"## {esc(report_file.path)}", ""]
    if report_file.error:
        return [*out, f"Could not be scanned: {esc(report_file.error)}", ""]
    if not report_file.groups:
        out += ["No known errors found.", ""]
    for number, group in enumerate(report_file.groups, 1):
        out += _group(group, number)
    if report_file.more_groups:
        out += [f"… and {report_file.more_groups} more error groups (see the full scan).", ""]
    if report_file.unknown:
        out += ["### Unknown errors", "", "Error lines no catalogue entry explains:", ""]
        for g in report_file.unknown:
            out.append(
                f"- {g.get('count', 1)}× from line {g.get('first_line')}: "
                f"{esc(str(g.get('template', '')))}"
            )
        out.append("")
    return out


def redaction_summary(report: Report) -> str:
    if not report.redaction_on:
        return "redaction off"
    if not report.redactions:
        return "secrets redaction on, nothing found"
    return f"{report.redactions} secret(s) redacted ({', '.join(report.redaction_kinds)})"


def first_cause_text(report_file: ReportFile) -> tuple[str, str | None]:
    """(result words, entry id) for the files table."""
    if report_file.error:
        return f"cannot scan: {report_file.error}", None
    first = next((g for g in report_file.groups if g.first_cause), None)
    if first:
        return f"first cause (line {first.first_line}):", first.entry_id
    if report_file.groups:
        return f"{len(report_file.groups)} error group(s)", None
    return "no known errors", None


def render_markdown(report: Report) -> str:
    redaction = redaction_summary(report)
    out = [
        "# Triage report",
        "",
        f"Generated {report.generated} by triage-app {esc(report.version)} · catalogue of "
        f"{report.catalog_entries} entries · {redaction}",
        "",
        "| file | lines | encoding | compression | result |",
        "|---|---:|---|---|---|",
    ]
    for f in report.files:
        words, entry_id = first_cause_text(f)
        result = esc(words) + (f" {esc(entry_id)}" if entry_id else "")
        out.append(
            f"| {esc(f.path)} | {f.lines} | {esc(f.encoding or '')} | "
            f"{esc(f.compression or '')} | {result} |"
        )
    out.append("")
    for f in report.files:
        out += _file(f)
    return "\n".join(out).rstrip() + "\n"
