"""Follow mode and Reload (issue 13) and logs that change on disk while open (issue 11):
appended lines appear and are scanned, the view stays at the bottom only when it was there,
a truncated or rotated file is reopened (following) or announced with Reload (not following),
a deleted file is announced and stays readable, and F5 keeps the user's line."""

from __future__ import annotations

import os
from pathlib import Path

from tests.ui import window_support as support
from tests.ui.window_support import HANG, info_lines, wait_idle
from triage_app.core.filewatch import Change

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window

ERROR = "2026-01-01 10:00:09 ERROR OSError: [Errno 28] No space left on device\n"


def open_log(qtbot, window, path: Path):
    window.open_paths([path])
    wait_idle(qtbot, window, tabs=1)
    return window.tabs.current_view()


def append(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write(text)


def test_following_shows_and_scans_appended_lines_and_sticks_to_the_bottom(qtbot, window, tmp_path):
    log = tmp_path / "train.log"
    log.write_text(info_lines(1, 300), encoding="utf-8")
    view = open_log(qtbot, window, log)
    doc = view.document
    window.actions.follow.setChecked(True)
    assert view.follower.following
    view.table.scrollToBottom()
    append(log, info_lines(301, 200) + ERROR + "2026-01-01 10:00:10 INFO partial")
    qtbot.waitUntil(lambda: doc.line_count == 502, timeout=HANG)
    qtbot.waitUntil(view.at_bottom, timeout=HANG)
    qtbot.waitUntil(lambda: doc.match_for_line(501) is not None, timeout=HANG)  # scanned
    assert doc.match_for_line(501).top.entry_id == "linux/test-disk-full"
    assert doc.matches_model.group_count() == 1
    append(log, " line ends\n")  # the last line was still being written: it is read again
    qtbot.waitUntil(lambda: doc.lines_model.text(501).endswith("partial line ends"), timeout=HANG)
    # Scrolled up: new lines arrive, the view does not move.
    view.go_to_line(10)
    top = view.table.verticalScrollBar().value()
    append(log, info_lines(503, 400))
    qtbot.waitUntil(lambda: doc.line_count == 902, timeout=HANG)
    assert view.table.verticalScrollBar().value() == top and view.current_line() == 10


def test_not_following_a_grown_file_is_announced_with_follow(qtbot, window, tmp_path):
    log = tmp_path / "app.log"
    log.write_text(info_lines(1, 20), encoding="utf-8")
    view = open_log(qtbot, window, log)
    append(log, info_lines(21, 5))
    assert view.follower.check() is Change.GREW
    banner = window.banner
    assert banner.isVisible() and "has grown on disk" in banner.label.text()
    assert view.document.line_count == 20  # nothing moves without asking
    assert banner.action_button.text() == "Follow"
    banner.action_button.click()
    assert window.actions.follow.isChecked() and view.follower.following
    qtbot.waitUntil(lambda: view.document.line_count == 25, timeout=HANG)


def test_truncated_while_following_reopens_and_keeps_following(qtbot, window, tmp_path):
    log = tmp_path / "svc.log"
    log.write_text(info_lines(1, 50), encoding="utf-8")
    view = open_log(qtbot, window, log)
    window.actions.follow.setChecked(True)
    log.write_text(info_lines(1, 3), encoding="utf-8")  # `> svc.log` and three new lines
    qtbot.waitUntil(lambda: window.tabs.current_view() is not view, timeout=HANG)
    wait_idle(qtbot, window, tabs=1)
    again = window.tabs.current_view()
    assert again.document.line_count == 3 and again.follower.following
    assert "was truncated on disk" in window.banner.label.text()
    append(log, ERROR)
    qtbot.waitUntil(lambda: again.document.match_for_line(4) is not None, timeout=HANG)


def test_rotated_while_following_follows_the_new_file(qtbot, window, tmp_path):
    log = tmp_path / "svc.log"
    log.write_text(info_lines(1, 50), encoding="utf-8")
    view = open_log(qtbot, window, log)
    window.actions.follow.setChecked(True)
    log.rename(tmp_path / "svc.log.1")  # logrotate: move away, create a new file
    log.write_text(info_lines(1, 2) + ERROR, encoding="utf-8")
    qtbot.waitUntil(lambda: window.tabs.current_view() is not view, timeout=HANG)
    wait_idle(qtbot, window, tabs=1)
    again = window.tabs.current_view()
    assert again.document.line_count == 3 and again.follower.following
    assert "now following the new file" in window.banner.label.text()


def test_changes_while_not_following_are_announced_with_reload(qtbot, window, tmp_path):
    log = tmp_path / "app.log"
    log.write_text(info_lines(1, 40), encoding="utf-8")
    view = open_log(qtbot, window, log)
    os.truncate(log, 100)
    assert view.follower.check() is Change.TRUNCATED
    banner = window.banner
    assert "was truncated on disk" in banner.label.text()
    assert banner.action_button.text() == "Reload"
    assert view.follower.check() is Change.TRUNCATED  # said once, not on every check
    assert banner.label.text().count("truncated") == 1
    view.go_to_line(2)
    banner.action_button.click()
    qtbot.waitUntil(lambda: window.tabs.current_view() is not view, timeout=HANG)
    wait_idle(qtbot, window, tabs=1)
    again = window.tabs.current_view()
    assert again.document.line_count == 3  # 100 bytes: two lines and a part
    assert again.current_line() == 2


def test_deleted_file_is_announced_and_stays_readable(qtbot, window, tmp_path):
    log = tmp_path / "gone.log"
    log.write_text(info_lines(1, 10), encoding="utf-8")
    view = open_log(qtbot, window, log)
    log.unlink()
    assert view.follower.check() is Change.DELETED
    assert "was deleted on disk" in window.banner.label.text()
    assert view.document.lines_model.text(9) == "2026-01-01 10:00:00 INFO step 10 ok"


def test_reload_keeps_the_current_line(qtbot, window, tmp_path):
    log = tmp_path / "app.log"
    log.write_text(info_lines(1, 500), encoding="utf-8")
    view = open_log(qtbot, window, log)
    view.go_to_line(321)
    append(log, ERROR)
    window.actions.reload.trigger()
    qtbot.waitUntil(lambda: window.tabs.current_view() is not view, timeout=HANG)
    wait_idle(qtbot, window, tabs=1)
    again = window.tabs.current_view()
    assert again.document.line_count == 501
    assert again.current_line() == 321  # not the first cause (line 501)


def test_pasted_and_compressed_logs_cannot_be_followed(qtbot, window, tmp_path):
    import gzip

    packed = tmp_path / "old.log.gz"
    packed.write_bytes(gzip.compress(info_lines(1, 5).encode()))
    view = open_log(qtbot, window, packed)
    window.actions.follow.setChecked(True)
    assert not view.follower.following and not window.actions.follow.isChecked()
    assert "Only a plain file" in window.status.currentMessage()
