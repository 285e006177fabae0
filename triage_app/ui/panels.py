"""The entry panel and the catalogue browser (built by another part of the window).

Until their modules exist, simple stand-ins with the same interface keep the window usable.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QListWidget, QTextBrowser, QVBoxLayout, QWidget

from triage_app.core.catalog import Catalog


class _EntryStandIn(QWidget):
    entry_requested = Signal(str)

    def __init__(self, catalog: Catalog, notes_store: object, parent: QWidget | None = None):
        super().__init__(parent)
        self._catalog = catalog
        self.text = QTextBrowser(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        self.show_entry(None)

    def show_entry(self, entry_id: str | None) -> None:
        entry = self._catalog.get(entry_id) if entry_id else None
        if entry is None:
            self.text.setPlainText("Select a match or a catalogue entry to see what is known.")
            return
        self.text.setPlainText(f"{entry.id}\n\n{entry.signature}\n\nRoot cause\n{entry.root_cause}")


class _BrowserStandIn(QWidget):
    entry_selected = Signal(str)

    def __init__(self, catalog: Catalog, notes_store: object, parent: QWidget | None = None):
        super().__init__(parent)
        self.list = QListWidget(self)
        self.list.addItems([entry.id for entry in catalog])
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{len(catalog)} entries", self))
        layout.addWidget(self.list)
        self.list.currentTextChanged.connect(self.entry_selected)


def make_entry_panel(catalog: Catalog, notes_store: object, parent: QWidget | None = None):
    try:
        from triage_app.ui.entry_panel import EntryPanel
    except ImportError:
        return _EntryStandIn(catalog, notes_store, parent)
    return EntryPanel(catalog, notes_store, parent)


def make_catalog_browser(catalog: Catalog, notes_store: object, parent: QWidget | None = None):
    try:
        from triage_app.ui.catalog_browser import CatalogBrowser
    except ImportError:
        return _BrowserStandIn(catalog, notes_store, parent)
    return CatalogBrowser(catalog, notes_store, parent)
