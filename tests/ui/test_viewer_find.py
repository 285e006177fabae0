"""Find with a hit count (issue 13): the bar says "3 of 120" while stepping through the hits,
every hit on the painted lines is highlighted, and a new pattern is counted again."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def open_numbered(qtbot, window, tmp_path, lines: int = 300):
    log = tmp_path / "steps.log"
    text = "".join(
        f"2026-01-01 10:00:00 INFO step {n} {'retrying upload' if n % 25 == 0 else 'ok'}\n"
        for n in range(1, lines + 1)
    )
    log.write_text(text, encoding="utf-8")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    return window.tabs.current_view()


def test_stepping_through_hits_says_which_of_how_many(qtbot, window, tmp_path):
    view = open_numbered(qtbot, window, tmp_path)
    finder, bar = view.finder, view.find_bar
    window.actions.find.trigger()
    view.go_to_line(1)
    bar.edit.setText("RETRYING")
    qtbot.waitUntil(lambda: finder.hits is not None, timeout=HANG)
    assert finder.hits.total == 12 and finder.hits.rows[:2] == [24, 49]
    assert bar.status.text() == "12 lines"  # line 1 is not a hit
    window.actions.find_next.trigger()
    qtbot.waitUntil(lambda: view.current_line() == 25, timeout=HANG)
    assert bar.status.text() == "1 of 12"
    window.actions.find_next.trigger()
    qtbot.waitUntil(lambda: bar.status.text() == "2 of 12", timeout=HANG)
    assert view.current_line() == 50
    window.actions.find_previous.trigger()
    qtbot.waitUntil(lambda: bar.status.text() == "1 of 12", timeout=HANG)
    window.actions.find_previous.trigger()
    qtbot.waitUntil(lambda: bar.status.text() == "12 of 12", timeout=HANG)  # wrapped
    assert view.current_line() == 300
    bar.regex.setChecked(True)
    bar.edit.setText(r"step 1\d\d ")
    qtbot.waitUntil(lambda: finder.hits is not None and finder.hits.total == 100, timeout=HANG)
    bar.edit.setText("nowhere to be seen")
    qtbot.waitUntil(lambda: bar.status.text() == "Not found", timeout=HANG)


def test_every_hit_in_view_is_highlighted(qtbot, window, tmp_path):
    view = open_numbered(qtbot, window, tmp_path, lines=60)
    view.go_to_line(1)
    view.table.scrollToTop()
    find_bg = QColor(view.delegate._formats.find.background().color())

    def rows_with_hits() -> set[int]:
        image: QImage = view.table.viewport().grab().toImage()
        return {
            view.table.rowAt(y)
            for y in range(0, image.height(), 2)
            for x in range(0, image.width(), 3)
            if image.pixelColor(x, y) == find_bg
        }

    assert rows_with_hits() == set()
    window.actions.find.trigger()
    view.find_bar.edit.setText("retrying")
    visible = view.table.rowAt(view.table.viewport().height() - 1)
    expected = {n - 1 for n in range(1, visible + 1) if n % 25 == 0}  # rows 24, 49 on screen
    assert expected
    qtbot.waitUntil(lambda: rows_with_hits() == expected, timeout=HANG)
