"""The level and time filter of one log view: which lines of the chosen levels (and time
range) to show.

Levels and times are read once per log on a thread (`LevelJob`), then kept (1 byte a line
for the level, 2 for the time where it fits: `Stamps`). The rows shown are found by another
job (`FilterRowsJob`, C loops, off the GUI thread) and kept as one bit a line (`KeptRows`);
whether a row matched is asked of the document's record. The rows shown stay until the new ones are there. Lines a followed log
gains are read and appended. With "only matched lines" on, the filter applies to the matched
lines and their context.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from triage_app.core import severity
from triage_app.ui.log.document import LogDocument
from triage_app.ui.log.lines_model import FilteredLinesModel
from triage_app.ui.workers.kept_rows import KeptRows
from triage_app.ui.workers.levels import (
    CODES,
    FilterRowsJob,
    LevelJob,
    level_mask,
)
from triage_app.ui.workers.stamps import Stamps

REFRESH_MS = 300  # after the log grew or new matches came, while filtering
ALL_LEVELS = frozenset(CODES)


class LevelFilter(QObject):
    """Rows of a document whose level is among `levels` (None: no level filter).

    Signals:
        changed(): `model` was rebuilt (or the filter turned off); the view shows it.
        progress(int): rows whose level has been read so far (before the first `changed`),
            or rows the filter has considered while it finds the rows to show.
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
        self._stamps = Stamps()
        self._built_to: int | None = None  # rows considered by the model (all-lines mode)
        self._job: LevelJob | None = None
        self._rows_job: FilterRowsJob | None = None
        self.filtered = 0  # rows the running `FilterRowsJob` has considered
        self._stale = False  # refresh when the running `FilterRowsJob` is done
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
        """The earliest and latest time the log states (once read), for the range dialog."""
        return self._stamps.span()

    @property
    def reading(self) -> bool:
        """Levels are still being read (the model is not there yet)."""
        return self._job is not None and self.model is None

    @property
    def filtering(self) -> bool:
        """The rows to show are being found (the rows shown until then are the old ones)."""
        return self._rows_job is not None

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
        self._stop_rows_job()
        if not self.active:
            self.model = None
            self.changed.emit()
            return
        self.refresh()

    def refresh(self) -> None:
        """Read the levels of new lines, then find the rows to show (all, or the new ones)."""
        doc = self.document
        if not self.active or doc.index is None or doc.closed:
            return
        if len(self._codes) < len(doc.index):
            self._read_levels()
            return
        if self._rows_job is not None:
            self._stale = True  # its result refreshes again
            return
        end = len(self._codes)
        matched = doc.matched_model
        if self.only_matched and matched is not None:
            self._find_rows(0, end, matched.source_rows())
        elif self._built_to is None:
            self._find_rows(0, end)
        elif self._built_to < end:
            self._find_rows(self._built_to, end)

    def stop(self) -> None:
        self._timer.stop()
        self._stop_rows_job()
        if self._job is not None:  # the log is closing: no other job will write after it
            self._job.cancel()
            self._job = None

    def read_levels(self) -> None:
        """Read every line's level and time now (a filter will need them)."""
        doc = self.document
        if doc.index is not None and not doc.closed and len(self._codes) < len(doc.index):
            self._read_levels()

    # -- internals ------------------------------------------------------------------------

    def _find_rows(self, start: int, end: int, shown=None) -> None:
        levels = self.levels if self.levels is not None else ALL_LEVELS
        mask = level_mask([CODES[level] for level in levels])
        job = FilterRowsJob(
            self._codes, self._stamps, mask, self.time_range, start, end, shown, self
        )
        job.progress.connect(self._on_rows_job_progress)
        job.result.connect(self._on_rows_job_result)
        job.finished.connect(self._on_rows_job_finished)
        job.finished.connect(job.deleteLater)
        self._rows_job, self.filtered, self._stale = job, 0, False
        job.start()

    def _stop_rows_job(self) -> None:
        if self._rows_job is not None:
            self._rows_job.cancel()
            self._rows_job = None

    def _on_rows_job_progress(self, rows: int) -> None:
        if self.sender() is self._rows_job:
            self.filtered = rows
            self.progress.emit(rows)

    def _on_rows_job_result(self, rows: object) -> None:
        job = self.sender()
        if job is not self._rows_job:
            return
        assert isinstance(job, FilterRowsJob)
        self._rows_job = None
        if self.model is None:  # the first rows found: the filter is ready
            doc = self.document
            self.model = FilteredLinesModel(doc.lines_model, doc.record, self)
        if isinstance(rows, KeptRows):
            self.model.set_rows(rows)
        else:  # the flags of the rows a followed log gained
            self.model.append_rows(rows)
        self._built_to = None if job.given_rows else job.end_row
        self.changed.emit()
        if self._stale:  # the log grew, or matches came, meanwhile
            self._stale = False
            self.refresh()

    def _on_rows_job_finished(self) -> None:
        if self.sender() is self._rows_job:  # cancelled or failed: not this filter's now
            self._rows_job = None

    def _read_levels(self) -> None:
        if self._job is not None:
            return
        index = self.document.index
        assert index is not None
        job = LevelJob(index, self._codes, self._stamps, self)
        job.progress.connect(self._on_level_job_progress)
        job.result.connect(self._on_level_job_result)
        job.finished.connect(job.deleteLater)
        self._job = job
        job.start()

    def _on_level_job_progress(self, rows: int) -> None:
        if self.sender() is self._job:
            self.progress.emit(rows)

    def _on_level_job_result(self, _rows: int) -> None:
        if self.sender() is self._job:
            self._job = None
            self.refresh()

    def _on_document_changed(self, *_args: object) -> None:
        if self.active and not self._timer.isActive():
            self._timer.start()


def level_names(levels: frozenset[str]) -> list[str]:
    """The chosen levels, most severe first, as logs print them (ERROR, WARN, ...)."""
    order = (severity.ERROR, severity.WARNING, severity.INFO, severity.DEBUG)
    names = {severity.ERROR: "ERROR", severity.WARNING: "WARN", severity.INFO: "INFO"}
    return [names.get(level, "DEBUG") for level in order if level in levels]
