"""Painting a screenful of new lines (a followed log) lexes them in slices: a turn of the
event loop colours what its budget allows, paints the rest plain (their matches still
marked) and asks for another paint, so every line ends up coloured without one long stall."""

from __future__ import annotations

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle, write_log
from triage_app.ui.log import delegates

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def test_new_lines_are_coloured_a_slice_per_turn(qtbot, window, tmp_path, monkeypatch):
    window.open_paths([write_log(tmp_path / "run.log", lines=60)])
    wait_idle(qtbot, window, tabs=1)
    view = window.tabs.current_view()
    delegate = view.delegate
    viewport = view.table.viewport()
    visible = view.table.rowAt(viewport.height() - 1) - view.table.rowAt(0) + 1
    assert visible > 3
    monkeypatch.setattr(delegates, "LEX_BUDGET_S", 0.0)  # one line per turn
    delegate.set_find_pattern(None)  # (drops the cached layouts)
    with qtbot.waitSignal(delegate.repaint_wanted, timeout=HANG):
        viewport.repaint()
        assert len(delegate._layouts) == 1  # one line coloured, the others painted plain
    qtbot.waitUntil(lambda: len(delegate._layouts) >= visible, timeout=HANG)
    with qtbot.assertNotEmitted(delegate.repaint_wanted, wait=100):
        viewport.repaint()  # all coloured: nothing more to do
