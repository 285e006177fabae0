"""How fast the level filter reads a log's levels and times, against a bare line loop.

    python bench/bench_levels.py [--mb 20]

The window's level and time filter first reads every line's level and time on a thread
(`ui.workers.levels.LevelJob`): at 1 GB (ten million lines) that is minutes of background
work before a time range can be offered. This times the job's work (CPU seconds, best of 3)
on the varied log `bench_scan.py` generates, and, in the same run on the same file, a bare
Python binary line loop, and prints the ratio and the microseconds a line. No window is
shown (the job runs in this thread).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench_scan import OUT, bare_loop, best_cpu, make_log, workload_targets  # noqa: E402

from triage_app.core.catalog import default_catalog_dirs  # noqa: E402
from triage_app.core.catalog_cache import open_catalog  # noqa: E402
from triage_app.core.lineindex import LineIndex  # noqa: E402
from triage_app.ui.workers.levels import LevelJob  # noqa: E402
from triage_app.ui.workers.stamps import Stamps  # noqa: E402

SAMPLE = 97  # every this many lines, whether the job found a time


def read_levels(index: LineIndex) -> tuple[int, int]:
    """(lines read, sampled lines with a time) by the filter's job, run here."""
    codes, stamps = bytearray(), Stamps()
    job = LevelJob(index, codes, stamps)
    job._emit = lambda *_args: None  # no event loop: progress is not wanted
    job.work()
    timed = sum(1 for n in range(0, len(stamps), SAMPLE) if stamps[n] == stamps[n])
    return len(codes), timed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=20)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    log = OUT / f"bench-{args.mb}mb.log"
    if not log.exists():
        catalog = open_catalog(default_catalog_dirs()).catalog
        examples = [x for e in catalog for x in (e.signature, *e.get("examples", []))]
        make_log(log, args.mb, examples + workload_targets()[1])
    index = LineIndex(log, "utf-8").build_all()
    try:
        loop_cpu, lines = best_cpu(bare_loop, log)
        job_cpu, (read, timed) = best_cpu(read_levels, index)
    finally:
        index.close()
    assert read == lines, (read, lines)
    sampled = len(range(0, lines, SAMPLE))
    print(f"log: {log.name}, {lines} lines ({timed} of {sampled} sampled lines have a time)")
    print(f"  bare line loop     {loop_cpu:6.2f} s cpu")
    print(
        f"  levels and times   {job_cpu:6.2f} s cpu = {job_cpu / loop_cpu:.0f}x the loop, "
        f"{job_cpu / lines * 1e6:.1f} us a line (1 GB, ten million lines: "
        f"~{job_cpu / lines * 1e7:.0f} s in the background)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
