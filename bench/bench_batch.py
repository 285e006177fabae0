"""Benchmark `triage-app batch` against the ways people scan many logs without it.

    python bench/bench_batch.py [--logs 2000] [--loop 100] [--workers N]

On `--logs` small generated logs (20-200 lines, most with known errors), in one run:

* shell loop: `triage-app scan --format json FILE` once per file, for the first `--loop` files
  (every call pays the start-up: interpreter, catalogue, matcher);
* one process: `scan_file` over every file in this process, catalogue loaded once (not timed);
* batch: `triage-app batch DIR --out F.jsonl --workers N` as a user runs it (end to end:
  start-up, local cluster start and stop, writing the output), and the same batch's rate
  from its first to its last result (what a long batch sees);
* the same batch with one worker process (the one-process reference for scaling).

Rates are files/s; ratios batch/shell-loop (goal >= 20x), N workers / one worker process
(goal >= 1.7x on 2 cores), and batch / a bare in-process loop (for reference). Timing is not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.loggen import generate  # noqa: E402
from triage_app.core.catalog import default_catalog_dirs, load_catalog  # noqa: E402
from triage_app.core.matcher import Matcher  # noqa: E402
from triage_app.core.scan import scan_file  # noqa: E402


def make_logs(folder: Path, count: int) -> list[Path]:
    catalog = load_catalog(default_catalog_dirs())
    examples = [ex for e in catalog for ex in e.get("examples", [])[:1]]
    rng = random.Random(3)
    paths = []
    for i in range(count):
        errors = rng.sample(examples, rng.choice([0, 1, 1, 2]))
        lines = generate(rng.randint(20, 200), errors, error_every=60, seed=i)
        path = folder / f"job-{i % 20:02d}" / f"run-{i:05d}.log"
        path.parent.mkdir(exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def command() -> list[str]:
    return [sys.executable, "-m", "triage_app"]


def shell_loop(paths: list[Path]) -> float:
    start = time.perf_counter()
    for path in paths:
        subprocess.run(
            [*command(), "scan", "--format", "json", str(path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
    return time.perf_counter() - start


def one_process(paths: list[Path]) -> float:
    matcher = Matcher.from_catalog(load_catalog(default_catalog_dirs()))
    start = time.perf_counter()
    for path in paths:
        scan_file(path, matcher)
    return time.perf_counter() - start


def batch(folder: Path, out: Path, workers: int) -> tuple[float, float]:
    """(end-to-end seconds, seconds from the first result line to the last)."""
    out.unlink(missing_ok=True)  # "first result" is the moment this file gets its first line
    start = time.perf_counter()
    proc = subprocess.Popen(
        [*command(), "batch", str(folder), "--out", str(out), "--overwrite", "--quiet",
         "--workers", str(workers)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    first = None
    while proc.poll() is None:
        if first is None and out.exists() and out.stat().st_size:
            first = time.perf_counter()
        time.sleep(0.01)
    last = time.perf_counter()
    total = last - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"batch failed ({proc.returncode}): {proc.stderr.read()}")
    steady = last - (first or start)
    return total, steady


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--logs", type=int, default=2000)
    parser.add_argument("--loop", type=int, default=100)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "logs"
        folder.mkdir()
        paths = make_logs(folder, args.logs)
        out = Path(tmp) / "results.jsonl"
        n = args.logs
        loop_s = shell_loop(paths[: args.loop])
        one_s = one_process(paths)
        total_s, steady_s = batch(folder, out, args.workers)
        written = sum(1 for _ in out.open())
        one_total_s, one_steady_s = batch(folder, out, 1)
        assert written == n, f"batch wrote {written} lines for {n} files"
        json.loads(out.open().readline())
        loop_rate, one_rate = args.loop / loop_s, n / one_s
        total_rate, steady_rate = n / total_s, n / steady_s
        print(f"{n} logs, {args.workers} workers, {os.cpu_count()} cores")
        print(f"shell loop of triage-app scan ({args.loop} files): {loop_rate:8.1f} files/s")
        print(f"one process, catalogue loaded once:        {one_rate:8.1f} files/s")
        print(f"batch, end to end (start-up included):     {total_rate:8.1f} files/s")
        print(f"batch, first to last result:               {steady_rate:8.1f} files/s")
        print(f"batch / shell loop:  {total_rate / loop_rate:6.1f}x end to end (goal >= 20x)")
        print(
            f"batch / in-process loop: {total_rate / one_rate:6.2f}x end to end, "
            f"{steady_rate / one_rate:.2f}x first to last result"
        )
        one_total, one_steady = n / one_total_s, n / one_steady_s
        print(f"batch with 1 worker process, end to end:   {one_total:8.1f} files/s")
        print(f"batch with 1 worker process, first to last: {one_steady:8.1f} files/s")
        print(
            f"{args.workers} workers / 1 worker process: {total_rate / one_total:.2f}x end to end, "
            f"{steady_rate / one_steady:.2f}x first to last result (goal >= 1.7x on 2 cores)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
