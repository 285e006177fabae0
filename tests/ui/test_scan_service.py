"""The window's warm scan process: one process scans every tab, survives its jobs, is
replaced when it dies, and a cancel still ends a scan whose process is stuck."""

from __future__ import annotations

import json
import os
import signal

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle, write_log

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def _service_pids(window) -> list[int]:
    return [s.pid for s in window.tabs.scheduler.services]


def test_two_tabs_are_scanned_by_the_same_warm_process(qtbot, window, tmp_path):
    window.tabs.scheduler.warm(window.tabs.catalog_dirs)
    [warm_pid] = _service_pids(window)
    window.open_paths([write_log(tmp_path / "one.log")])
    wait_idle(qtbot, window, tabs=1)
    window.open_paths([write_log(tmp_path / "two.log", error_at=9)])
    wait_idle(qtbot, window, tabs=2)
    first, second = window.tabs.documents()
    assert first.scan_done and not first.scan_done.cancelled and 5 in first.by_line
    assert second.scan_done and 9 in second.by_line
    assert _service_pids(window) == [warm_pid]
    window.close()
    assert not window.tabs.scheduler.services


def test_a_killed_process_is_replaced_and_the_next_log_is_scanned(qtbot, window, tmp_path):
    window.open_paths([write_log(tmp_path / "one.log")])
    wait_idle(qtbot, window, tabs=1)
    [old_pid] = _service_pids(window)
    os.kill(old_pid, signal.SIGKILL)
    window.open_paths([write_log(tmp_path / "two.log", error_at=7)])
    wait_idle(qtbot, window, tabs=2)
    second = window.tabs.documents()[1]
    assert second.scan_done and 7 in second.by_line
    assert len(_service_pids(window)) == 1 and _service_pids(window) != [old_pid]


def test_a_process_killed_during_a_scan_fails_that_scan_and_is_replaced(qtbot, window, tmp_path):
    window.tabs.scheduler.warm(window.tabs.catalog_dirs)
    [old_pid] = _service_pids(window)
    os.kill(old_pid, signal.SIGSTOP)  # frozen: it will not scan the log
    window.open_paths([write_log(tmp_path / "one.log")])
    qtbot.waitUntil(lambda: window.tabs.log_count() == 1, timeout=HANG)
    doc = window.tabs.current_document()
    qtbot.waitUntil(lambda: doc.busy and window.tabs.scheduler.busy(), timeout=HANG)
    os.kill(old_pid, signal.SIGKILL)
    qtbot.waitUntil(lambda: doc.scan_error is not None, timeout=HANG)
    assert "ended unexpectedly" in doc.scan_error
    qtbot.waitUntil(
        lambda: _service_pids(window) and old_pid not in _service_pids(window), timeout=HANG
    )


def test_cancel_ends_a_scan_whose_process_is_stuck(qtbot, window, tmp_path):
    window.tabs.scheduler.warm(window.tabs.catalog_dirs)
    [stuck_pid] = _service_pids(window)
    os.kill(stuck_pid, signal.SIGSTOP)  # as stuck as a process can be: it cannot see a cancel
    window.open_paths([write_log(tmp_path / "one.log")])
    qtbot.waitUntil(lambda: window.tabs.log_count() == 1, timeout=HANG)
    doc = window.tabs.current_document()
    qtbot.waitUntil(lambda: window.tabs.scheduler.busy(), timeout=HANG)
    window.status.cancel.click()
    qtbot.waitUntil(lambda: not doc.busy, timeout=HANG)  # killed after a grace
    assert doc.scan_done is not None and doc.scan_done.cancelled
    assert not window.tabs.scheduler.busy()
    qtbot.waitUntil(
        lambda: _service_pids(window) and stuck_pid not in _service_pids(window), timeout=HANG
    )
    # The fresh process scans the next log.
    window.open_paths([write_log(tmp_path / "two.log", error_at=6)])
    wait_idle(qtbot, window, tabs=2)
    assert 6 in window.tabs.documents()[1].by_line


def test_the_scan_reports_versions_and_unknown_errors(qtbot, window, tmp_path):
    log = tmp_path / "mixed.log"
    log.write_text(
        "Python 3.11.4\n"
        "2026-01-01 10:00:05 ERROR OSError: [Errno 28] No space left on device\n"
        "2026-01-01 10:00:06 ERROR ledger sync failed for account 12\n"
        "2026-01-01 10:00:07 ERROR ledger sync failed for account 13\n",
        encoding="utf-8",
    )
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    done = window.tabs.current_document().scan_done
    assert done.notes is not None
    assert done.notes.stated.get("python") == "3.11.4"
    [group] = done.notes.unknown
    assert (
        group["count"] == 2
        and group["first_line"] == 3
        and "ledger sync failed" in group["template"]
    )


def test_an_entry_added_meanwhile_is_used_by_the_warm_process(qtbot, window, tmp_path):
    window.open_paths([write_log(tmp_path / "one.log")])
    wait_idle(qtbot, window, tabs=1)
    [pid] = _service_pids(window)
    records = window.tabs.catalog_dirs[0]
    (records / "linux" / "test-ledger.json").write_text(
        json.dumps(
            {
                "id": "linux/test-ledger",
                "signature": "ledger sync failed for account 12",
                "regex": r"ledger sync failed for account \d+",
                "domain": "linux",
                "category": "runtime_error",
                "root_cause": "The ledger could not be reached.",
            }
        ),
        encoding="utf-8",
    )
    log = tmp_path / "two.log"
    log.write_text("2026-01-01 10:00:06 ERROR ledger sync failed for account 13\n")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=2)
    match = window.tabs.documents()[1].by_line[1]
    assert match.top.entry_id == "linux/test-ledger"
    assert _service_pids(window) == [pid]  # the same process, its catalogue reloaded
