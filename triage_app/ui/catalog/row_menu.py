"""The catalogue browser's right-click menu on a row: open the entry, copy its id, add a note."""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from triage_app.ui.catalog.browser import CatalogBrowser


class CatalogRowMenu(QObject):
    """Attached to a `CatalogBrowser`; "Open" shows the entry as a click on the row would.

    Signals:
        note_requested(str): start a new note on this entry (the notes live in the entry panel).
    """

    note_requested = Signal(str)

    def __init__(self, browser: CatalogBrowser) -> None:
        super().__init__(browser)
        self.browser = browser
        table = browser.table
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._on_table_custom_context_menu_requested)

    def menu_at(self, pos: QPoint) -> QMenu | None:
        """The menu for the row under `pos` (viewport coordinates); None off the rows."""
        index = self.browser.table.indexAt(pos)
        entry_id = self.browser.model.entry_id(index.row()) if index.isValid() else None
        if not entry_id:
            return None
        menu = QMenu(self.browser.table)
        menu.addAction(self.tr("Open"), lambda: self.browser.select_entry(entry_id, emit=True))
        menu.addAction(self.tr("Copy id"), lambda: QGuiApplication.clipboard().setText(entry_id))
        menu.addAction(self.tr("Add a note…"), lambda: self.note_requested.emit(entry_id))
        return menu

    def _on_table_custom_context_menu_requested(self, pos: QPoint) -> None:
        menu = self.menu_at(pos)
        if menu is not None:
            menu.exec(self.browser.table.viewport().mapToGlobal(pos))
            menu.deleteLater()
