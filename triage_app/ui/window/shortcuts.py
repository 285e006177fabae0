"""Moving between tabs from the keyboard, and the sheet of every shortcut (Ctrl+/).

The sheet is read from the window's own actions, so it cannot drift from what the keys do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from triage_app.ui.widgets.dialog_title import fit_title

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow

NATIVE = QKeySequence.SequenceFormat.NativeText


def shortcut_rows(actions: list[QAction]) -> list[tuple[str, str]]:
    """(what it does, its keys) for every action that has a shortcut, menu order kept."""
    rows, seen = [], set()
    for action in actions:
        keys = [k.toString(NATIVE) for k in action.shortcuts() if not k.isEmpty()]
        name = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        name = name.rstrip("…").strip()
        if keys and name and (name, tuple(keys)) not in seen:
            seen.add((name, tuple(keys)))
            rows.append((name, ", ".join(keys)))
    return rows


class ShortcutSheet(QDialog):
    """A plain two-column list: what, and which keys."""

    def __init__(self, rows: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.table = QTableWidget(len(rows), 2, self)
        self.table.setObjectName("shortcutTable")
        self.table.setHorizontalHeaderLabels([self.tr("Action"), self.tr("Keys")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for row, (name, keys) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(name))
            self.table.setItem(row, 1, QTableWidgetItem(keys))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(520, 560)

    def rows(self) -> list[tuple[str, str]]:
        return [
            (self.table.item(r, 0).text(), self.table.item(r, 1).text())
            for r in range(self.table.rowCount())
        ]


class Shortcuts(QObject):
    """Next/previous tab (Ctrl+Tab, Ctrl+PgDown / Ctrl+Shift+Tab, Ctrl+PgUp), and the sheet."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.next_tab = self._action(self.tr("Next tab"), ["Ctrl+Tab", "Ctrl+PgDown"])
        self.previous_tab = self._action(self.tr("Previous tab"), ["Ctrl+Shift+Tab", "Ctrl+PgUp"])
        self.sheet_action = self._action(self.tr("Keyboard shortcuts…"), ["Ctrl+/"])
        self.next_tab.triggered.connect(lambda: self.step(1))
        self.previous_tab.triggered.connect(lambda: self.step(-1))
        self.sheet_action.triggered.connect(self.show_sheet)
        help_menu = self._help_menu()
        if help_menu is not None:
            first = help_menu.actions()[0] if help_menu.actions() else None
            help_menu.insertAction(first, self.sheet_action)

    def step(self, by: int) -> None:
        """Go `by` tabs right (negative: left), wrapping around; the catalogue tab counts."""
        tabs = self.window.tabs
        if tabs.count() > 1 and self.window.stack.currentWidget() is tabs:
            tabs.setCurrentIndex((tabs.currentIndex() + by) % tabs.count())

    def show_sheet(self) -> ShortcutSheet:
        # QWidget.actions: the window's `actions` attribute is its table of named actions
        actions = [*self._menu_actions(), *QWidget.actions(self.window)]
        sheet = ShortcutSheet(shortcut_rows(actions), self.window)
        sheet.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        fit_title(sheet).open()
        return sheet

    def _action(self, text: str, keys: list[str]) -> QAction:
        action = QAction(text, self.window)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.window.addAction(action)
        return action

    def _menu_actions(self) -> list[QAction]:
        """Every action in the menu bar, in menu order (the dock toggles live only there)."""
        found: list[QAction] = []
        pending = list(self.window.menuBar().actions())
        while pending:
            action = pending.pop(0)
            menu = action.menu()
            if menu is not None:
                pending[:0] = menu.actions()
            elif not action.isSeparator():
                found.append(action)
        return found

    def _help_menu(self):
        about = self.window.actions.about
        for action in self.window.menuBar().actions():
            menu = action.menu()
            if menu is not None and about in menu.actions():
                return menu
        return None
