"""Gather a report from scan results, the catalogue and the user's notes (redacted)."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from triage_app import __version__
from triage_app.core.advice import rate_basis
from triage_app.core.catalog import Catalog
from triage_app.core.grouping import causal_links
from triage_app.core.redact import Redactor
from triage_app.core.scan import FileResult

MAX_GROUPS = 40  # per file: a report is read by people
LINES_PER_GROUP = 3


@dataclass
class Advice:
    action: str
    detail: str  # why it fails (dead end) or how (workaround)
    rate: float | None
    rate_sourced: bool
    condition: str
    mark: str | None  # the user's verdict: "worked" / "did_not_work"

    def rate_words(self, word: str) -> str:
        """'est. 90% fail' ('est.' unless the rate cites a source); '' without a rate."""
        if self.rate is None:
            return ""
        return f"{'' if self.rate_sourced else 'est. '}{self.rate:.0%} {word}"

    @property
    def mark_words(self) -> str:
        """The user's verdict as words ('' when unmarked)."""
        words = {"worked": "worked for me", "did_not_work": "did not work for me"}
        return words.get(self.mark, self.mark) if self.mark else ""


@dataclass
class ReportGroup:
    entry_id: str
    kind: str  # regex / fuzzy
    count: int
    first_line: int
    last_line: int
    lines: list[tuple[int, str]]  # the user's own lines (redacted): the group's first ones
    signature: str
    root_cause: str
    unverified: bool
    versions: str | None
    dead_ends: list[Advice] = field(default_factory=list)
    workarounds: list[Advice] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (updated, text)
    first_cause: bool = False
    more: int = 0  # the group's lines not among `lines`


@dataclass
class ReportFile:
    path: str
    lines: int
    encoding: str | None
    compression: str | None
    error: str | None
    groups: list[ReportGroup] = field(default_factory=list)
    more_groups: int = 0
    unknown: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Report:
    generated: str
    version: str
    catalog_entries: int
    redaction_on: bool
    redactions: int
    redaction_kinds: list[str]
    files: list[ReportFile]


def build_report(
    results: Sequence[FileResult],
    catalog: Catalog,
    *,
    notes: Any = None,
    redactor: Redactor | None = None,
    generated: dt.datetime | None = None,
) -> Report:
    """`notes` is an open NotesStore (or None); `redactor` None means no redaction."""
    counter = _Counter(redactor)
    links = functools.cache(lambda: causal_links(catalog))  # only if a result has no groups
    files = [_file(result, catalog, links, notes, counter) for result in results]
    stamp = (generated or dt.datetime.now(dt.UTC)).strftime("%Y-%m-%d %H:%M UTC")
    return Report(
        stamp,
        __version__,
        len(catalog),
        redactor is not None,
        counter.count,
        sorted(counter.kinds),
        files,
    )


class _Counter:
    """Redacts text and counts what it hid."""

    def __init__(self, redactor: Redactor | None) -> None:
        self.redactor, self.count, self.kinds = redactor, 0, set()

    def __call__(self, text: str) -> str:
        if self.redactor is None or not text:
            return text
        out = []
        for line, spans in self.redactor.redact_lines(text.split("\n")):
            self.count += len(spans)
            self.kinds.update(r.kind for r in spans)
            out.append(line)
        return "\n".join(out)


def _file(result: FileResult, catalog: Catalog, links, notes, redact: _Counter) -> ReportFile:
    out = ReportFile(
        redact(result.path), result.lines, result.encoding, result.compression, result.error
    )
    out.unknown = [
        {**g, "template": redact(str(g.get("template", "")))} for g in result.notes.unknown
    ]
    groups = result.group_index(links).groups()
    out.more_groups = max(0, len(groups) - MAX_GROUPS)
    first = result.first_cause
    for rank, group in enumerate(groups[:MAX_GROUPS]):
        entry = catalog.get(group.entry_id)
        shown = group.examples[:LINES_PER_GROUP]
        lines = [(m.line, redact(m.text)) for m in shown]
        is_first = (
            group.entry_id == first.entry_id if first else rank == 0 and group.kind == "regex"
        )
        report_group = ReportGroup(
            entry_id=group.entry_id,
            kind=group.kind,
            count=group.count,
            first_line=group.first_line,
            last_line=group.last_line,
            lines=lines,
            more=group.count - len(shown),
            signature=entry.signature if entry else group.signature,
            root_cause=entry.root_cause if entry else "",
            unverified=_unverified(entry),
            versions=_versions_text(result.notes.match_versions(group.entry_id)),
            first_cause=is_first,
        )
        if entry is not None:
            _advice(report_group, entry, notes, redact)
        out.groups.append(report_group)
    return out


def _unverified(entry) -> bool:
    if entry is None:
        return True
    provenance = entry.get("provenance")
    return isinstance(provenance, dict) and not provenance.get("sources")


def _versions_text(info: Any) -> str | None:
    if not isinstance(info, dict) or not info.get("stated"):
        return None
    stated = ", ".join(f"{k} {v}" for k, v in sorted(info["stated"].items()))
    verdict = info.get("verdict")
    if verdict == "fixed" and info.get("fixed_in"):
        return f"{stated} (fixed in {info['fixed_in']})"
    if verdict == "affected":
        return f"{stated} (an affected version)"
    return stated


def _advice(group: ReportGroup, entry, notes, redact: _Counter) -> None:
    marks = {}
    if notes is not None:
        try:
            marks = {m.action: m.verdict for m in notes.marks_for(entry.id).values()}
            group.notes = [(n.updated[:10], redact(n.text)) for n in notes.notes_for(entry.id)]
        except Exception:  # noqa: BLE001 - a damaged store must not stop a report
            marks = {}
    group.dead_ends = list(_items(entry.get("dead_ends", []), "why_fails", "fail_rate", marks))
    group.workarounds = list(_items(entry.get("workarounds", []), "how", "success_rate", marks))


def _items(items: Iterable[Any], detail: str, rate: str, marks: dict) -> Iterable[Advice]:
    from triage_app.core.notes.model import normalise_action

    for item in items:
        if not isinstance(item, dict) or not item.get("action"):
            continue
        value = item.get(rate)
        yield Advice(
            action=str(item["action"]),
            detail=str(item.get(detail) or ""),
            rate=float(value) if isinstance(value, int | float) else None,
            rate_sourced=rate_basis(item) == "sourced",
            condition=str(item.get("condition") or ""),
            mark=marks.get(normalise_action(str(item["action"]))),
        )
