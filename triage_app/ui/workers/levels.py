"""The level (error, warning, info, debug) and time of every line of a log, on a thread.

A line that states no level (a traceback line, a continuation) takes the level of the line
before it that did, as lnav and klogg do, so a level filter keeps an error's traceback with
it. Each line costs one short regex call (`core.severity.detect` on its first characters),
so the GIL is never held for long and the window stays fluid.

`FilterRowsJob` then finds the rows a level and time filter lets through, off the GUI thread
(seconds at ten million lines), in C loops over stretches of 16,384 rows.
"""

from __future__ import annotations

import bisect
import collections
import itertools
import math
import operator
import time
from collections.abc import Sequence

from PySide6.QtCore import QObject

from triage_app.core import severity, timestamps
from triage_app.core.ansi import strip_ansi
from triage_app.core.lineindex import LineIndex
from triage_app.ui.workers.job import ThreadJob
from triage_app.ui.workers.kept_rows import KeptRows
from triage_app.ui.workers.stamps import NONE, Stamps, micros

BATCH = 5000
STRETCH = 16_384  # rows a filter job handles per C call (a few ms of GIL each)
CODES = {severity.ERROR: 1, severity.WARNING: 2, severity.INFO: 3, severity.DEBUG: 4}
NO_LEVEL = 0  # before the first line that states a level


class LevelJob(ThreadJob):
    """Appends the level codes (`CODES`, or `NO_LEVEL`) and times (`core.timestamps`, NaN
    before the first line that states one; a line without one has its previous line's) of
    the index's rows past the last one in `codes` to `codes` and `stamps`: the filter's own,
    so a 1 GB log's are never held twice. The job is their only writer while it runs; a batch
    of times goes in before its codes, so `len(codes)` rows always have both, for readers on
    other threads. progress: rows done (int). result: the same, at the end."""

    thread_name = "triage-levels"

    def __init__(
        self, index: LineIndex, codes: bytearray, stamps: Stamps, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._index = index
        self._codes, self._stamps = codes, stamps

    def work(self) -> None:
        codes, stamps = self._codes, self._stamps
        last = codes[-1] if codes else NO_LEVEL
        when = stamps[len(codes) - 1] if codes else math.nan
        year = time.gmtime().tm_year
        end = len(self._index)
        for first in range(len(codes), end, BATCH):
            if self.cancelled:
                return
            try:
                lines = self._index.lines(first, min(first + BATCH, end))
            except (ValueError, OSError):  # the log was closed meanwhile
                return
            batch, times = bytearray(), []
            for line in lines:
                head = strip_ansi(line[: severity.PREFIX * 2])
                level, _offset = severity.detect(head)
                last = CODES.get(level, last) if level is not None else last
                batch.append(last)
                stamped, stated = timestamps.stamp_and_year(head, year)
                year = stated or year
                when = stamped if stamped is not None else when
                times.append(when)
            if self.cancelled:
                return
            stamps.extend(times)
            codes.extend(batch)
            self._emit(self.progress, first + len(lines))
        if not self.cancelled:
            self._emit(self.result, len(codes))


def level_mask(codes: Sequence[int]) -> bytes:
    """A `bytes.translate` table: 1 for the level `codes` given (and `NO_LEVEL`), else 0."""
    allowed = {*codes, NO_LEVEL}
    return bytes(1 if code in allowed else 0 for code in range(256))


class FilterRowsJob(ThreadJob):
    """The rows a level (and time) filter lets through, off the GUI thread.

    Every row from `start` to `end` (`shown` None; result: `KeptRows` when `start` is 0,
    else the flags of those rows, a `bytearray` for `KeptRows.extend`), or the rows of
    `shown` (ascending, read up to `end`; result: `KeptRows`). `codes`, `stamps` and
    `shown` are the GUI thread's own, read only here: it only appends to them, past `end`.
    progress: rows considered (int)."""

    thread_name = "triage-filter-rows"

    def __init__(
        self,
        codes: bytearray,
        stamps: Stamps,
        mask: bytes,
        time_range: tuple[float, float] | None,
        start: int,
        end: int,
        shown: Sequence[int] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._codes, self._stamps, self._mask = codes, stamps, mask
        self.time_range = time_range
        self.start_row, self.end_row = start, end
        self._shown = shown

    @property
    def given_rows(self) -> bool:
        """It considers the rows of `shown` only (matched lines and their context)."""
        return self._shown is not None

    def work(self) -> None:
        result = self._given_rows() if self._shown is not None else self._every_row()
        if result is not None and not self.cancelled:
            self._emit(self.result, result)

    def _every_row(self) -> KeptRows | bytearray | None:
        start = self.start_row
        out: KeptRows | bytearray = KeptRows() if start == 0 else bytearray()
        for first in range(start, self.end_row, STRETCH):
            if self.cancelled:
                return None
            last = min(first + STRETCH, self.end_row)
            flags = self._codes[first:last].translate(self._mask)
            if self.time_range is not None:
                timely = self._stamps.in_range(first, last, *self.time_range)
                flags = bytes(map(operator.and_, flags, timely))
            out.extend(flags)
            self._emit(self.progress, last - start)
        return out

    def _given_rows(self) -> KeptRows | None:
        assert self._shown is not None
        shown, end = self._shown, self.end_row
        out = KeptRows()
        level_of = self._codes.__getitem__
        at = 0  # the first row of `shown` not yet considered
        for first in range(0, end, STRETCH):
            if self.cancelled:
                return None
            last = min(first + STRETCH, end)
            upto = bisect.bisect_left(shown, last, at)
            rows = shown[at:upto]
            at = upto
            keep = map(self._mask.__getitem__, map(level_of, rows))
            if self.time_range is not None:
                low, high = max(micros(self.time_range[0]), NONE + 1), micros(self.time_range[1])
                times = list(map(self._stamps.micros_at, rows))
                keep = map(
                    operator.and_,
                    keep,
                    map(
                        operator.and_,
                        map(operator.le, itertools.repeat(low), times),
                        map(operator.ge, itertools.repeat(high), times),
                    ),
                )
            flags = bytearray(last - first)
            kept = map(operator.sub, itertools.compress(rows, keep), itertools.repeat(first))
            collections.deque(map(flags.__setitem__, kept, itertools.repeat(1)), 0)
            out.extend(flags)
            self._emit(self.progress, last)
        return out
