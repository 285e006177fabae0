"""The text report of `scan`: grouped by entry, first cause first, for people."""

from __future__ import annotations

import shutil
import textwrap

from triage_app.cli.output import clean
from triage_app.cli.style import Style
from triage_app.core.advice import rate_text
from triage_app.core.catalog import Catalog
from triage_app.core.grouping import FOLDED, QUIET_ONLY, causal_links
from triage_app.core.scan import FileResult


def _best_workaround(entry) -> dict | None:
    workarounds = [w for w in entry.get("workarounds", []) if isinstance(w, dict)]
    if not workarounds:
        return None
    return max(workarounds, key=lambda w: w.get("success_rate") or 0)


def print_file_report(result: FileResult, catalog: Catalog, style: Style) -> None:
    width = min(shutil.get_terminal_size((100, 20)).columns, 120)
    facts = [f"{result.lines} lines"]
    if result.encoding:
        facts.append(result.encoding)
    if result.compression:
        facts.append(result.compression)
    print(style(clean(result.path), "bold") + "  " + style(", ".join(facts), "dim"))
    if result.error:
        print("  " + style(f"cannot scan: {clean(result.error)}", "red"))
        return
    if result.warning:
        print("  " + style(f"warning: {clean(result.warning)}", "yellow"))
    index = result.group_index(lambda: causal_links(catalog))
    groups = index.groups()
    if not groups:
        print("  no known errors found")
        _print_unknown(result, width, style)
        return
    first = index.first_cause()
    for group in groups:
        entry = catalog.get(group.entry_id)
        times = f"{group.count}x" if group.count > 1 else "1x"
        where = f"line {group.first_line}"
        if group.count > 1:
            where += f" (last {group.last_line})"
        label = style(clean(group.entry_id), "bold", "red" if group.kind == "regex" else "yellow")
        kind = (
            ""
            if group.kind == "regex"
            else style(f"  possible match (fuzzy, {group.best_score:.0%} similar)", "yellow")
        )
        print(
            f"\n  {times:>5} {label}  {style(where, 'cyan')}{kind}{_note(group, first, groups, style)}"
        )
        print(style(_indent(group.first.text, width, "        > "), "dim"))
        if group.count > 1:
            more = f"        ... and {group.count - 1:,} more line{'s' if group.count > 2 else ''}"
            print(style(more, "dim"))
        fit = result.notes.fits.get(group.entry_id)
        phrase = fit.describe() if fit is not None else None
        if phrase:
            print(_indent(phrase, width, "        versions: "))
        if entry is None:
            continue
        if group.entry_id in catalog.overrides:
            note = catalog.overrides[group.entry_id].describe()
            print(style(_indent(note, width, "        yours: "), "yellow"))
        print(_indent(entry.root_cause, width, "        cause: "))
        best = _best_workaround(entry)
        if best:
            rate = best.get("success_rate")
            rate_words = f" ({rate_text(rate, best)})" if isinstance(rate, int | float) else ""
            print(_indent(f"{best.get('action', '')}{rate_words}", width, "        try:   "))
            how = best.get("how")
            if how and how != best.get("action"):
                print(style(_indent(how, width, "               "), "green"))
    _print_unknown(result, width, style)
    print()


def _print_unknown(result: FileResult, width: int, style: Style) -> None:
    """Error-level lines nothing in the catalogue explains, one line per template."""
    unknown = result.notes.unknown
    if not unknown:
        return
    print("\n  " + style("Unknown errors", "bold") + style("  (no catalogue entry)", "dim"))
    for group in unknown:
        times = f"{group['count']}x"
        where = f"line {group['first_line']}"
        if group["count"] > 1 and group["lines"]:
            where += f" (then {', '.join(map(str, group['lines'][1:4]))}"
            where += ", ...)" if group["count"] > 4 else ")"
        print(f"  {times:>5} {style(where, 'cyan')}")
        print(style(_indent(group["text"], width, "        > "), "dim"))
    if result.notes.unknown_overflow:
        more = f"        ({result.notes.unknown_overflow} more lines of other templates)"
        print(style(more, "dim"))


def _note(group, first, groups, style: Style) -> str:  # noqa: ANN001 - GroupStats, FirstCause
    """What a group is in the story: the likely first cause, or a summary of it."""
    is_first = first is not None and group.entry_id == first.entry_id and group.kind == "regex"
    if is_first and len(groups) > 1:
        return "  " + style("<- likely first cause", "magenta")
    if group.tier == FOLDED and first is not None and not is_first:
        return "  " + style(f"({group.role} of {first.entry_id})", "dim")
    if group.tier == QUIET_ONLY:
        return "  " + style("(logged at info/debug level)", "dim")
    return ""


def _indent(text: str, width: int, prefix: str) -> str:
    text = clean(" ".join(str(text).split()))  # no escape sequence or control character
    wrapped = textwrap.wrap(text, max(30, width - len(prefix))) or [""]
    pad = " " * len(prefix)
    return "\n".join((prefix if i == 0 else pad) + line for i, line in enumerate(wrapped))
