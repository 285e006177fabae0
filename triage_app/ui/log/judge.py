"""Full matches of shown lines that the log's record did not keep, judged again on demand.

The record (`core.match_record`) keeps every matched line's top entry and kind, but the full
`LineMatch` (matched span, all candidates, the line's text as matched) only for a few lines
per group. When the view paints a line it has no full match for, its row is noted here;
shortly after, the lines asked for near the latest one are scanned again as one byte range
in a warm scan process (never on the GUI thread: a pattern can be slow), and the results are
kept in a small LRU. A line whose match alone differs from the record's (it was part of a
longer event) keeps the record's view of it.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QObject, QTimer, Signal

from triage_app.core.results import LineMatch, ScanProgress
from triage_app.core.scan_process import ByteRange
from triage_app.ui.workers.scan import ScanJob

CACHE_LINES = 4096  # full matches kept (a few screens)
SPAN_LINES = 200  # lines judged in one go at most
WANTED_LINES = 2 * SPAN_LINES  # requests remembered (the newest)
DELAY_MS = 40  # gather the rows of one paint into one request


class LineJudge(QObject):
    """Judges lines of one `LogDocument` again; `judged(first, last)` (1-based) follows."""

    judged = Signal(int, int)

    def __init__(self, document) -> None:
        super().__init__(document)
        self._doc = document
        self._cache: OrderedDict[int, LineMatch | None] = OrderedDict()
        self._wanted: OrderedDict[int, None] = OrderedDict()  # newest last
        self._job: ScanJob | None = None
        self._span: tuple[int, int] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self._start)

    def known(self, line: int) -> LineMatch | None:
        """The judged match of `line`, if it was judged (None otherwise, or if it had none)."""
        found = self._cache.get(line)
        if found is not None:
            self._cache.move_to_end(line)
        return found

    def want(self, line: int) -> None:
        """Judge `line` soon (a request already answered is not repeated)."""
        if line in self._cache:
            return
        self._wanted[line] = None
        self._wanted.move_to_end(line)
        while len(self._wanted) > WANTED_LINES:
            self._wanted.popitem(last=False)
        if self._job is None and not self._timer.isActive():
            self._timer.start()

    def forget(self) -> None:
        """Drop what was judged (the record's view of the lines changed)."""
        self._cache.clear()

    def stop(self) -> None:
        self._timer.stop()
        self._wanted.clear()
        job, self._job = self._job, None
        if job is not None:
            job.stop()

    def _start(self) -> None:
        doc = self._doc
        index = doc.index
        if self._job is not None or not self._wanted or doc.closed or index is None:
            return
        newest = next(reversed(self._wanted))
        near = [n for n in self._wanted if abs(n - newest) < SPAN_LINES // 2]
        first, last = min(near), max(near)
        for line in near:
            del self._wanted[line]
        try:
            start = index.line_start(first - 1)
            end = index.line_start(last) if last < index.complete_lines() else index.size
        except (IndexError, ValueError):
            return
        job = ScanJob(
            doc.scan_path(), index.codec, doc.catalog_dirs, byte_range=ByteRange(start, end)
        )
        job.progress.connect(self._on_job_progress)
        job.result.connect(self._on_job_ended)
        job.failed.connect(self._on_job_ended)
        self._job, self._span = job, (first, last)
        doc.scheduler.submit(job)

    def _on_job_progress(self, progress: ScanProgress) -> None:
        if self.sender() is not self._job or self._span is None:
            return
        offset = self._span[0] - 1
        for match in progress.matches:
            line = match.line + offset
            shown = self._doc.record.match_at(line)
            if shown is not None and shown.top.entry_id == match.top.entry_id:
                self._keep(line, match.shifted(offset))

    def _on_job_ended(self, *_args: object) -> None:
        if self.sender() is not self._job or self._span is None:
            return
        first, last = self._span
        self._job = self._span = None
        for line in range(first, last + 1):
            if line not in self._cache:
                self._keep(line, None)  # judged alone it matches otherwise: keep the record's
        self.judged.emit(first, last)
        if self._wanted:
            self._timer.start()

    def _keep(self, line: int, match: LineMatch | None) -> None:
        self._cache[line] = match
        self._cache.move_to_end(line)
        while len(self._cache) > CACHE_LINES:
            self._cache.popitem(last=False)
