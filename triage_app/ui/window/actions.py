"""The window's actions (with their shortcuts) and menus, built in one place."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

Key = QKeySequence.StandardKey
translate = QCoreApplication.translate


@dataclass
class Actions:
    """Every QAction of the main window (slots are connected by the window)."""

    open: QAction
    open_sample: QAction
    paste: QAction
    recent: QMenu
    reopen_encoding: QAction
    close_tab: QAction
    export_notes: QAction
    import_notes: QAction
    export_report: QAction
    new_entry: QAction
    record_history: QAction
    clear_history: QAction
    quit: QAction
    find: QAction
    find_next: QAction
    find_previous: QAction
    next_match: QAction
    previous_match: QAction
    go_to_line: QAction
    only_matched: QAction
    first_cause: QAction
    cancel: QAction
    follow: QAction
    reload: QAction
    theme_system: QAction
    theme_light: QAction
    theme_dark: QAction
    catalogue: QAction
    view_menu: QMenu
    about: QAction

    def log_actions(self) -> list[QAction]:
        """Actions that need an open log."""
        return [
            self.reopen_encoding,
            self.close_tab,
            self.find,
            self.find_next,
            self.find_previous,
            self.next_match,
            self.previous_match,
            self.go_to_line,
            self.only_matched,
            self.first_cause,
            self.follow,
            self.reload,
        ]


def _action(window: QMainWindow, text: str, shortcut=None, tip: str = "") -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        if isinstance(shortcut, list):
            action.setShortcuts(shortcut)
        else:
            action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    window.addAction(action)  # shortcuts work wherever the focus is
    return action


def build_actions(window: QMainWindow) -> Actions:
    """Create the actions and the menu bar of `window`."""
    a = Actions(
        open=_action(
            window,
            translate("Actions", "&Open…"),
            Key.Open,
            translate("Actions", "Open one or more log files"),
        ),
        open_sample=_action(
            window,
            translate("Actions", "Open the &sample log"),
            None,
            translate("Actions", "Open the bundled sample log"),
        ),
        paste=_action(
            window,
            translate("Actions", "&Paste as new log"),
            "Ctrl+Shift+V",
            translate("Actions", "Open the clipboard's text as a log"),
        ),
        recent=QMenu(translate("Actions", "Open &recent"), window),
        reopen_encoding=_action(
            window,
            translate("Actions", "Reopen with &encoding…"),
            "Ctrl+Shift+E",
            translate("Actions", "Decode this log with another encoding when the guess was wrong"),
        ),
        close_tab=_action(
            window,
            translate("Actions", "&Close log"),
            Key.Close,
            translate("Actions", "Close this log"),
        ),
        export_notes=_action(
            window,
            translate("Actions", "E&xport notes…"),
            None,
            translate("Actions", "Save your notes to a file"),
        ),
        import_notes=_action(
            window,
            translate("Actions", "&Import notes…"),
            None,
            translate("Actions", "Merge notes from a file"),
        ),
        export_report=_action(
            window,
            translate("Actions", "Export &report…"),
            "Ctrl+Shift+R",
            translate("Actions", "A report of this log to share, secrets hidden"),
        ),
        new_entry=_action(
            window,
            translate("Actions", "&New entry from this line…"),
            "Ctrl+Shift+N",
            translate("Actions", "Teach Triage the error on the selected line"),
        ),
        record_history=_action(
            window,
            translate("Actions", "Record &history"),
            None,
            translate("Actions", "Remember which known errors scans found (never log contents)"),
        ),
        clear_history=_action(window, translate("Actions", "C&lear history…")),
        quit=_action(window, translate("Actions", "&Quit"), Key.Quit),
        find=_action(
            window,
            translate("Actions", "&Find…"),
            Key.Find,
            translate("Actions", "Find text or a regex in this log"),
        ),
        find_next=_action(window, translate("Actions", "Find ne&xt"), "Ctrl+F3"),
        find_previous=_action(window, translate("Actions", "Find pre&vious"), "Ctrl+Shift+F3"),
        next_match=_action(
            window,
            translate("Actions", "&Next match"),
            "F3",
            translate("Actions", "Go to the next matched error line"),
        ),
        previous_match=_action(
            window,
            translate("Actions", "P&revious match"),
            "Shift+F3",
            translate("Actions", "Go to the previous matched error line"),
        ),
        go_to_line=_action(window, translate("Actions", "&Go to line…"), "Ctrl+G"),
        only_matched=_action(
            window,
            translate("Actions", "Show &only matched lines"),
            "Ctrl+M",
            translate("Actions", "Hide every line that did not match"),
        ),
        first_cause=_action(
            window,
            translate("Actions", "Likely first &cause"),
            "Ctrl+1",
            translate("Actions", "Show the likely first cause of the failure"),
        ),
        cancel=_action(
            window,
            translate("Actions", "S&top opening and scanning"),
            "Ctrl+.",
            translate("Actions", "Stop work on this log"),
        ),
        follow=_action(
            window,
            translate("Actions", "&Follow the file"),
            "Ctrl+Shift+F",
            translate("Actions", "Show new lines as they are written (like tail -f)"),
        ),
        reload=_action(
            window,
            translate("Actions", "Re&load"),
            "F5",
            translate("Actions", "Read this log again from disk, keeping your place"),
        ),
        theme_system=_action(window, translate("Actions", "Follow the &system")),
        theme_light=_action(window, translate("Actions", "&Light")),
        theme_dark=_action(window, translate("Actions", "&Dark")),
        catalogue=_action(
            window,
            translate("Actions", "&Catalogue"),
            "Alt+1",
            translate("Actions", "Browse and search every known error"),
        ),
        view_menu=QMenu(translate("Actions", "&View"), window),
        about=_action(window, translate("Actions", "&About Triage"), "F1"),
    )
    a.only_matched.setCheckable(True)
    a.follow.setCheckable(True)
    group = QActionGroup(window)
    for action in (a.theme_system, a.theme_light, a.theme_dark):
        action.setCheckable(True)
        group.addAction(action)
    _menus(window, a)
    return a


def _menus(window: QMainWindow, a: Actions) -> None:
    bar = window.menuBar()
    file_menu = bar.addMenu(translate("Actions", "&File"))
    file_menu.addActions([a.open, a.open_sample, a.paste])
    file_menu.addMenu(a.recent)
    file_menu.addSeparator()
    file_menu.addActions([a.reload, a.reopen_encoding, a.close_tab])
    file_menu.addSeparator()
    file_menu.addActions([a.export_report, a.export_notes, a.import_notes])
    file_menu.addSeparator()
    file_menu.addAction(a.quit)
    log_menu = bar.addMenu(translate("Actions", "&Log"))
    log_menu.addActions([a.find, a.find_next, a.find_previous])
    log_menu.addSeparator()
    log_menu.addActions([a.next_match, a.previous_match, a.first_cause, a.go_to_line])
    log_menu.addSeparator()
    log_menu.addActions([a.only_matched, a.follow, a.cancel])
    log_menu.addSeparator()
    log_menu.addAction(a.new_entry)
    bar.addMenu(a.view_menu)
    a.view_menu.addAction(a.catalogue)
    theme = a.view_menu.addMenu(translate("Actions", "&Theme"))
    theme.addActions([a.theme_system, a.theme_light, a.theme_dark])
    a.view_menu.addSeparator()
    a.view_menu.addActions([a.record_history, a.clear_history])
    a.view_menu.addSeparator()
    help_menu = bar.addMenu(translate("Actions", "&Help"))
    help_menu.addAction(a.about)


def fill_recent_menu(
    menu: QMenu, files: list[str], on_open: Callable[[str], None], on_clear: Callable[[], None]
) -> None:
    """(Re)fill File > Open recent with `files`, newest first, and a way to clear the list."""
    menu.clear()
    for file in files:
        action = menu.addAction(file)
        action.triggered.connect(lambda _checked=False, f=file: on_open(f))
    if not files:
        menu.addAction(translate("Actions", "No recent logs")).setEnabled(False)
        return
    menu.addSeparator()
    menu.addAction(translate("Actions", "Clear the list"), on_clear)
