"""The catalogue browser: every entry, searchable with typos, filterable, usable with no log.

Typing re-ranks after a short pause (a debounce, so a burst of keystrokes costs one search);
the ranking comes from the Qt-free `CatalogSearch`, fed with the user's note texts and tags so
notes are searchable too. Entries with notes carry a marker; ids that only notes know (no
longer in the catalogue) are listed as well, so no note becomes unreachable.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from triage_app.core.catalog import Catalog
from triage_app.core.search import CatalogSearch
from triage_app.ui.catalog.model import (
    CATEGORY,
    DOMAIN,
    ID,
    NOTE,
    SIGNATURE,
    BrowserRow,
    CatalogModel,
)
from triage_app.ui.widgets.notes_service import NotesService

SEARCH_DELAY_MS = 150


class _SearchBox(QLineEdit):
    """A line edit that hands Down/Enter to the result list (see `CatalogBrowser`)."""

    def __init__(self, browser: CatalogBrowser) -> None:
        super().__init__(browser)
        self._browser = browser

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._browser.select_first()
            if event.key() == Qt.Key.Key_Down:
                self._browser.table.setFocus()
            return
        super().keyPressEvent(event)


class CatalogBrowser(QWidget):
    """Search box, filters and the entry table.

    Signals:
        entry_selected(str): the user selected an entry (click, arrow keys, Enter in search).
    """

    entry_selected = Signal(str)

    def __init__(
        self, catalog: Catalog, notes: NotesService, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._catalog, self._notes = catalog, notes
        self._noted: set[str] = set()
        self._search = CatalogSearch(())  # filled with the note texts by refresh_notes()
        self._selected: str | None = None
        self.search_box = _SearchBox(self)
        self.search_box.setPlaceholderText(
            self.tr("Search errors, aliases, tags, notes… (typos are fine)")
        )
        self.search_box.setClearButtonEnabled(True)
        self.domain_filter = QComboBox(self)
        self.category_filter = QComboBox(self)
        self.notes_filter = QCheckBox(self.tr("With my notes"), self)
        self.count_label = QLabel(self)
        self.model = CatalogModel(self)
        self.table = QTableView(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SEARCH_DELAY_MS)
        self._setup_table()
        self._fill_filters()
        self._build_layout()
        self._connect_signals()
        self.refresh_notes()

    def _setup_table(self) -> None:
        table = self.table
        table.setModel(self.model)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        table.setSortingEnabled(True)
        header = table.horizontalHeader()
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        header.setHighlightSections(False)
        header.setSectionResizeMode(NOTE, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(ID, QHeaderView.ResizeMode.Interactive)
        for column in (DOMAIN, CATEGORY):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(SIGNATURE, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._size_id_column()

    def _size_id_column(self) -> None:
        """Fit the columns to the width: the id column takes the longest listed id but at most
        40% (the signature needs the rest); a narrow browser hides the domain column (the id
        starts with it) and then the category. The user may still drag columns wider."""
        width = self.table.width()
        self.table.setColumnHidden(DOMAIN, width < 760)
        self.table.setColumnHidden(CATEGORY, width < 520)
        metrics = self.table.fontMetrics()
        longest = max((metrics.horizontalAdvance(i) for i in self.model.entry_ids()), default=80)
        cap = int(width * 0.4)
        self.table.horizontalHeader().resizeSection(ID, max(80, min(longest + 16, cap)))

    def _fill_filters(self) -> None:
        all_domains = self.tr("All domains ({count})").format(count=len(self._catalog))
        self.domain_filter.addItem(all_domains, None)
        for domain, count in self._catalog.domains().items():
            self.domain_filter.addItem(f"{domain} ({count})", domain)
        self.category_filter.addItem(self.tr("All categories"), None)
        for category in self._catalog.categories():
            self.category_filter.addItem(category, category)
        for combo in (self.domain_filter, self.category_filter):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setMaxVisibleItems(20)

    def _build_layout(self) -> None:
        filters = QHBoxLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        filters.addWidget(self.domain_filter)
        filters.addWidget(self.category_filter)
        filters.addWidget(self.notes_filter)
        filters.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.search_box)
        layout.addLayout(filters)
        layout.addWidget(self.count_label)
        layout.addWidget(self.table, 1)

    def _connect_signals(self) -> None:
        self.search_box.textChanged.connect(self._on_search_box_text_changed)
        self._timer.timeout.connect(self._on_timer_timeout)
        self.domain_filter.currentIndexChanged.connect(self._on_filter_changed)
        self.category_filter.currentIndexChanged.connect(self._on_filter_changed)
        self.notes_filter.toggled.connect(self._on_filter_changed)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)
        self._notes.changed.connect(self._on_notes_changed)

    # Public API -------------------------------------------------------------------------------

    def set_query(self, text: str, *, immediate: bool = False) -> None:
        """Type `text` into the search box; `immediate` skips the debounce."""
        self.search_box.setText(text)
        if immediate:
            self.apply_filters()

    def apply_filters(self) -> None:
        """Re-run the search and filters now (the debounce calls this)."""
        self._timer.stop()
        query = self.search_box.text().strip()
        domain = self.domain_filter.currentData()
        category = self.category_filter.currentData()
        only_noted = self.notes_filter.isChecked()
        rows = []
        for row in self._candidate_rows(query):
            if domain and row.domain != domain:
                continue
            if category and row.category != category:
                continue
            if only_noted and row.entry_id not in self._noted:
                continue
            rows.append(row)
        self.model.set_rows(rows)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self._update_count(query, len(rows))
        self._size_id_column()
        self._restore_selection()

    def refresh_notes(self) -> None:
        """Re-read which entries have notes (markers) and the note texts (search)."""
        notes = self._notes.all_notes()
        texts: dict[str, list[str]] = {}
        for note in notes:
            texts.setdefault(note.entry_id, []).extend([note.text, *note.tags])
        self._noted = set(texts)
        self._search = CatalogSearch(self._catalog, texts)
        self.model.set_noted(self._noted)
        self.apply_filters()

    def select_entry(self, entry_id: str | None, *, emit: bool = False) -> bool:
        """Select `entry_id` if it is listed (the shell showing it from elsewhere)."""
        self._selected = entry_id
        row = self.model.row_of(entry_id) if entry_id else -1
        with QSignalBlocker(self.table.selectionModel()):
            if row < 0:
                self.table.clearSelection()
            else:
                index = self.model.index(row, ID)
                self.table.selectionModel().setCurrentIndex(
                    index,
                    QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows,
                )
                self.table.scrollTo(index)
        if emit and row >= 0:
            self.entry_selected.emit(entry_id)
        return row >= 0

    def select_first(self) -> None:
        entry_id = self.model.entry_id(0)
        if self._timer.isActive():
            self.apply_filters()
            entry_id = self.model.entry_id(0)
        if entry_id:
            self.select_entry(entry_id, emit=True)

    # Slots ------------------------------------------------------------------------------------

    def _on_search_box_text_changed(self, _text: str) -> None:
        self._timer.start()

    def _on_notes_changed(self, _entry_id: str) -> None:
        self.refresh_notes()

    def _on_timer_timeout(self) -> None:
        self.apply_filters()

    def _on_filter_changed(self, *_args: object) -> None:
        self.apply_filters()

    def _on_table_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        entry_id = self.model.entry_id(current.row()) if current.isValid() else None
        if entry_id and entry_id != self._selected:
            self._selected = entry_id
            self.entry_selected.emit(entry_id)

    # Internals --------------------------------------------------------------------------------

    def _candidate_rows(self, query: str) -> list[BrowserRow]:
        if not query:
            ids = sorted(set(self._catalog.entries) | self._noted)
            return [self._row(entry_id) for entry_id in ids]
        return [self._row(hit.entry_id, hit) for hit in self._search.search(query, limit=None)]

    def _row(self, entry_id: str, hit=None) -> BrowserRow:
        entry = self._catalog.get(entry_id)
        if entry is None:
            domain = entry_id.partition("/")[0] if "/" in entry_id else ""
            return BrowserRow(entry_id, domain, "", "not in the catalogue", False, hit)
        return BrowserRow(entry_id, entry.domain, entry.category, entry.signature, True, hit)

    def _update_count(self, query: str, shown: int) -> None:
        total = len(self._catalog)
        if query and not shown:
            self.count_label.setText(self.tr("No entries match “{query}”.").format(query=query))
        elif query or shown != len(set(self._catalog.entries) | self._noted):
            self.count_label.setText(
                self.tr("{shown} of {total} entries").format(shown=shown, total=total)
            )
        else:
            self.count_label.setText(self.tr("{total} entries").format(total=total))

    def _restore_selection(self) -> None:
        if self._selected:
            self.select_entry(self._selected)
