"""The shell's side of the right-click menus: attach them, and do what needs the whole window
(search the catalogue for a line, a new entry from a line, go to an entry)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt

from triage_app.core import paths
from triage_app.ui.catalog.new_entry_dialog import NewEntryDialog
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

    def new_entry(self, line: str) -> NewEntryDialog:
        """Open the new-entry dialog on `line`; its live test reads the current log."""
        doc = self.window.tabs.current_document()
        index = doc.index if doc is not None else None

        def log_lines() -> Iterator[str]:  # read on the dialog's worker thread
            if index is None:
                return
            try:
                for n in range(len(index)):
                    yield index.line(n)
            except (ValueError, OSError, IndexError):  # the log was closed meanwhile
                return

        dialog = NewEntryDialog(line, self.window.catalog, log_lines, self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.entry_saved.connect(self._on_dialog_entry_saved)
        dialog.open()
        return dialog

    def _on_dialog_entry_saved(self, entry_id: str) -> None:
        """Scans from now on read the user's folder too (it may not have existed at start)."""
        user = paths.user_records_dir()
        dirs = self.window.tabs.catalog_dirs
        if all(Path(d).resolve() != user.resolve() for d in dirs):
            dirs.insert(min(1, len(dirs)), user)  # after the bundled records, as at start
        message = self.tr(
            "Saved {id} in your catalogue ({folder}); logs opened from now on are scanned with it."
        ).format(id=entry_id, folder=user)
        self.window.status.showMessage(message, 10000)

    def _on_tabs_document_opened(self, doc: LogDocument) -> None:
        for view in self.window.tabs.views():
            if view.document is doc and view.findChild(LineMenu) is None:
                menu = LineMenu(view)
                menu.search_requested.connect(self.search_catalogue)
                menu.new_entry_requested.connect(self.new_entry)
