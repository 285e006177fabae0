"""One protocol for the window's background work: start, progress, result, cancel, error.

Every job is a QObject created in (and living in) the GUI thread, so its signals reach their
slots on the GUI thread even when the work runs elsewhere:

- `start()` begins the work; `cancel()` asks it to stop where it is (what was found stays);
- `progress(object)`: how far it has come (each job documents its payloads);
- `result(object)`: what it produced;
- `failed(str)`: it could not do its work; a sentence for the user;
- `finished()`: it has ended, whichever way (always last; also after a cancel).

`ThreadJob` runs `work()` on a daemon thread. An unexpected exception is reported through
`failed` and then re-raised in that thread, so `threading.excepthook` (set by the app) logs
its traceback.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Iterator

from PySide6.QtCore import QObject, Signal


class Job(QObject):
    """The signals and calls every background job has (see the module docstring)."""

    progress = Signal(object)
    result = Signal(object)
    failed = Signal(str)
    finished = Signal()

    def start(self) -> None:
        raise NotImplementedError

    def cancel(self) -> None:
        raise NotImplementedError

    @property
    def running(self) -> bool:
        raise NotImplementedError


class ThreadJob(Job):
    """A job whose `work()` runs on its own daemon thread; subclasses implement `work`.

    `work` checks `self.cancelled` between steps and emits `progress` / `result` itself; a
    `JobError` it raises becomes `failed(message)`.
    """

    thread_name = "triage-job"

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cancel_event = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=self.thread_name, daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        self.cancel_event.set()

    @property
    def cancelled(self) -> bool:
        return self.cancel_event.is_set()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Join the thread (after `cancel`); True when it has ended (or never started)."""
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(timeout)
        return not self.running

    def work(self) -> None:
        raise NotImplementedError

    def describe_error(self, exc: Exception) -> str:
        """The sentence `failed` carries for an unexpected exception (subclasses refine it)."""
        return f"the background work stopped unexpectedly ({type(exc).__name__}: {exc})"

    def _run(self) -> None:
        try:
            self.work()
        except JobError as exc:
            self._emit(self.failed, str(exc))
        except Exception as exc:
            self._emit(self.failed, self.describe_error(exc))
            raise  # threading.excepthook logs the traceback
        finally:
            self._emit(self.finished)

    @staticmethod
    def _emit(signal, *args) -> None:
        with contextlib.suppress(RuntimeError):  # the QObject was deleted after a close
            signal.emit(*args)


class JobError(Exception):
    """Raised by `ThreadJob.work` for an expected failure: `failed` carries its message."""


_switch_lock = threading.Lock()
_switch_users = 0
_switch_saved: float | None = None


@contextlib.contextmanager
def short_switch_interval(seconds: float) -> Iterator[None]:
    """Shorten the interpreter's thread switch interval while the block runs, then restore it.

    While a worker thread runs Python code, the GUI thread waits up to the switch interval
    (5 ms by default) each time it needs the GIL, which it does for every Python call a paint
    makes. Nested and concurrent users share one lease: the first saves the old value, the
    last one out puts it back.
    """
    global _switch_users, _switch_saved
    with _switch_lock:
        if _switch_users == 0:
            _switch_saved = sys.getswitchinterval()
            if _switch_saved > seconds:
                sys.setswitchinterval(seconds)
        _switch_users += 1
    try:
        yield
    finally:
        with _switch_lock:
            _switch_users -= 1
            if _switch_users == 0 and _switch_saved is not None:
                sys.setswitchinterval(_switch_saved)
                _switch_saved = None
