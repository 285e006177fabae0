"""Right-click menus of the log wing: on log lines and on the matches panel's rows.

Each menu is a small QObject attached to its widget; what only the shell can do (search the
catalogue, make a new entry, open an entry elsewhere) goes out as a signal. `menu_at(pos)`
builds the menu without showing it, so tests and the keyboard (the Menu key) use the same one.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QItemSelectionModel, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from triage_app.ui.log.document import LogDocument
from triage_app.ui.log.lines_model import SOURCE_ROW_ROLE
from triage_app.ui.log.matches_model import ENTRY_ID_ROLE, LINE_ROLE, MatchesModel
from triage_app.ui.log.matches_panel import MatchesPanel
from triage_app.ui.log.view import COPY_LIMIT, LogView


class LineMenu(QObject):
    """Copy, copy with line numbers, search the catalogue for the line, new entry from it,
    bookmark it.

    Signals:
        search_requested(str): look the line up in the catalogue.
        new_entry_requested(str): start a catalogue entry from the line (now the current one).
    """

    search_requested = Signal(str)
    new_entry_requested = Signal(str)

    def __init__(self, view: LogView) -> None:
        super().__init__(view)
        self.view = view
        table = view.table
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._on_table_custom_context_menu_requested)

    def menu_at(self, pos: QPoint) -> QMenu | None:
        """The menu for the line under `pos` (viewport coordinates); None off the lines."""
        table = self.view.table
        index = table.indexAt(pos)
        if not index.isValid():
            return None
        selection = table.selectionModel()
        if selection.isRowSelected(index.row(), index.parent()):  # keep the selection
            selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)
        else:  # a right-click outside the selection selects the line
            table.setCurrentIndex(index)
        clicked = self._lines([int(index.data(SOURCE_ROW_ROLE))])
        line = clicked[0] if clicked else ""
        menu = QMenu(table)
        menu.addAction(self.tr("Copy"), self.view.copy_selection)
        menu.addAction(self.tr("Copy with line numbers"), self.copy_numbered)
        menu.addSeparator()
        search = menu.addAction(self.tr("Search the catalogue for this line"))
        search.triggered.connect(lambda: self.search_requested.emit(line.strip()))
        new = menu.addAction(self.tr("New entry from this line…"))
        new.triggered.connect(lambda: self.new_entry_requested.emit(line))
        for action in (search, new):
            action.setEnabled(bool(line.strip()))
        menu.addSeparator()
        number = int(index.data(SOURCE_ROW_ROLE)) + 1
        marked = number in self.view.bookmarks
        mark = menu.addAction(self.tr("Remove the bookmark") if marked else self.tr("Bookmark"))
        mark.triggered.connect(lambda: self.view.toggle_bookmark(number))
        return menu

    def copy_numbered(self) -> None:
        """Copy the selected lines, each after its line number (as `grep -n` shows them)."""
        numbered = [
            f"{row + 1}: {lines[0]}"
            for row in self._selected_rows()
            if (lines := self._lines([row]))
        ]
        text = "\n".join(numbered)
        if text:
            QGuiApplication.clipboard().setText(text)

    def _selected_rows(self) -> list[int]:
        selected = self.view.table.selectionModel().selectedRows()
        return sorted(int(index.data(SOURCE_ROW_ROLE)) for index in selected)[:COPY_LIMIT]

    def _lines(self, rows: list[int]) -> list[str]:
        model = self.view.document.lines_model
        return list(model.raw_lines(rows)) if model is not None and rows else []

    def _on_table_custom_context_menu_requested(self, pos: QPoint) -> None:
        menu = self.menu_at(pos)
        if menu is not None:
            menu.exec(self.view.table.viewport().mapToGlobal(pos))
            menu.deleteLater()


class MatchesMenu(QObject):
    """Copy a match (its line number and the user's line), go to its entry, hide the entry
    in this log (and show hidden ones again).

    Signals:
        entry_requested(str): show this entry in the catalogue.
        hide_requested(str): leave this entry out of the current log's matches.
        unhide_requested(): show every entry hidden in the current log again.
    """

    entry_requested = Signal(str)
    hide_requested = Signal(str)
    unhide_requested = Signal()

    def __init__(self, panel: MatchesPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        self.hidden_count: Callable[[], int] = lambda: 0  # entries hidden in the current log
        tree = panel.tree
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self._on_tree_custom_context_menu_requested)

    def menu_at(self, pos: QPoint) -> QMenu | None:
        """The menu for the row under `pos` (viewport coordinates); None off the rows."""
        tree = self.panel.tree
        index = tree.indexAt(pos)
        if not index.isValid():
            return None
        index = index.siblingAtColumn(0)
        entry_id = index.data(ENTRY_ID_ROLE)
        text = f"{index.data(LINE_ROLE)}: {index.data()}"  # the user's line, as grep -n shows it
        menu = QMenu(tree)
        menu.addAction(self.tr("Copy"), lambda: QGuiApplication.clipboard().setText(text))
        go = menu.addAction(self.tr("Go to entry"))
        go.triggered.connect(lambda: self.entry_requested.emit(entry_id))
        menu.addSeparator()
        hide = menu.addAction(self.tr("Hide this entry in this log"))
        hide.triggered.connect(lambda: self.hide_requested.emit(entry_id))
        self._add_unhide(menu)
        return menu

    def _add_unhide(self, menu: QMenu) -> None:
        hidden = self.hidden_count()
        if hidden:
            text = self.tr("Show hidden entries ({count})").format(count=hidden)
            menu.addAction(text, self.unhide_requested.emit)

    def _on_tree_custom_context_menu_requested(self, pos: QPoint) -> None:
        menu = self.menu_at(pos)
        if menu is None and self.hidden_count():  # off the rows: still a way back
            menu = QMenu(self.panel.tree)
            self._add_unhide(menu)
        if menu is not None:
            menu.exec(self.panel.tree.viewport().mapToGlobal(pos))
            menu.deleteLater()


def set_entry_hidden(doc: LogDocument, entry_id: str | None, hidden: bool) -> MatchesModel:
    """Leave `entry_id` out of `doc`'s matches (or every hidden entry back in, for None);
    the log keeps its marks. Returns the document's new matches model (the shell shows it)."""
    if entry_id is None:
        doc.hidden_entries.clear()
    elif hidden:
        doc.hidden_entries.add(entry_id)
    else:
        doc.hidden_entries.discard(entry_id)
    old = doc.matches_model
    model = MatchesModel(doc.record, doc, hidden=doc.hidden_entries)
    doc.matches_model = model
    old.deleteLater()
    return model
