"""Open a log and build its line index on a worker thread; report on the GUI thread.

Indexing holds the GIL only briefly per step (a 4 MB read releases it; the newline search is
one short regex call per line found), so a thread keeps the window fluid. The worker's
signals belong to a QObject living in the GUI thread, so slots always run there. Row counts
are reported at most every `REPORT_S` seconds (plus the first chunk at once, for a fast first
screen), so the view is not asked to insert rows hundreds of times a second.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from triage_app.core.lineindex import LineIndex, decompress_to
from triage_app.core.logsource import LogError, LogInfo, open_log

REPORT_S = 0.1
CHUNK_BYTES = 256 * 1024  # small: the first screen needs little, and GIL holds stay short
FIRST_SCREEN_WAIT_S = 1.0  # after the first chunk, pause until the window has shown it
SWITCH_INTERVAL_S = 0.0005
PACE_S = 0.0002  # a pause after each chunk: the GUI thread gets the GIL without waiting


@dataclass(frozen=True)
class Opened:
    """What the worker learned by opening the log (sent before indexing starts)."""

    info: LogInfo
    warning: str | None
    index: LineIndex
    temp_path: Path | None  # the decompressed copy, deleted when the log is closed


class IndexWorker(QObject):
    """Opens `path` (detecting encoding and compression), then indexes its lines.

    Signals:
        decompressing(int, int): compressed bytes read so far, and the file size.
        opened(Opened): the log can be shown; `index` grows from now on.
        progress(int): lines indexed so far.
        finished(int): indexing ended; the total line count (partial if cancelled).
        failed(str): the log cannot be read; a sentence for the user.
    """

    decompressing = Signal(object, object)
    opened = Signal(object)
    progress = Signal(int)
    finished = Signal(int)
    failed = Signal(str)

    def __init__(
        self, path: str | Path, encoding: str | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.encoding = encoding
        self.cancel_event = threading.Event()
        self.result: Opened | None = None
        self._resume = threading.Event()
        self._abandoned = False
        self._thread = threading.Thread(target=self._run, name="triage-index", daemon=True)

    def start(self) -> None:
        # While this thread runs Python code, the GUI thread waits up to the interpreter's
        # switch interval (5 ms by default) each time it needs the GIL, which it does for
        # every Python call a paint makes. A shorter interval keeps painting smooth.
        if sys.getswitchinterval() > SWITCH_INTERVAL_S:
            sys.setswitchinterval(SWITCH_INTERVAL_S)
        self._thread.start()

    def cancel(self) -> None:
        """Stop indexing; the lines indexed so far stay usable."""
        self.cancel_event.set()
        self._resume.set()

    def resume(self) -> None:
        """The first screen is painted: index the rest (see `_build`)."""
        self._resume.set()

    def abandon(self) -> None:
        """Stop, and release what was opened (the log is being closed); see `release`."""
        self._abandoned = True
        self.cancel()

    def release(self) -> None:
        """Close the index and delete the decompressed copy (safe to call more than once)."""
        opened = self.result
        if opened is not None:
            opened.index.close()
            if opened.temp_path is not None:
                opened.temp_path.unlink(missing_ok=True)

    def wait(self, timeout: float | None = None) -> bool:
        """Join the thread (after `cancel`); True when it has ended."""
        if self._thread.is_alive():
            self._thread.join(timeout)
        return not self._thread.is_alive()

    # -- worker thread --------------------------------------------------------------------

    def _run(self) -> None:
        try:
            opened = self._open()
            if opened is None:
                return
            self.result = opened
            self.opened.emit(opened)
            self._build(opened.index)
        except LogError as exc:
            self.failed.emit(str(exc))
        except OSError as exc:
            self.failed.emit(f"{self.path}: cannot read ({exc.strerror or exc})")
        except Exception as exc:  # noqa: BLE001 - shown as a sentence, logged by the hook
            self.failed.emit(f"{self.path}: cannot open ({type(exc).__name__}: {exc})")
            raise
        finally:
            if self._abandoned:  # nobody will use the index: do not leak its file
                self.release()

    def _open(self) -> Opened | None:
        with open_log(self.path, encoding=self.encoding) as source:
            info = source.info
            temp_path = None
            if info.compression:
                temp_path = self._decompress(source, info)
                if temp_path is None:
                    return None
            warning = source.warning
        try:
            index = LineIndex(temp_path or self.path, info.encoding)
        except BaseException:
            if temp_path is not None:
                temp_path.unlink(missing_ok=True)
            raise
        return Opened(info, warning, index, temp_path)

    def _decompress(self, source, info: LogInfo) -> Path | None:
        last = 0.0

        def report(done: int) -> None:
            nonlocal last
            now = time.monotonic()
            if now - last >= REPORT_S:
                last = now
                self.decompressing.emit(done, info.size)

        return decompress_to(source, progress=report, cancel=self.cancel_event)

    def _build(self, index: LineIndex) -> None:
        last_report = 0.0
        count = 0
        first = True
        for count in index.build(self.cancel_event, CHUNK_BYTES):
            now = time.monotonic()
            if first:
                # Let the GUI thread paint the first screen without competing for the GIL
                # (a thread running Python code delays each of its GIL hand-overs).
                first = False
                self.progress.emit(count)
                self._resume.wait(FIRST_SCREEN_WAIT_S)
                last_report = time.monotonic()
            elif now - last_report >= REPORT_S:
                last_report = now
                self.progress.emit(count)
            # Without a pause the GUI thread was starved of the GIL for up to 100 ms at a
            # time on a 1 GB log (measured); with it, never more than a few ms. It costs
            # about a second per GB of indexing.
            time.sleep(PACE_S)
        with contextlib.suppress(RuntimeError):  # the receiver may be gone after a close
            self.finished.emit(len(index) if index.complete else count)
