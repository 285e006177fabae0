"""The shell's side of the right-click menus: attach them, and do what needs the whole window
(search the catalogue for a line, a new entry from a line, go to an entry)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from triage_app.ui.catalog.row_menu import CatalogRowMenu
from triage_app.ui.log.context_menus import LineMenu, MatchesMenu, set_entry_hidden
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
        self.matches.hide_requested.connect(self.hide_entry)
        self.matches.unhide_requested.connect(self.unhide_entries)
        self.matches.hidden_count = self._hidden_count
        self.rows.note_requested.connect(self.add_note)
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

    def hide_entry(self, entry_id: str) -> None:
        """Leave `entry_id` out of the current log's matches (its lines stay marked)."""
        doc = self.window.tabs.current_document()
        if doc is None:
            return
        self._show_matches(doc, set_entry_hidden(doc, entry_id, True))
        shown_here = self.window.entry_panel.entry_id == entry_id
        if shown_here and not self.window.entry_sync.show_first_cause(doc):
            self.window.show_entry(None)
        message = self.tr("{entry} is hidden in this log; right-click a match to show it again.")
        self.window.status.showMessage(message.format(entry=entry_id), 6000)

    def unhide_entries(self) -> None:
        doc = self.window.tabs.current_document()
        if doc is not None:
            self._show_matches(doc, set_entry_hidden(doc, None, False))

    def add_note(self, entry_id: str) -> None:
        """Open `entry_id` in the entry panel with a new, empty note to type in."""
        self.window.show_entry(entry_id, from_browser=False)
        editor = self.window.entry_panel.notes_panel.add_note()
        if editor is not None:
            self.window.entry_panel.scroll.ensureWidgetVisible(editor)
            editor.setFocus()

    def _show_matches(self, doc: LogDocument, model) -> None:
        panel = self.window.matches_panel
        panel.set_model(model)
        panel.set_state(doc.phase_text(), doc.finished)

    def _hidden_count(self) -> int:
        doc = self.window.tabs.current_document()
        return len(doc.hidden_entries) if doc is not None else 0

    def new_entry(self, _line: str) -> None:
        """The new-entry dialog on the right-clicked line (the menu made it current)."""
        self.window.extras.new_entry()

    def _on_tabs_document_opened(self, doc: LogDocument) -> None:
        for view in self.window.tabs.views():
            if view.document is doc and view.findChild(LineMenu) is None:
                menu = LineMenu(view)
                menu.search_requested.connect(self.search_catalogue)
                menu.new_entry_requested.connect(self.new_entry)
