"""Growing a line index as a file is appended to, and telling appends from truncation,
rotation and deletion (the window's follow mode and its on-disk notices)."""

from __future__ import annotations

import os
from pathlib import Path

from triage_app.core.filewatch import Change, compare, state
from triage_app.core.lineindex import LineIndex


def test_grow_indexes_appended_lines_and_completes_a_partial_last_line(tmp_path: Path) -> None:
    log = tmp_path / "run.log"
    log.write_bytes(b"one\ntwo\nthr")
    index = LineIndex(log, "utf-8").build_all()
    assert len(index) == 3 and index.complete_lines() == 2 and index.line(2) == "thr"
    with open(log, "ab") as f:
        f.write(b"ee\nfour\n")
    assert index.grow() == 4
    assert [index.line(n) for n in range(4)] == ["one", "two", "three", "four"]
    assert index.complete_lines() == 4 and index.line_start(3) == len(b"one\ntwo\nthree\n")
    assert index.grow() == 4  # nothing new
    index.close()


def test_grow_reads_at_most_the_limit_per_call(tmp_path: Path) -> None:
    log = tmp_path / "run.log"
    log.write_bytes(b"")
    index = LineIndex(log, "utf-8").build_all()
    log.write_bytes(b"".join(b"line %04d\n" % n for n in range(1000)))
    counts = []
    while not counts or counts[-1] < 1000:
        counts.append(index.grow(limit=1000))
    assert len(counts) > 5 and counts[-1] == 1000
    assert index.line(999) == "line 0999"
    index.close()


def test_grow_keeps_utf16_code_units_aligned(tmp_path: Path) -> None:
    log = tmp_path / "ps.log"
    log.write_bytes("a\n".encode("utf-16"))
    index = LineIndex(log, "utf-16").build_all()
    with open(log, "ab") as f:
        f.write("\u0a0ab\nc\n".encode("utf-16-le"))  # U+0A0A holds 0x0A bytes
    while index.grow(limit=3) < 3:
        pass
    assert [index.line(n) for n in range(3)] == ["a", "\u0a0ab", "c"]
    index.close()


def test_compare_tells_each_change(tmp_path: Path) -> None:
    log = tmp_path / "app.log"
    log.write_text("a\nb\n")
    opened = state(log)
    assert opened is not None
    assert compare(opened, state(log), 4) is Change.SAME
    with open(log, "a") as f:
        f.write("c\n")
    assert compare(opened, state(log), 4) is Change.GREW
    os.truncate(log, 0)
    assert compare(opened, state(log), 4) is Change.TRUNCATED
    log.rename(tmp_path / "app.log.1")  # logrotate: move away, start a new file
    assert compare(opened, state(log), 4) is Change.DELETED
    log.write_text("new\n")
    assert compare(opened, state(log), 4) is Change.REPLACED
    same = state(log)
    assert same is not None
    os.utime(log, ns=(same.mtime_ns + 10**9, same.mtime_ns + 10**9))
    assert compare(same, state(log), same.size) is Change.MODIFIED
