"""A big file scanned on several processes gives exactly the single-process result.

Pieces are made tiny (a few read blocks of a few dozen bytes) so that a piece boundary falls
on every line of the regions where the scan joins lines: hard wraps, JSON records, Python
tracebacks (source lines quoted as context), Java `Caused by:` chains.
"""

from __future__ import annotations

import functools
import gc
import gzip
import json
import os
import signal
import threading
import time

import pytest

from tests.core.records_factory import make_record, write_record
from tests.support.loggen import generate
from tests.support.parallel_spy import spy_on_scans
from triage_app.cli import main as cli_main
from triage_app.core import parallel_scan, parallel_worker
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.catalog_cache import open_catalog
from triage_app.core.encoding import SAMPLE_BYTES, one_byte_per_character
from triage_app.core.events import ChunkState
from triage_app.core.fuzzy import FuzzyBudget
from triage_app.core.logsource import open_log
from triage_app.core.matcher import Matcher
from triage_app.core.parallel_scan import catalog_matcher
from triage_app.core.parallel_worker import FileBudget
from triage_app.core.results import Candidate, ScanSummary
from triage_app.core.scan import scan_file

# Forking next to a stray thread of another test is safe for these workers (they only scan).
pytestmark = pytest.mark.filterwarnings(
    "ignore:This process .* is multi-threaded:DeprecationWarning"
)


@pytest.fixture(scope="module")
def compiled():
    return open_catalog(default_catalog_dirs())


@pytest.fixture(scope="module")
def matcher(compiled):
    return compiled.matcher(fuzzy=True)


@pytest.fixture
def runs(monkeypatch) -> list:
    """Every `ParallelScan` made, with boundaries on (almost) every line allowed."""
    return spy_on_scans(monkeypatch, 1)  # one read block per piece


def _examples(compiled) -> list[str]:
    return [x for e in compiled.catalog for x in (e.signature, *e.get("examples", []))]


def _tricky(compiled) -> list[str]:
    """Regions whose lines the scan judges together."""
    watchdog = compiled.catalog.get("nccl/watchdog-timeout").get("examples")[1]
    wrapped = [watchdog[i : i + 80] for i in range(0, len(watchdog), 80)]
    trace = (
        "Traceback (most recent call last):\n"
        '  File "/app/train.py", line 12, in <module>\n'
        "    lr = cfg['learning_rate']\n"
        "KeyError: 'learning_rate'"
    )
    record = json.dumps({"level": "error", "msg": "step failed", "exception": trace})
    java = [
        'Exception in thread "main" java.lang.IllegalStateException: plugin setup failed',
        "\tat Main.main(Main.java:9)",
        "Caused by: java.lang.ClassNotFoundException: com.example.MissingPlugin",
        "\tat java.base/java.lang.Class.forName0(Native Method)",
        "\t... 1 more",
    ]
    context = [
        '  File "/app/serve.py", line 40, in handler',
        '    raise ValueError("invalid literal for int() with base 10")',
        "ValueError: invalid literal for int() with base 10: 'abc'",
    ]
    unknown = "2026-11-29 10:00:00 ERROR ledger sync failed for account 12"
    versions = ["Python 3.11.7", "torch==2.1.2+cu121"]
    return ["step 1 ok", *wrapped, record, *trace.splitlines(), *java, *context, unknown, *versions]


