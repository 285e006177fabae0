"""Index what was appended to a followed log, on a worker thread (a `ThreadJob`).

`LineIndex.grow` is a regex pass over the new bytes; at 10 MB/s that is work the GUI thread
should not do. This job grows the index in 1 MB steps until it has caught up with the file
(cancelled at any step), reporting the line count at most every `REPORT_S`. Readers on
other threads stay safe: a step extends the line starts before it moves the indexed size,
so a line is only ever counted once its bytes are known.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject

from triage_app.core.lineindex import LineIndex
from triage_app.ui.workers.job import ThreadJob

STEP_BYTES = 1024 * 1024
REPORT_S = 0.1  # the view scrolls and repaints at each report: 10 a second is smooth


class GrowJob(ThreadJob):
    """progress: the line count while growing (int). result: the final count (int)."""

    thread_name = "triage-follow"

    def __init__(self, index: LineIndex, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._index = index

    def work(self) -> None:
        index = self._index
        last_report = time.monotonic()
        count = len(index)
        while not self.cancelled:
            size = index.size
            try:
                count = index.grow(STEP_BYTES)
            except (ValueError, OSError):  # the log was closed meanwhile
                return
            if index.size == size:
                break  # caught up with the file
            now = time.monotonic()
            if now - last_report >= REPORT_S:
                last_report = now
                self._emit(self.progress, count)
        if not self.cancelled:
            self._emit(self.result, count)
