"""The level (error, warning, info, debug) and time of every line of a log, on a thread.

A line that states no level (a traceback line, a continuation) takes the level of the line
before it that did, as lnav and klogg do, so a level filter keeps an error's traceback with
it. Each line costs one short regex call (`core.severity.detect` on its first characters),
so the GIL is never held for long and the window stays fluid.
"""

from __future__ import annotations

import math
import time
from array import array
from dataclasses import dataclass

from PySide6.QtCore import QObject

from triage_app.core import severity, timestamps
from triage_app.core.ansi import strip_ansi
from triage_app.core.lineindex import LineIndex
from triage_app.ui.workers.job import ThreadJob

BATCH = 5000
CODES = {severity.ERROR: 1, severity.WARNING: 2, severity.INFO: 3, severity.DEBUG: 4}
NO_LEVEL = 0  # before the first line that states a level


@dataclass(frozen=True)
class Levels:
    """Level codes (`CODES`, or `NO_LEVEL`) and times (`core.timestamps`, NaN before the
    first line that states one; a line without one has its previous line's) of rows
    `start`, `start + 1`, ..."""

    start: int
    codes: bytes
    stamps: array


class LevelJob(ThreadJob):
    """Levels of rows `start` to the end of the index, continuing from `previous` (the code
    of row `start - 1`). progress: rows done (int). result: `Levels`."""

    thread_name = "triage-levels"

    def __init__(
        self,
        index: LineIndex,
        start: int = 0,
        previous: int = NO_LEVEL,
        parent: QObject | None = None,
        previous_stamp: float = math.nan,
    ) -> None:
        super().__init__(parent)
        self._index = index
        self.start_row = start
        self.previous = previous
        self.previous_stamp = previous_stamp

    def work(self) -> None:
        codes, stamps = bytearray(), array("d")
        last, when, year = self.previous, self.previous_stamp, time.gmtime().tm_year
        end = len(self._index)
        for first in range(self.start_row, end, BATCH):
            if self.cancelled:
                return
            try:
                lines = self._index.lines(first, min(first + BATCH, end))
            except (ValueError, OSError):  # the log was closed meanwhile
                return
            for line in lines:
                head = strip_ansi(line[: severity.PREFIX * 2])
                level, _offset = severity.detect(head)
                last = CODES.get(level, last) if level is not None else last
                codes.append(last)
                year = timestamps.year_of(head) or year
                stamped = timestamps.stamp(head, year)
                when = stamped if stamped is not None else when
                stamps.append(when)
            self._emit(self.progress, first + len(lines))
        if not self.cancelled:
            self._emit(self.result, Levels(self.start_row, bytes(codes), stamps))
