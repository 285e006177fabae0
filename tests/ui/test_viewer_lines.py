"""The daily viewer (issue 13): the entry panel follows the current log, the user's own line
comes first, and a log goes to its first cause once the scan finds it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from tests.ui import window_support as support
from tests.ui.window_support import drop_files, wait_idle, write_log
from triage_app.ui.entry.summary import SignatureView
from triage_app.ui.log.matches_model import ENTRY_ID_ROLE

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window

DISK = "linux/test-disk-full"
WRITE = "linux/test-write-failed"


def plain_log(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def open_log(qtbot, window, path: Path, tabs: int):
    window.open_paths([path])
    wait_idle(qtbot, window, tabs=tabs)
    return window.tabs.current_document(), window.tabs.current_view()


def test_switching_tabs_never_leaves_another_logs_entry_on_show(qtbot, window, tmp_path):
    write_only = plain_log(tmp_path / "b.log", ["start", "ERROR checkpoint write failed"])
    healthy = plain_log(tmp_path / "c.log", ["all good", "still good"])
    doc_a, view_a = open_log(qtbot, window, write_log(tmp_path / "a.log"), 1)
    view_a.go_to_line(5)  # the user's choice in log a: the disk-full line
    assert window.entry_panel.entry_id == DISK
    doc_b, _ = open_log(qtbot, window, write_only, 2)
    assert window.entry_panel.entry_id == WRITE  # b's first cause, not a's entry
    _doc_c, _ = open_log(qtbot, window, healthy, 3)
    assert window.entry_panel.entry_id is None  # no matches: an empty panel
    window.tabs.setCurrentWidget(view_a)
    assert window.entry_panel.entry_id == DISK  # a shows what the user chose there
    assert view_a.current_line() == 5
    window.tabs.setCurrentIndex(window.tabs.indexOf(window.tabs.views()[2]))
    assert window.entry_panel.entry_id is None
    window.tabs.setCurrentIndex(window.tabs.indexOf(window.tabs.views()[1]))
    assert window.entry_panel.entry_id == WRITE
    for view in list(window.tabs.views()):
        window.tabs.close_view(view)
    assert window.entry_panel.entry_id is None


def test_the_users_line_comes_first_and_the_signature_is_known_as(qtbot, window, tmp_path):
    mine = "2026-03-02 09:14:55 ERROR OSError: [Errno 28] No space left on device: '/scratch/r7'"
    log = plain_log(tmp_path / "mine.log", ["boot", mine, "exit 1"])
    doc, view = open_log(qtbot, window, log, 1)
    group = doc.matches_model.index(0, 0)
    assert group.data(ENTRY_ID_ROLE) == DISK
    assert "/scratch/r7" in group.data()  # the row reads the user's line
    tip = group.data(Qt.ItemDataRole.ToolTipRole)
    assert "/scratch/r7" in tip and "Known as: OSError: [Errno 28]" in tip
    occurrence = doc.matches_model.index(0, 0, group)
    assert "Known as:" in occurrence.data(Qt.ItemDataRole.ToolTipRole)
    assert window.entry_panel.entry_id == DISK
    title = window.entry_panel.findChild(SignatureView, "seenLine")
    assert title is not None and "/scratch/r7" in title.text()
    known = window.entry_panel.findChild(QLabel, "knownAs")
    assert known.text() == "Known as: OSError: [Errno 28] No space left on device"
    window.show_entry(DISK, from_browser=True)  # from the catalogue: the signature is the title
    assert window.entry_panel.findChild(SignatureView, "seenLine") is None


def test_a_dropped_log_goes_to_its_first_cause(qtbot, window, tmp_path):
    _doc_a, view_a = open_log(qtbot, window, write_log(tmp_path / "a.log"), 1)
    view_a.go_to_line(2)  # the user picked something in the first log
    assert window.entry_panel.entry_id == WRITE
    second = write_log(tmp_path / "b.log", error_at=11)
    drop_files(window, [second])
    wait_idle(qtbot, window, tabs=2)
    view_b = window.tabs.current_view()
    qtbot.waitUntil(lambda: view_b.current_line() == 11, timeout=support.HANG)
    assert window.entry_panel.entry_id == DISK


def test_going_to_a_match_far_right_scrolls_its_span_into_view(qtbot, window, tmp_path):
    long_line = "x=" + "0123456789" * 300 + " OSError: [Errno 28] No space left on device"
    log = plain_log(tmp_path / "wide.log", ["short", long_line, "end"])
    _doc, view = open_log(qtbot, window, log, 1)
    assert view.current_line() == 2  # the first cause, selected on its own
    bar = view.table.horizontalScrollBar()
    match = view.document.match_for_line(2)
    left, right = view.delegate.span_x(long_line, match, match.top.span)
    room = view.table.viewport().width() - view.delegate.gutter_width()
    assert bar.value() <= left and right <= bar.value() + room
    bar.setValue(0)
    view.go_to_line(1)
    view.go_to_line(2)
    assert bar.value() > 0 and bar.value() <= left
