"""Scan logs: a cancellable iterator of progress for the window, a whole-file call for the CLI."""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

from triage_app.core import parallel_scan
from triage_app.core.annotate import Annotations, FileAnnotator
from triage_app.core.events import ChunkState
from triage_app.core.fuzzy import FuzzyBudget
from triage_app.core.logsource import CHUNK_BYTES, LogError, LogSource, open_log
from triage_app.core.match_index import FirstCause, MatchIndex
from triage_app.core.matcher import Matcher
from triage_app.core.results import LineMatch, ScanProgress, ScanSummary


def iter_scan(
    source: LogSource,
    matcher: Matcher,
    summary: ScanSummary,
    *,
    cancel: threading.Event | None = None,
    fuzzy: bool = True,
    chunk_bytes: int = CHUNK_BYTES,
    annotator: FileAnnotator | None = None,
) -> Iterator[ScanProgress]:
    """Scan `source` chunk by chunk, yielding each chunk's matches and the progress.

    An `annotator` is fed each chunk with its matches (versions, unknown errors); call its
    `finish` when the iterator ends.

    `summary` is filled in as the scan goes (line count, all matches, warnings), so it is
    complete when the iterator ends, and honest about how far it came when cancelled.
    """
    budget = FuzzyBudget() if fuzzy else None
    state = ChunkState()
    total = source.info.size
    chunks = source.byte_chunks(chunk_bytes) if source.is_utf8 else source.text_chunks(chunk_bytes)
    newline = b"\n" if source.is_utf8 else "\n"
    matcher.reset_slow()
    for chunk in chunks:
        if cancel is not None and cancel.is_set():
            summary.cancelled = True
            break
        found = matcher.scan_chunk(chunk, summary.lines + 1, budget, state)
        if annotator is not None:
            annotator.feed(chunk, summary.lines + 1, found)
        summary.lines += chunk.count(newline) + (0 if chunk.endswith(newline) else 1)
        summary.matches.extend(found)
        yield ScanProgress(found, summary.lines, source.bytes_read() or 0, total)
    summary.warning = source.warning
    summary.slow_patterns = matcher.slow_patterns()
    if budget is not None:
        summary.fuzzy_skipped = budget.skipped


@dataclass
class FileResult:
    """One file's scan, shaped like the `files` items of the JSON contract."""

    path: str
    lines: int = 0
    encoding: str | None = None
    compression: str | None = None
    error: str | None = None
    warning: str | None = None
    matches: list[LineMatch] = field(default_factory=list)
    slow_patterns: list[tuple[str, int]] = field(default_factory=list)
    first_cause: FirstCause | None = None
    notes: Annotations = field(default_factory=Annotations)  # versions, unknown errors

    def to_json(self) -> dict:
        matches = []
        for match in self.matches:
            item = match.to_json()
            item["versions"] = self.notes.match_versions(match.top.entry_id)
            matches.append(item)
        doc = {
            "path": self.path,
            "lines": self.lines,
            "encoding": self.encoding,
            "compression": self.compression,
            "error": self.error,
            "matches": matches,
            "slow_patterns": [{"entry_id": e, "line": n} for e, n in self.slow_patterns],
            "first_cause": self.first_cause.to_json() if self.first_cause else None,
            "unknown": self.notes.unknown,
            "stated_versions": self.notes.stated,
        }
        if self.notes.unknown_overflow:
            doc["unknown_overflow"] = self.notes.unknown_overflow
        if self.warning:
            doc["warning"] = self.warning
        return doc


def scan_file(
    path: str | os.PathLike[str],
    matcher: Matcher,
    *,
    encoding: str | None = None,
    fuzzy: bool = True,
    cancel: threading.Event | None = None,
    max_expand: int | None = None,
    jobs: int | None = 1,
    chunk_bytes: int = CHUNK_BYTES,
) -> FileResult:
    """Scan one whole file; a file that cannot be read gives a result with `error` set.

    `max_expand` replaces the default expansion limits of a compressed log (`decompress`).
    `jobs`: worker processes for a big plain file (None: one per core; `parallel_scan`)."""
    result = FileResult(str(path))
    try:
        with open_log(path, encoding=encoding, max_expand=max_expand) as source:
            result.encoding = source.info.encoding
            result.compression = source.info.compression
            summary = ScanSummary()
            matcher.expect_bytes(source.info.size)  # compressed: the size on disk, a floor
            annotator = FileAnnotator(matcher.facts)
            scanner = iter_scan
            if parallel_scan.workers_for(source, matcher, jobs):
                scanner = functools.partial(parallel_scan.iter_scan, jobs=jobs)
            scan = scanner(
                source,
                matcher,
                summary,
                cancel=cancel,
                fuzzy=fuzzy,
                annotator=annotator,
                chunk_bytes=chunk_bytes,
            )
            for _progress in scan:
                pass
    except LogError as exc:
        result.error = str(exc)
        return result
    result.lines = summary.lines
    result.notes = annotator.finish(summary.matches)
    result.matches = summary.matches
    index = MatchIndex(matcher.causes)
    index.add(summary.matches)
    result.first_cause = index.first_cause()
    result.warning = summary.warning
    result.slow_patterns = summary.slow_patterns
    for entry_id, line in summary.slow_patterns:
        note = (
            f"the pattern of {entry_id} took too long on line {line} and was skipped for "
            "the rest of this file"
        )
        result.warning = f"{result.warning}; {note}" if result.warning else note
    if summary.fuzzy_skipped:
        note = (
            f"{summary.fuzzy_skipped} further error-looking lines were not compared "
            "fuzzily (per-file limit)"
        )
        result.warning = f"{result.warning}; {note}" if result.warning else note
    return result
