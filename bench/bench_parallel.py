"""A big log scanned on every core against one core, in the same run, results compared.

    python bench/bench_parallel.py [--mb 1000] [--jobs N] [--dense] [--encoding cp1252]

Uses the scan benchmark's generated log (`bench_scan.make_log`: many formats, non-ASCII
text, ANSI colours, CRLF, long lines, a known error every ~400 lines; cached in bench/out/),
or with `--dense` a log in which every line matches (`bench_memory.runaway_log`: a retry
loop; there the workers send a match per line and the parent's share of the work is
largest), and the bundled catalogue (compiled catalogue cache, fuzzy guesses on, as the CLI
runs). The scans keep every match (`--dense`: only the groups, as the CLI does).
Prints the one-process speed, the `--jobs` speed (default: one per core), their ratio (the
goal on a 2-core machine is >= 1.7), whether `FileResult.to_json()` is equal, how many
pieces there were and how many chunks had to be scanned again, the time to the first
result of each, and the machine's load (it is shared: ratios are what count).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_memory import runaway_log  # noqa: E402
from bench.bench_scan import OUT, make_log, workload_targets  # noqa: E402
from triage_app.core import parallel_scan  # noqa: E402
from triage_app.core.catalog import default_catalog_dirs  # noqa: E402
from triage_app.core.catalog_cache import open_catalog  # noqa: E402
from triage_app.core.logsource import open_log  # noqa: E402
from triage_app.core.results import ScanSummary  # noqa: E402
from triage_app.core.scan import iter_scan, scan_file  # noqa: E402


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_result(log: Path, matcher, jobs: int) -> float:
    """Seconds from the start of a scan to its first chunk's result."""
    start = time.perf_counter()
    with open_log(log) as source:
        if jobs > 1:
            scan = parallel_scan.iter_scan(source, matcher, ScanSummary(), jobs=jobs)
        else:
            scan = iter_scan(source, matcher, ScanSummary())
        next(scan)
        seconds = time.perf_counter() - start
        scan.close()
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=parallel_scan.default_jobs())
    parser.add_argument("--dense", action="store_true", help="every line matches")
    parser.add_argument("--encoding", help="save the log in this encoding first (e.g. cp1252)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    compiled = open_catalog(default_catalog_dirs())
    matcher = compiled.matcher(fuzzy=True)
    if args.dense:
        log = runaway_log(args.mb / 1000)
    else:
        _targets, signatures, _rejected = workload_targets()
        examples = [x for e in compiled.catalog for x in (e.signature, *e.get("examples", []))]
        log = OUT / f"bench-{args.mb}mb.log"
        make_log(log, args.mb, examples + signatures)
    if args.encoding:
        local = log.with_name(f"{log.stem}-{args.encoding}.log")
        if not local.exists():
            with open(log, encoding="utf-8", errors="replace") as src, open(local, "wb") as out:
                while block := src.read(1 << 24):
                    out.write(block.encode(args.encoding, "replace"))
        log = local
    mb = log.stat().st_size / 1e6
    with open(log, "rb") as f:  # into the page cache, for both runs alike
        while f.read(1 << 24):
            pass
    print(f"log: {mb:.0f} MB; catalogue {len(compiled.catalog)} entries; load {load()}")
    if log.stat().st_size < parallel_scan.MIN_BYTES:
        print(f"(below MIN_BYTES: lowered to {log.stat().st_size} for this run)")
        parallel_scan.MIN_BYTES = log.stat().st_size

    runs: list = []

    class Counted(parallel_scan.ParallelScan):
        def __init__(self, *a, **k) -> None:
            super().__init__(*a, **k)
            runs.append(self)

    parallel_scan.ParallelScan = Counted  # type: ignore[misc]
    timings = {}
    for jobs in (1, args.jobs):
        start, cpu, workers = time.perf_counter(), time.process_time(), _children_cpu()
        result = scan_file(
            log, matcher, jobs=jobs, keep_matches=not args.dense, encoding=args.encoding
        )
        seconds = time.perf_counter() - start
        timings[jobs] = (seconds, result.to_json())
        if jobs == 1:
            one_cpu = time.process_time() - cpu
        print(
            f"jobs={jobs}: {seconds:7.1f} s  {mb / seconds:6.1f} MB/s  (cpu: this process "
            f"{time.process_time() - cpu:.1f} s, workers {_children_cpu() - workers:.1f} s; "
            f"{result.groups.matched_lines if result.groups else 0} matches; error {result.error}; load {load()})",
            flush=True,
        )
    (one_s, one), (many_s, many) = timings[1], timings[args.jobs]
    run = runs[-1] if runs else None
    print(
        f"speed-up jobs={args.jobs} / jobs=1: {one_s / many_s:.2f}x wall clock (goal >= 1.7 on "
        f"2 cores); results equal: {one == many}; pieces {run.next_id if run else 0}, "
        f"chunks scanned again {run.redone if run else 0}"
    )
    if run:
        # Linux groups a session's processes (autogroup): on a busy machine they share one
        # slice, so the wall clock cannot show the parallelism; CPU seconds can.
        busiest = max(w.cpu for w in run.workers)
        each = " + ".join(f"{w.cpu:.1f}" for w in run.workers)
        print(
            f"CPU: jobs=1 {one_cpu:.1f} s; workers {each} s; the busiest worker did "
            f"{busiest / one_cpu:.0%} of the one-process work (this process waited, its CPU "
            "is above)"
        )
    parallel_scan.MIN_BYTES = 0
    print(
        f"first result: jobs=1 {first_result(log, matcher, 1):.3f} s, "
        f"jobs={args.jobs} {first_result(log, matcher, args.jobs):.3f} s (fork start-up)"
    )
    print(f"load after: {load()}")
    return 0 if one == many else 1


if __name__ == "__main__":
    raise SystemExit(main())
