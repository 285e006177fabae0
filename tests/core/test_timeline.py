"""Merging several logs of one job into one timeline (issue 13): time order across files,
lines without a time kept after their file's previous stamped line, origins kept."""

from __future__ import annotations

import gzip
import time
from pathlib import Path

from triage_app.core.timeline import merge
from triage_app.core.timestamps import stamp


def test_stamps_in_common_formats():
    assert stamp("2026-11-28 03:17:43,701 INFO x") == stamp("[rank3]: 2026-11-28T03:17:43.701Z")
    assert stamp("E1128 03:45:10.986203 123 x.cc:1] boom", 2026) == stamp(
        "2026-11-28 03:45:10.986203"
    )
    assert stamp("Nov 28 03:45:10 host kernel: oops", 2026) == stamp("2026-11-28 03:45:10")
    assert stamp('  File "train.py", line 3') is None
    assert stamp("2026-13-40 99:00:00 not a time") is None


def test_ranks_merge_in_time_order_with_tracebacks_kept_together(tmp_path: Path):
    rank0 = tmp_path / "rank0.log"
    rank0.write_text(
        "2026-11-28 03:00:01 INFO rank0 start\n"
        "2026-11-28 03:00:05 INFO rank0 waiting\n"
        "2026-11-28 03:00:09 ERROR rank0 NCCL watchdog timeout\n",
        encoding="utf-8",
    )
    rank3 = tmp_path / "rank3.log.gz"  # compressed, and the real cause, earlier
    rank3.write_bytes(
        gzip.compress(
            b"2026-11-28 03:00:02 INFO rank3 start\n"
            b"2026-11-28 03:00:04 ERROR rank3 Traceback (most recent call last):\n"
            b'  File "train.py", line 9, in <module>\n'
            b"torch.OutOfMemoryError: CUDA out of memory.\n"
        )
    )
    out = tmp_path / "timeline.log"
    timeline = merge([rank0, rank3], out)
    assert timeline is not None
    assert out.read_text(encoding="utf-8").splitlines() == [
        "2026-11-28 03:00:01 INFO rank0 start",
        "2026-11-28 03:00:02 INFO rank3 start",
        "2026-11-28 03:00:04 ERROR rank3 Traceback (most recent call last):",
        '  File "train.py", line 9, in <module>',
        "torch.OutOfMemoryError: CUDA out of memory.",
        "2026-11-28 03:00:05 INFO rank0 waiting",
        "2026-11-28 03:00:09 ERROR rank0 NCCL watchdog timeout",
    ]
    assert [timeline.origin(r) for r in (0, 3, 6)] == [
        ("rank0.log", 1),
        ("rank3.log.gz", 3),
        ("rank0.log", 3),
    ]
    assert timeline.stamped == [3, 2]


def test_a_cancelled_merge_returns_none(tmp_path: Path):
    import threading

    log = tmp_path / "a.log"
    log.write_text("x\n" * 30_000)
    cancel = threading.Event()
    cancel.set()
    assert merge([log], tmp_path / "out.log", cancel) is None


def test_glog_lines_in_brackets_take_the_year_of_their_neighbours(tmp_path: Path):
    year = time.gmtime().tm_year  # a file that states no year at all gets the current one
    a = tmp_path / "a.log"
    a.write_text(f"{year}-11-28 03:00:00 INFO start\n[E1128 03:00:09.1 x.cc:1] late\n")
    b = tmp_path / "b.log"
    b.write_text("[E1128 03:00:05.1 x.cc:1] earlier\n")
    out = tmp_path / "t.log"
    merge([a, b], out)
    assert out.read_text().splitlines() == [
        f"{year}-11-28 03:00:00 INFO start",
        "[E1128 03:00:05.1 x.cc:1] earlier",
        "[E1128 03:00:09.1 x.cc:1] late",
    ]


def test_times_the_user_types():
    from triage_app.core.timestamps import parse_user_time, text

    ref = stamp("2026-11-28 03:17:43,701")
    assert text(ref) == "2026-11-28 03:17:43.701"
    assert parse_user_time("03:18", ref) == stamp("2026-11-28 03:18:00")
    assert parse_user_time(" 2026-11-29 1:02:03 ", ref) == stamp("2026-11-29 01:02:03")
    assert parse_user_time("03:18:30.5", ref) == stamp("2026-11-28 03:18:30.5")
    assert parse_user_time("tomorrow", ref) is None and parse_user_time("25:00", ref) is None
