"""The shell's side of the right-click menus: attach them, and do what needs the whole window
(search the catalogue for a line, a new entry from a line, go to an entry)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from triage_app.ui.catalog.row_menu import CatalogRowMenu
from triage_app.ui.log.context_menus import LineMenu, MatchesMenu
from triage_app.ui.log.document import LogDocument

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow


class ContextMenus(QObject):
    """Menus on log lines (one per log view), on matches and on catalogue rows."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.matches = MatchesMenu(window.matches_panel)
        self.rows = CatalogRowMenu(window.browser)
        self.matches.entry_requested.connect(self.go_to_entry)
        window.tabs.document_opened.connect(self._on_tabs_document_opened)

    def line_menu(self, doc: LogDocument) -> LineMenu | None:
        view = next((v for v in self.window.tabs.views() if v.document is doc), None)
        return view.findChild(LineMenu) if view is not None else None

    def search_catalogue(self, line: str) -> None:
        """Show the catalogue tab, searched for `line`."""
        self.window.show_catalogue()
        self.window.browser.set_query(line, immediate=True)

    def go_to_entry(self, entry_id: str) -> None:
        """Show `entry_id` in the catalogue tab (and the entry panel)."""
        self.window.show_catalogue()
        self.window.browser.select_entry(entry_id, emit=True)

    def new_entry(self, _line: str) -> None:
        """The new-entry dialog on the right-clicked line (the menu made it current)."""
        self.window.extras.new_entry()

    def _on_tabs_document_opened(self, doc: LogDocument) -> None:
        for view in self.window.tabs.views():
            if view.document is doc and view.findChild(LineMenu) is None:
                menu = LineMenu(view)
                menu.search_requested.connect(self.search_catalogue)
                menu.new_entry_requested.connect(self.new_entry)
