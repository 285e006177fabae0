"""Find in a log: the find bar, the search for the next hit, and the count of every hit.

Typing a pattern highlights its hits on every painted line (the delegate) and, after a short
pause, counts the lines that hold one across the whole log on a worker thread, so the bar
can say "3 of 120" as the user steps through them. Next/previous search from the current
line on their own thread (`FindJob`), so the answer never waits for the count.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from triage_app.ui.log.find_bar import FindBar
from triage_app.ui.workers.find import CountJob, FindJob, Hits

if TYPE_CHECKING:
    from triage_app.ui.log.view import LogView

COUNT_DELAY_MS = 250  # typing pause before the whole log is counted


class Finder(QObject):
    """Find for one `LogView` (owns its find bar)."""

    def __init__(self, view: LogView) -> None:
        super().__init__(view)
        self.view = view
        self.bar = FindBar(view)
        self.bar.hide()
        self.hits: Hits | None = None  # of the current pattern, once counted
        self._find_job: FindJob | None = None
        self._count_job: CountJob | None = None
        self._count_timer = QTimer(self)
        self._count_timer.setSingleShot(True)
        self._count_timer.setInterval(COUNT_DELAY_MS)
        self._count_timer.timeout.connect(self.count)
        self.bar.find_requested.connect(self.find)
        self.bar.pattern_changed.connect(self._on_bar_pattern_changed)
        self.bar.closed.connect(self._on_bar_closed)

    def find(self, backward: bool = False) -> None:
        """Search from the current line for the bar's pattern, in the background."""
        pattern = self.bar.pattern()
        index = self.view.document.index
        if pattern is None or index is None:
            return
        self._cancel_find()
        current = self.view.current_line()
        start = (current - 1) if current is not None else (-1 if not backward else len(index))
        job = FindJob(index, pattern, start, backward, self)
        job.progress.connect(self._on_find_job_progress)
        job.result.connect(self._on_find_job_result)
        job.finished.connect(job.deleteLater)
        self._find_job = job
        job.start()
        self.bar.set_status(self.tr("Searching…"))
        if self.hits is None and self._count_job is None:
            self.count()

    def count(self) -> None:
        """Count the lines holding the bar's pattern across the log (in the background)."""
        self._count_timer.stop()
        self._cancel_count()
        self.hits = None
        pattern = self.bar.pattern()
        index = self.view.document.index
        if pattern is None or index is None:
            return
        job = CountJob(index, pattern, self)
        job.result.connect(self._on_count_job_result)
        job.finished.connect(job.deleteLater)
        self._count_job = job
        job.start()

    def position_text(self, row: int) -> str:
        """ "3 of 120" for 0-based `row` when the hits are counted, else its line number."""
        at = self._hit_number(row)
        if at is not None and self.hits is not None:
            return self.tr("{n} of {total}").format(n=f"{at:,}", total=f"{self.hits.total:,}")
        return self.tr("Line {line}").format(line=f"{row + 1:,}")

    def _hit_number(self, row: int) -> int | None:
        """1-based: which hit `row` is, when the hits are counted and it is one."""
        if self.hits is None:
            return None
        rows = self.hits.rows
        at = bisect.bisect_left(rows, row)
        return at + 1 if at < len(rows) and rows[at] == row else None

    def shutdown(self) -> None:
        self._cancel_find()
        self._cancel_count()

    # -- internals ------------------------------------------------------------------------

    def _cancel_find(self) -> None:
        """Stop the running search; its late signals are ignored (see the slots)."""
        if self._find_job is not None:
            self._find_job.cancel()
            self._find_job = None

    def _cancel_count(self) -> None:
        if self._count_job is not None:
            self._count_job.cancel()
            self._count_job = None

    def _on_bar_pattern_changed(self) -> None:
        self._cancel_count()
        self.hits = None
        self.view.set_find_highlight(self.bar.pattern())
        self._count_timer.start()

    def _on_bar_closed(self) -> None:
        self._cancel_find()
        self._cancel_count()
        self._count_timer.stop()
        self.view.set_find_highlight(None)
        self.view.table.setFocus()

    def _on_count_job_result(self, hits: Hits) -> None:
        if self.sender() is not self._count_job:
            return  # a count that was replaced or cancelled
        self._count_job = None
        self.hits = hits
        current = self.view.current_line()
        if self._find_job is not None:
            return  # the search's answer will say where we are
        if not hits.total:
            self.bar.set_status(self.tr("Not found"))
        elif current is not None and self._hit_number(current - 1) is not None:
            self.bar.set_status(self.position_text(current - 1))
        else:
            self.bar.set_status(self.tr("{total} lines").format(total=f"{hits.total:,}"))

    def _on_find_job_result(self, row: int | None) -> None:
        if self.sender() is not self._find_job:
            return  # a search that was replaced or cancelled
        self._find_job = None
        if row is None:
            self.bar.set_status(self.tr("Not found"))
            text = self.bar.edit.text()
            self.view.status.emit(self.tr("“{text}” was not found in this log.").format(text=text))
            return
        self.bar.set_status(self.position_text(row))
        self.view.go_to_line(row + 1)

    def _on_find_job_progress(self, searched: int) -> None:
        if self.sender() is self._find_job:
            self.bar.set_status(self.tr("Searching… {count} lines").format(count=f"{searched:,}"))
