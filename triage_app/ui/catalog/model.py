"""The catalogue browser's table: one row per entry (or per noted id not in the catalogue).

Rows come in the order the browser decides (search rank, or by id); clicking a header sorts by
that column, and section -1 returns to that order.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

from triage_app.core.search import SearchHit
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.item_flags import flat_item_flags

ENTRY_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SCORE_ROLE = Qt.ItemDataRole.UserRole + 2
HAS_NOTES_ROLE = Qt.ItemDataRole.UserRole + 3

NOTE, ID, SIGNATURE, CATEGORY, DOMAIN = range(5)
HEADERS = (
    "",
    QT_TRANSLATE_NOOP("CatalogModel", "ID"),
    QT_TRANSLATE_NOOP("CatalogModel", "Signature"),
    QT_TRANSLATE_NOOP("CatalogModel", "Category"),
    QT_TRANSLATE_NOOP("CatalogModel", "Domain"),
)
NOTE_MARK = "✎"
_Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class BrowserRow:
    """What one row shows; `hit` is the search hit that put it there (None when browsing)."""

    entry_id: str
    domain: str
    category: str
    signature: str
    in_catalog: bool = True
    hit: SearchHit | None = None


class CatalogModel(QAbstractTableModel):
    """Rows of `BrowserRow`, with a notes marker column fed by `set_noted`."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[BrowserRow] = []
        self._natural: list[BrowserRow] = []
        self._noted: set[str] = set()

    # Qt model API -----------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ):
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.tr(HEADERS[section]) if HEADERS[section] else ""
        if role == Qt.ItemDataRole.ToolTipRole and section == NOTE:
            return self.tr("Entries with my notes")
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == ENTRY_ID_ROLE:
            return row.entry_id
        if role == SCORE_ROLE:
            return row.hit.score if row.hit else None
        if role == HAS_NOTES_ROLE:
            return row.entry_id in self._noted
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        if role == Qt.ItemDataRole.ForegroundRole and (column == NOTE or not row.in_catalog):
            return accents.NEUTRAL if column == NOTE else accents.MISSING
        if role == Qt.ItemDataRole.FontRole and not row.in_catalog and column == SIGNATURE:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == NOTE:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        return flat_item_flags(index)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by a column; -1 restores the order rows were given in (the search rank)."""
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        old_ids = [self._rows[i.row()].entry_id for i in old]
        if column < 0:
            self._rows = list(self._natural)
        else:
            reverse = order == Qt.SortOrder.DescendingOrder
            self._rows.sort(key=lambda r: (self._sort_key(r, column), r.entry_id), reverse=reverse)
        where = {row.entry_id: i for i, row in enumerate(self._rows)}
        self.changePersistentIndexList(
            old, [self.index(where[eid], i.column()) for eid, i in zip(old_ids, old, strict=True)]
        )
        self.layoutChanged.emit()

    # Browser API ------------------------------------------------------------------------------

    def set_rows(self, rows: list[BrowserRow]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self._natural = list(rows)
        self.endResetModel()

    def set_noted(self, entry_ids: set[str]) -> None:
        """Which entries have notes; only the marker column is redrawn."""
        self._noted = set(entry_ids)
        if self._rows:
            self.dataChanged.emit(self.index(0, NOTE), self.index(len(self._rows) - 1, NOTE))

    def entry_id(self, row: int) -> str | None:
        return self._rows[row].entry_id if 0 <= row < len(self._rows) else None

    def row_of(self, entry_id: str) -> int:
        """The row showing `entry_id`, or -1."""
        return next((i for i, r in enumerate(self._rows) if r.entry_id == entry_id), -1)

    def entry_ids(self) -> list[str]:
        return [r.entry_id for r in self._rows]

    # Internals --------------------------------------------------------------------------------

    def _display(self, row: BrowserRow, column: int) -> str:
        if column == NOTE:
            return NOTE_MARK if row.entry_id in self._noted else ""
        return (None, row.entry_id, row.signature, row.category, row.domain)[column] or ""

    def _tooltip(self, row: BrowserRow, column: int) -> str | None:
        if column == NOTE:
            return self.tr("You have notes on this entry") if row.entry_id in self._noted else None
        text = (
            row.signature
            if row.in_catalog
            else self.tr("{entry}: not in the catalogue").format(entry=row.entry_id)
        )
        if row.hit is not None and row.hit.field not in ("id", "signature"):
            field = row.hit.field.replace("_", " ")
            matched = self.tr("Matched {field}: {text}").format(
                field=field, text=row.hit.text[:200]
            )
            return f"{text}\n\n{matched}"
        return text

    def _sort_key(self, row: BrowserRow, column: int) -> object:
        if column == NOTE:
            return row.entry_id not in self._noted
        return self._display(row, column).casefold()
