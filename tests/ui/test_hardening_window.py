"""Hardening, window parts: findings 2 (Copy), 4 (HTML from files), 5 (scan cancel and
orphans), 6 (very long line), 7 (bad notes file, unsaved note on a full disk)."""

from __future__ import annotations

import errno
import multiprocessing
import os
import signal
import subprocess
import sys
import time

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QMessageBox

from tests.ui import window_support as support
from tests.ui.knowledge_catalog import HUB, store_fixture  # noqa: F401 - fixture
from tests.ui.window_support import wait_idle
from triage_app.app import _open_notes
from triage_app.core.lineindex import HEAD_BYTES, LineIndex
from triage_app.core.notes import durable
from triage_app.ui.log.lines_model import LogLinesModel
from triage_app.ui.notes import export_import
from triage_app.ui.notes.panel import NotesPanel
from triage_app.ui.widgets.notes_service import NotesService
from triage_app.ui.window.dialogs import Dialogs
from triage_app.ui.workers.scan import GRACE_S, ScanJob

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window

EVIL_HTML = '<a href="file:///etc/passwd">click</a><img src="file:///etc/hosts">'


def test_finding2_copy_drops_escape_sequences_and_controls(qtbot, window, tmp_path):
    log = tmp_path / "paste.log"
    log.write_bytes(b"one \x1b[201~rm -rf ~\x07 \x1b\x1b[0m]52;c;eA==\x07\xe2\x80\xae end\n")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    view = window.tabs.current_view()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    view.table.selectionModel().select(view.table.model().index(0, 0), flags)
    view.copy_selection()
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("one ") and copied.endswith(" end")
    assert not any(ch in copied for ch in "\x1b\x07\u202e\x9b")


def test_finding4_import_failed_box_is_plain_text(qtbot, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box) or 0)
    export_import.show_message(None, "error", "Import failed", f"bad note id {EVIL_HTML}")
    [box] = shown
    assert box.textFormat() == Qt.TextFormat.PlainText
    assert EVIL_HTML in box.text()


def test_finding4_your_notes_dialog_is_plain_text(qtbot, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "show", lambda box: shown.append(box))
    Dialogs.inform(None, "Your notes", f"damaged key {EVIL_HTML}")
    [box] = shown
    assert box.textFormat() == Qt.TextFormat.PlainText and EVIL_HTML in box.text()


def test_finding4_orphan_mark_with_html_is_plain_text(qtbot, store):
    store.set_mark(HUB, f"<h1 style='font-size:200000px'>big</h1>{EVIL_HTML}", "worked")
    panel = NotesPanel(NotesService(store))
    qtbot.addWidget(panel)
    panel.set_entry(HUB, ["Raise the timeout to hours"])
    labels = panel.orphans.findChildren(QLabel)
    marked = [label for label in labels if "big" in label.text()]
    assert marked and all(lb.textFormat() == Qt.TextFormat.PlainText for lb in marked)


def _ignore_term_and_sleep(ready) -> None:  # noqa: ANN001 - a multiprocessing Event
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    ready.set()
    time.sleep(120)


def test_finding5_a_child_that_ignores_cancel_and_terminate_is_killed(qtbot):
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    child = context.Process(target=_ignore_term_and_sleep, args=(ready,))
    child.start()
    assert ready.wait(60)
    ScanJob._hurry(child, GRACE_S + 0.1)  # terminate: ignored
    child.join(0.5)
    assert child.is_alive()
    ScanJob._hurry(child, 2 * GRACE_S + 0.1)  # then kill
    child.join(10)
    assert not child.is_alive() and child.exitcode == -signal.SIGKILL


_PARENT = """
import multiprocessing, sys, time
from triage_app.core.scan_process import _die_with_parent

def child():
    _die_with_parent()
    time.sleep(120)

if __name__ == "__main__":
    p = multiprocessing.get_context("spawn").Process(target=child)
    p.start()
    print(p.pid, flush=True)
    time.sleep(120)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_finding5_scan_child_dies_when_the_window_is_killed(tmp_path):
    script = tmp_path / "parent.py"
    script.write_text(_PARENT)
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE)
    child_pid = int(parent.stdout.readline())
    time.sleep(1.0)  # the child has called prctl
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=30)
    parent.stdout.close()
    for _ in range(100):
        try:
            os.kill(child_pid, 0)
        except ProcessLookupError:
            break
        with open(f"/proc/{child_pid}/stat") as stat:  # a zombie waiting for init counts
            if stat.read().split(") ")[1].startswith("Z"):
                break
        time.sleep(0.1)
    else:
        os.kill(child_pid, signal.SIGKILL)
        pytest.fail("the scan child outlived its killed parent")


def test_finding6_a_very_long_line_is_drawn_from_its_start_only(qtbot, tmp_path, monkeypatch):
    log = tmp_path / "long.log"
    log.write_bytes(b"short\n" + b"x" * (4 * HEAD_BYTES) + b"\nlast\n")
    index = LineIndex(log, "utf-8").build_all()
    read = []
    original = index._reader.read
    monkeypatch.setattr(index._reader, "read", lambda n=-1: read.append(n) or original(n))
    model = LogLinesModel(index, lambda _row: None)
    text = model.text(1)
    assert max(read) <= HEAD_BYTES
    assert text.endswith(f"[a line of {4 * HEAD_BYTES + 1:,} bytes]")
    assert model.text(0) == "short" and model.text(2) == "last"
    index.close()


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_finding7_window_starts_with_a_notes_file_that_is_a_folder_or_fifo(tmp_path, kind):
    path = tmp_path / "notes.json"
    path.mkdir() if kind == "folder" else os.mkfifo(path)
    store = _open_notes(path)
    assert store.read_only and str(path) in store.read_only_reason
    assert store.all_notes() == []


def test_finding7_unsaved_note_keeps_the_window_open_when_the_disk_is_full(
    qtbot, window, monkeypatch
):
    def full_disk(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    window.show_entry(HUB)
    panel = window.entry_panel.notes_panel
    monkeypatch.setattr(durable, "durable_write", full_disk)
    editor = panel.add_note()
    editor.set_text("typed while the disk is full")
    asked = []
    monkeypatch.setattr(Dialogs, "confirm_discard_notes", lambda parent: asked.append(1) or False)
    window.show()
    window.close()
    assert asked == [1] and window.isVisible()
    assert editor.text() == "typed while the disk is full"
    monkeypatch.undo()
    window.close()
    assert not window.isVisible()


def test_issue9_the_window_scan_reports_a_pattern_that_ran_out_of_time(tmp_path):
    from tests.core.records_factory import make_record, write_record
    from triage_app.core.scan_process import scan_main

    evil = make_record("python/evil-window", regex="^(a+)+$", signature="aaa", examples=["aaa"])
    evil["counter_examples"] = []
    write_record(tmp_path / "cat", evil)
    log = tmp_path / "slow.log"
    log.write_text(("a" * 40 + "!\n") * 20)
    messages = []

    class _Out:
        def put(self, item):
            messages.append(item)

    scan_main(str(log), None, [str(tmp_path / "cat")], _Out(), multiprocessing.Event())
    kind, done = messages[-1]
    assert kind == "done"
    assert "python/evil-window took too long on line 1" in done.warning
