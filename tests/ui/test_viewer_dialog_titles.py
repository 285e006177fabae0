"""Issue 13: dialog titles are not cut off. Every dialog the window opens is at least as wide
as its title plus the frame's icon and buttons (`widgets/dialog_title.py`), in English and
in Chinese; and F1 still opens About (Ctrl+/ is the shortcut sheet)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from tests.ui import window_support as support
from tests.ui.window_support import wait_idle, write_log
from triage_app.ui.widgets.dialog_title import fit_title, title_width
from triage_app.ui.window.dialogs import Dialogs
from triage_app.ui.window.language import install_language

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


@pytest.fixture
def shown(monkeypatch):
    """Dialogs shown instead of run: (title, width it was shown at, width its title needs)."""
    seen: list[tuple[str, int, int]] = []

    def record(dialog: QDialog, *_args) -> int:
        dialog.show()
        QApplication.processEvents()
        seen.append((dialog.windowTitle(), dialog.width(), title_width(dialog)))
        dialog.hide()
        return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(QDialog, "exec", record)
    monkeypatch.setattr(QMessageBox, "exec", record)
    monkeypatch.setattr(QDialog, "open", record)
    monkeypatch.setattr(QMessageBox, "open", record)
    return seen


def open_every_dialog(window) -> None:
    Dialogs.ask_line(window, 1, 20)
    Dialogs.ask_encoding(window, "utf-8")
    Dialogs.ask_time_range(window, "10:00", "11:00")
    Dialogs.confirm(window, window.tr("Clear history"), "?")
    Dialogs.confirm_discard_notes(window)
    Dialogs.about(window, 2, "0123456789abcdef")
    window.shortcuts.show_sheet()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_dialog_is_as_wide_as_its_title(qtbot, qapp, window, shown, language):
    install_language(qapp, language)
    try:
        open_every_dialog(window)
    finally:
        install_language(qapp, "en")
    assert len(shown) == 7
    for title, width, needed in shown:
        assert title
        assert width >= needed, f"{title!r}: {width} px wide, its title needs {needed}"


def test_a_message_box_is_narrower_than_its_title_unless_fitted(qtbot):
    """What fit_title is for: Qt sizes a message box by its text, not its title."""
    title = "A title much longer than the one word of text below it"
    plain = QMessageBox(QMessageBox.Icon.Question, title, "Sure?")
    fitted = fit_title(QMessageBox(QMessageBox.Icon.Question, title, "Sure?"))
    for box in (plain, fitted):
        qtbot.addWidget(box)
        box.show()
    QApplication.processEvents()
    assert plain.width() < title_width(plain) <= fitted.width()


def test_f1_opens_about_and_the_sheet_says_so(qtbot, window, tmp_path, shown):
    window.open_paths([write_log(tmp_path / "run.log")])
    wait_idle(qtbot, window, tabs=1)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=support.HANG)
    target = QApplication.focusWidget() or window
    qtbot.keyClick(target, Qt.Key.Key_F1)
    assert [title for title, _w, _n in shown] == ["About Triage"]
