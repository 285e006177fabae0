"""The batch results table: one row per scanned file, filterable by entry."""

from __future__ import annotations

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from triage_app.ui.fleet.load_job import ResultRow
from triage_app.ui.widgets.item_flags import flat_item_flags

PATH_ROLE = Qt.ItemDataRole.UserRole + 1
LINE_ROLE = Qt.ItemDataRole.UserRole + 2

FILE, FIRST_CAUSE, LINE, KNOWN, STATUS = range(5)
HEADERS = (
    QT_TRANSLATE_NOOP("ResultsModel", "File"),
    QT_TRANSLATE_NOOP("ResultsModel", "First cause"),
    QT_TRANSLATE_NOOP("ResultsModel", "Line"),
    QT_TRANSLATE_NOOP("ResultsModel", "Known errors"),
    QT_TRANSLATE_NOOP("ResultsModel", "Status"),
)
_Index = QModelIndex | QPersistentModelIndex


class ResultsModel(QAbstractTableModel):
    """Rows arrive in batches (`append`) while the file is read."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.rows: list[ResultRow] = []

    def append(self, rows: list[ResultRow]) -> None:
        if not rows:
            return
        first = len(self.rows)
        self.beginInsertRows(QModelIndex(), first, first + len(rows) - 1)
        self.rows.extend(rows)
        self.endInsertRows()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        return flat_item_flags(index)

    def headerData(self, section: int, orientation, role: int = Qt.ItemDataRole.DisplayRole):
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(HEADERS):
            return QCoreApplication.translate("ResultsModel", HEADERS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        column = index.column()
        if role == PATH_ROLE:
            return row.path
        if role == LINE_ROLE:
            return row.first_line or 1
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.error or row.path
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column == FILE:
            return row.path
        if column == FIRST_CAUSE:
            return row.first_cause or ""
        if column == LINE:
            return row.first_line if row.first_line else None
        if column == KNOWN:
            return len(row.entries)
        if column == STATUS:
            if row.error:
                return QCoreApplication.translate("ResultsModel", "unreadable: %1").replace(
                    "%1", row.error
                )
            return QCoreApplication.translate("ResultsModel", "%n lines").replace(
                "%n", str(row.lines)
            )
        return None


class EntryFilter(QSortFilterProxyModel):
    """Shows the files in which an entry matched (or all files when no entry is set)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._entry: str | None = None
        self.setSortRole(Qt.ItemDataRole.DisplayRole)

    def set_entry(self, entry_id: str | None) -> None:
        self.beginFilterChange()  # Qt 6.9+: the replacement for invalidateFilter()
        self._entry = entry_id or None
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        if self._entry is None:
            return True
        model = self.sourceModel()
        return self._entry in model.rows[source_row].entries
