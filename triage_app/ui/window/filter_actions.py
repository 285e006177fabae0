"""Log > Filter lines: levels to show, context lines around matches, a time range, and Show
all lines.

The choices belong to each log view; switching tabs shows that log's choices in the menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from triage_app.core import severity, timestamps
from triage_app.ui.log.level_filter import ALL_LEVELS
from triage_app.ui.window.dialogs import Dialogs

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow

CONTEXT_CHOICES = (0, 2, 5, 10)


class FilterActions(QObject):
    """The Filter lines submenu of the Log menu, wired to the current log view."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.menu = QMenu(self.tr("F&ilter lines"), window)
        names = {
            severity.ERROR: self.tr("&Errors"),
            severity.WARNING: self.tr("&Warnings"),
            severity.INFO: self.tr("&Info"),
            severity.DEBUG: self.tr("&Debug"),
        }
        self.levels: dict[str, QAction] = {}
        for level, name in names.items():
            action = self.menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(True)
            action.toggled.connect(self._on_level_toggled)
            self.levels[level] = action
        self.menu.addSeparator()
        self.context: dict[int, QAction] = {}
        group = QActionGroup(self)
        for lines in CONTEXT_CHOICES:
            action = self.menu.addAction(self._context_text(lines))
            action.setCheckable(True)
            action.setChecked(not lines)
            group.addAction(action)
            action.triggered.connect(lambda _on=False, n=lines: self._on_context_triggered(n))
            self.context[lines] = action
        self.menu.addSeparator()
        self.time_range = self.menu.addAction(self.tr("&Time range…"))
        self.time_range.triggered.connect(self._on_time_range_triggered)
        self.show_all = self.menu.addAction(self.tr("&Show all lines"))
        self.show_all.setShortcut(QKeySequence("Ctrl+Shift+M"))
        window.addAction(self.show_all)
        self.show_all.triggered.connect(self._on_show_all_triggered)
        self._syncing = False
        self.menu.aboutToShow.connect(self._sync)  # a click on the chip may have cleared
        self._insert_menu()
        window.tabs.current_document_changed.connect(self._on_tabs_current_document_changed)

    def _context_text(self, lines: int) -> str:
        """The menu text for `lines` context lines (in the language now installed)."""
        if not lines:
            return self.tr("No context lines")
        return self.tr("{n} context lines around matches").format(n=lines)

    def _insert_menu(self) -> None:
        """After "Show only matched lines" in the Log menu."""
        only = self.window.actions.only_matched
        for top in self.window.menuBar().actions():
            menu = top.menu()
            if menu is not None and only in menu.actions():
                after = menu.actions()[menu.actions().index(only) + 1]
                menu.insertMenu(after, self.menu)
                return

    def chosen_levels(self) -> frozenset[str] | None:
        chosen = frozenset(level for level, action in self.levels.items() if action.isChecked())
        return None if chosen >= ALL_LEVELS else chosen

    def _sync(self) -> None:
        """Show the current log's choices (and the texts built with a number, in the
        language now installed)."""
        for lines, action in self.context.items():
            action.setText(self._context_text(lines))
        view = self.window.tabs.current_view()
        levels = view.level_filter.levels if view is not None else None
        matched = view.document.matched_model if view is not None else None
        self._syncing = True
        try:
            for level, action in self.levels.items():
                action.setChecked(levels is None or level in levels)
            self.context.get(matched.context if matched else 0, self.context[0]).setChecked(True)
        finally:
            self._syncing = False

    def _on_level_toggled(self, _on: bool) -> None:
        view = self.window.tabs.current_view()
        if view is not None and not self._syncing:
            view.set_levels(self.chosen_levels())

    def _on_context_triggered(self, lines: int) -> None:
        view = self.window.tabs.current_view()
        if view is not None:
            view.set_context(lines)

    def _on_time_range_triggered(self) -> None:
        """Ask for a time range (the log's levels and times are read first, if need be)."""
        view = self.window.tabs.current_view()
        if view is None:
            return
        span = view.level_filter.stamp_span()
        if span is None:
            if view.level_filter.rows_read < view.document.line_count:
                view.level_filter.read_levels()
                message = self.tr("Reading the log's times… choose Time range again in a moment.")
            else:
                message = self.tr("This log states no times (no dates or clock times found).")
            self.window.status.showMessage(message, 6000)
            return
        current = view.level_filter.time_range or span
        answer = Dialogs.ask_time_range(self.window, *(timestamps.text(t) for t in current))
        if answer is None:
            return
        low, high = (timestamps.parse_user_time(text, span[0]) for text in answer)
        if low is None or high is None or low > high:
            self.window.report(
                self.tr("Not a time range: write times as 2026-11-28 03:18 or 03:18:30."),
                "warning",
            )
            return
        view.set_time_range((low, high))

    def _on_show_all_triggered(self) -> None:
        view = self.window.tabs.current_view()
        if view is not None:
            view.clear_filters()
            self._sync()

    def _on_tabs_current_document_changed(self, _doc: object) -> None:
        self._sync()
        has_log = self.window.tabs.current_view() is not None
        self.menu.setEnabled(has_log)
        self.show_all.setEnabled(has_log)
