"""Find the next (or previous) line matching a pattern, on a worker thread (a `ThreadJob`).

The search reads lines from the `LineIndex` in batches and tests one line at a time, so every
GIL-holding call is short (one line, capped) and the window stays responsive even when the
next hit is a gigabyte away. One job per search: a newer search cancels the running one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from PySide6.QtCore import QObject

from triage_app.core.ansi import strip_ansi
from triage_app.core.lineindex import LineIndex
from triage_app.ui.workers.job import ThreadJob

BATCH = 2000
LINE_CAP = 20000  # characters of a line searched


class FindJob(ThreadJob):
    """One search from `start_row` (exclusive), wrapping around the log once.

    progress: lines searched so far (int). result: the 0-based row found, or None when no
    line matches (the whole log was searched). Nothing is emitted once cancelled.
    """

    thread_name = "triage-find"

    def __init__(
        self,
        index: LineIndex,
        pattern: re.Pattern[str],
        start_row: int,
        backward: bool,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._index = index
        self.pattern = pattern
        self.start_row = start_row
        self.backward = backward

    def work(self) -> None:
        total = len(self._index)
        searched = 0
        for first, last in _ranges(self.start_row, total, self.backward) if total else ():
            for start, stop in _batched(first, last, self.backward):
                if self.cancelled:
                    return
                hit = self._search_batch(self.pattern, start, stop, self.backward)
                searched += stop - start
                if hit is not None:
                    self._emit(self.result, hit)
                    return
                self._emit(self.progress, min(searched, total))
        if not self.cancelled:
            self._emit(self.result, None)

    def _search_batch(
        self, pattern: re.Pattern[str], start: int, stop: int, backward: bool
    ) -> int | None:
        try:
            lines = self._index.lines(start, stop)
        except (ValueError, OSError):  # the log was closed meanwhile
            return None
        order = range(len(lines) - 1, -1, -1) if backward else range(len(lines))
        for i in order:
            if pattern.search(strip_ansi(lines[i][:LINE_CAP])):
                return start + i
        return None


def _ranges(start_row: int, total: int, backward: bool) -> list[tuple[int, int]]:
    """The rows to search, in order, wrapping around once: (first, last) inclusive."""
    start_row = min(max(start_row, -1), total)
    if backward:
        return [(start_row - 1, 0), (total - 1, start_row)]
    return [(start_row + 1, total - 1), (0, start_row)]


def _batched(first: int, last: int, backward: bool) -> Iterator[tuple[int, int]]:
    """Batches (start, stop) covering rows first..last (inclusive), in search order."""
    if backward:
        top = first
        while top >= last:
            start = max(last, top - BATCH + 1)
            yield start, top + 1
            top = start - 1
    else:
        row = first
        while row <= last:
            yield row, min(row + BATCH, last + 1)
            row += BATCH


MAX_HITS = 1_000_000  # hit rows kept (beyond that only counted)


@dataclass(frozen=True)
class Hits:
    """The lines of a log that match a pattern: `rows` (0-based, ascending, the first
    `MAX_HITS`) and how many there are in all."""

    rows: list[int]
    total: int


class CountJob(ThreadJob):
    """Every line matching a pattern, for "3 of 120" and the hit markers.

    progress: hit lines found so far (int). result: `Hits`. Nothing is emitted once cancelled.
    """

    thread_name = "triage-count"

    def __init__(self, index: LineIndex, pattern: re.Pattern[str], parent=None) -> None:
        super().__init__(parent)
        self._index = index
        self.pattern = pattern

    def work(self) -> None:
        rows: list[int] = []
        total = 0
        search = self.pattern.search
        for start, stop in _batched(0, len(self._index) - 1, False):
            if self.cancelled:
                return
            try:
                lines = self._index.lines(start, stop)
            except (ValueError, OSError):  # the log was closed meanwhile
                return
            for i, line in enumerate(lines):
                if search(strip_ansi(line[:LINE_CAP])):
                    total += 1
                    if len(rows) < MAX_HITS:
                        rows.append(start + i)
            self._emit(self.progress, total)
        if not self.cancelled:
            self._emit(self.result, Hits(rows, total))
