"""The window shows what the scan's annotator found: unknown errors below the known ones in
the matches panel (choosing one shows its line), and the entry's version verdict."""

from __future__ import annotations

import json

import pytest

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle
from triage_app.core.catalog import load_catalog
from triage_app.ui.window.main_window import MainWindow

notes_store = support.notes_store

LOG = (
    "Python 3.11.4\n"
    "2026-01-01 10:00:01 INFO starting\n"
    "2026-01-01 10:00:02 ERROR ledger sync failed for account 12\n"
    "2026-01-01 10:00:03 ERROR OSError: [Errno 28] No space left on device\n"
    "2026-01-01 10:00:04 ERROR ledger sync failed for account 13\n"
)


@pytest.fixture
def versioned_window(qtbot, tmp_path, notes_store) -> MainWindow:
    folder = tmp_path / "records" / "linux"
    folder.mkdir(parents=True)
    record = dict(support.DISK_FULL)
    record.pop("transition_graph")
    record["versions"] = [
        {"version": "3.11", "package": "python", "range": ">=3.11,<3.12", "status": "active"}
    ]
    (folder / "test-disk-full.json").write_text(json.dumps(record), encoding="utf-8")
    win = MainWindow(load_catalog([folder.parent]), [folder.parent], notes_store)
    qtbot.addWidget(win)
    win.show()
    return win


def test_unknown_errors_are_listed_after_the_known_ones_and_show_their_line(
    qtbot, versioned_window, tmp_path
):
    window = versioned_window
    log = tmp_path / "mixed.log"
    log.write_text(LOG, encoding="utf-8")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    panel = window.matches_panel
    qtbot.waitUntil(lambda: panel.unknown.topLevelItemCount() == 1, timeout=HANG)
    assert panel.model.group_count() == 1  # the known error stays in the tree above
    assert not panel.unknown.isHidden()
    group = panel.unknown.topLevelItem(0)
    assert "ledger sync failed" in group.text(0) and group.text(1) == "2" and group.text(2) == "3"
    assert [group.child(i).text(2) for i in range(group.childCount())] == ["3", "5"]
    assert "1 unknown error(s) below." in panel.summary.text()
    view = window.tabs.current_view()
    panel.unknown.setCurrentItem(group.child(1))
    qtbot.waitUntil(lambda: view.current_line() == 5, timeout=HANG)


def test_the_entry_panel_says_how_the_logs_versions_fit(qtbot, versioned_window, tmp_path):
    window = versioned_window
    log = tmp_path / "mixed.log"
    log.write_text(LOG, encoding="utf-8")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    qtbot.waitUntil(lambda: window.entry_panel.entry_id == "linux/test-disk-full", timeout=HANG)

    label = None

    def find_label() -> None:
        nonlocal label
        from PySide6.QtWidgets import QLabel

        found = [
            w for w in window.entry_panel.findChildren(QLabel) if w.objectName() == "versionVerdict"
        ]
        assert found
        label = found[0]

    qtbot.waitUntil(find_label, timeout=HANG)
    assert label.text() == "Your log: affects python &gt;=3.11,&lt;3.12 (you have 3.11.4)"


def test_a_log_without_unknown_errors_hides_the_list(qtbot, versioned_window, tmp_path):
    window = versioned_window
    log = tmp_path / "clean.log"
    log.write_text("2026-01-01 10:00:04 ERROR OSError: [Errno 28] No space left on device\n")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    assert window.matches_panel.unknown.isHidden()
    assert window.matches_panel.unknown.topLevelItemCount() == 0
