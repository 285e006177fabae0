"""Bug 1 of issue 13, offscreen: only matched lines (Ctrl+M) while an unmatched line is current."""

from __future__ import annotations

from tests.ui import window_support as support
from tests.ui.window_support import wait_idle, write_log

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def test_only_matched_lines_from_an_unmatched_line(qtbot, window, tmp_path):
    window.open_paths([write_log(tmp_path / "run.log", error_at=9)])
    wait_idle(qtbot, window, tabs=1)
    view = window.tabs.current_view()
    doc = view.document
    for _ in range(3):
        view.go_to_line(4)  # an ordinary line, between the matches on lines 2 and 9
        window.actions.only_matched.setChecked(True)
        assert view.only_matched and window.actions.only_matched.isChecked()
        assert view.table.model() is doc.matched_model
        assert view.current_line() == 9  # the next matched line
        window.actions.only_matched.setChecked(False)
        assert not view.only_matched and view.current_line() == 9
