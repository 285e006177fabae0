"""Local hit history: counts, order, survival of SIGKILL mid-write, two writers, bad files."""

from __future__ import annotations

import datetime as dt
import os
import signal
import sqlite3
import subprocess
import sys
import time

from triage_app.core.history import History

WRITER = """
import sys
from pathlib import Path
from triage_app.core.history import History
h = History(Path(sys.argv[1]))
tag = sys.argv[2]
for i in range(int(sys.argv[3])):
    h.record_scan(f"{tag}-{i}.log", 100, [f"demo/{tag}", "demo/shared"], first_cause=f"demo/{tag}")
    print(i, flush=True)
"""


def test_counts_logs_and_order(tmp_path):
    day = dt.datetime(2026, 12, 2, 12, tzinfo=dt.UTC)
    with History(tmp_path / "h.sqlite3") as h:
        h.record_scan("a.log", 10, ["x/one", "x/two", "x/one"], "x/one", when=day)
        h.record_scan("a.log", 10, ["x/one"], "x/one", when=day + dt.timedelta(hours=1))
        h.record_scan("c.log", 10, ["x/one"], None, when=day + dt.timedelta(hours=2))
        h.record_scan("b.log", 10, ["x/two"], None, when=day + dt.timedelta(days=1))
        one = h.entry("x/one")
        assert (one.times, one.logs, one.first_cause) == (3, 2, 2)
        assert h.entry("x/none") is None
        assert [e.entry_id for e in h.ranked("most")] == ["x/one", "x/two"]
        assert [e.entry_id for e in h.ranked("recent")] == ["x/two", "x/one"]
        assert h.entry("x/two").summary().startswith("seen 2 times in 2 logs, last on ")
        h.clear()
        assert h.ranked() == []


def test_nothing_from_the_log_is_stored(tmp_path):
    path = tmp_path / "h.sqlite3"
    with History(path) as h:
        h.record_scan("/secret/dir/run.log", 5, ["x/one"])
    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT * FROM hits").fetchall()
        columns = {d[1] for d in db.execute("PRAGMA table_info(hits)")}
    finally:
        db.close()
    assert "/secret/dir" not in repr(rows)
    assert columns == {
        "id",
        "entry_id",
        "seen_at",
        "log_name",
        "log_size",
        "scan_id",
        "first_cause",
    }


def test_two_processes_writing_lose_nothing(tmp_path):
    path = tmp_path / "h.sqlite3"
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), tag, "150"],
                         stdout=subprocess.DEVNULL)
        for tag in ("a", "b")
    ]  # fmt: skip
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    with History(path) as h:
        assert h.entry("demo/a").times == 150
        assert h.entry("demo/b").times == 150
        assert h.entry("demo/shared").times == 300


def test_sigkill_mid_write_keeps_every_reported_scan(tmp_path):
    path = tmp_path / "h.sqlite3"
    reported = 0
    for round_ in range(12):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), "k", "100000"],
            stdout=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 0.2 + 0.05 * round_
        last = -1
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            last = int(line)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        reported += last + 1
        with History(path) as h:
            assert h.problem is None
            seen = h.entry("demo/k")
            assert seen is not None and seen.times >= reported  # nothing reported is lost
            reported = seen.times  # a commit may land just before the kill, unreported
    assert reported > 0


def test_a_damaged_file_is_kept_aside_and_reported(tmp_path):
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with History(path) as h:
        assert h.problem and "kept as" in h.problem
        h.record_scan("a.log", 1, ["x/one"])
        assert h.entry("x/one").times == 1
    kept = list(tmp_path.glob("h.sqlite3.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not sqlite")


def test_cli_records_only_with_history(tmp_path):
    from triage_app.core.paths import history_db_path

    log = tmp_path / "build.log"
    log.write_text("ModuleNotFoundError: No module named 'yaml_thing'\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "triage_app", "scan", str(log)]
    assert subprocess.run(cmd, capture_output=True, timeout=120).returncode == 1
    assert not history_db_path().exists()
    proc = subprocess.run([*cmd, "--history"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    with History(history_db_path()) as h:
        seen = h.entry("python/module-not-found")
        assert seen.times == 1 and seen.first_cause == 1
