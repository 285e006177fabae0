"""Themes, the catalogue tab, scroll-bar markers, drag feedback, copying, odd encodings."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication

from tests.ui import window_support as support
from tests.ui.window_support import (
    HANG,
    drop_files,
    file_mime,
    send_drag_enter,
    visible_text,
    wait_idle,
    write_log,
)
from triage_app.ui.log.scrollbar import MarkerScrollBar
from triage_app.ui.window.theme import ThemeManager

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def test_theme_override_and_back(qtbot, qapp):
    style, palette = qapp.style().name(), qapp.palette()
    try:
        theme = ThemeManager(qapp, "light")
        assert not theme.dark
        with qtbot.waitSignal(theme.theme_changed, timeout=HANG) as blocker:
            theme.set_mode("dark")
        assert blocker.args == [True]
        assert qapp.palette().color(QPalette.ColorRole.Window).lightness() < 80
        theme.set_mode("light")
        assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 200
        theme.set_mode("system")  # offscreen has no preference: light
        assert not theme.dark
    finally:
        qapp.setStyle(style)
        qapp.setPalette(palette)


def test_catalogue_tab_without_a_log(qtbot, window):
    assert window.stack.currentWidget() is window.empty_state
    window.actions.catalogue.trigger()
    assert window.stack.currentWidget() is window.tabs
    assert window.tabs.currentWidget() is window.browser
    window.browser.entry_selected.emit("linux/test-write-failed")
    assert "Writing the checkpoint did not complete" in visible_text(window.entry_panel)


def test_scroll_bar_marks_matched_rows(qtbot):
    bar = MarkerScrollBar()
    qtbot.addWidget(bar)
    bar.resize(16, 400)
    bar.setRange(0, 1000)
    bar.show()
    assert bar.marker_pixels() == []
    bar.set_markers([10, 11, 500, 900], [900], 1000)  # every matched row, fuzzy ones
    pixels = bar.marker_pixels()
    regex = [y for y, is_regex in pixels if is_regex]
    fuzzy = [y for y, is_regex in pixels if not is_regex]
    assert len(regex) == 2 and len(fuzzy) == 1  # rows 10 and 11 share a tick
    assert regex[0] < regex[1] < fuzzy[0]
    bar.grab()  # paints without error


def test_dragging_files_over_the_first_screen_lights_it_up(qtbot, window, tmp_path):
    log = write_log(tmp_path / "run.log")
    send_drag_enter(window, file_mime([log]))
    assert window.empty_state._hovering
    assert "Drop to open" in window.status.currentMessage()
    drop_files(window, [log])
    assert not window.empty_state._hovering
    wait_idle(qtbot, window, tabs=1)


def test_ctrl_c_copies_every_selected_line(qtbot, window, tmp_path):
    log = tmp_path / "ansi.log"
    log.write_text("one\n\x1b[31mtwo\x1b[0m\nthree\n", encoding="utf-8")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    view = window.tabs.current_view()
    selection = view.table.selectionModel()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for row in (1, 2):
        selection.select(view.table.model().index(row, 0), flags)
    key = QKeySequence(QKeySequence.StandardKey.Copy)[0]
    event = QKeyEvent(QKeyEvent.Type.KeyPress, key.key(), key.keyboardModifiers())
    QApplication.sendEvent(view.table, event)
    assert QGuiApplication.clipboard().text() == "two\nthree"


def test_utf16_log_is_detected_and_matched(qtbot, window, tmp_path):
    log = tmp_path / "powershell.log"
    text = "PS> Start-Job\r\nERROR: No space left on device\r\ndone\r\n"
    log.write_bytes(text.encode("utf-16"))  # with a BOM, as PowerShell writes
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    doc = window.tabs.current_document()
    assert doc.info.encoding.startswith("utf-16")
    assert doc.line_count == 3
    assert doc.lines_model.text(1) == "ERROR: No space left on device"
    assert doc.match_for_line(2) is not None
    assert "utf-16" in window.status.facts.text()


def test_matched_line_is_painted_with_its_span(qtbot, window, tmp_path):
    window.open_paths([write_log(tmp_path / "run.log")])
    wait_idle(qtbot, window, tabs=1)
    view = window.tabs.current_view()
    view.go_to_line(5)
    image = view.table.viewport().grab().toImage()
    assert not image.isNull()
    qtbot.waitUntil(lambda: view.delegate.widest > 0, timeout=HANG)  # rows were painted
