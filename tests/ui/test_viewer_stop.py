"""Bug 3 of issue 13: stopping a large log while it is being read must not look like a
complete, clean log; the window says what is on show and offers to read it again."""

from __future__ import annotations

from pathlib import Path

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window

LINES = 120_000  # several index chunks: the first screen is shown long before the end


def big_log(path: Path) -> Path:
    with path.open("w", encoding="utf-8") as out:
        for n in range(1, LINES + 1):
            out.write(f"2026-01-01 10:00:00 INFO step {n} finished without trouble\n")
        out.write("2026-01-01 10:00:01 ERROR OSError: [Errno 28] No space left on device\n")
    return path


def test_stopping_while_indexing_says_so_and_offers_reload(qtbot, window, tmp_path):
    log = big_log(tmp_path / "big.log")
    window.open_paths([log])
    qtbot.waitUntil(lambda: window.tabs.log_count() == 1, timeout=HANG)
    doc = window.tabs.current_document()
    assert doc.busy
    window.actions.cancel.trigger()
    wait_idle(qtbot, window, tabs=1)
    assert doc.line_count < LINES  # only the start was read
    summary = window.matches_panel.summary.text()
    assert "No known errors found." not in summary  # that would claim the whole log is clean
    assert "Scan cancelled at line 0" not in summary
    assert f"only the first {doc.line_count:,} lines are shown" in summary
    assert doc.stopped_early and not doc.finished
    banner = window.banner
    assert banner.isVisible() and "only the first" in banner.label.text()
    assert banner.action_button.isVisible() and banner.action_button.text() == "Reload"
    banner.action_button.click()
    qtbot.waitUntil(lambda: window.tabs.current_document() is not doc, timeout=HANG)
    wait_idle(qtbot, window, tabs=1)
    again = window.tabs.current_document()
    assert again.path == log and again.line_count == LINES + 1
    assert again.finished and not again.stopped_early
    assert again.matches_model.group_count() == 1
    assert not banner.isVisible()
