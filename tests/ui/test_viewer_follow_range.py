"""Follow mode hands the scan process a byte range of the file, never the appended text
(issue 13: the window must not copy megabytes per tick on its own thread), and the
matches in the appended lines still arrive, numbered as lines of the whole log."""

from __future__ import annotations

import queue
import threading
from pathlib import Path

import pytest

from tests.ui import window_support as support
from tests.ui.window_support import HANG, info_lines, wait_idle
from triage_app.core.catalog_cache import open_catalog
from triage_app.core.scan_process import ByteRange, run_scan
from triage_app.ui.workers.service import ScanService

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window

ERROR = "2026-01-01 10:00:09 ERROR OSError: [Errno 28] No space left on device\n"


def test_following_scans_a_byte_range_of_the_file_and_the_matches_arrive(
    qtbot, window, tmp_path, monkeypatch
):
    submitted: list[tuple] = []
    real_submit = ScanService.submit

    def spy(self, job_id, path, encoding, byte_range=None):
        submitted.append((path, encoding, byte_range))
        real_submit(self, job_id, path, encoding, byte_range)

    monkeypatch.setattr(ScanService, "submit", spy)
    log = tmp_path / "train.log"
    head = info_lines(1, 300)
    log.write_text(head, encoding="utf-8")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    view = window.tabs.current_view()
    doc = view.document
    assert submitted == [(str(log), "utf-8", None)]  # the first scan reads the whole file
    window.actions.follow.setChecked(True)
    appended = info_lines(301, 200) + ERROR + info_lines(502, 10)
    with log.open("a", encoding="utf-8") as out:
        out.write(appended)
    qtbot.waitUntil(lambda: doc.match_for_line(501) is not None, timeout=HANG)
    qtbot.waitUntil(lambda: not view.follower.scan_pending, timeout=HANG)
    follow_scans = submitted[1:]
    assert follow_scans, "the appended lines were scanned"
    for path, _encoding, byte_range in follow_scans:
        assert path == str(log)  # the log itself, not a copy of its new bytes
        assert isinstance(byte_range, ByteRange)
    ranges = [r for _p, _e, r in follow_scans]
    # Together the ranges cover exactly the appended bytes, in order, without overlap.
    assert ranges[0].start == len(head.encode())
    assert all(a.end == b.start for a, b in zip(ranges, ranges[1:], strict=False))
    assert ranges[-1].end == len((head + appended).encode())
    match = doc.match_for_line(501)
    assert match.top.entry_id == "linux/test-disk-full"
    assert doc.matches_model.group_count() == 1


def _scan(path: Path, records_dir: Path, encoding: str, byte_range: ByteRange):
    matcher = open_catalog([records_dir]).matcher()
    out: queue.Queue = queue.Queue()
    run_scan(str(path), encoding, matcher, 2, out, threading.Event(), byte_range)
    messages = []
    while not out.empty():
        messages.append(out.get())
    return messages


@pytest.mark.parametrize("codec", ["utf-8", "utf-16-le", "cp1252"])
def test_a_byte_range_scan_reads_only_those_lines(records_dir, tmp_path, codec):
    before = info_lines(1, 50) + ERROR  # a match before the range must not be reported
    inside = info_lines(52, 5) + ERROR.replace("10:00:09", "10:00:58") + info_lines(58, 3)
    after = ERROR  # nor one after it
    log = tmp_path / f"log-{codec}.log"
    log.write_bytes((before + inside + after).encode(codec))
    start = len(before.encode(codec))
    span = ByteRange(start, start + len(inside.encode(codec)))
    messages = _scan(log, records_dir, codec, span)
    kinds = [kind for kind, _payload in messages]
    assert kinds[-1] == "done", messages
    matches = [m for kind, p in messages if kind == "progress" for m in p.matches]
    assert [(m.line, m.top.entry_id) for m in matches] == [(6, "linux/test-disk-full")]
    assert messages[-1][1].lines == 9 and not messages[-1][1].cancelled


def test_a_byte_range_past_a_truncated_end_stops_where_the_file_does(records_dir, tmp_path):
    log = tmp_path / "short.log"
    log.write_text(info_lines(1, 3) + ERROR, encoding="utf-8")
    messages = _scan(log, records_dir, "utf-8", ByteRange(0, 10_000_000))
    assert messages[-1][0] == "done"
    matches = [m for kind, p in messages if kind == "progress" for m in p.matches]
    assert [m.line for m in matches] == [4]
