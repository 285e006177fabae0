"""A batch result opened in the window: files × first cause, filter by entry, open a log.

Signals:
    open_log_requested(str, int): the user double-clicked a file: open it at that line.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from triage_app.ui.fleet.load_job import LoadResultsJob, ResultRow
from triage_app.ui.fleet.results_model import (
    FILE,
    FIRST_CAUSE,
    LINE_ROLE,
    PATH_ROLE,
    STATUS,
    EntryFilter,
    ResultsModel,
)


class BatchResultsView(QWidget):
    """One batch output file; reading it runs off the GUI thread."""

    open_log_requested = Signal(str, int)

    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.model = ResultsModel(self)
        self.proxy = EntryFilter(self)
        self.proxy.setSourceModel(self.model)
        self._entry_files: Counter[str] = Counter()
        self._build()
        self.job = LoadResultsJob(self.path, self)
        self.job.progress.connect(self._on_job_progress)
        self.job.result.connect(self._on_job_result)
        self.job.failed.connect(self._on_job_failed)
        self.job.start()

    def _build(self) -> None:
        self.summary = QLabel(self.tr("Reading %1…").replace("%1", self.path.name), self)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.filter = QComboBox(self)
        self.filter.setAccessibleName(self.tr("Show files where this entry matched"))
        self.filter.addItem(self.tr("All files"), None)
        self.filter.currentIndexChanged.connect(self._on_filter_current_index_changed)
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(QLabel(self.tr("Entry:"), self))
        top.addWidget(self.filter)
        self.table = QTableView(self)
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(FILE, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideLeft)  # the file name stays visible
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(FILE, QHeaderView.ResizeMode.Stretch)
        width = self.fontMetrics().horizontalAdvance("M")
        self.table.setColumnWidth(FIRST_CAUSE, 26 * width)
        self.table.setColumnWidth(STATUS, 18 * width)
        self.table.doubleClicked.connect(self._on_table_double_clicked)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table)

    def close_job(self) -> None:
        self.job.cancel()

    def _on_job_progress(self, rows: list[ResultRow]) -> None:
        self.model.append(rows)
        for row in rows:
            self._entry_files.update(row.entries)

    def _on_job_result(self, count: int) -> None:
        unreadable = sum(1 for r in self.model.rows if r.error)
        with_cause = sum(1 for r in self.model.rows if r.first_cause)
        self.summary.setText(
            self.tr("%1 files, %2 with a known error, %3 unreadable")
            .replace("%1", str(count))
            .replace("%2", str(with_cause))
            .replace("%3", str(unreadable))
        )
        self.filter.blockSignals(True)
        for entry_id, files in self._entry_files.most_common():
            self.filter.addItem(f"{entry_id} ({files})", entry_id)
        self.filter.blockSignals(False)

    def _on_job_failed(self, message: str) -> None:
        self.summary.setText(self.tr("Cannot read this batch result: %1").replace("%1", message))

    def _on_filter_current_index_changed(self, _index: int) -> None:
        self.proxy.set_entry(self.filter.currentData())

    def _on_table_double_clicked(self, index) -> None:
        path = index.data(PATH_ROLE)
        if path:
            self.open_log_requested.emit(str(path), int(index.data(LINE_ROLE) or 1))
