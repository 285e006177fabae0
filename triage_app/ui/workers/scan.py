"""Run scans in the warm scan processes and turn their messages into signals on the GUI thread.

A `ScanJob` is a `Job` (see `job`) created (and living) in the GUI thread. The scheduler hands
it a `ScanService` (a warm child that has the catalogue loaded, see `service`); a QTimer polls
the child's queue with `get_nowait`, a few milliseconds at a time, so the GUI thread never
blocks on the child and every signal is emitted on the GUI thread. Cancelling is cooperative
first (the child checks between chunks); a child that does not answer within `GRACE_S` (stuck
inside one regex call) is killed, and the scheduler starts a fresh one. Nothing is emitted
after `stop()`.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from triage_app.core.match_batch import CompactProgress, merge_progress
from triage_app.core.results import ScanProgress
from triage_app.core.scan_process import ByteRange, ScanDone
from triage_app.ui.workers.job import Job
from triage_app.ui.workers.service import ScanService, next_job_id

POLL_MS = 30
POLL_BUDGET_S = 0.012  # at most this long handling messages per poll
MATCHES_PER_POLL = 2000  # at most this many matches per progress signal (its slots' work)
COMPACT_PER_MATCH = 50  # compact rows (`match_record.MatchBatch`) that cost a full match
GRACE_S = 1.0  # after a cancel, how long the child may take to notice before it is killed


class ScanJob(Job):
    """One log's scan in a warm scan process.

    progress: `ScanProgress` or, for a whole log, `CompactProgress` (a chunk's matches and
        how far the scan has come).
    result: `ScanDone` (the scan ended; check `cancelled`; `notes` has versions and unknown
        errors).
    failed: the log could not be scanned; a sentence for the user.
    finished: the job has let go of its process (also after `stop()`; the scheduler listens).
    """

    def __init__(
        self,
        path: str | Path,
        encoding: str | None,
        catalog_dirs: Sequence[Path],
        parent: QObject | None = None,
        *,
        byte_range: ByteRange | None = None,
    ) -> None:
        super().__init__(parent)
        self.path = str(path)
        self.encoding = encoding
        self.byte_range = byte_range  # scan only these bytes of the file (a followed log)
        self.catalog_dirs = [str(d) for d in catalog_dirs]
        self.job_id = 0
        self.service: ScanService | None = None  # set by the scheduler (or made in start())
        self._own_service = False
        self._cancel_since: float | None = None
        self._stopping_since: float | None = None
        self._cancelled_early = False
        self._active = False  # emitting signals
        self._lines = 0
        self.dead_service: ScanService | None = None  # set when the job killed its process
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._on_timer_timeout)

    @property
    def running(self) -> bool:
        return self.service is not None

    @property
    def stopped(self) -> bool:
        return self._stopping_since is not None

    def attach(self, service: ScanService) -> None:
        """Scan in `service` (the scheduler's warm process)."""
        self.service = service
        service.busy = self

    def start(self) -> None:
        if self.service is None:  # used on its own: a process of its own, closed at the end
            self.attach(ScanService(self.catalog_dirs))
            self._own_service = True
        self.job_id = next_job_id()
        if self._cancelled_early:
            self.cancel()
        self.service.submit(self.job_id, self.path, self.encoding, self.byte_range)
        self._active = True
        self._timer.start()

    def cancel(self) -> None:
        """Ask the child to stop at the next chunk; it still reports `result(cancelled)`."""
        self._cancelled_early = True
        if self.service is not None and self.job_id:
            self.service.cancel(self.job_id)
            if self._cancel_since is None:
                self._cancel_since = time.monotonic()

    def stop(self) -> None:
        """Stop without blocking and emit nothing more; the process is freed in the background."""
        if self._stopping_since is not None and self.service is None:
            return  # already stopped, and there is no process to wait for
        self._active = False
        self.cancel()
        if self._stopping_since is None:
            self._stopping_since = time.monotonic()
        if self.service is None or not self.job_id:
            self._timer.stop()
            self._release(dead=False)
            return
        if not self._timer.isActive():
            self._timer.start()

    def shutdown(self, timeout: float = 2.0) -> None:
        """Stop and wait (at most `timeout` seconds, then a kill) until the process is free."""
        self.stop()
        deadline = time.monotonic() + timeout
        while self.service is not None and time.monotonic() < deadline:
            self._drain(0.01)
            if self.service is not None:
                time.sleep(0.02)
        if self.service is not None:
            self.service.kill()
            self._release(dead=True)

    @staticmethod
    def _hurry(process, stopping_for: float) -> None:  # noqa: ANN001 - a multiprocessing Process
        """A child that ignores the cancel: terminate it, and kill it if that is ignored too."""
        if stopping_for > 2 * GRACE_S:
            process.kill()
        elif stopping_for > GRACE_S:
            process.terminate()

    # -- polling -------------------------------------------------------------------------

    def _on_timer_timeout(self) -> None:
        service = self.service
        if service is None:
            self._timer.stop()
            return
        alive = service.alive  # before draining: a dead child has flushed everything
        emptied = self._drain(POLL_BUDGET_S)
        if self.service is None:
            return  # the job ended while draining
        if alive:
            if self._cancel_since is not None and time.monotonic() - self._cancel_since > GRACE_S:
                self._stuck(service)
            return
        if not emptied:
            return  # a backlog of messages: keep reading them on the next ticks
        if self._active:  # it ended without "done" or "error"
            self._active = False
            code = service.process.exitcode
            self.failed.emit(f"the scan process ended unexpectedly (exit code {code})")
        self._release(dead=True)

    def _stuck(self, service: ScanService) -> None:
        """The child did not notice the cancel in time: kill it; a cancel still ends in a
        `result(cancelled)` with what was found so far."""
        service.kill()
        if self._active:
            self._active = False
            self.result.emit(ScanDone(self._lines, True, None, 0, 0))
        self._release(dead=True)

    def _drain(self, budget: float) -> bool:
        """Handle queued messages for at most `budget` seconds; True when none are left.

        Progress messages read in one go are merged into one `progress` signal, so a burst
        of small chunks costs the window one model update, not dozens; a merged signal carries
        at most about `MATCHES_PER_POLL` matches (the rest wait for the next poll), since the
        slots' work (models, marks) grows with their number.
        """
        service = self.service
        if service is None:
            return True
        deadline = time.monotonic() + budget
        merged: ScanProgress | None = None
        emptied = False
        while time.monotonic() < deadline:
            try:
                job_id, kind, payload = service.get_nowait()
            except queue.Empty:
                emptied = True
                break
            if job_id != self.job_id:
                continue  # "ready", or what a killed predecessor left
            if kind == "progress":
                self._lines = payload.lines
                if self._active:
                    merged = payload if merged is None else _merge(merged, payload)
                    if _size(merged) >= MATCHES_PER_POLL:
                        break
                continue
            if merged is not None:
                self.progress.emit(merged)
                merged = None
            self._dispatch(kind, payload)
            self._release(dead=False)
            return True
        if merged is not None and self._active:
            self.progress.emit(merged)
        return emptied

    def _dispatch(self, kind: str, payload: object) -> None:
        active, self._active = self._active, False
        if not active:
            return
        if kind == "done":
            assert isinstance(payload, ScanDone)
            self.result.emit(payload)
        elif kind == "error":
            self.failed.emit(str(payload))

    def _release(self, dead: bool) -> None:
        """Let go of the process (the scheduler reuses it, or replaces a dead one)."""
        self._timer.stop()
        service, self.service = self.service, None
        if service is not None:
            service.busy = None
            if self._own_service:
                service.close()
        self.dead_service = service if dead and not self._own_service else None
        self.finished.emit()


def _size(progress: ScanProgress | CompactProgress) -> int:
    """The slots' work a progress message brings, in full matches' worth."""
    if isinstance(progress, CompactProgress):
        return len(progress.batch) // COMPACT_PER_MATCH + len(progress.batch.examples)
    return len(progress.matches)


def _merge(
    first: ScanProgress | CompactProgress, second: ScanProgress | CompactProgress
) -> ScanProgress | CompactProgress:
    if isinstance(first, CompactProgress) and isinstance(second, CompactProgress):
        return merge_progress(first, second)
    assert isinstance(first, ScanProgress) and isinstance(second, ScanProgress)
    return ScanProgress(
        [*first.matches, *second.matches], second.lines, second.bytes_done, second.bytes_total
    )


class ScanScheduler(QObject):
    """Runs scans in warm scan processes, at most `limit` at a time (the rest wait their turn).

    The processes outlive their jobs: the next log or paste is scanned by a process that has
    the catalogue loaded already. The first starts with `warm()` (the app calls it at start)
    or with the first scan; a second only when two scans are wanted at once. A process that
    died or was killed (a stuck pattern) is replaced. The scheduler owns its jobs (Qt parent)
    until they have let go of their process, so a job stopped by a closing tab still finishes
    its clean-up after the tab is gone.
    """

    def __init__(self, limit: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.limit = max(1, limit)
        self.services: list[ScanService] = []
        self._dirs: list[str] | None = None  # the catalogue folders of the warm process
        self._pending: list[ScanJob] = []
        self._started: list[ScanJob] = []
        self._closed = False

    def warm(self, catalog_dirs: Sequence[Path]) -> None:
        """Start a scan process now, so that the first scan finds the catalogue loaded."""
        self._dirs = [str(d) for d in catalog_dirs]
        if not self._closed and not self.services:
            self._spawn(self._dirs)

    def busy(self) -> bool:
        """Whether any scan is running or waiting."""
        return bool(self._pending or self._started)

    def submit(self, job: ScanJob) -> None:
        job.setParent(self)
        job.finished.connect(lambda job=job: self._on_job_finished(job))
        self._pending.append(job)
        self._start_next()

    def shutdown(self, timeout: float = 2.0) -> None:
        """Stop every scan and end every process (used when the window closes)."""
        self._closed = True
        for job in self._pending:
            job.stop()
        self._pending.clear()
        for job in list(self._started):
            job.shutdown(timeout)
        self._started.clear()
        for service in self.services:
            service.close(timeout)
        self.services.clear()

    def _on_job_finished(self, job: ScanJob) -> None:
        if job in self._started:
            self._started.remove(job)
        if job in self._pending:
            self._pending.remove(job)
        dead = job.dead_service
        if dead is not None and dead in self.services:
            self.services.remove(dead)
            dead.close(0)
            if not self._closed and not self.services and self._dirs is not None:
                self._spawn(self._dirs)  # stay warm: the next scan should not wait
        job.deleteLater()
        self._start_next()

    def _spawn(self, dirs: Sequence[str]) -> ScanService:
        service = ScanService(dirs)
        self.services.append(service)
        return service

    def _service_for(self, job: ScanJob) -> ScanService | None:
        """An idle process for the job's catalogue, a new one if there is room, else None."""
        for service in list(self.services):
            if service.busy is not None:
                continue
            if not service.alive or not service.serves(job.catalog_dirs):
                self.services.remove(service)
                service.close(0)
                continue
            return service
        if len(self.services) >= self.limit:
            return None
        self._dirs = self._dirs or list(job.catalog_dirs)
        return self._spawn(job.catalog_dirs)

    def _start_next(self) -> None:
        for job in [j for j in self._pending if j.stopped]:
            self._pending.remove(job)
            job.deleteLater()
        while self._pending and not self._closed:
            try:
                service = self._service_for(self._pending[0])
            except (OSError, RuntimeError) as exc:  # cannot start a process: say so, go on
                job = self._pending.pop(0)
                job.failed.emit(f"the scan could not start ({exc})")
                job.deleteLater()
                continue
            if service is None:
                return
            job = self._pending.pop(0)
            job.attach(service)
            job.start()
            self._started.append(job)
