"""One open log: its line index, scan, matches and models, and their life cycle.

A `LogDocument` runs an `IndexJob` (thread: open, decompress once, index) and, once the log
is open, a `ScanJob` (child process) over the same bytes: for a compressed log both read the
one decompressed copy. It collects the matches and feeds the models. Where it is in its life
is one `Phase`, changed only by `_enter`; closing stops both jobs and deletes the temporary
files, and results that arrive later are dropped.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from triage_app.core.lineindex import LineIndex
from triage_app.core.logsource import LogInfo
from triage_app.core.match_batch import CompactProgress
from triage_app.core.match_record import MatchedLines, MatchRecord
from triage_app.core.results import ScanProgress
from triage_app.core.scan_process import ScanDone
from triage_app.ui.log.doc_matches import DocumentMatches
from triage_app.ui.log.judge import LineJudge
from triage_app.ui.log.lines_model import LogLinesModel, MatchedLinesModel
from triage_app.ui.log.matches_model import MatchesModel
from triage_app.ui.log.phase import Phase, check_move
from triage_app.ui.workers.indexing import Decompressing, Indexed, IndexJob, Opened
from triage_app.ui.workers.scan import ScanJob, ScanScheduler

FIRST_SCREEN_FALLBACK_MS = 500  # start scanning even if the log is never painted


class LogDocument(QObject, DocumentMatches):
    """A log being opened, shown and scanned.

    Signals:
        opened(): the log can be shown (`info`, `index` and the models exist).
        failed(str): the log could not be opened; the document is unusable.
        lines_changed(int): the number of indexed lines grew (or indexing ended).
        matches_added(int): how many matched lines the scan added (see `record`).
        state_changed(): phase or progress changed (status bar, panel summary).
        scan_failed(str): the scan (or indexing) stopped with an error; the log stays open.
    """

    opened = Signal()
    failed = Signal(str)
    lines_changed = Signal(int)
    matches_added = Signal(int)
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
        self.scheduler = scheduler
        self.phase = Phase.OPENING
        self.info: LogInfo | None = None
        self.warning: str | None = None
        self.index: LineIndex | None = None
        self.lines_model: LogLinesModel | None = None
        self.matched_model: MatchedLinesModel | None = None
        self.causes = causes
        # Every matched line in compact form, and bounded groups (`match_record`).
        self.record = MatchRecord(causes)
        self.by_line = MatchedLines(self.record)  # read-only: line -> match (or placeholder)
        self.matches_model = MatchesModel(self.record, self)
        self.hidden_entries: set[str] = set()  # left out of the matches panel by the user
        self._scan_table: list[int] = []  # the scan's class numbers -> the record's
        self.judge = LineJudge(self)  # full matches of shown lines the record did not keep
        self.judge.judged.connect(self._on_judge_judged)
        self.line_count = 0
        self.scan_lines = 0
        self.scan_bytes = 0
        self.scan_done: ScanDone | None = None
        self.scan_error: str | None = None
        self.decompressed: tuple[int, int | None] | None = None  # compressed bytes read, size
        self._temp_path: Path | None = None  # the decompressed copy
        self._index_job: IndexJob | None = None
        self._scan_job: ScanJob | None = None
        self._cancel_requested = False

    # -- life cycle -----------------------------------------------------------------------

    def start(self) -> None:
        """Open in the background; `opened` or `failed` follows."""
        job = IndexJob(self.path, self.encoding_override)  # no Qt parent: see close()
        job.progress.connect(self._on_index_job_progress)
        job.result.connect(self._on_index_job_result)
        job.failed.connect(self._on_index_job_failed)
        job.finished.connect(self._on_index_job_finished)
        self._index_job = job
        job.start()

    def cancel(self) -> None:
        """Stop indexing and scanning where they are; what was found stays."""
        self._cancel_requested = True
        if self._index_job is not None:
            self._index_job.cancel()
        if self._scan_job is not None:
            self._scan_job.cancel()

    def close(self) -> None:
        """Stop everything, drop late results, delete temporary files. Safe to call twice."""
        if self.closed:
            return
        self._enter(Phase.CLOSED)
        if self._scan_job is not None:
            self._scan_job.stop()
            self._scan_job = None
        self.judge.stop()
        job, self._index_job = self._index_job, None
        if job is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                job.disconnect(self)
            # The job object stays alive while its thread runs (the thread references it).
            job.discard()
        if self.lines_model is not None:
            self.lines_model.detach()
        if self.index is not None:
            self.index.close()
        for path in (self._temp_path, self.path if self.owned_file else None):
            if path is not None:
                with contextlib.suppress(OSError):
                    path.unlink(missing_ok=True)

    def first_screen_shown(self) -> None:
        """The view painted its first rows: now index the rest and start the scan.

        Waiting keeps the first screen fast whatever the log's size: spawning the scan
        process and indexing on would otherwise compete with the very first paint.
        """
        if self.phase is not Phase.OPENED:
            return
        if self._index_job is not None:
            self._index_job.resume()
        self._start_scan()

    # -- questions ------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self.phase is Phase.CLOSED

    @property
    def indexing(self) -> bool:
        """The index job is still running (it goes on while the scan runs)."""
        return self._index_job is not None

    @property
    def scanning(self) -> bool:
        return self.phase in (Phase.OPENED, Phase.SCANNING)

    @property
    def busy(self) -> bool:
        return self.indexing or self.scanning

    @property
    def stopped_early(self) -> bool:
        """The user stopped reading or scanning before the end: what is shown is partial."""
        if not self._cancel_requested or self.busy:
            return False
        read_partly = self.index is not None and not self.index.complete
        scanned_partly = self.scan_done is not None and self.scan_done.cancelled
        return read_partly or scanned_partly

    @property
    def finished(self) -> bool:
        """Read and scanned to the end: "no known errors" is then a statement about the log."""
        return not self.busy and not self.stopped_early and self.scan_error is None

    def stopped_text(self) -> str:
        """What stopping left on show, in a sentence or two (see `stopped_early`)."""
        parts = []
        if self.index is not None and not self.index.complete:
            parts.append(
                self.tr("Stopped while reading: only the first {lines} lines are shown.").format(
                    lines=f"{self.line_count:,}"
                )
            )
        else:
            parts.append(self.tr("Stopped."))
        done = self.scan_done
        if done is None or (done.cancelled and done.lines == 0):
            parts.append(self.tr("No line was scanned."))
        elif done.cancelled:
            parts.append(self.tr("The scan stopped at line {line}.").format(line=f"{done.lines:,}"))
        return " ".join(parts)

    def progress_fraction(self) -> float | None:
        """How far the work has come, 0..1; None when unknown (show a busy bar)."""
        if self.phase is Phase.DECOMPRESSING and self.decompressed is not None:
            done, total = self.decompressed
            return min(1.0, done / total) if total else None
        size = self.info.size if self.info else None
        if self.scanning and size:
            return min(1.0, self.scan_bytes / size)
        return None

    def phase_text(self) -> str:
        """One short phrase for the status bar and the matches panel."""
        if self.info is None:
            decompressing = self.phase is Phase.DECOMPRESSING
            return self.tr("Decompressing…") if decompressing else self.tr("Opening…")
        if self.scanning:
            fraction = self.progress_fraction()
            if fraction is None:
                return self.tr("Scanning…")
            return self.tr("Scanning {percent}…").format(percent=f"{fraction:.0%}")
        if self.scan_error:
            return self.tr("The scan failed.")
        if self.stopped_early:
            return self.stopped_text()
        if self.scan_done is not None and self.scan_done.cancelled:
            return self.tr("Scan cancelled at line {line}.").format(
                line=f"{self.scan_done.lines:,}"
            )
        if self.indexing:
            return self.tr("Indexing lines…")
        return self.tr("Scan complete.")

    # -- the one place the phase changes --------------------------------------------------

    def _enter(self, phase: Phase, *, notify: bool = True) -> None:
        """Move to `phase` (any phase may close); `notify` emits `state_changed`."""
        check_move(self.phase, phase)
        self.phase = phase
        if notify and phase is not Phase.CLOSED:
            self.state_changed.emit()

    # -- index job ------------------------------------------------------------------------

    def _on_index_job_progress(self, event: Decompressing | Opened | Indexed) -> None:
        if self.closed:
            if isinstance(event, Opened):  # closed meanwhile: release what was opened
                event.index.close()
                if event.temp_path is not None:
                    event.temp_path.unlink(missing_ok=True)
            return
        if isinstance(event, Decompressing):
            self.decompressed = (event.done, event.total)
            if self.phase is Phase.OPENING:
                self._enter(Phase.DECOMPRESSING)
            else:
                self.state_changed.emit()
        elif isinstance(event, Opened):
            self._on_opened(event)
        elif isinstance(event, Indexed):
            self.set_line_count(event.lines)

    def _on_opened(self, opened: Opened) -> None:
        self.info = opened.info
        self.warning = opened.warning
        self.index = opened.index
        self._temp_path = opened.temp_path
        self.lines_model = LogLinesModel(self.index, self.shown_match, self)
        self.matched_model = MatchedLinesModel(self.lines_model, self.record, self)
        QTimer.singleShot(FIRST_SCREEN_FALLBACK_MS, self, self.first_screen_shown)
        self._enter(Phase.OPENED, notify=False)
        self.opened.emit()
        self.state_changed.emit()

    def _on_index_job_result(self, indexed: Indexed) -> None:
        if not self.closed:
            self.set_line_count(indexed.lines)

    def _on_index_job_failed(self, message: str) -> None:
        if self.closed:
            return
        if self.info is None:
            self._enter(Phase.FAILED, notify=False)
            self.failed.emit(message)
        else:
            self.scan_failed.emit(message)

    def _on_index_job_finished(self) -> None:
        if self.closed or self._index_job is None:
            return
        self._index_job = None
        if self.info is None and self.phase is not Phase.FAILED:  # cancelled while opening
            self._enter(Phase.FAILED, notify=False)
            self.failed.emit(self.tr("{path}: opening was cancelled.").format(path=self.path))
            return
        self.lines_changed.emit(self.line_count)
        self.state_changed.emit()

    def set_line_count(self, count: int) -> None:
        if self.lines_model is None:
            return
        self.line_count = count
        self.lines_model.set_row_count(count)
        self.lines_changed.emit(count)
        self.state_changed.emit()

    # -- scan -----------------------------------------------------------------------------

    def _start_scan(self) -> None:
        assert self.info is not None
        # A compressed log was decompressed once, by the index job: the scan reads that copy.
        job = ScanJob(self.scan_path(), self.info.encoding, self.catalog_dirs)
        self._scan_table = []
        job.progress.connect(self._on_scan_job_progress)
        job.result.connect(self._on_scan_job_result)
        job.failed.connect(self._on_scan_job_failed)
        self._scan_job = job
        self._enter(Phase.SCANNING)
        if self._cancel_requested:
            job.cancel()
        self.scheduler.submit(job)

    def _on_scan_job_progress(self, progress: ScanProgress | CompactProgress) -> None:
        if self.closed:
            return
        self.scan_lines = progress.lines
        self.scan_bytes = progress.bytes_done
        if isinstance(progress, CompactProgress):
            if len(progress.batch):
                self.add_batch(progress.batch)
        elif progress.matches:
            self.add_matches(progress.matches)
        self.state_changed.emit()

    def _on_scan_job_result(self, done: ScanDone) -> None:
        if self.closed:
            return
        self.scan_done = done
        self._scan_job = None
        if done.warning and not self.warning:
            self.warning = done.warning
        self._enter(Phase.SCANNED)

    def _on_scan_job_failed(self, message: str) -> None:
        if self.closed:
            return
        self.scan_error = message
        self._scan_job = None
        self._enter(Phase.SCAN_FAILED, notify=False)
        self.scan_failed.emit(message)
        self.state_changed.emit()
