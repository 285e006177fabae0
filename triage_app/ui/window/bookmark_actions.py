"""Log > Bookmarks: toggle one on the current line (Ctrl+B), step through them (F2 and
Shift+F2), and the list of this log's bookmarks, each with its line's text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow

LISTED = 50  # bookmarks listed in the menu at most
TEXT_CHARS = 70


class BookmarkActions(QObject):
    """The Bookmarks submenu of the Log menu, for the current log view."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.menu = QMenu(self.tr("&Bookmarks"), window)
        self.toggle = self._action(self.tr("&Toggle bookmark"), "Ctrl+B")
        self.next = self._action(self.tr("&Next bookmark"), "F2")
        self.previous = self._action(self.tr("&Previous bookmark"), "Shift+F2")
        self.toggle.triggered.connect(self._on_toggle_triggered)
        self.next.triggered.connect(lambda: self._step(False))
        self.previous.triggered.connect(lambda: self._step(True))
        self.menu.aboutToShow.connect(self._on_menu_about_to_show)
        for top in window.menuBar().actions():
            menu = top.menu()
            if menu is not None and window.actions.new_entry in menu.actions():
                menu.insertMenu(window.actions.new_entry, self.menu)
                menu.insertSeparator(window.actions.new_entry)
        window.tabs.current_document_changed.connect(self._on_tabs_current_document_changed)

    def _action(self, text: str, keys: str) -> QAction:
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(keys))
        self.window.addAction(action)  # shortcuts work wherever the focus is
        return action

    def _on_menu_about_to_show(self) -> None:
        """The fixed actions, then this log's bookmarks (a click goes there)."""
        self.menu.clear()
        self.menu.addActions([self.toggle, self.next, self.previous])
        view = self.window.tabs.current_view()
        lines = view.bookmarks.lines() if view is not None else []
        self.menu.addSeparator()
        if not lines:
            self.menu.addAction(self.tr("No bookmarks in this log")).setEnabled(False)
            return
        model = view.document.lines_model
        for line in lines[:LISTED]:
            text = model.text(line - 1) if model is not None else ""
            text = text if len(text) <= TEXT_CHARS else text[: TEXT_CHARS - 1] + "…"
            item = self.menu.addAction(f"{line:,}: {text}".replace("&", "&&"))
            item.triggered.connect(lambda _on=False, n=line, v=view: v.go_to_line(n))
        if len(lines) > LISTED:
            more = self.tr("… and {count} more (F2 steps through all)").format(
                count=len(lines) - LISTED
            )
            self.menu.addAction(more).setEnabled(False)

    def _on_toggle_triggered(self) -> None:
        view = self.window.tabs.current_view()
        if view is None:
            return
        added = view.toggle_bookmark()
        if added is None:
            message = self.tr("Click a line first, then bookmark it.")
        else:
            line = f"{view.current_line():,}"
            message = (
                self.tr("Line {line} bookmarked (F2 goes to the next bookmark).")
                if added
                else self.tr("Bookmark on line {line} removed.")
            ).format(line=line)
        self.window.status.showMessage(message, 4000)

    def _step(self, backward: bool) -> None:
        view = self.window.tabs.current_view()
        if view is not None and view.next_bookmark(backward) is None:
            self.window.status.showMessage(
                self.tr("No bookmarks in this log: Ctrl+B bookmarks the current line."), 4000
            )

    def _on_tabs_current_document_changed(self, _doc: object) -> None:
        has_log = self.window.tabs.current_view() is not None
        for action in (self.toggle, self.next, self.previous):
            action.setEnabled(has_log)
        self.menu.setEnabled(has_log)
