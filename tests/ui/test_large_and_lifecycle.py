"""A million-line log, and closing logs or the window while work is still running."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle, write_log
from triage_app.core.catalog import load_catalog
from triage_app.ui.window.main_window import MainWindow

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def scan_processes() -> list[multiprocessing.Process]:
    return [p for p in multiprocessing.active_children() if p.name == "triage-scan"]


def generate_log(path: Path, lines: int, error_every: int = 0) -> Path:
    """A log of `lines` lines, written in large blocks (about 60 bytes a line)."""
    with open(path, "wb") as out:
        block = 100_000
        for start in range(1, lines + 1, block):
            rows = []
            for n in range(start, min(start + block, lines + 1)):
                if error_every and n % error_every == 0:
                    rows.append(b"%d ERROR OSError: [Errno 28] No space left on device\n" % n)
                else:
                    rows.append(b"2026-01-01 10:00:00 INFO worker step %08d done\n" % n)
            out.write(b"".join(rows))
    return path


def test_a_million_line_log_opens_and_shows_its_last_line(qtbot, window, tmp_path):
    log = generate_log(tmp_path / "big.log", 1_000_000)
    window.open_paths([log])
    qtbot.waitUntil(lambda: window.tabs.log_count() == 1, timeout=HANG)
    doc = window.tabs.current_document()
    view = window.tabs.current_view()
    qtbot.waitUntil(lambda: not doc.indexing, timeout=HANG)
    assert doc.line_count == 1_000_000
    assert view.table.model().rowCount() == 1_000_000
    assert view.go_to_line(1_000_000)
    qtbot.wait(10)
    bottom = view.table.indexAt(view.table.viewport().rect().center())
    assert bottom.isValid() and bottom.row() > 999_900
    assert view.current_line() == 1_000_000
    assert view.table.model().data(view.table.currentIndex()).endswith("step 01000000 done")
    window.tabs.close_view(view)  # the scan may still run: closing must not hang


@pytest.fixture
def stuck_records(tmp_path: Path) -> Path:
    """A pattern that backtracks for ever on a line of a's ending in b: the scan is stuck
    inside one regex call and cannot notice a cancel; only terminating the child helps."""
    folder = tmp_path / "stuck-records" / "linux"
    folder.mkdir(parents=True)
    record = dict(support.DISK_FULL)
    record.update(id="linux/stuck", regex=r"^(a|aa)+$", signature="aaaa")
    record.pop("transition_graph")
    (folder / "stuck.json").write_text(json.dumps(record), encoding="utf-8")
    return folder.parent


@pytest.fixture
def stuck_window(qtbot, stuck_records, notes_store) -> MainWindow:
    win = MainWindow(load_catalog([stuck_records]), [stuck_records], notes_store)
    qtbot.addWidget(win)
    win.show()
    return win


def stuck_log(path: Path) -> Path:
    path.write_text("starting\n" + "a" * 80 + "b\n" + "never reached\n", encoding="utf-8")
    return path


def test_closing_a_log_during_a_stuck_scan_ends_the_scan(qtbot, stuck_window, tmp_path):
    stuck_window.open_paths([stuck_log(tmp_path / "stuck.log")])
    qtbot.waitUntil(lambda: stuck_window.tabs.log_count() == 1, timeout=HANG)
    doc = stuck_window.tabs.current_document()
    qtbot.waitUntil(lambda: len(scan_processes()) == 1, timeout=HANG)
    stuck_window.actions.close_tab.trigger()
    assert stuck_window.tabs.log_count() == 0
    # The scan ends (the process notices, or is killed after a grace and replaced); at most
    # the window's one warm scan process stays, idle.
    qtbot.waitUntil(lambda: not stuck_window.tabs.scheduler.busy(), timeout=HANG)
    assert len(scan_processes()) <= 1
    assert doc.closed and doc.scan_done is None  # nothing arrived after the close


def test_closing_the_window_during_scans_ends_every_process(qtbot, stuck_window, tmp_path):
    logs = [stuck_log(tmp_path / f"stuck{i}.log") for i in range(3)]
    stuck_window.open_paths(logs)
    qtbot.waitUntil(lambda: stuck_window.tabs.log_count() == 3, timeout=HANG)
    qtbot.waitUntil(lambda: len(scan_processes()) == 2, timeout=HANG)
    qtbot.wait(300)
    assert len(scan_processes()) == 2  # the scheduler runs at most two at a time
    stuck_window.close()
    assert not scan_processes()


def test_cancel_keeps_the_log_and_says_the_scan_was_cancelled(qtbot, window, tmp_path):
    log = generate_log(tmp_path / "run.log", 50_000, error_every=1000)
    window.open_paths([log])
    qtbot.waitUntil(lambda: window.tabs.log_count() == 1, timeout=HANG)
    doc = window.tabs.current_document()
    window.status.cancel.click()  # before the child can have scanned anything
    qtbot.waitUntil(lambda: not doc.busy, timeout=HANG)
    assert doc.scan_done is not None and doc.scan_done.cancelled
    assert doc.stopped_early and doc.phase_text().startswith("Stopped")
    assert window.tabs.log_count() == 1
    qtbot.waitUntil(lambda: not window.tabs.scheduler.busy(), timeout=HANG)
    assert len(scan_processes()) <= 1  # the warm scan process, idle, waiting for the next log
    window.close()
    assert not scan_processes()


def test_closing_while_still_opening_is_safe(qtbot, window, tmp_path):
    log = write_log(tmp_path / "run.log")
    (doc,) = window.open_paths([log])
    doc.close()
    qtbot.wait(200)
    assert window.tabs.log_count() == 0 and not window.tabs.pending_documents()
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
