"""Issue 13: Ctrl+Tab / Ctrl+PgUp / Ctrl+PgDown between tabs; a shortcut sheet on Ctrl+/."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from tests.ui import window_support as support
from tests.ui.window_support import wait_idle, write_log
from triage_app.ui.window.shortcuts import ShortcutSheet

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def press(qtbot, window, key, modifiers=Qt.KeyboardModifier.ControlModifier) -> None:
    """A key press where the user's focus is (the log table), as the keyboard sends it."""
    target = QApplication.focusWidget() or window
    qtbot.keyClick(target, key, modifiers)


def test_ctrl_tab_and_ctrl_page_keys_move_between_tabs(qtbot, window, tmp_path):
    window.open_paths([write_log(tmp_path / "a.log"), write_log(tmp_path / "b.log")])
    wait_idle(qtbot, window, tabs=2)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=support.HANG)
    tabs = window.tabs
    tabs.setCurrentIndex(1)  # a.log (the catalogue is tab 0)
    tabs.currentWidget().table.setFocus()
    press(qtbot, window, Qt.Key.Key_Tab)
    assert tabs.currentIndex() == 2
    press(qtbot, window, Qt.Key.Key_PageDown)
    assert tabs.currentIndex() == 0  # wraps around to the catalogue
    press(qtbot, window, Qt.Key.Key_PageUp)
    assert tabs.currentIndex() == 2
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    press(qtbot, window, Qt.Key.Key_Backtab, shift_ctrl)
    assert tabs.currentIndex() == 1


def test_the_shortcut_sheet_lists_the_windows_shortcuts(qtbot, window):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=support.HANG)
    press(qtbot, window, Qt.Key.Key_Slash)
    sheet = window.findChild(ShortcutSheet)
    assert sheet is not None and sheet.isVisible()
    rows = dict(sheet.rows())
    native = QKeySequence.SequenceFormat.NativeText
    assert rows["Find"] == QKeySequence(QKeySequence.StandardKey.Find).toString(native)
    assert rows["Next tab"] == "Ctrl+Tab, Ctrl+PgDown"
    assert rows["Keyboard shortcuts"] == "Ctrl+/"
    assert "Alt+2" in rows.values()  # the entry panel's toggle, from the View menu
    assert len(rows) >= 15
