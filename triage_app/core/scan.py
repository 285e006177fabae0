"""Scan logs: a cancellable iterator of progress for the window, a whole-file call for the CLI."""

from __future__ import annotations

import functools
import gc
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from triage_app.core import parallel_scan
from triage_app.core.annotate import Annotations, FileAnnotator
from triage_app.core.chunklines import chunk_lines
from triage_app.core.events import ChunkState
from triage_app.core.fuzzy import FuzzyBudget
from triage_app.core.logsource import CHUNK_BYTES, LogError, LogSource, open_log, utf8_chunks
from triage_app.core.match_groups import DEFAULT_TAIL, MatchGroups
from triage_app.core.match_index import FirstCause, MatchIndex
from triage_app.core.matcher import Matcher
from triage_app.core.plain import Plain
from triage_app.core.results import LineMatch, ScanProgress, ScanSummary

# A chunk's matches are found and turned into results together: on a log in which every line
# matches, that costs about 3 KB per line at the peak (140 MB for a 4 MB chunk). 1 MB chunks
# keep that small at no measurable cost in speed (30 MB varied log: same CPU time).
FILE_CHUNK_BYTES = 1 << 20
# _GC_NOTE: a scan keeps what it found (matches, groups, candidates: ~175k matched lines in
# the 2,000-regex benchmark's 100 MB), and Python's cyclic collector walked all of it again
# at every full collection: ~20% of such a scan. After each chunk the objects alive so far
# are frozen (`gc.freeze`, a constant-time move to the permanent generation), so each
# collection only walks the current chunk's new objects; the scan's end unfreezes them.


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

    `summary` is filled in as the scan goes (line count, all matches unless its
    `keep_matches` is off, warnings), so it is complete when the iterator ends, and honest
    about how far it came when cancelled.
    """
    budget = FuzzyBudget() if fuzzy else None
    state = ChunkState()
    total = source.info.size
    chunks = utf8_chunks(source, chunk_bytes)
    matcher.reset_slow()
    try:
        for chunk in chunks:
            if cancel is not None and cancel.is_set():
                summary.cancelled = True
                break
            lines = chunk_lines(chunk)  # ANSI removed, lowered, counted once for every reader
            found = matcher.scan_chunk(lines, summary.lines + 1, budget, state)
            if annotator is not None:
                annotator.feed(lines, summary.lines + 1, found)
            summary.lines += lines.count
            if summary.keep_matches:
                summary.matches.extend(found)
            # What the scan keeps only grows: out of the collector's way (see `_GC_NOTE`).
            gc.freeze()
            yield ScanProgress(found, summary.lines, source.bytes_read() or 0, total)
    finally:
        gc.unfreeze()
    summary.warning = source.warning
    summary.slow_patterns = matcher.slow_patterns()
    if budget is not None:
        summary.fuzzy_skipped = budget.skipped


class FileResult(Plain):
    """One file's scan, shaped like the `files` items of the JSON contract."""

    __slots__ = (
        "path",
        "lines",
        "encoding",
        "compression",
        "error",
        "warning",
        "matches",
        "slow_patterns",
        "first_cause",
        "notes",
        "groups",
    )

    def __init__(
        self,
        path: str,
        lines: int = 0,
        encoding: str | None = None,
        compression: str | None = None,
        error: str | None = None,
        warning: str | None = None,
        matches: list[LineMatch] | None = None,  # empty if the scan kept none
        slow_patterns: list[tuple[str, int]] | None = None,
        first_cause: FirstCause | None = None,
        notes: Annotations | None = None,  # versions, unknown errors
        groups: MatchIndex | None = None,  # bounded groups of every match (`scan_file` fills it)
    ) -> None:
        self.path = path
        self.lines = lines
        self.encoding = encoding
        self.compression = compression
        self.error = error
        self.warning = warning
        self.matches = [] if matches is None else matches
        self.slow_patterns = [] if slow_patterns is None else slow_patterns
        self.first_cause = first_cause
        self.notes = Annotations() if notes is None else notes
        self.groups = groups

    def group_index(
        self, causes: Callable[[], Mapping[str, Iterable[str]]] | None = None
    ) -> MatchIndex:
        """The groups of this file's matches (built from `matches` if the scan gave none).

        `causes` gives the catalogue's causal links; it is called only when the groups are
        built here (working them out reads every entry's transition graph)."""
        if self.groups is not None:
            return self.groups
        index = MatchIndex(causes() if causes is not None else None, tail=DEFAULT_TAIL)
        index.add(self.matches)
        return index

    def json_head(self) -> dict[str, Any]:
        """The fields of the JSON item that come before `matches`."""
        return {
            "path": self.path,
            "lines": self.lines,
            "encoding": self.encoding,
            "compression": self.compression,
            "error": self.error,
        }

    def match_json(self, match: LineMatch) -> dict[str, Any]:
        """One `matches` item, with its `versions`."""
        item = match.to_json()
        item["versions"] = self.notes.match_versions(match.top.entry_id)
        return item

    def json_tail(self) -> dict[str, Any]:
        """The fields of the JSON item that come after `matches`."""
        doc = {
            "slow_patterns": [{"entry_id": e, "line": n} for e, n in self.slow_patterns],
            "first_cause": self.first_cause.to_json() if self.first_cause else None,
            "unknown": self.notes.unknown,
            "stated_versions": self.notes.stated,
        }
        if self.notes.unknown_overflow:
            doc["unknown_overflow"] = self.notes.unknown_overflow
        if self.warning:
            doc["warning"] = self.warning
        doc["groups"] = [g.to_json() for g in self.group_index().groups()]
        return doc

    def to_json(self) -> dict:
        matches = [self.match_json(m) for m in self.matches]
        return {**self.json_head(), "matches": matches, **self.json_tail()}


