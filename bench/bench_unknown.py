"""Scan speed on a log full of errors the catalogue has never heard of.

    python bench/bench_unknown.py [--mb 20] [--share 0.03]

Writes a Java service's log (seeded, made up here: INFO lines, and on a share of its
records an ERROR line with an exception, 8-40 stack frames and sometimes a `Caused by:`
chain, the message varying in names and numbers as real ones do), then times the bundled
catalogue's scan of it with fuzzy guesses on, as the window scans (one core, CPU seconds),
against a bare Python binary line loop over the same file. Every error line there is
looked up for a fuzzy guess (up to the per-file budget) and grouped by template as an
unknown error. The first scan starts with a new matcher (no fuzzy answers kept from an
earlier scan); the second reuses it, as the window does for the next log. Not a test: the
ratios are what count.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scan import OUT, bare_loop, best_cpu  # noqa: E402
from room import need_room  # noqa: E402

from triage_app.core.catalog import default_catalog_dirs  # noqa: E402
from triage_app.core.catalog_cache import open_catalog  # noqa: E402
from triage_app.core.scan import scan_file  # noqa: E402

WORDS = "order payment invoice user session cache queue batch report sync ledger account".split()
EXCEPTIONS = (
    "java.lang.IllegalStateException",
    "java.lang.IllegalArgumentException",
    "java.util.ConcurrentModificationException",
    "com.acme.billing.LedgerMismatchException",
    "org.example.sync.RemoteSyncException",
)


def make_java_log(path: Path, megabytes: int, share: float) -> None:
    if path.exists() and path.stat().st_size >= megabytes * 1_000_000:
        return
    need_room(path.parent, megabytes * 1e6, path.name)
    rng = random.Random(7)
    size, n = 0, 0
    with open(path, "w", encoding="utf-8") as out:
        while size < megabytes * 1_000_000:
            n += 1
            stamp = f"2026-11-28 03:{n // 6000 % 60:02d}:{n // 100 % 60:02d}.{n % 1000:03d}"
            word, thread = rng.choice(WORDS), f"worker-{rng.randint(1, 32)}"
            if rng.random() >= share:
                rows = [
                    f"{stamp} INFO  [{thread}] c.a.{word}.Service - processed {word} "
                    f"{rng.randint(1, 10**6)} in {rng.randint(1, 900)} ms"
                ]
            else:
                rows = [
                    f"{stamp} ERROR [{thread}] c.a.{word}.Service - Failed to process {word} "
                    f"{rng.randint(1, 10**6)}",
                    f"{rng.choice(EXCEPTIONS)}: {word} {rng.randint(1, 10**6)} is in state "
                    f"{rng.choice(['CLOSED', 'PENDING', 'LOCKED'])}",
                ]
                for _ in range(rng.randint(8, 40)):
                    handler = rng.choice(WORDS).title() + "Handler"
                    rows.append(
                        f"\tat com.acme.{rng.choice(WORDS)}.{handler}.handle"
                        f"({handler}.java:{rng.randint(10, 900)})"
                    )
                if rng.random() < 0.4:
                    rows += [
                        f"Caused by: {rng.choice(EXCEPTIONS)}: {rng.choice(WORDS)} failed",
                        f"\tat com.acme.{rng.choice(WORDS)}.Dao.load(Dao.java:{rng.randint(10, 900)})",
                        f"\t... {rng.randint(5, 60)} more",
                    ]
            block = "\n".join(rows) + "\n"
            out.write(block)
            size += len(block.encode())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=20)
    parser.add_argument("--share", type=float, default=0.03, help="records that are errors")
    args = parser.parse_args()
    log = OUT / f"bench-unknown-java-{args.mb}mb-{args.share:g}.log"
    make_java_log(log, args.mb, args.share)
    compiled = open_catalog(default_catalog_dirs())
    bare, lines = best_cpu(bare_loop, log)
    print(f"{log.name}: {log.stat().st_size / 1e6:.1f} MB, {lines} lines; bare loop {bare:.3f}s")
    matcher = compiled.matcher()
    for label in ("new matcher", "same matcher again"):
        start = time.process_time()
        result = scan_file(log, matcher, fuzzy=True)
        scan = time.process_time() - start
        assert result.error is None, result.error
        unknown = result.notes.unknown if result.notes is not None else []
        print(
            f"{label:<19} scan cpu {scan:6.2f}s = 1/{scan / bare:.1f} of the bare loop; "
            f"{len(result.matches)} matched lines, {len(unknown)} unknown-error groups "
            f"({sum(g['count'] for g in unknown)} lines)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
