"""Scan speed and memory, measured against references in the same run.

    python bench/bench_scan.py [--mb 100] [--gb 1] [--dense-gb 1] [--skip-grep] [--skip-memory]
                               [--only bundled|workload]

Generates a varied log (many formats, non-ASCII text, ANSI colours, CRLF, long lines) with a
few thousand known errors, then times, on the same file and in the same run:
  * a bare Python binary line loop (`for line in f: pass`), the reference speed;
  * `grep -E -i -c -f PATTERNS` with LC_ALL=C (patterns translated to ERE; the ones grep
    rejects are dropped and counted), output sent to a file;
  * Triage's scan with the bundled catalogue (fuzzy guesses on, as the app runs) and with the
    2,000-regex workload from ../shared/data (fuzzy off);
and checks Triage's matches line for line against a naive every-regex-every-line reference
on a sample of lines. Finally it scans a ~1 GB copy of that log and a ~1 GB log in which
every line matches (`bench_memory.py`), each in a child process, and reports the peak memory
of every process against the 300 MB goal. Ratios are what count: the machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_memory as memory  # noqa: E402
from room import need_room  # noqa: E402

from tests.support.loggen import generate  # noqa: E402
from triage_app.core.ansi import strip_ansi  # noqa: E402
from triage_app.core.catalog import default_catalog_dirs  # noqa: E402
from triage_app.core.catalog_cache import open_catalog  # noqa: E402
from triage_app.core.events import reference_line  # noqa: E402
from triage_app.core.matcher import Matcher, Target  # noqa: E402
from triage_app.core.scan import scan_file  # noqa: E402
from triage_app.core.wraps import reference_pair  # noqa: E402

# ../shared/data next to the checkout (a worktree may sit one level deeper).
WORKLOAD = next(
    (
        folder / "shared" / "data" / "workload-signatures.jsonl"
        for folder in ROOT.parents
        if (folder / "shared" / "data" / "workload-signatures.jsonl").exists()
    ),
    ROOT.parent / "shared" / "data" / "workload-signatures.jsonl",
)
OUT = ROOT / "bench" / "out"


def make_log(path: Path, megabytes: int, errors: list[str]) -> None:
    if path.exists() and path.stat().st_size >= megabytes * 1_000_000:
        return
    need_room(path.parent, megabytes * 1e6, path.name)
    print(f"generating {path.name} ({megabytes} MB)...", flush=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        written, seed = 0, 0
        while written < megabytes * 1_000_000:
            block = "\n".join(generate(20000, errors, error_every=400, seed=seed)) + "\n"
            block = block.replace("\n", "\r\n", 1)  # some CRLF
            f.write(block)
            written += len(block.encode())
            seed += 1


def workload_targets() -> tuple[list[Target], list[str], int]:
    targets, signatures, rejected = [], [], 0
    for row in WORKLOAD.read_text(encoding="utf-8").splitlines():
        record = json.loads(row)
        try:
            targets.append(Target.compile(record["id"], record["signature"], record["regex"]))
            signatures.append(record["signature"])
        except re.error:
            rejected += 1
    return targets, signatures, rejected


def timed(fn, *args):
    start, cpu = time.perf_counter(), time.process_time()
    result = fn(*args)
    return result, time.perf_counter() - start, time.process_time() - cpu


def best_cpu(fn, *args, repeat: int = 3):
    """(the least CPU seconds of `repeat` calls, the last call's result)."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        result = fn(*args)
        best = min(best, time.process_time() - start)
    return best, result


def bare_loop(path: Path) -> int:
    n = 0
    with open(path, "rb") as f:
        for _line in f:
            n += 1
    return n


_PY_TO_ERE = [
    (r"\d", "[0-9]"),
    (r"\D", "[^0-9]"),
    (r"\s", "[[:space:]]"),
    (r"\S", "[^[:space:]]"),
    (r"\w", "[[:alnum:]_]"),
    (r"\W", "[^[:alnum:]_]"),
    ("(?:", "("),
]


def to_ere(pattern: str) -> str | None:
    if re.search(r"\(\?[=!<P]|\\[AZzbB]\b|\\[pP]\{", pattern):
        return None
    for py, ere in _PY_TO_ERE:
        pattern = pattern.replace(py, ere)
    return re.sub(r"([*+?}])\?", r"\1", pattern)  # lazy -> greedy: same lines match


def grep_patterns(patterns: list[str], folder: Path) -> tuple[Path, int]:
    kept, dropped = [], 0
    for pattern in patterns:
        ere = to_ere(pattern)
        ok = (
            ere is not None
            and "\n" not in ere
            and subprocess.run(
                ["grep", "-E", "-i", "-e", ere, "/dev/null"],
                capture_output=True,
                env={**os.environ, "LC_ALL": "C"},
            ).returncode
            == 1
        )
        if ok:
            kept.append(ere)
        else:
            dropped += 1
    path = folder / f"patterns-{len(patterns)}.txt"
    path.write_text("\n".join(kept) + "\n")
    return path, dropped


def run_grep(patterns_file: Path, log: Path) -> float:
    with open(OUT / "grep-output.txt", "w") as out:
        start = time.perf_counter()
        subprocess.run(
            ["grep", "-E", "-i", "-c", "-f", str(patterns_file), str(log)],
            stdout=out,
            env={**os.environ, "LC_ALL": "C"},
            check=False,
        )
        return time.perf_counter() - start


def ours(log: Path, matcher: Matcher, fuzzy: bool):
    result = scan_file(log, matcher, fuzzy=fuzzy)
    assert result.error is None, result.error
    return result


def check_exact(
    log: Path, matcher: Matcher, result, sample_every: int, max_matched: int = 4000
) -> tuple[int, int]:
    """Compare regex matches with every-regex-every-line on a sample of lines.

    The sample: every `sample_every`-th line on average, plus up to `max_matched` of the
    lines the scan matched (all of them when there are fewer). The reference judges each line
    as the scan does (`events.reference_line`: its level, quoted context, JSON/logfmt records,
    entry variants; `wraps.reference_pair`: joined with the next line when wrapped) but tries
    every pattern, without the literal prefilter.
    """
    found = {
        m.line: {c.entry_id for c in m.candidates if c.kind == "regex"} for m in result.matches
    }
    found = {k: v for k, v in found.items() if v}
    rng = random.Random(1)
    keep = set(found) if len(found) <= max_matched else set(rng.sample(sorted(found), max_matched))
    checked = mismatches = 0
    with open(log, "rb") as f:
        rows = (strip_ansi(r.decode("utf-8", "replace").rstrip("\n").removesuffix("\r")) for r in f)
        before, clean = None, next(rows, None)
        for number in itertools.count(1):
            if clean is None:
                break
            after = next(rows, None)
            if number in keep or not rng.randrange(sample_every):
                judged = reference_line(matcher, clean, number, before)
                joined = reference_pair(matcher, clean, after, number) if after else None
                expected = {c.entry_id for m in (judged, joined) if m for c in m.candidates}
                checked += 1
                if expected != found.get(number, set()):  # a miss or an extra match
                    mismatches += 1
                    if mismatches <= 5:
                        print(
                            f"  MISMATCH line {number}: expected {sorted(expected)} "
                            f"got {sorted(found.get(number, set()))}"
                        )
            before, clean = clean, after
    return checked, mismatches


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=100)
    parser.add_argument("--gb", type=float, default=1.0)
    parser.add_argument("--skip-grep", action="store_true")
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--dense-gb", type=float, default=1.0, help="the every-line log's size")
    parser.add_argument("--sample-every", type=int, default=200)
    parser.add_argument(
        "--only", choices=("bundled", "workload"), help="time one catalogue (and skip the rest)"
    )
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)

    # The bundled matcher as `triage-app scan` gets it: from the compiled catalogue (built
    # here if it is not current), with the answers it stores (fuzzy choices, literal weights).
    compiled = open_catalog(default_catalog_dirs())
    catalog, bundled = compiled.catalog, compiled.matcher()
    wl_targets, wl_signatures, wl_rejected = workload_targets()
    workload = Matcher(wl_targets)
    examples = [x for e in catalog for x in (e.signature, *e.get("examples", []))]
    log = OUT / f"bench-{args.mb}mb.log"
    make_log(log, args.mb, examples + wl_signatures)
    mb = log.stat().st_size / 1e6
    print(
        f"log: {mb:.0f} MB; catalogue {len(catalog)} entries; workload {len(wl_targets)} "
        f"regexes ({wl_rejected} rejected by Python)"
    )

    # The reference is short (~0.1 s per 100 MB): take the best of five runs so its noise
    # does not swing the ratios.
    runs = [timed(bare_loop, log) for _ in range(5)]
    lines, base_s, _cpu = min(runs, key=lambda run: run[1])
    base_cpu = min(run[2] for run in runs)
    print(
        f"bare line loop      {mb / base_s:8.1f} MB/s  ({lines} lines, {base_s:.2f} s, "
        f"cpu {base_cpu:.2f} s, best of 5)"
    )
    rows = []
    for name, matcher, fuzzy in (("bundled", bundled, True), ("workload", workload, False)):
        if args.only not in (None, name):
            continue
        result, s, cpu = timed(ours, log, matcher, fuzzy)
        regex_lines = sum(1 for m in result.matches if m.kind == "regex")
        # The CPU-time ratio is the steadier one on a busy shared machine (wall time counts
        # the waits for a core; both runs wait alike only when the load stays the same).
        print(
            f"triage {name:<12} {mb / s:8.1f} MB/s  = 1/{s / base_s:.1f} of the line loop "
            f"(cpu {cpu:.1f} s = 1/{cpu / base_cpu:.1f} of its cpu; {regex_lines} matched lines)",
            flush=True,
        )
        checked, bad = check_exact(log, matcher, result, args.sample_every)
        print(
            f"  exactness: {checked} lines checked against every-regex-every-line, {bad} mismatches"
        )
        rows.append((name, matcher, s))
    if not args.skip_grep and shutil.which("grep") and args.only is None:
        for name, matcher, s in rows:
            pattern_file, dropped = grep_patterns([t.pattern.pattern for t in matcher.targets], OUT)
            g = run_grep(pattern_file, log)
            print(
                f"grep -E -i -c {name:<8} {mb / g:8.1f} MB/s  ({dropped} patterns dropped); "
                f"triage/grep speed = {g / s:.2f}"
            )
    if (
        not args.skip_memory and args.only is None
    ):  # bundled catalogue, child process, `scan --format json > file`
        print(memory.report(memory.measure(memory.copies_of(log, args.gb), "varied")), flush=True)
        dense = memory.runaway_log(args.dense_gb)
        print(memory.report(memory.measure(dense, "every-line-matches")), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
