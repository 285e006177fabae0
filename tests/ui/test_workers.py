"""The job protocol (start, progress, result, cancel, error) of the window's background work."""

from __future__ import annotations

import gzip
import re
import sys
import threading

from triage_app.core.lineindex import LineIndex
from triage_app.ui.workers.find import FindJob
from triage_app.ui.workers.indexing import Indexed, IndexJob, Opened
from triage_app.ui.workers.job import ThreadJob, short_switch_interval


def record(job):
    """Collect a job's signals as (name, payload) pairs, in order."""
    seen: list[tuple[str, object]] = []
    job.progress.connect(lambda value: seen.append(("progress", value)))
    job.result.connect(lambda value: seen.append(("result", value)))
    job.failed.connect(lambda text: seen.append(("failed", text)))
    job.finished.connect(lambda: seen.append(("finished", None)))
    return seen


def test_the_switch_interval_is_restored_after_the_last_user():
    before = sys.getswitchinterval()
    with short_switch_interval(0.0005):
        assert sys.getswitchinterval() == 0.0005
        with short_switch_interval(0.0005):
            pass
        assert sys.getswitchinterval() == 0.0005  # the outer user still runs
    assert sys.getswitchinterval() == before


def test_indexing_a_compressed_log_reports_opened_lines_and_a_result(qtbot, tmp_path):
    log = tmp_path / "run.log.gz"
    log.write_bytes(gzip.compress(b"".join(b"line %d\n" % n for n in range(5000))))
    before = sys.getswitchinterval()
    job = IndexJob(log)
    seen = record(job)
    job.start()
    job.resume()
    qtbot.waitUntil(lambda: bool(seen) and seen[-1][0] == "finished", timeout=10000)
    opened = [value for name, value in seen if isinstance(value, Opened)]
    assert len(opened) == 1 and opened[0].temp_path is not None and opened[0].temp_path.exists()
    assert ("result", Indexed(5000)) in seen
    assert [name for name, _ in seen][-2:] == ["result", "finished"]
    assert sys.getswitchinterval() == before
    job.discard()
    assert not opened[0].temp_path.exists()


def test_an_unreadable_log_fails_with_one_sentence(qtbot, tmp_path):
    job = IndexJob(tmp_path / "missing.log")
    seen = record(job)
    job.start()
    qtbot.waitUntil(lambda: bool(seen) and seen[-1][0] == "finished", timeout=5000)
    [(name, text)] = [s for s in seen if s[0] == "failed"]
    assert "missing.log" in text and "Traceback" not in text


def test_find_reports_the_row_or_none(qtbot, tmp_path):
    log = tmp_path / "a.log"
    log.write_text("".join(f"row {n}\n" for n in range(10000)) + "needle here\n")
    index = LineIndex(log, "utf-8")
    for _ in index.build(threading.Event()):
        pass
    try:
        for pattern, expected in (("needle", 10000), ("absent", None)):
            job = FindJob(index, re.compile(pattern), -1, False)
            seen = record(job)
            job.start()
            qtbot.waitUntil(
                lambda seen=seen: bool(seen) and seen[-1][0] == "finished", timeout=5000
            )
            assert ("result", expected) in seen
    finally:
        index.close()


def test_an_unexpected_error_is_reported_and_reaches_threading_excepthook(qtbot, monkeypatch):
    hooked: list[BaseException] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: hooked.append(args.exc_value))

    class Broken(ThreadJob):
        def work(self) -> None:
            raise ValueError("bad state")

    job = Broken()
    seen = record(job)
    job.start()
    qtbot.waitUntil(lambda: bool(seen) and seen[-1][0] == "finished", timeout=5000)
    assert seen[0] == ("failed", "the background work stopped unexpectedly (ValueError: bad state)")
    assert job.wait(2) and [str(e) for e in hooked] == ["bad state"]
