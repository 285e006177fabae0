"""Following a log does not rebuild the entry panel while its first cause stays the same, and
another line of the shown entry only retitles it (issue 13: rebuilding the panel held a
followed window up to 300 ms)."""

from __future__ import annotations

from pathlib import Path

from tests.ui import window_support as support
from tests.ui.window_support import HANG, info_lines, wait_idle

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window

ERROR = "2026-01-01 10:0{}:09 ERROR OSError: [Errno 28] No space left on device\n"


def append(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write(text)


def test_more_lines_of_the_first_cause_do_not_rebuild_the_panel(qtbot, window, tmp_path):
    log = tmp_path / "train.log"
    log.write_text(info_lines(1, 50) + ERROR.format(0), encoding="utf-8")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    view = window.tabs.current_view()
    doc = view.document
    panel = window.entry_panel
    qtbot.waitUntil(lambda: panel.entry_id == "linux/test-disk-full", timeout=HANG)
    qtbot.waitUntil(lambda: not panel.columns.queue.pending, timeout=HANG)
    builds, cards = panel.builds, panel.cards()
    window.actions.follow.setChecked(True)
    for minute, first in enumerate((52, 153, 254), start=1):
        append(log, info_lines(first, 100) + ERROR.format(minute))
    qtbot.waitUntil(lambda: doc.line_count == 354, timeout=HANG)
    qtbot.waitUntil(lambda: doc.match_for_line(354) is not None, timeout=HANG)  # scanned
    qtbot.waitUntil(lambda: not doc.busy, timeout=HANG)
    qtbot.wait(300)  # the matches reach the panels in batches
    assert doc.matches_model.group_count() == 1
    assert panel.entry_id == "linux/test-disk-full"
    assert panel.builds == builds and panel.cards() == cards
    # the user picks another line of the same entry: the title is theirs, nothing else changes
    view.table.setCurrentIndex(view.table.model().index(151, 0))  # a click on line 152
    qtbot.waitUntil(lambda: "10:01:09" in (panel.seen or ""), timeout=5000)
    assert panel.builds == builds and panel.cards() == cards
