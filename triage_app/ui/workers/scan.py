"""Run a scan in a child process and turn its queue messages into signals on the GUI thread.

A `ScanJob` is a `Job` (see `job`) created (and living) in the GUI thread. A QTimer polls the child's
queue with `get_nowait`, a few milliseconds at a time, so the GUI thread never blocks on the
child and every signal is emitted on the GUI thread. Stopping is cooperative first (an Event
the child checks between chunks), then `terminate`, then `kill`; the queue is drained meanwhile
so the child's feeder thread can never deadlock its exit. Nothing is emitted after `stop()`.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.synchronize
import queue
import time
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from triage_app.core.results import ScanProgress
from triage_app.core.scan_process import ScanDone, scan_main
from triage_app.ui.workers.job import Job

_CONTEXT = multiprocessing.get_context("spawn")
POLL_MS = 30
POLL_BUDGET_S = 0.012  # at most this long handling messages per poll
GRACE_S = 1.0  # after a cancel, how long the child may take to notice before terminate()


class ScanJob(Job):
    """One log's scan in a child process.

    progress: `ScanProgress` (a chunk's matches and how far the scan has come).
    result: `ScanDone` (the scan ended; check `cancelled`).
    failed: the log could not be scanned; a sentence for the user.
    finished: the child process is gone (also after `stop()`; the scheduler listens).
    """

    def __init__(
        self,
        path: str | Path,
        encoding: str | None,
        catalog_dirs: Sequence[Path],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.path = str(path)
        self.encoding = encoding
        self.catalog_dirs = [str(d) for d in catalog_dirs]
        self._queue: multiprocessing.Queue | None = None
        self._cancel: multiprocessing.synchronize.Event | None = None  # made in start()
        self._process: multiprocessing.process.BaseProcess | None = None
        self._stopping_since: float | None = None
        self._cancelled_early = False
        self._active = False  # emitting signals
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._on_timer_timeout)

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    @property
    def stopped(self) -> bool:
        return self._stopping_since is not None

    def start(self) -> None:
        self._cancel = _CONTEXT.Event()
        if self._cancelled_early:
            self._cancel.set()
        self._queue = _CONTEXT.Queue()
        self._process = _CONTEXT.Process(
            target=scan_main,
            args=(self.path, self.encoding, self.catalog_dirs, self._queue, self._cancel),
            name="triage-scan",
            daemon=True,  # never outlives the window, even if it is not stopped
        )
        self._process.start()
        self._active = True
        self._timer.start()

    def cancel(self) -> None:
        """Ask the child to stop at the next chunk; it still reports `finished(cancelled)`."""
        self._cancelled_early = True
        if self._cancel is not None:
            self._cancel.set()

    def stop(self) -> None:
        """Stop without blocking and emit nothing more; the child is reaped in the background."""
        if self._stopping_since is not None and self._process is None:
            return  # already stopped, and there is no child to wait for
        self._active = False
        self.cancel()
        if self._stopping_since is None:
            self._stopping_since = time.monotonic()
        if self._process is None:
            self._timer.stop()
            self.finished.emit()
            return
        if not self._timer.isActive():
            self._timer.start()

    def shutdown(self, timeout: float = 2.0) -> None:
        """Stop and wait (at most `timeout` seconds plus a kill) until the child has exited."""
        self.stop()
        deadline = time.monotonic() + timeout
        while self._process is not None and time.monotonic() < deadline:
            self._drain(0.01)
            self._process.join(0.02)
            if not self._process.is_alive():
                break
            self._hurry(self._process, time.monotonic() - (self._stopping_since or 0))
        self._reap(force=True)

    @staticmethod
    def _hurry(process: multiprocessing.process.BaseProcess, stopping_for: float) -> None:
        """A child that ignores the cancel: terminate it, and kill it if that is ignored too."""
        if stopping_for > 2 * GRACE_S:
            process.kill()
        elif stopping_for > GRACE_S:
            process.terminate()

    # -- polling -------------------------------------------------------------------------

    def _on_timer_timeout(self) -> None:
        process = self._process
        if process is None:
            self._timer.stop()
            return
        alive = process.is_alive()  # before draining: a dead child has flushed everything
        emptied = self._drain(POLL_BUDGET_S)
        if alive:
            if self._stopping_since is not None:
                self._hurry(process, time.monotonic() - self._stopping_since)
            return
        if not emptied:
            return  # a backlog of messages: keep reading them on the next ticks
        if self._active:  # it ended without "done" or "error"
            self._active = False
            self.failed.emit(f"the scan process ended unexpectedly (exit code {process.exitcode})")
        self._reap(force=False)

    def _drain(self, budget: float) -> bool:
        """Handle queued messages for at most `budget` seconds; True when none are left.

        Progress messages read in one go are merged into one `progress` signal, so a burst
        of small chunks costs the window one model update, not dozens.
        """
        if self._queue is None:
            return True
        deadline = time.monotonic() + budget
        merged: ScanProgress | None = None
        emptied = False
        while time.monotonic() < deadline:
            try:
                kind, payload = self._queue.get_nowait()
            except queue.Empty:
                emptied = True
                break
            except (EOFError, OSError, ValueError):  # the child died mid-message
                emptied = True
                break
            if not self._active:
                continue
            if kind == "progress":
                merged = payload if merged is None else _merge(merged, payload)
                continue
            if merged is not None:
                self.progress.emit(merged)
                merged = None
            self._dispatch(kind, payload)
        if merged is not None and self._active:
            self.progress.emit(merged)
        return emptied

    def _dispatch(self, kind: str, payload: object) -> None:
        if kind == "done":
            assert isinstance(payload, ScanDone)
            self._active = False
            self.result.emit(payload)
        elif kind == "error":
            self._active = False
            self.failed.emit(str(payload))

    def _reap(self, force: bool) -> None:
        process = self._process
        if process is None:
            return
        if process.is_alive():
            if not force:
                return
            process.kill()
            process.join(1.0)
        else:
            process.join(0)
        self._timer.stop()
        self._process = None
        if self._queue is not None:
            self._queue.cancel_join_thread()
            with contextlib.suppress(OSError, ValueError):
                self._queue.close()
            self._queue = None
        with contextlib.suppress(ValueError):
            process.close()
        self.finished.emit()


def _merge(first: ScanProgress, second: ScanProgress) -> ScanProgress:
    return ScanProgress(
        [*first.matches, *second.matches], second.lines, second.bytes_done, second.bytes_total
    )


class ScanScheduler(QObject):
    """Starts scans, at most `limit` child processes at a time (the rest wait their turn).

    The scheduler owns its jobs (Qt parent) until their child process has been reaped, so a
    job stopped by a closing tab still finishes its clean-up after the tab is gone.
    """

    def __init__(self, limit: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.limit = max(1, limit)
        self._pending: list[ScanJob] = []
        self._started: list[ScanJob] = []

    def submit(self, job: ScanJob) -> None:
        job.setParent(self)
        job.finished.connect(lambda job=job: self._on_job_finished(job))
        self._pending.append(job)
        self._start_next()

    def shutdown(self, timeout: float = 2.0) -> None:
        """Stop every scan, waiting for the children to exit (used when the window closes)."""
        for job in self._pending:
            job.stop()
        self._pending.clear()
        for job in list(self._started):
            job.shutdown(timeout)
        self._started.clear()

    def _on_job_finished(self, job: ScanJob) -> None:
        if job in self._started:
            self._started.remove(job)
        if job in self._pending:
            self._pending.remove(job)
        job.deleteLater()
        self._start_next()

    def _start_next(self) -> None:
        for job in [j for j in self._pending if j.stopped]:
            self._pending.remove(job)
            job.deleteLater()
        while self._pending and len(self._started) < self.limit:
            job = self._pending.pop(0)
            try:
                job.start()
            except (OSError, RuntimeError) as exc:  # cannot start a process: say so, go on
                job.failed.emit(f"the scan could not start ({exc})")
                job.deleteLater()
                continue
            self._started.append(job)
