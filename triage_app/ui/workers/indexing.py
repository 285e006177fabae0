"""Open a log and build its line index on a worker thread (a `ThreadJob`).

Indexing holds the GIL only briefly per step (a 4 MB read releases it; the newline search is
one short regex call per line found), so a thread keeps the window fluid. Row counts are
reported at most every `REPORT_S` seconds (plus the first chunk at once, for a fast first
screen), so the view is not asked to insert rows hundreds of times a second.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject

from triage_app.core.lineindex import LineIndex, decompress_to
from triage_app.core.logsource import ExpansionRefusedError, LogError, LogInfo, LogSource, open_log
from triage_app.ui.workers.job import JobError, ThreadJob, short_switch_interval

REPORT_S = 0.1
CHUNK_BYTES = 256 * 1024  # small: the first screen needs little, and GIL holds stay short
FIRST_SCREEN_WAIT_S = 1.0  # after the first chunk, pause until the window has shown it
SWITCH_INTERVAL_S = 0.0005  # while indexing; restored afterwards (see short_switch_interval)
PACE_S = 0.0002  # a pause after each chunk: the GUI thread gets the GIL without waiting
NO_EXPANSION_LIMIT = 1 << 62  # "Open anyway": only the free disk space limits the copy

# Compressed logs refused for expanding past the limit (path -> what happened), so the window
# can offer "Open anyway"; and those the user then chose to read whatever they expand to.
_refused: dict[Path, str] = {}
_allowed: set[Path] = set()
_registry_lock = threading.Lock()


def refused_expansion(path: str | Path) -> str | None:
    """Why `path` was refused as a decompression bomb (once; None if it was not)."""
    with _registry_lock:
        return _refused.pop(Path(path).absolute(), None)


def allow_expansion(path: str | Path) -> None:
    """Let `path` decompress to any size from now on (the user said it is a real log)."""
    with _registry_lock:
        _allowed.add(Path(path).absolute())


@dataclass(frozen=True)
class Decompressing:
    """Progress: compressed bytes read so far, and the compressed file's size."""

    done: int
    total: int | None


@dataclass(frozen=True)
class Opened:
    """Progress: the log can be shown; `index` grows from now on. A compressed log was
    decompressed once, to `temp_path` (deleted when the log is closed): the index and the
    scan both read that copy."""

    info: LogInfo
    warning: str | None
    index: LineIndex
    temp_path: Path | None


@dataclass(frozen=True)
class Indexed:
    """Progress (lines indexed so far) and, at the end, the result (the total line count;
    partial if cancelled)."""

    lines: int


class IndexJob(ThreadJob):
    """Opens `path` (detecting encoding and compression), then indexes its lines.

    progress: `Decompressing`, then `Opened` once, then `Indexed` as lines are found.
    result: `Indexed` with the final count. failed: a sentence for the user.
    """

    thread_name = "triage-index"

    def __init__(
        self, path: str | Path, encoding: str | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.encoding = encoding
        self.opened: Opened | None = None
        self._resume = threading.Event()
        self._lock = threading.Lock()
        self._discarded = False
        self._ended = False

    def cancel(self) -> None:
        """Stop indexing; the lines indexed so far stay usable."""
        super().cancel()
        self._resume.set()

    def resume(self) -> None:
        """The first screen is painted: index the rest (see `_build`)."""
        self._resume.set()

    def discard(self, wait: float = 2.0) -> None:
        """Stop, and release what was opened (the log is being closed).

        Waits up to `wait` seconds for the thread; if it is still busy, the thread releases
        the index and the decompressed copy itself when it notices (within one chunk).
        """
        with self._lock:
            self._discarded = True
        self.cancel()
        self.wait(wait)
        with self._lock:
            ended = self._ended
        if ended:
            self._release()

    # -- worker thread --------------------------------------------------------------------

    def work(self) -> None:
        with short_switch_interval(SWITCH_INTERVAL_S):
            try:
                opened = self._open()
                if opened is None:
                    return
                self.opened = opened
                self._emit(self.progress, opened)
                self._build(opened.index)
            except ExpansionRefusedError as exc:
                with _registry_lock:
                    _refused[self.path.absolute()] = exc.what
                raise JobError(f"{self.path}: {exc.what}") from exc
            except LogError as exc:
                raise JobError(str(exc)) from exc
            except OSError as exc:
                raise JobError(f"{self.path}: cannot read ({exc.strerror or exc})") from exc
            finally:
                with self._lock:
                    self._ended = True
                    discarded = self._discarded
                if discarded:  # nobody will use the index: do not leak its file
                    self._release()

    def describe_error(self, exc: Exception) -> str:
        return f"{self.path}: cannot open ({type(exc).__name__}: {exc})"

    def _release(self) -> None:
        """Close the index and delete the decompressed copy (safe to call more than once)."""
        opened = self.opened
        if opened is not None:
            opened.index.close()
            if opened.temp_path is not None:
                opened.temp_path.unlink(missing_ok=True)

    def _open(self) -> Opened | None:
        with _registry_lock:
            allowed = self.path.absolute() in _allowed
        limit = NO_EXPANSION_LIMIT if allowed else None
        with open_log(self.path, encoding=self.encoding, max_expand=limit) as source:
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

    def _decompress(self, source: LogSource, info: LogInfo) -> Path | None:
        last = 0.0

        def report(done: int) -> None:
            nonlocal last
            now = time.monotonic()
            if now - last >= REPORT_S:
                last = now
                self._emit(self.progress, Decompressing(done, info.size))

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
                self._emit(self.progress, Indexed(count))
                self._resume.wait(FIRST_SCREEN_WAIT_S)
                last_report = time.monotonic()
            elif now - last_report >= REPORT_S:
                last_report = now
                self._emit(self.progress, Indexed(count))
            # Without a pause the GUI thread was starved of the GIL for up to 100 ms at a
            # time on a 1 GB log (measured); with it, never more than a few ms. It costs
            # about a second per GB of indexing.
            time.sleep(PACE_S)
        self._emit(self.result, Indexed(len(index) if index.complete else count))
