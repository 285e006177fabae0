"""The matches panel, the entry panel link, and moving around a log."""

from __future__ import annotations

from tests.ui import window_support as support
from tests.ui.window_support import HANG, visible_text, wait_idle, write_log
from triage_app.ui.log.matches_model import ENTRY_ID_ROLE, LINE_ROLE
from triage_app.ui.window.dialogs import Dialogs

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def open_one(qtbot, window, tmp_path, **kwargs):
    log = write_log(tmp_path / "run.log", **kwargs)
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    return window.tabs.current_document(), window.tabs.current_view()


def test_cause_is_above_its_consequence_even_when_it_comes_later(qtbot, window, tmp_path):
    doc, _view = open_one(qtbot, window, tmp_path, error_at=7)
    model = doc.matches_model
    assert model.group_count() == 2
    first = model.index(0, 0)
    assert first.data(ENTRY_ID_ROLE) == "linux/test-disk-full"  # line 7 leads to line 2's
    assert model.index(1, 0).data(ENTRY_ID_ROLE) == "linux/test-write-failed"
    assert model.index(0, 1).data() == "1"
    assert model.index(0, 2).data() == "7"
    assert model.index(0, 3).data() == "regex"
    assert "Likely first cause: linux/test-disk-full" in window.matches_panel.summary.text()


def test_selecting_a_match_shows_its_root_cause_and_jumps_to_the_line(qtbot, window, tmp_path):
    _doc, view = open_one(qtbot, window, tmp_path, error_at=7)
    assert window.matches_panel.select_first()
    assert view.current_line() == 7
    text = visible_text(window.entry_panel)
    assert "filesystem holding the checkpoint directory ran out of free blocks" in text


def test_clicking_an_occurrence_jumps_to_its_line(qtbot, window, tmp_path):
    doc, view = open_one(qtbot, window, tmp_path)
    tree = window.matches_panel.tree
    group = doc.matches_model.index(1, 0)
    occurrence = doc.matches_model.index(0, 0, group)
    assert occurrence.data(LINE_ROLE) == 2
    tree.setCurrentIndex(occurrence)
    assert view.current_line() == 2
    assert "Writing the checkpoint did not complete" in visible_text(window.entry_panel)


def test_selecting_a_matched_line_in_the_log_selects_it_in_the_panel(qtbot, window, tmp_path):
    _doc, view = open_one(qtbot, window, tmp_path)
    view.go_to_line(5)
    current = window.matches_panel.tree.currentIndex()
    assert current.data(LINE_ROLE) == 5
    assert "ran out of free blocks" in visible_text(window.entry_panel)


def test_next_and_previous_match_wrap_around(qtbot, window, tmp_path):
    _doc, view = open_one(qtbot, window, tmp_path, error_at=9)
    view.go_to_line(1)
    window.actions.next_match.trigger()
    assert view.current_line() == 2
    window.actions.next_match.trigger()
    assert view.current_line() == 9
    window.actions.next_match.trigger()
    assert view.current_line() == 2
    window.actions.previous_match.trigger()
    assert view.current_line() == 9


def test_only_matched_lines_toggle(qtbot, window, tmp_path):
    doc, view = open_one(qtbot, window, tmp_path, error_at=9)
    view.go_to_line(9)
    window.actions.only_matched.setChecked(True)
    assert view.table.model() is doc.matched_model
    assert view.table.model().rowCount() == 2
    assert view.current_line() == 9
    view.go_to_line(4)  # not matched: the filter turns itself off to show it
    assert not view.only_matched
    assert not window.actions.only_matched.isChecked()
    assert view.current_line() == 4


def test_go_to_line(qtbot, window, tmp_path, monkeypatch):
    _doc, view = open_one(qtbot, window, tmp_path)
    monkeypatch.setattr(Dialogs, "ask_line", classmethod(lambda cls, p, cur, most: 17))
    window.actions.go_to_line.trigger()
    assert view.current_line() == 17
    monkeypatch.setattr(Dialogs, "ask_line", classmethod(lambda cls, p, cur, most: 999))
    window.actions.go_to_line.trigger()
    assert "not in this log" in window.status.currentMessage()


def test_find_plain_and_regex_forward_and_backward(qtbot, window, tmp_path):
    _doc, view = open_one(qtbot, window, tmp_path)
    window.actions.find.trigger()
    bar = view.find_bar
    assert bar.isVisible()
    view.go_to_line(1)
    bar.edit.setText("STEP 1")  # plain text, any case: line 2 ("step 10"), then line 10
    window.actions.find_next.trigger()
    qtbot.waitUntil(lambda: view.current_line() == 2, timeout=HANG)
    window.actions.find_next.trigger()
    qtbot.waitUntil(lambda: view.current_line() == 10, timeout=HANG)
    bar.regex.setChecked(True)
    bar.edit.setText(r"step 1[5-6] ok")
    view.go_to_line(3)
    view.find(backward=True)
    qtbot.waitUntil(lambda: view.current_line() == 16, timeout=HANG)  # wrapped around
    view.find(backward=True)
    qtbot.waitUntil(lambda: view.current_line() == 15, timeout=HANG)
    bar.edit.setText("no such text anywhere")
    bar.regex.setChecked(False)
    view.find()
    qtbot.waitUntil(lambda: bar.status.text() == "Not found", timeout=HANG)
    bar.edit.setText("([")
    bar.regex.setChecked(True)
    view.find()
    assert bar.status.text().startswith("Invalid regex")


def test_when_the_scan_ends_the_first_cause_is_shown(qtbot, window, tmp_path):
    doc, view = open_one(qtbot, window, tmp_path, error_at=7)
    qtbot.waitUntil(lambda: window.entry_panel.entry_id is not None, timeout=10000)
    first = doc.matches_model.index(0, 0).data(ENTRY_ID_ROLE)
    assert window.entry_panel.entry_id == first
    assert view.current_line() == doc.matches_model.index(0, 0).data(LINE_ROLE)
