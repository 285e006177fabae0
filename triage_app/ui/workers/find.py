"""Find the next (or previous) line matching a pattern, on a worker thread.

The search reads lines from the `LineIndex` in batches and tests one line at a time, so every
GIL-holding call is short (one line, capped) and the window stays responsive even when the
next hit is a gigabyte away. A newer search cancels the running one.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from triage_app.core.ansi import strip_ansi
from triage_app.core.lineindex import LineIndex

BATCH = 2000
LINE_CAP = 20000  # characters of a line searched


@dataclass(frozen=True)
class FindRequest:
    pattern: re.Pattern[str]
    start_row: int  # the search starts after (or before, backward) this row
    backward: bool
    serial: int


class FindWorker(QObject):
    """Runs one search at a time.

    Signals:
        found(int, int): request serial, the 0-based row found.
        not_found(int): request serial; no line matches (the whole log was searched).
        progress(int, int): request serial, lines searched so far.
    """

    found = Signal(int, int)
    not_found = Signal(int)
    progress = Signal(int, int)

    def __init__(self, index: LineIndex, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._index = index
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._serial = 0

    def find(self, pattern: re.Pattern[str], start_row: int, backward: bool) -> int:
        """Start a search; returns its serial (results carry it)."""
        self.cancel()
        self._serial += 1
        self._cancel = threading.Event()
        request = FindRequest(pattern, start_row, backward, self._serial)
        self._thread = threading.Thread(
            target=self._run, args=(request, self._cancel), name="triage-find", daemon=True
        )
        self._thread.start()
        return self._serial

    def cancel(self) -> None:
        self._cancel.set()

    def _run(self, request: FindRequest, cancel: threading.Event) -> None:
        total = len(self._index)
        if total == 0:
            self.not_found.emit(request.serial)
            return
        searched = 0
        for first, last in _ranges(request.start_row, total, request.backward):
            for start, stop in _batched(first, last, request.backward):
                if cancel.is_set():
                    return
                hit = self._search_batch(request.pattern, start, stop, request.backward)
                searched += stop - start
                if hit is not None:
                    self.found.emit(request.serial, hit)
                    return
                self.progress.emit(request.serial, min(searched, total))
        if not cancel.is_set():
            self.not_found.emit(request.serial)

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
