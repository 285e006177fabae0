"""Level filter, context lines and the filter chip (issue 13): the chosen levels only (a
traceback stays with its error), context around matches in "only matched lines", a chip that
says what is hidden, and one click to show every line again."""

from __future__ import annotations

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle
from triage_app.core import severity
from triage_app.ui.log.lines_model import SOURCE_ROW_ROLE

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window

LINES = [
    "2026-01-01 10:00:01 DEBUG loading config",  # 1
    "2026-01-01 10:00:02 INFO step 1 ok",  # 2
    "2026-01-01 10:00:03 WARN slow disk",  # 3
    "2026-01-01 10:00:04 INFO step 2 ok",  # 4
    "2026-01-01 10:00:05 ERROR OSError: [Errno 28] No space left on device",  # 5
    "Traceback (most recent call last):",  # 6: no level, belongs to line 5
    '  File "train.py", line 3, in <module>',  # 7
    "2026-01-01 10:00:06 INFO step 3 ok",  # 8
    "2026-01-01 10:00:07 INFO step 4 ok",  # 9
    "2026-01-01 10:00:08 INFO step 5 ok",  # 10
    "2026-01-01 10:00:09 INFO step 6 ok",  # 11
    "2026-01-01 10:00:10 ERROR checkpoint write failed: step 6",  # 12
    "2026-01-01 10:00:11 INFO step 7 ok",  # 13
]


def shown_lines(view) -> list[int]:
    model = view.table.model()
    return [model.index(r, 0).data(SOURCE_ROW_ROLE) + 1 for r in range(model.rowCount())]


def open_levels_log(qtbot, window, tmp_path):
    log = tmp_path / "levels.log"
    log.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    return window.tabs.current_view()


def test_level_filter_keeps_tracebacks_and_the_chip_clears_it(qtbot, window, tmp_path):
    view = open_levels_log(qtbot, window, tmp_path)
    assert not view.chip.isVisible()
    menu = window.filter_actions
    menu.levels[severity.INFO].setChecked(False)
    menu.levels[severity.DEBUG].setChecked(False)
    qtbot.waitUntil(lambda: shown_lines(view) == [3, 5, 6, 7, 12], timeout=HANG)
    assert view.chip.isVisible()
    text = view.chip.label.text()
    assert "levels ERROR, WARN" in text and "Showing 5 of 13 lines" in text
    view.go_to_line(12)
    menu.levels[severity.WARNING].setChecked(False)
    qtbot.waitUntil(lambda: shown_lines(view) == [5, 6, 7, 12], timeout=HANG)
    assert view.current_line() == 12  # the user's line stays
    view.chip.clear_button.click()
    assert len(shown_lines(view)) == 13 and not view.chip.isVisible()
    assert view.current_line() == 12
    menu.menu.aboutToShow.emit()
    assert all(action.isChecked() for action in menu.levels.values())


def test_context_lines_around_matches_and_going_to_a_hidden_line(qtbot, window, tmp_path):
    view = open_levels_log(qtbot, window, tmp_path)
    window.actions.only_matched.setChecked(True)
    assert shown_lines(view) == [5, 12]
    assert view.chip.isVisible() and "only matched lines" in view.chip.label.text()
    window.filter_actions.context[2].trigger()
    assert shown_lines(view) == [3, 4, 5, 6, 7, 10, 11, 12, 13]
    assert "2 lines of context" in view.chip.label.text()
    matched = view.document.matched_model
    assert matched.is_context(3) and not matched.is_context(4)  # rows are 0-based
    window.filter_actions.levels[severity.INFO].setChecked(False)
    qtbot.waitUntil(lambda: shown_lines(view) == [3, 5, 6, 7, 12], timeout=HANG)
    assert view.go_to_line(9)  # hidden: every filter goes, the line is shown
    assert view.current_line() == 9 and len(shown_lines(view)) == 13
    assert not window.actions.only_matched.isChecked() and not view.chip.isVisible()


def test_show_all_lines_shortcut_clears_every_filter(qtbot, window, tmp_path):
    view = open_levels_log(qtbot, window, tmp_path)
    window.actions.only_matched.setChecked(True)
    window.filter_actions.levels[severity.ERROR].setChecked(False)
    qtbot.waitUntil(lambda: view.level_filter.model is not None, timeout=HANG)
    assert shown_lines(view) == []
    assert "Showing 0 of 13 lines" in view.chip.label.text()
    window.filter_actions.show_all.trigger()
    assert len(shown_lines(view)) == 13 and not view.chip.isVisible()
    assert window.filter_actions.levels[severity.ERROR].isChecked()


def test_time_range_keeps_the_lines_written_then(qtbot, window, tmp_path, monkeypatch):
    from triage_app.ui.window.dialogs import Dialogs

    view = open_levels_log(qtbot, window, tmp_path)
    menu = window.filter_actions
    asked = []
    monkeypatch.setattr(
        Dialogs,
        "ask_time_range",
        classmethod(lambda cls, parent, a, b: asked.append((a, b)) or ("10:00:04", "10:00:08")),
    )
    menu.time_range.trigger()  # first, the times are read (the status bar says so)
    qtbot.waitUntil(lambda: view.level_filter.stamp_span() is not None, timeout=HANG)
    menu.time_range.trigger()
    assert asked == [("2026-01-01 10:00:01", "2026-01-01 10:00:11")]
    # 10:00:04 to 10:00:08: the error, its traceback (no time of its own) and steps 3-5.
    qtbot.waitUntil(lambda: shown_lines(view) == [4, 5, 6, 7, 8, 9, 10], timeout=HANG)
    text = view.chip.label.text()
    assert "from 2026-01-01 10:00:04 to 2026-01-01 10:00:08" in text
    assert "Showing 7 of 13 lines" in text
    menu.levels[severity.INFO].setChecked(False)  # both filters at once
    qtbot.waitUntil(lambda: shown_lines(view) == [5, 6, 7], timeout=HANG)
    monkeypatch.setattr(
        Dialogs, "ask_time_range", classmethod(lambda cls, parent, a, b: ("10:00:09", "later"))
    )
    menu.time_range.trigger()
    assert "Not a time range" in window.banner.label.text()
    menu.show_all.trigger()
    assert len(shown_lines(view)) == 13 and view.level_filter.time_range is None
