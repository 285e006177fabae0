"""Watching an open log on disk, and following it as it grows (like `tail -f`).

A `LogFollower` polls the file's state (`core.filewatch`) on a timer. While following, bytes
appended to the file are indexed on a thread (one `GrowJob` for the follow, woken at each
tick, so the window never does that work however fast the writer is) and the new complete
lines are scanned in a child process (a `ScanJob` over their byte range of the file, one at
a time, the child reading those bytes itself; lines that arrive meanwhile go in the next
one); their matches reach the panels in batches, at most every `MATCHES_EVERY_MS`. Every
other change (appended while not following, truncated, replaced by rotation, deleted,
rewritten) is announced once through `changed`; the shell decides what to say and whether
to reload.
"""

from __future__ import annotations

import contextlib
import functools

from PySide6.QtCore import QObject, QTimer, Signal

from triage_app.core import filewatch
from triage_app.core.filewatch import Change
from triage_app.core.results import LineMatch, ScanProgress
from triage_app.core.scan_process import ByteRange
from triage_app.ui.log.document import LogDocument
from triage_app.ui.workers.grow import GrowJob
from triage_app.ui.workers.scan import ScanJob

WATCH_MS = 1000  # how often an open log is checked on disk
FOLLOW_MS = 50  # how often a followed log is checked
SCAN_CHUNK_BYTES = 16 * 1024 * 1024  # appended bytes per scan (the child reads them)
MATCHES_EVERY_MS = 250  # matches in appended lines reach the panels at most this often


