"""One open log: its line index, scan, matches and models, and their life cycle.

A `LogDocument` starts an `IndexWorker` (thread: open, decompress, index) and, once the log
is open, a `ScanJob` (child process). It collects the matches and feeds the models. Closing it
stops both and deletes its temporary files; results that arrive later are dropped.
"""

from __future__ import annotations

import bisect
import contextlib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from triage_app.core.lineindex import LineIndex
from triage_app.core.logsource import LogInfo
from triage_app.core.results import LineMatch, ScanProgress
from triage_app.core.scan_process import ScanDone
from triage_app.ui.log.lines_model import LogLinesModel, MatchedLinesModel
from triage_app.ui.log.matches_model import MatchesModel
from triage_app.ui.workers.indexing import IndexWorker, Opened
from triage_app.ui.workers.scan import ScanJob, ScanScheduler

FIRST_SCREEN_FALLBACK_MS = 500  # start scanning even if the log is never painted


class LogDocument(QObject):
    """A log being opened, shown and scanned.

    Signals:
        opened(): the log can be shown (`info`, `index` and the models exist).
        failed(str): the log could not be opened; the document is unusable.
        lines_changed(int): the number of indexed lines grew (or indexing ended).
        matches_added(list): a batch of LineMatch from the scan.
        state_changed(): phase or progress changed (status bar, panel summary).
        scan_failed(str): the scan stopped with an error; the log stays open.
    """

    opened = Signal()
    failed = Signal(str)
    lines_changed = Signal(int)
    matches_added = Signal(list)
    state_changed = Signal()
    scan_failed = Signal(str)

    def __init__(
        self,
        path: str | Path,
        *,
        catalog_dirs: Sequence[Path],
        causes: Mapping[str, Iterable[str]],
        scheduler: ScanScheduler,
        encoding: str | None = None,
        title: str | None = None,
        owned_file: bool = False,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.title = title or self.path.name
        self.encoding_override = encoding
        self.owned_file = owned_file  # a pasted log's temporary file, deleted on close
        self.catalog_dirs = list(catalog_dirs)
        self._scheduler = scheduler
        self.info: LogInfo | None = None
        self.warning: str | None = None
        self.index: LineIndex | None = None
        self.lines_model: LogLinesModel | None = None
        self.matched_model: MatchedLinesModel | None = None
        self.matches_model = MatchesModel(causes, self)
        self.by_line: dict[int, LineMatch] = {}
        self.regex_rows: list[int] = []  # 0-based, ascending
        self.fuzzy_rows: list[int] = []
        self.line_count = 0
        self.indexing = False
        self.scanning = False
        self.scan_lines = 0
        self.scan_bytes = 0
        self.scan_done: ScanDone | None = None
        self.scan_error: str | None = None
        self.closed = False
        self.decompressed: tuple[int, int | None] | None = None  # compressed bytes read, size
        self._temp_path: Path | None = None
        self._indexer: IndexWorker | None = None
        self._scan: ScanJob | None = None
        self._scan_started = False
        self._cancel_requested = False

    # -- life cycle -----------------------------------------------------------------------

    def start(self) -> None:
        """Open in the background; `opened` or `failed` follows."""
        self.indexing = True
        worker = IndexWorker(self.path, self.encoding_override)  # no Qt parent: see close()
        worker.opened.connect(self._on_indexer_opened)
        worker.progress.connect(self._on_indexer_progress)
        worker.finished.connect(self._on_indexer_finished)
        worker.failed.connect(self._on_indexer_failed)
        worker.decompressing.connect(self._on_indexer_decompressing)
        self._indexer = worker
        worker.start()

    def cancel(self) -> None:
        """Stop indexing and scanning where they are; what was found stays."""
        self._cancel_requested = True
        if self._indexer is not None:
            self._indexer.cancel()
        if self._scan is not None:
            self._scan.cancel()

    def close(self) -> None:
        """Stop everything, drop late results, delete temporary files. Safe to call twice."""
        if self.closed:
            return
        self.closed = True
        if self._scan is not None:
            self._scan.stop()
            self._scan = None
        indexer, self._indexer = self._indexer, None
        if indexer is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                indexer.disconnect(self)
            # The thread notices within one chunk and then releases the index itself if it
            # is still running; the worker object stays alive (its thread references it).
            indexer.abandon()
            if indexer.wait(2.0):
                indexer.release()
        if self.lines_model is not None:
            self.lines_model.detach()
        if self.index is not None:
            self.index.close()
        for path in (self._temp_path, self.path if self.owned_file else None):
            if path is not None:
                with contextlib.suppress(OSError):
                    path.unlink(missing_ok=True)

    # -- questions ------------------------------------------------------------------------

    def match_for_line(self, line: int) -> LineMatch | None:
        return self.by_line.get(line)

    def matched_rows(self) -> list[int]:
        """Every matched row (0-based), ascending."""
        return sorted(self.regex_rows + self.fuzzy_rows)

    def next_match_row(self, row: int, backward: bool = False) -> int | None:
        rows = self.matched_rows()
        if not rows:
            return None
        if backward:
            at = bisect.bisect_left(rows, row) - 1
            return rows[at] if at >= 0 else rows[-1]
        at = bisect.bisect_right(rows, row)
        return rows[at] if at < len(rows) else rows[0]

    @property
    def busy(self) -> bool:
        return self.indexing or self.scanning

    def progress_fraction(self) -> float | None:
        """How far the work has come, 0..1; None when unknown (show a busy bar)."""
        size = self.info.size if self.info else None
        if self.decompressed is not None and self.info is None:
            done, total = self.decompressed
            return min(1.0, done / total) if total else None
        if self.scanning and size:
            return min(1.0, self.scan_bytes / size)
        return None

    def phase_text(self) -> str:
        """One short phrase for the status bar and the matches panel."""
        if self.info is None:
            return "Decompressing…" if self.decompressed is not None else "Opening…"
        if self.scanning:
            fraction = self.progress_fraction()
            percent = f" {fraction:.0%}" if fraction is not None else ""
            return f"Scanning{percent}…"
        if self.scan_error:
            return "The scan failed."
        if self.scan_done is not None and self.scan_done.cancelled:
            return f"Scan cancelled at line {self.scan_done.lines:,}."
        if self.indexing:
            return "Indexing lines…"
        return "Scan complete."

    # -- index worker ---------------------------------------------------------------------

    def _on_indexer_decompressing(self, done: int, total: int | None) -> None:
        if self.closed:
            return
        self.decompressed = (done, total)
        self.state_changed.emit()

    def _on_indexer_opened(self, opened: Opened) -> None:
        if self.closed:
            opened.index.close()
            if opened.temp_path is not None:
                opened.temp_path.unlink(missing_ok=True)
            return
        self.info = opened.info
        self.warning = opened.warning
        self.index = opened.index
        self._temp_path = opened.temp_path
        self.lines_model = LogLinesModel(self.index, self.match_for_line, self)
        self.matched_model = MatchedLinesModel(self.lines_model, self)
        self.scanning = True  # starts once the first screen is shown (or soon anyway)
        QTimer.singleShot(FIRST_SCREEN_FALLBACK_MS, self, self.first_screen_shown)
        self.opened.emit()
        self.state_changed.emit()

    def first_screen_shown(self) -> None:
        """The view painted its first rows: now index the rest and start the scan.

        Waiting keeps the first screen fast whatever the log's size: spawning the scan
        process and indexing on would otherwise compete with the very first paint.
        """
        if self.closed or self._scan_started:
            return
        self._scan_started = True
        if self._indexer is not None:
            self._indexer.resume()
        self._start_scan()

    def _on_indexer_progress(self, count: int) -> None:
        if self.closed or self.lines_model is None:
            return
        self.line_count = count
        self.lines_model.set_row_count(count)
        self.lines_changed.emit(count)
        self.state_changed.emit()

    def _on_indexer_finished(self, count: int) -> None:
        if self.closed:
            return
        self.indexing = False
        self.line_count = count
        if self.lines_model is not None:
            self.lines_model.set_row_count(count)
        self.lines_changed.emit(count)
        self.state_changed.emit()

    def _on_indexer_failed(self, message: str) -> None:
        if self.closed:
            return
        self.indexing = False
        if self.info is None:
            self.failed.emit(message)
        else:
            self.scan_failed.emit(message)
            self.state_changed.emit()

    # -- scan -----------------------------------------------------------------------------

    def _start_scan(self) -> None:
        assert self.info is not None
        job = ScanJob(self.path, self.info.encoding, self.catalog_dirs)
        job.progress.connect(self._on_scan_progress)
        job.finished.connect(self._on_scan_finished)
        job.failed.connect(self._on_scan_failed)
        self._scan = job
        self.scanning = True
        if self._cancel_requested:
            job.cancel()
        self._scheduler.submit(job)

    def _on_scan_progress(self, progress: ScanProgress) -> None:
        if self.closed:
            return
        self.scan_lines = progress.lines
        self.scan_bytes = progress.bytes_done
        if progress.matches:
            self._add_matches(progress.matches)
        self.state_changed.emit()

    def _add_matches(self, matches: list[LineMatch]) -> None:
        rows = []
        for match in matches:
            self.by_line[match.line] = match
            target = self.regex_rows if match.kind == "regex" else self.fuzzy_rows
            target.append(match.line - 1)
            rows.append(match.line - 1)
        self.matches_model.add_matches(matches)
        if self.matched_model is not None:
            self.matched_model.add_rows(rows)
        if self.lines_model is not None:
            self.lines_model.matches_changed(rows)
        self.matches_added.emit(matches)

    def _on_scan_finished(self, done: ScanDone) -> None:
        if self.closed:
            return
        self.scanning = False
        self.scan_done = done
        self._scan = None
        if done.warning and not self.warning:
            self.warning = done.warning
        self.state_changed.emit()

    def _on_scan_failed(self, message: str) -> None:
        if self.closed:
            return
        self.scanning = False
        self.scan_error = message
        self._scan = None
        self.scan_failed.emit(message)
        self.state_changed.emit()
