"""Right-click menus (issue 13): on log lines, on matches, on catalogue rows."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle, write_log
from triage_app.core import paths
from triage_app.ui.catalog.new_entry_dialog import NewEntryDialog
from triage_app.ui.log.context_menus import LineMenu

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def action(menu: QMenu, text: str):
    found = [a for a in menu.actions() if a.text() == text]
    assert found, f"{text!r} not in {[a.text() for a in menu.actions()]}"
    return found[0]


def open_one(qtbot, window, tmp_path):
    window.open_paths([write_log(tmp_path / "run.log")])
    wait_idle(qtbot, window, tabs=1)
    return window.tabs.current_view()


def line_pos(view, line: int):
    return view.table.visualRect(view.table.model().index(line - 1, 0)).center()


def test_log_line_menu_copies_searches_and_starts_a_new_entry(qtbot, window, tmp_path):
    view = open_one(qtbot, window, tmp_path)
    menus = view.findChild(LineMenu)
    menu = menus.menu_at(line_pos(view, 3))
    assert view.current_line() == 3  # a right-click selects the line under the pointer
    action(menu, "Copy").trigger()
    assert QGuiApplication.clipboard().text() == "2026-01-01 10:00:03 INFO step 3 ok"
    action(menu, "Copy with line numbers").trigger()
    assert QGuiApplication.clipboard().text() == "3: 2026-01-01 10:00:03 INFO step 3 ok"
    menu = menus.menu_at(line_pos(view, 5))
    action(menu, "Search the catalogue for this line").trigger()
    assert window.tabs.currentWidget() is window.browser
    assert "No space left on device" in window.browser.search_box.text()
    assert window.browser.model.entry_id(0) == "linux/test-disk-full"
    window.tabs.setCurrentWidget(view)
    menu = menus.menu_at(line_pos(view, 7))
    action(menu, "New entry from this line…").trigger()
    dialog = window.findChild(NewEntryDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.line == "2026-01-01 10:00:07 INFO step 7 ok"


def test_a_saved_new_entry_is_in_the_next_scans(qtbot, window, tmp_path):
    user = paths.user_records_dir()
    assert all(d.resolve() != user.resolve() for d in window.tabs.catalog_dirs)
    line = "2026-01-01 10:00:07 ERROR ledger sync refused: code 7"
    log = tmp_path / "ledger.log"
    log.write_text(f"start\n{line}\nend\n", encoding="utf-8")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    assert window.tabs.current_document().match_for_line(2) is None  # unknown so far
    window.tabs.current_view().go_to_line(2)
    window.context_menus.new_entry(line)
    dialog = window.findChildren(NewEntryDialog)[-1]
    dialog.entry_id.setText("local/ledger-sync-refused")
    dialog.root_cause.setPlainText("The ledger service refuses syncs while it migrates.")
    with qtbot.waitSignal(dialog.entry_saved, timeout=HANG):
        dialog._on_buttons_accepted()
    assert user.resolve() in [d.resolve() for d in window.tabs.catalog_dirs]
    again = tmp_path / "ledger-2.log"
    again.write_text("start\n" + line.replace("7", "9") + "\n", encoding="utf-8")
    window.open_paths([again])
    wait_idle(qtbot, window, tabs=2)
    match = window.tabs.current_document().match_for_line(2)
    assert match is not None and match.top.entry_id == "local/ledger-sync-refused"


def test_matches_menu_copies_and_goes_to_the_entry(qtbot, window, tmp_path):
    open_one(qtbot, window, tmp_path)
    tree = window.matches_panel.tree
    pos = tree.visualRect(tree.model().index(0, 0)).center()
    menu = window.context_menus.matches.menu_at(pos)
    action(menu, "Copy").trigger()
    text = QGuiApplication.clipboard().text()
    assert text == "5: 2026-01-01 10:00:05 ERROR OSError: [Errno 28] No space left on device"
    action(menu, "Go to entry").trigger()
    assert window.tabs.currentWidget() is window.browser
    assert window.browser.table.currentIndex().isValid()
    row = window.browser.table.currentIndex().row()
    assert window.browser.model.entry_id(row) == "linux/test-disk-full"
    assert window.entry_panel.entry_id == "linux/test-disk-full"


def test_catalogue_row_menu_opens_and_copies_the_id(qtbot, window):
    window.show_catalogue()
    window.browser.apply_filters()
    table = window.browser.table
    row = next(
        r
        for r in range(window.browser.model.rowCount())
        if window.browser.model.entry_id(r) == "linux/test-write-failed"
    )
    pos = table.visualRect(window.browser.model.index(row, 0)).center()
    menu = window.context_menus.rows.menu_at(pos)
    action(menu, "Copy id").trigger()
    assert QGuiApplication.clipboard().text() == "linux/test-write-failed"
    action(menu, "Open").trigger()
    assert window.entry_panel.entry_id == "linux/test-write-failed"
    assert menu.parent() is table