class LogFollower(QObject):
    """Watches one document's file; while `following`, shows and scans what is appended.

    Signals:
        changed(object): the file changed in a way the user should hear about (a `Change`:
            GREW only when not following; TRUNCATED, REPLACED, DELETED, MODIFIED always).
        grew(int): lines were appended while following (the new line count).
    """

    changed = Signal(object)
    grew = Signal(int)

    def __init__(self, document: LogDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.following = False
        self._last = filewatch.state(document.path)
        self._reported: Change | None = None
        self._scanned_rows: int | None = None  # rows covered by the scans so far
        self._scan_job: ScanJob | None = None
        self._grow_job: GrowJob | None = None  # the follow's thread, once started
        self._growing = False  # it was woken and has not caught up yet
        self._fresh: list[LineMatch] = []  # found in appended lines, not yet shown
        self._fresh_timer = QTimer(self, singleShot=True, interval=MATCHES_EVERY_MS)
        self._fresh_timer.timeout.connect(self._on_fresh_timer_timeout)
        self._timer = QTimer(self)
        self._timer.setInterval(WATCH_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        if not document.owned_file:  # pasted text lives in our own file: nothing to watch
            self._timer.start()

    @property
    def can_follow(self) -> bool:
        """A plain file on disk (a compressed log is read from a one-time copy)."""
        info = self.document.info
        return not self.document.owned_file and info is not None and info.compression is None

    def set_following(self, on: bool) -> bool:
        """Follow the file as it grows (or stop); False when this log cannot be followed."""
        if on and not self.can_follow:
            return False
        self.following = on
        self._reported = None
        self._timer.setInterval(FOLLOW_MS if on else WATCH_MS)
        if on:
            self._grow_thread()  # started now, at the click, not while lines pour in
            self.check()
        return True

    @property
    def scan_pending(self) -> bool:
        """Appended lines are being scanned, or wait to be (while following), or their
        matches wait to be shown."""
        index = self.document.index
        behind = index is not None and (self._scanned_rows or 0) < index.complete_lines()
        busy = self._growing or self._scan_job is not None or bool(self._fresh)
        return busy or (self.following and behind)

    def stop(self) -> None:
        """Stop watching and scanning."""
        self._timer.stop()
        self._fresh_timer.stop()
        self._fresh.clear()
        if self._grow_job is not None:
            self._grow_job.cancel()  # its thread ends; the job deletes itself then
            self._grow_job = None
            self._growing = False
        job, self._scan_job = self._scan_job, None
        if job is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                job.disconnect(self)
            job.stop()

    def check(self) -> Change:
        """Look at the file now (the timer does this); what changed."""
        doc = self.document
        if doc.closed or doc.index is None or doc.info is None or self._last is None:
            return Change.SAME
        if not doc.index.complete:  # still reading: the index job reads to the end itself
            return Change.SAME
        compressed = doc.info.compression is not None
        read = doc.info.size if compressed else doc.index.size
        now = filewatch.state(doc.path)
        change = filewatch.compare(self._last, now, read or 0)
        if change is Change.GREW and self.following and now is not None:
            self._grow()
            self._last = now
            self._reported = None
            return change
        if change is not Change.SAME and change is not self._reported:
            self._reported = change
            self.changed.emit(change)
        return change

    # -- growing --------------------------------------------------------------------------

    def _grow(self) -> None:
        """Index the appended bytes on the follow's thread."""
        job = self._grow_thread()
        if job is not None:
            self._growing = True
            job.wake()

    def _grow_thread(self) -> GrowJob | None:
        """The follow's indexing thread (started once; None before the log is open)."""
        index = self.document.index
        if self._grow_job is None and index is not None and index.complete:
            job = GrowJob(index, self)
            job.progress.connect(functools.partial(self._on_grow_job_progress, job))
            job.result.connect(functools.partial(self._on_grow_job_result, job))
            job.finished.connect(functools.partial(self._on_grow_job_finished, job))
            self._grow_job = job
            job.start()
        return self._grow_job

    def _on_grow_job_progress(self, job: GrowJob, count: int) -> None:
        if job is not self._grow_job or self.document.closed:
            return
        doc = self.document
        model = doc.lines_model
        assert model is not None
        if doc.line_count:
            model.refresh_row(doc.line_count - 1)  # it may have been a line still being written
        if count != doc.line_count:
            doc.set_line_count(count)
        self.grew.emit(count)
        self._scan_appended()

    def _on_grow_job_result(self, job: GrowJob, count: int) -> None:
        self._on_grow_job_progress(job, count)
        if job is self._grow_job:
            self._growing = False

    def _on_grow_job_finished(self, job: GrowJob) -> None:
        if job is self._grow_job:  # the index was closed: a new job if it is grown again
            self._grow_job = None
            self._growing = False
        job.deleteLater()

    def _scan_appended(self) -> None:
        """Scan the complete lines added since the last scan, in a child process."""
        doc = self.document
        done, index, info = doc.scan_done, doc.index, doc.info
        if self._scan_job is not None or done is None or done.cancelled or doc.scan_error:
            return  # the first scan still runs, was stopped, or failed: nothing to extend
        assert index is not None and info is not None
        if self._scanned_rows is None:
            self._scanned_rows = min(done.lines, index.complete_lines())
        first, stop = self._scanned_rows, index.complete_lines()
        while stop > first and index.line_start(stop) - index.line_start(first) > SCAN_CHUNK_BYTES:
            stop = first + max(1, (stop - first) // 2)
        if stop <= first:
            return
        span = ByteRange(index.line_start(first), index.line_start(stop))
        job = ScanJob(doc.path, index.codec, doc.catalog_dirs, byte_range=span)
        job.progress.connect(functools.partial(self._on_scan_job_progress, job, first))
        job.result.connect(functools.partial(self._on_scan_job_ended, job))
        job.failed.connect(functools.partial(self._on_scan_job_ended, job))
        self._scan_job = job
        self._scanned_rows = stop
        doc.scheduler.submit(job)

    def _on_scan_job_progress(self, job: ScanJob, offset: int, progress: ScanProgress) -> None:
        if job is not self._scan_job or self.document.closed:
            return
        doc = self.document
        self._fresh.extend(
            match.shifted(offset)
            for match in progress.matches
            if doc.match_for_line(match.line + offset) is None
        )
        if self._fresh and not self._fresh_timer.isActive():
            # Batched: each batch costs the matches panel, the marks and the view a repaint.
            self._fresh_timer.start()

    def _on_fresh_timer_timeout(self) -> None:
        fresh, self._fresh = self._fresh, []
        doc = self.document
        fresh = [m for m in fresh if doc.match_for_line(m.line) is None]
        if fresh and not doc.closed:
            doc.add_matches(fresh)
            doc.state_changed.emit()

    def _on_scan_job_ended(self, job: ScanJob, *_args: object) -> None:
        if job is not self._scan_job:
            return
        self._scan_job = None
        if self.following and not self.document.closed:
            self._scan_appended()  # lines that arrived meanwhile

    def _on_timer_timeout(self) -> None:
        self.check()