def scan_file(
    path: str | os.PathLike[str],
    matcher: Matcher,
    *,
    encoding: str | None = None,
    fuzzy: bool = True,
    cancel: threading.Event | None = None,
    max_expand: int | None = None,
    jobs: int | None = 1,
    keep_matches: bool = True,
    on_matches: Callable[[list[LineMatch]], object] | None = None,
    chunk_bytes: int = FILE_CHUNK_BYTES,
) -> FileResult:
    """Scan one whole file; a file that cannot be read gives a result with `error` set.

    `max_expand` replaces the default expansion limits of a compressed log (`decompress`).
    `jobs`: worker processes for a big plain file (None: one per core; `parallel_scan`).
    The result's `groups` count every match in bounded memory; `matches` holds them all only
    with `keep_matches` (a 1 GB log in which every line matches does not fit in memory).
    `on_matches` sees each batch as it is found (ranked before the file's versions are known:
    `FileResult.notes.rank_fits` ranks them again; see `match_spool`)."""
    result = FileResult(str(path))
    groups = MatchGroups()
    kept: list[LineMatch] = []
    try:
        with open_log(path, encoding=encoding, max_expand=max_expand) as source:
            result.encoding = source.info.encoding
            result.compression = source.info.compression
            summary = ScanSummary(keep_matches=False)
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
                chunk_bytes=chunk_bytes,
                annotator=annotator,
            )
            for progress in scan:
                groups.add(progress.matches)
                if keep_matches:
                    kept.extend(progress.matches)
                if on_matches is not None and progress.matches:
                    on_matches(progress.matches)
    except LogError as exc:
        result.error = str(exc)
        return result
    result.lines = summary.lines
    result.notes = annotator.finish(kept, entry_ids=groups.entry_ids())
    result.matches = kept
    result.groups = groups.finish(matcher.causes, result.notes.rank_fits(), matcher.facts.sourced)
    result.first_cause = result.groups.first_cause()
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