def _write(
    path, compiled, *, tail_lines: int = 60, error_every: int = 25, guesses: int = 0
) -> None:
    """A sample-block's worth of varied log, then the tricky regions (twice) and more log
    (with `guesses` error lines that no pattern matches: fuzzy lookups)."""
    head = generate(900, _examples(compiled), error_every=error_every, seed=5)
    while len("\n".join(head).encode()) < SAMPLE_BYTES + 2000:
        head += generate(200, _examples(compiled), error_every=error_every, seed=len(head))
    tail = generate(tail_lines, _examples(compiled), error_every=7, seed=9)
    for i in range(guesses):
        tail.insert(i * len(tail) // guesses, f"ERROR: frobnicator {i} failed to start")
    lines = ["Python 3.11.4", *head, *_tricky(compiled), *tail, *_tricky(compiled), "the end"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize(("chunk_bytes", "blocks"), [(40, 1), (150, 1), (97, 3)])
def test_boundaries_on_every_line_give_the_same_result(
    tmp_path, compiled, matcher, runs, monkeypatch, chunk_bytes, blocks
) -> None:
    monkeypatch.setattr(parallel_scan, "PIECE_BYTES", blocks * chunk_bytes)
    log = tmp_path / "app.log"
    _write(log, compiled)
    one = scan_file(log, matcher, jobs=1, chunk_bytes=chunk_bytes).to_json()
    two = scan_file(log, matcher, jobs=2, chunk_bytes=chunk_bytes).to_json()
    [run] = runs
    assert len(run.workers) == 2 and run.next_id > 50  # many pieces, really in parallel
    assert run.redone == 0  # every seeded state and fuzzy lookup replayed exactly
    assert two == one
    joined = [m for m in one["matches"] if m["event_lines"] and len(set(m["event_lines"])) > 1]
    assert len(joined) >= 2  # the wrap (and the chain) were joined across boundaries
    assert one["unknown"] and one["stated_versions"]


@pytest.mark.parametrize("encoding", ["cp1252", "koi8-r"])
def test_a_log_in_a_one_byte_encoding_is_split_too_with_the_same_result(
    tmp_path, compiled, matcher, runs, monkeypatch, encoding
) -> None:
    """A cp1252 or KOI8-R log is cut at newline bytes and each piece decoded on its own: the
    same result as one process decoding the whole file."""
    monkeypatch.setattr(parallel_scan, "PIECE_BYTES", 150)
    utf8 = tmp_path / "utf8.log"
    _write(utf8, compiled)
    local = {
        "cp1252": " Verbindung fehlgeschlagen: Zeitüberschreitung – “Fehler” €",
        "koi8-r": " Ошибка: соединение отклонено",
    }[encoding]
    lines = [
        line + local if n % 5 == 0 else line
        for n, line in enumerate(utf8.read_text(encoding="utf-8").splitlines())
    ]
    log = tmp_path / "app.log"
    log.write_bytes(("\n".join(lines) + "\n").encode(encoding, "replace"))
    one = scan_file(log, matcher, jobs=1, chunk_bytes=150, encoding=encoding).to_json()
    two = scan_file(log, matcher, jobs=2, chunk_bytes=150, encoding=encoding).to_json()
    [run] = runs
    assert len(run.workers) == 2 and run.next_id > 20
    assert two == one
    assert one["encoding"] == encoding and local.strip() in json.dumps(one, ensure_ascii=False)


def test_only_a_log_cut_at_newline_bytes_is_split() -> None:
    for codec in ("cp1252", "latin-1", "iso8859-15", "koi8-r", "cp437"):
        assert one_byte_per_character(codec), codec
    for codec in ("utf-16-le", "utf-32-le", "shift_jis", "gbk", "cp037", "utf-7", "hz", "nope"):
        assert not one_byte_per_character(codec), codec


def test_a_spent_fuzzy_budget_gives_the_same_result(
    tmp_path, compiled, matcher, runs, monkeypatch
) -> None:
    """The per-file budget is replayed in file order across pieces (here: 3 lookups)."""
    monkeypatch.setattr(FuzzyBudget.__init__, "__defaults__", (3,))
    log = tmp_path / "app.log"
    _write(log, compiled, tail_lines=400, guesses=40)
    one = scan_file(log, matcher, jobs=1, chunk_bytes=300).to_json()
    two = scan_file(log, matcher, jobs=2, chunk_bytes=300).to_json()
    assert "not compared fuzzily" in one["warning"]
    assert two == one
    assert runs[0].budget.limit == 3


def test_a_slow_pattern_in_a_later_piece_is_reported_at_its_line(tmp_path, compiled, runs) -> None:
    """A pattern that runs past its time budget where the worker numbered lines from its
    piece's start: reported at the file's line number, and skipped after it, as in one
    process."""
    root = tmp_path / "catalog"
    write_record(root, make_record())
    evil = make_record("python/evil-scan", regex="^(a+)+$", signature="aaa", examples=["aaa"])
    evil["counter_examples"] = []
    write_record(root, evil)
    matcher = Matcher.from_catalog(load_catalog([root]))
    log = tmp_path / "app.log"
    _write(log, compiled)
    lines = log.read_text(encoding="utf-8").splitlines()
    at = len(lines) - 40
    demo = "2026-11-29 ERROR DemoError: the widget 'gear' broke at step 17"
    lines[at:at] = ["a" * 30 + "!", demo, "a" * 31 + "!"]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert len("\n".join(lines[:at]).encode()) > SAMPLE_BYTES  # not in the first piece
    one = scan_file(log, matcher, jobs=1, chunk_bytes=150).to_json()
    two = scan_file(log, matcher, jobs=2, chunk_bytes=150).to_json()
    assert one["slow_patterns"] == [{"entry_id": "python/evil-scan", "line": at + 1}]
    assert [m["line"] for m in one["matches"] if m["kind"] == "regex"] == [at + 2]
    assert two == one and runs[0].next_id > 50 and runs[0].redone == 0


def test_the_file_budget_replays_lookups_in_file_order() -> None:
    guess = [Candidate("python/key-error", "KeyError: 'x'", 0.9, "fuzzy", None)]
    budget = FileBudget(2)
    assert budget.settle([("a", True, guess), ("a", True, guess), ("b", True, [])])
    assert budget.spent and budget.skipped == 0
    assert not budget.settle([("c", True, guess)])  # one process would have skipped it
    assert not budget.settle([("a", False, [])])  # ... and would have had this one
    assert budget.settle([("c", True, []), ("d", False, []), ("a", True, guess)])
    assert budget.skipped == 2 and set(budget.cache) == {"a", "b"}
    assert budget.settle(5) and budget.skipped == 7  # a frozen budget's count
    fresh = FileBudget(3)
    assert not fresh.settle([("a", False, [])])  # a worker may not skip while there is room


def test_chunks_that_do_not_replay_are_scanned_again(
    tmp_path, compiled, matcher, runs, monkeypatch
) -> None:
    """A wrong seed state is caught by the check and the piece redone: still exact."""
    log = tmp_path / "app.log"
    _write(log, compiled)
    one = scan_file(log, matcher, jobs=1, chunk_bytes=150).to_json()
    monkeypatch.setattr(parallel_worker, "seed_state", lambda *_args: ChunkState())
    two = scan_file(log, matcher, jobs=2, chunk_bytes=150).to_json()
    assert two == one and runs[-1].redone >= 10


def test_results_ahead_of_their_turn_are_bounded(
    tmp_path, compiled, matcher, runs, monkeypatch
) -> None:
    """With no room for results ahead, workers wait for their turn (and nothing deadlocks)."""
    monkeypatch.setattr(parallel_scan, "MAX_BUFFER", 1)
    monkeypatch.setattr(FuzzyBudget.__init__, "__defaults__", (3,))  # redone pieces too
    log = tmp_path / "app.log"
    _write(log, compiled, tail_lines=300, guesses=30)
    one = scan_file(log, matcher, jobs=1, chunk_bytes=300).to_json()
    two = scan_file(log, matcher, jobs=2, chunk_bytes=300).to_json()
    assert two == one


def test_without_fuzzy_and_annotations(tmp_path, compiled, matcher, runs) -> None:
    log = tmp_path / "app.log"
    _write(log, compiled)
    one = scan_file(log, matcher, jobs=1, fuzzy=False, chunk_bytes=200).to_json()
    two = scan_file(log, matcher, jobs=2, fuzzy=False, chunk_bytes=200).to_json()
    assert two == one and all(m["kind"] == "regex" for m in two["matches"])


def test_what_stays_single_process(tmp_path, compiled, matcher, monkeypatch) -> None:
    monkeypatch.setattr(parallel_scan, "_start_method", lambda _matcher: "fork")
    log = tmp_path / "app.log"
    _write(log, compiled)
    data = log.read_bytes()
    (tmp_path / "app.log.gz").write_bytes(gzip.compress(data))
    (tmp_path / "app16.log").write_bytes(data.decode().encode("utf-16"))
    with open_log(log) as source:
        assert parallel_scan.workers_for(source, matcher, None) == 0  # below MIN_BYTES
    parallel_scan.MIN_BYTES, saved = 0, parallel_scan.MIN_BYTES
    try:
        with open_log(log) as source:
            assert parallel_scan.workers_for(source, matcher, 2) == 2
            assert parallel_scan.workers_for(source, matcher, 1) == 0
        for name in ("app.log.gz", "app16.log"):
            with open_log(tmp_path / name) as source:
                assert parallel_scan.workers_for(source, matcher, 2) == 0
    finally:
        parallel_scan.MIN_BYTES = saved


def _children() -> set[int]:
    import multiprocessing  # noqa: PLC0415

    return {p.pid for p in multiprocessing.active_children()}


def test_cancel_stops_the_workers_at_once(tmp_path, compiled, matcher, runs) -> None:
    log = tmp_path / "app.log"
    _write(log, compiled, tail_lines=3000)
    cancel = threading.Event()
    summary = ScanSummary()
    with open_log(log) as source:
        scan = parallel_scan.iter_scan(
            source, matcher, summary, jobs=2, cancel=cancel, chunk_bytes=100
        )
        next(scan)
        assert gc.get_freeze_count() > 0  # what the parent kept is out of the collector's way
        cancel.set()
        started = time.monotonic()
        rest = list(scan)
    assert time.monotonic() - started < 3.0
    assert summary.cancelled and len(rest) <= 1
    assert gc.get_freeze_count() == 0
    assert not any(w.process.is_alive() for w in runs[0].workers)


def test_a_killed_worker_is_an_error_not_a_hang(tmp_path, compiled, matcher, runs) -> None:
    log = tmp_path / "app.log"
    _write(log, compiled, tail_lines=3000)
    summary = ScanSummary()
    with open_log(log) as source:
        scan = parallel_scan.iter_scan(source, matcher, summary, jobs=2, chunk_bytes=100)
        next(scan)
        os.kill(runs[0].workers[1].process.pid, signal.SIGKILL)
        started = time.monotonic()
        with pytest.raises(parallel_scan.ParallelScanError, match="ended unexpectedly"):
            for _ in scan:
                pass
    assert time.monotonic() - started < 10.0
    assert gc.get_freeze_count() == 0
    assert not any(w.process.is_alive() for w in runs[0].workers)


def test_scan_file_reports_a_dead_worker(tmp_path, compiled, matcher, runs, monkeypatch) -> None:
    def die(*_args) -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    monkeypatch.setattr(parallel_worker, "run_task", die)
    log = tmp_path / "app.log"
    _write(log, compiled)
    result = scan_file(log, matcher, jobs=2, chunk_bytes=1000)
    assert "a scan worker process ended unexpectedly (signal 9)" in result.error


def test_cli_jobs(tmp_path, compiled, runs, capsys) -> None:
    log = tmp_path / "app.log"
    _write(log, compiled)
    docs = []
    for jobs in ("1", "2"):
        status = cli_main(["scan", "--format", "json", "--jobs", jobs, str(log)])
        docs.append((status, json.loads(capsys.readouterr().out)))
    assert docs[0] == docs[1] and docs[0][0] == 1
    assert len(runs) == 1 and runs[0].next_id == 2  # --jobs 2: the first read block, the rest
    assert cli_main(["scan", "--jobs", "0", str(log)]) == 2
    assert "--jobs: expected a whole number" in capsys.readouterr().err


def test_a_byte_order_mark_and_no_final_newline(tmp_path, compiled, matcher, runs) -> None:
    log = tmp_path / "bom.log"
    _write(log, compiled)
    log.write_bytes(b"\xef\xbb\xbf" + log.read_bytes().rstrip(b"\n"))
    one = scan_file(log, matcher, jobs=1, chunk_bytes=120).to_json()
    two = scan_file(log, matcher, jobs=2, chunk_bytes=120).to_json()
    assert one["encoding"] == "utf-8-sig" and two == one and runs[0].redone == 0


def test_spawned_workers_rebuild_the_matcher(tmp_path, compiled, runs, monkeypatch) -> None:
    """Where fork is not used, workers build the matcher from the compiled catalogue."""
    dirs = [tmp_path / "catalog"]
    write_record(dirs[0], make_record())
    matcher = catalog_matcher(dirs, True)
    parallel_scan.rebuild_with(matcher, functools.partial(catalog_matcher, dirs, True))
    monkeypatch.setattr(parallel_scan, "_start_method", lambda _matcher: "spawn")
    log = tmp_path / "app.log"
    _write(log, compiled, guesses=5)
    with log.open("a") as f:
        f.write("2026-11-29 ERROR DemoError: the widget 'gear' broke at step 17\n")
    one = scan_file(log, matcher, jobs=1, chunk_bytes=2000).to_json()
    two = scan_file(log, matcher, jobs=2, chunk_bytes=2000).to_json()
    assert two == one and len(runs[0].workers) == 2
    assert [m["entry_id"] for m in one["matches"] if m["kind"] == "regex"] == ["python/demo-error"]


def test_a_file_replaced_before_a_worker_opens_it_is_refused(tmp_path) -> None:
    log = tmp_path / "app.log"
    log.write_text("one\n")
    st = log.stat()
    task = parallel_worker.Task(0, 0, None, str(log), (st.st_dev, st.st_ino), 0, 64, 64, 4)
    os.close(parallel_worker.open_checked(task))
    os.replace(log, tmp_path / "old.log")
    log.write_text("two\n")
    with pytest.raises(OSError, match="replaced while it was scanned"):
        parallel_worker.open_checked(task)
