"""The matches panel: the current log's errors, grouped by entry, likely first cause on top."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from triage_app.ui.log.matches_model import ENTRY_ID_ROLE, LINE_ROLE, MatchesModel
from triage_app.ui.log.unknown_list import UnknownErrorsList

SUMMARY_REFRESH_MS = 200
NARROW_PX = 640  # below this width the "Match" column is hidden


class MatchesPanel(QWidget):
    """A tree of match groups with a one-line summary above it, and the unknown errors (lines
    that look like errors but match no entry) below it.

    Signals:
        match_selected(str, int): an entry id and the line to show (a group's first line, or
            the chosen occurrence's line).
        line_requested(int): an unknown error's line to show.
    """

    match_selected = Signal(str, int)
    line_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel(self)
        self.summary.setObjectName("matchesSummary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.tree = QTreeView(self)
        self.tree.setObjectName("matchesTree")
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setExpandsOnDoubleClick(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 0)
        layout.setSpacing(4)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree, 3)
        self.unknown = UnknownErrorsList(self)
        self.unknown.line_requested.connect(self.line_requested)
        layout.addWidget(self.unknown, 1)
        self._model: MatchesModel | None = None
        self._state = self.tr("No log open.")
        self._done = False
        self._summary_timer = QTimer(self)
        self._summary_timer.setSingleShot(True)
        self._summary_timer.setInterval(SUMMARY_REFRESH_MS)
        self._summary_timer.timeout.connect(self._refresh_summary)
        self.set_model(None)

    @property
    def model(self) -> MatchesModel | None:
        return self._model

    def set_model(self, model: MatchesModel | None) -> None:
        """Show another log's matches (None: no log)."""
        if self._model is not None:
            self._model.rowsInserted.disconnect(self._on_model_rows_inserted)
            self._model.layoutChanged.disconnect(self._refresh_summary)
        self._model = model
        self.tree.setModel(model)
        if model is not None:
            model.rowsInserted.connect(self._on_model_rows_inserted)
            model.layoutChanged.connect(self._refresh_summary)
            self.tree.selectionModel().selectionChanged.connect(self._on_tree_selection_changed)
            self._size_columns()
        self._refresh_summary()

    def _size_columns(self) -> None:
        """Fixed widths from the font: resizing to contents would ask the model for every
        row's text each time a count changes, many times a second while a scan runs."""
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        metrics = self.tree.fontMetrics()
        samples = {1: "Count 9999", 2: "999999–999999", 3: "fuzzy 100%"}
        for column, sample in samples.items():
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, metrics.horizontalAdvance(sample) + 24)
        self.tree.setColumnHidden(3, self.width() < NARROW_PX)

    def resizeEvent(self, event) -> None:
        """A narrow panel (a 900 px window with the entry panel open) keeps the room for the
        user's line: the "Match" column (regex or fuzzy, also in the tooltip) goes first."""
        super().resizeEvent(event)
        self.tree.setColumnHidden(3, self.width() < NARROW_PX)

    def set_state(self, text: str, done: bool = False) -> None:
        """What the scan is doing ("Scanning 40%…", "Scan complete."), shown in the summary."""
        self._state = text
        self._done = done
        self._refresh_summary()

    def set_unknown(self, groups: list) -> None:
        """The current log's unknown errors (`unknown` groups of the scan; [] for none)."""
        self.unknown.set_groups(groups)
        self._refresh_summary()

    def select_line(self, line: int) -> None:
        """Select the occurrence of `line` (if it matched) without emitting `match_selected`."""
        if self._model is None:
            return
        index = self._model.index_for_line(line)
        if not index.isValid():
            return
        self.tree.blockSignals(True)
        selection = self.tree.selectionModel()
        selection.blockSignals(True)
        self.tree.expand(index.parent())
        selection.setCurrentIndex(
            index,
            selection.SelectionFlag.ClearAndSelect | selection.SelectionFlag.Rows,
        )
        selection.blockSignals(False)
        self.tree.blockSignals(False)
        self.tree.scrollTo(index)

    def select_first(self) -> bool:
        """Select the first group (the likely first cause); True if there was one."""
        if self._model is None or self._model.group_count() == 0:
            return False
        self.tree.setCurrentIndex(self._model.index(0, 0))
        return True

    def _on_tree_selection_changed(self, selected: QItemSelection, _old: QItemSelection) -> None:
        indexes = selected.indexes()
        if not indexes:
            return
        index: QModelIndex = indexes[0]
        entry_id = index.data(ENTRY_ID_ROLE)
        line = index.data(LINE_ROLE)
        if entry_id is not None and line is not None:
            self.match_selected.emit(entry_id, int(line))

    def _on_model_rows_inserted(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        if not self._summary_timer.isActive():  # lines arrive in bursts while scanning
            self._summary_timer.start()

    def _refresh_summary(self) -> None:
        model = self._model
        if model is None:
            self.summary.setText(self._state)
            return
        groups = model.group_count()
        unknown = len(self.unknown.groups)
        others = self.tr("{count} unknown error(s) below.").format(count=unknown) if unknown else ""
        if groups == 0:
            found = (
                self.tr("No known errors found.")
                if self._done
                else self.tr("No known errors found so far.")
            )
            self.summary.setText(" ".join(p for p in (found, others, self._state) if p))
            return
        first = model.first_cause()
        lines = (
            self.tr("{count} matched line")
            if model.total == 1
            else self.tr("{count} matched lines")
        ).format(count=f"{model.total:,}")
        kinds = (
            self.tr("{count} error") if groups == 1 else self.tr("{count} different errors")
        ).format(count=groups)
        cause = ""
        if first is not None:
            cause = self.tr("Likely first cause: {entry} at line {line}.").format(
                entry=first[0], line=f"{first[1]:,}"
            )
        parts = (f"{lines}, {kinds}.", cause, others, self._state)
        self.summary.setText(" ".join(p for p in parts if p))
