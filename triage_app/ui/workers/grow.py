"""Index what is appended to a followed log, on one worker thread (a `ThreadJob`).

`LineIndex.grow` is a regex pass over the new bytes; at 10 MB/s that is work the GUI thread
should not do. The job's thread lives as long as the follow: each `wake()` makes it grow the
index in 1 MB steps until it has caught up with the file (cancelled at any step), reporting
the line count at most every `REPORT_S` and once more when it has caught up. One thread for
the whole follow, because starting a thread waits for it to run, which on a busy machine
held the window for up to half a second, ten times a second. While it grows, the
interpreter switches threads more often, so the window's paints never wait long for the GIL.
Readers on other threads stay safe: a step extends the line starts before it moves the
indexed size, so a line is only ever counted once its bytes are known.
"""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QObject

from triage_app.core.lineindex import LineIndex
from triage_app.ui.workers.job import ThreadJob, short_switch_interval

STEP_BYTES = 1024 * 1024
REPORT_S = 0.1  # the view scrolls and repaints at each report: 10 a second is smooth
SWITCH_INTERVAL_S = 0.0005  # while growing (see short_switch_interval)


class GrowJob(ThreadJob):
    """progress: the line count while growing (int). result: the count each time it has
    caught up with the file (int); the job then waits for the next `wake()`. It ends when
    cancelled or when the index was closed."""

    thread_name = "triage-follow"

    def __init__(self, index: LineIndex, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._index = index
        self._wake = threading.Event()

    def wake(self) -> None:
        """Grow the index to the file's end (again)."""
        self._wake.set()

    def cancel(self) -> None:
        super().cancel()
        self._wake.set()  # a waiting thread ends at once

    def work(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            if self.cancelled:
                return
            with short_switch_interval(SWITCH_INTERVAL_S):
                count = self._catch_up()
            if count is None:
                return  # cancelled, or the log was closed
            self._emit(self.result, count)

    def _catch_up(self) -> int | None:
        index = self._index
        last_report = time.monotonic()
        while not self.cancelled:
            size = index.size
            try:
                count = index.grow(STEP_BYTES)
            except (ValueError, OSError):  # the log was closed meanwhile
                return None
            if index.size == size:
                return count  # caught up with the file
            now = time.monotonic()
            if now - last_report >= REPORT_S:
                last_report = now
                self._emit(self.progress, count)
        return None
