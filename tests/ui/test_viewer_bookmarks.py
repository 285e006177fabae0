"""Bookmarks (issue 13): toggled from the keyboard or a line's menu, stepped through with
F2/Shift+F2, listed in Log > Bookmarks, painted in the gutter and kept per file between runs.
Also the menu items added with them: hide an entry in this log, add a note from the catalogue."""

from __future__ import annotations

from PySide6.QtGui import QColor

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle, write_log
from triage_app.core.catalog import load_catalog
from triage_app.ui.log.context_menus import LineMenu
from triage_app.ui.log.delegates import BOOKMARK
from triage_app.ui.log.matches_model import ENTRY_ID_ROLE
from triage_app.ui.window.main_window import MainWindow

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def open_one(qtbot, window, log):
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    return window.tabs.current_view()


def menu_texts(menu) -> list[str]:
    return [a.text() for a in menu.actions()]


def test_bookmarks_toggle_step_list_and_survive_a_restart(
    qtbot, window, tmp_path, records_dir, notes_store
):
    log = write_log(tmp_path / "run.log", lines=40)
    view = open_one(qtbot, window, log)
    marks = window.bookmark_actions
    view.go_to_line(30)
    marks.toggle.trigger()
    view.go_to_line(8)
    marks.toggle.trigger()
    assert view.bookmarks.lines() == [8, 30]
    view.go_to_line(1)
    marks.next.trigger()
    assert view.current_line() == 8
    marks.next.trigger()
    assert view.current_line() == 30
    marks.next.trigger()
    assert view.current_line() == 8  # wraps
    marks.previous.trigger()
    assert view.current_line() == 30
    marks.menu.aboutToShow.emit()
    listed = [t for t in menu_texts(marks.menu) if t[:1].isdigit()]
    assert listed == [
        "8: 2026-01-01 10:00:08 INFO step 8 ok",
        "30: 2026-01-01 10:00:30 INFO step 30 ok",
    ]
    # The gutter of a bookmarked line is painted with the bookmark colour.
    view.go_to_line(1)
    view.table.scrollToTop()
    image = view.table.viewport().grab().toImage()
    y = view.table.visualRect(view.table.model().index(7, 0)).center().y()
    painted = image.pixelColor(view.delegate.gutter_width() - 4, y)
    assert painted != image.pixelColor(
        view.delegate.gutter_width() - 4, y + view.delegate.row_height
    )
    assert painted.blue() > painted.red()
    # A line's menu toggles it too.
    menus = view.findChild(LineMenu)
    pos = view.table.visualRect(view.table.model().index(7, 0)).center()
    menu = menus.menu_at(pos)
    [remove] = [a for a in menu.actions() if a.text() == "Remove the bookmark"]
    remove.trigger()
    assert view.bookmarks.lines() == [30]
    window.close()
    # Another window (a restart): the log's bookmarks are back.
    again = MainWindow(load_catalog([records_dir]), [records_dir], notes_store)
    qtbot.addWidget(again)
    view = open_one(qtbot, again, log)
    assert view.bookmarks.lines() == [30]
    assert QColor(BOOKMARK).alpha() > 0


def test_hide_an_entry_in_this_log_and_show_it_again(qtbot, window, tmp_path):
    open_one(qtbot, window, write_log(tmp_path / "run.log"))
    doc = window.tabs.current_document()
    assert doc.matches_model.group_count() == 2
    tree = window.matches_panel.tree
    first = tree.model().index(0, 0)
    hidden = first.data(ENTRY_ID_ROLE)
    menu = window.context_menus.matches.menu_at(tree.visualRect(first).center())
    [hide] = [a for a in menu.actions() if a.text() == "Hide this entry in this log"]
    hide.trigger()
    model = tree.model()
    assert model is doc.matches_model and model.group_count() == 1
    assert model.index(0, 0).data(ENTRY_ID_ROLE) != hidden
    assert window.entry_panel.entry_id != hidden
    assert doc.match_for_line(5) is not None  # the log keeps its marks
    menu = window.context_menus.matches.menu_at(tree.visualRect(model.index(0, 0)).center())
    [show] = [a for a in menu.actions() if a.text() == "Show hidden entries (1)"]
    show.trigger()
    assert tree.model().group_count() == 2 and not doc.hidden_entries


def test_catalogue_row_menu_adds_a_note(qtbot, window):
    window.show_catalogue()
    window.browser.apply_filters()
    model = window.browser.model
    row = next(r for r in range(model.rowCount()) if model.entry_id(r) == "linux/test-write-failed")
    pos = window.browser.table.visualRect(model.index(row, 0)).center()
    menu = window.context_menus.rows.menu_at(pos)
    [add] = [a for a in menu.actions() if a.text() == "Add a note…"]
    add.trigger()
    assert window.entry_panel.entry_id == "linux/test-write-failed"
    editors = window.entry_panel.notes_panel.editors()
    assert len(editors) == 1
    qtbot.waitUntil(lambda: editors[0].isVisible(), timeout=HANG)
