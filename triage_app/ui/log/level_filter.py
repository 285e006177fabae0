"""The level and time filter of one log view: which lines of the chosen levels (and time
range) to show.

Levels are read once per log on a thread (`LevelJob`), then kept: changing the chosen levels
only rebuilds the array of rows, in C loops (`bytes.translate`, `itertools.compress`, `map`
over C methods: no Python code per line), so it is quick and small even for millions of lines
(4 bytes a row shown; whether a row matched is asked of the document's record). Lines a
followed log gains are read and appended. With "only matched lines" on, the filter applies to
the matched lines and their context.
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
from array import array
from collections.abc import Iterable, Iterator

from PySide6.QtCore import QObject, QTimer, Signal

from triage_app.core import severity
from triage_app.ui.log.document import LogDocument
from triage_app.ui.log.lines_model import FilteredLinesModel
from triage_app.ui.workers.levels import CODES, NO_LEVEL, LevelJob, Levels

REFRESH_MS = 300  # after the log grew or new matches came, while filtering
ALL_LEVELS = frozenset(CODES)


class LevelFilter(QObject):
    """Rows of a document whose level is among `levels` (None: no level filter).

    Signals:
        changed(): `model` was rebuilt (or the filter turned off); the view shows it.
        progress(int): rows whose level has been read so far (before the first `changed`).
    """

    changed = Signal()
    progress = Signal(int)

    def __init__(self, document: LogDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.levels: frozenset[str] | None = None
        self.time_range: tuple[float, float] | None = None  # inclusive, `core.timestamps`
        self.only_matched = False
        self.model: FilteredLinesModel | None = None
        self._codes = bytearray()
        self._stamps = array("d")
        self._built_to: int | None = None  # rows considered by the model (all-lines mode)
        self._job: LevelJob | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        document.lines_changed.connect(self._on_document_changed)
        document.matches_added.connect(self._on_document_changed)

    @property
    def active(self) -> bool:
        return self.levels is not None or self.time_range is not None

    def stamp_span(self) -> tuple[float, float] | None:
        """The first and last time the log states (once read), for the range dialog."""
        first = next((s for s in self._stamps if not math.isnan(s)), None)
        return (first, self._stamps[-1]) if first is not None else None

    @property
    def reading(self) -> bool:
        """Levels are still being read (the model is not there yet)."""
        return self._job is not None and self.model is None

    @property
    def rows_read(self) -> int:
        """Rows whose level is known."""
        return len(self._codes)

    def set_levels(self, levels: frozenset[str] | None, only_matched: bool) -> None:
        """Show lines of `levels` only (None or every level: no filter)."""
        self.levels = None if levels is None or levels >= ALL_LEVELS else frozenset(levels)
        self._apply(only_matched)

    def set_time_range(self, time_range: tuple[float, float] | None, only_matched: bool) -> None:
        """Show lines written from `time_range[0]` to `time_range[1]` only (None: any time)."""
        self.time_range = time_range
        self._apply(only_matched)

    def _apply(self, only_matched: bool) -> None:
        self.only_matched = only_matched
        self._built_to = None
        if not self.active:
            self.model = None
            self.changed.emit()
            return
        self.refresh()

    def refresh(self) -> None:
        """Read the levels of new lines, then rebuild (or extend) the model."""
        doc = self.document
        if not self.active or doc.index is None or doc.closed:
            return
        if len(self._codes) < len(doc.index):
            self._read_levels()
            return
        if self.model is None:
            self.model = FilteredLinesModel(doc.lines_model, doc.record, self)
        if not self.only_matched and self._built_to is not None:
            self._extend()
            return
        self.model.set_rows(self._allowed_rows())
        self._built_to = len(self._codes)
        self.changed.emit()

    def stop(self) -> None:
        self._timer.stop()
        if self._job is not None:
            self._job.cancel()
            self._job = None

    # -- internals ------------------------------------------------------------------------

    def _mask(self) -> bytes:
        levels = self.levels if self.levels is not None else ALL_LEVELS
        allowed = {CODES[level] for level in levels} | {NO_LEVEL}
        return bytes(1 if code in allowed else 0 for code in range(256))

    def _allowed_rows(self, start: int = 0) -> array:
        """The rows from `start` on that the filter lets through, ascending. Every step is
        a C loop (no Python code runs per line), and the result is a compact array."""
        codes = self._codes
        end = len(codes)
        typecode = "I" if end <= 1 << 32 else "Q"
        matched = self.document.matched_model
        keep: Iterable[int]
        if self.only_matched and matched is not None:
            shown = matched.source_rows()  # matched rows and their context (an array)
            rows: Iterable[int] = itertools.islice(shown, bisect.bisect_left(shown, end))
            rows, probe = itertools.tee(rows)
            keep = map(codes.translate(self._mask()).__getitem__, probe)
            if self.time_range is not None:
                rows, probe = itertools.tee(rows)
                keep = map(operator.and_, keep, self._in_time(map(self._stamps.__getitem__, probe)))
            return array(typecode, itertools.compress(rows, keep))
        keep = codes[start:].translate(self._mask())
        if self.time_range is not None:
            keep = map(
                operator.and_, keep, self._in_time(itertools.islice(self._stamps, start, None))
            )
        return array(typecode, itertools.compress(range(start, end), keep))

    def _in_time(self, stamps: Iterable[float]) -> Iterator[bool]:
        """Per stamp, whether it is in the time range (NaN: never), in C loops."""
        assert self.time_range is not None
        low, high = self.time_range
        above, below = itertools.tee(stamps)
        return map(
            operator.and_,
            map(operator.le, itertools.repeat(low), above),  # NaN compares false
            map(operator.ge, itertools.repeat(high), below),
        )

    def _extend(self) -> None:
        assert self.model is not None and self._built_to is not None
        self.model.append_rows(self._allowed_rows(self._built_to))
        self._built_to = len(self._codes)
        self.changed.emit()

    def read_levels(self) -> None:
        """Read every line's level and time now (a filter will need them)."""
        doc = self.document
        if doc.index is not None and not doc.closed and len(self._codes) < len(doc.index):
            self._read_levels()

    def _read_levels(self) -> None:
        if self._job is not None:
            return
        index = self.document.index
        assert index is not None
        previous = self._codes[-1] if self._codes else NO_LEVEL
        stamp = self._stamps[-1] if self._stamps else math.nan
        job = LevelJob(index, len(self._codes), previous, self, stamp)
        job.progress.connect(self._on_level_job_progress)
        job.result.connect(self._on_level_job_result)
        job.finished.connect(job.deleteLater)
        self._job = job
        job.start()

    def _on_level_job_progress(self, rows: int) -> None:
        if self.sender() is self._job:
            self.progress.emit(rows)

    def _on_level_job_result(self, levels: Levels) -> None:
        if self.sender() is not self._job:
            return
        self._job = None
        if levels.start == len(self._codes):
            self._codes.extend(levels.codes)
            if self._stamps:
                self._stamps.extend(levels.stamps)
            else:  # the whole log: take the job's array rather than hold two copies
                self._stamps = levels.stamps
        self.refresh()

    def _on_document_changed(self, *_args: object) -> None:
        if self.active and not self._timer.isActive():
            self._timer.start()


def level_names(levels: frozenset[str]) -> list[str]:
    """The chosen levels, most severe first, as logs print them (ERROR, WARN, ...)."""
    order = (severity.ERROR, severity.WARNING, severity.INFO, severity.DEBUG)
    names = {severity.ERROR: "ERROR", severity.WARNING: "WARN", severity.INFO: "INFO"}
    return [names.get(level, "DEBUG") for level in order if level in levels]
