"""Cost of the per-file additions (stated versions, unknown errors) against the scan itself.

    python bench/bench_annotate.py [--mb 100]

On the scan benchmark's generated log (bench_scan.py makes it), in the same process: the
bundled-catalogue scan over the file's chunks, then the same chunks fed to `FileAnnotator`
(versions + unknown-error grouping) with that scan's matches. Prints both speeds and the
annotation's share of the scan time (a ratio: the machine is shared and noisy), plus how many
versions and unknown groups were found, and the annotator's peak memory growth.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_scan import OUT, make_log, workload_targets  # noqa: E402
from triage_app.core.annotate import Annotations, EntryFacts, FileAnnotator  # noqa: E402
from triage_app.core.catalog import default_catalog_dirs, load_catalog  # noqa: E402
from triage_app.core.logsource import open_log  # noqa: E402
from triage_app.core.matcher import Matcher  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=100)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    catalog = list(load_catalog(default_catalog_dirs()))
    matcher = Matcher.from_catalog(catalog)
    _targets, signatures, _rejected = workload_targets()
    examples = [x for e in catalog for x in (e.signature, *e.get("examples", []))]
    log = OUT / f"bench-{args.mb}mb.log"
    make_log(log, args.mb, examples + signatures)
    mb = log.stat().st_size / 1e6

    with open_log(log) as source:
        chunks = list(source.byte_chunks())
    scanned, line, scan_s = [], 1, 0.0
    for chunk in chunks:
        start = time.perf_counter()
        found = matcher.scan_chunk(chunk, line)
        scan_s += time.perf_counter() - start
        scanned.append((chunk, line, found))
        line += chunk.count(b"\n")

    facts = EntryFacts.from_records(e.data for e in catalog)
    matches = [m for _c, _l, found in scanned for m in found]

    def annotate() -> Annotations:
        annotator = FileAnnotator(facts)
        for chunk, first, found in scanned:
            annotator.feed(chunk, first, found)
        return annotator.finish(list(matches))

    runs = []
    for _ in range(3):
        start = time.perf_counter()
        notes = annotate()
        runs.append(time.perf_counter() - start)
    annotate_s = min(runs)
    tracemalloc.start()  # a separate run: tracing slows allocation down
    annotate()
    _now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print(f"log: {mb:.0f} MB, {len(matches)} matched lines")
    print(f"scan (bundled, no fuzzy)  {mb / scan_s:8.1f} MB/s  ({scan_s:.2f} s)")
    print(f"annotate                  {mb / annotate_s:8.1f} MB/s  ({annotate_s:.2f} s, best of 3)")
    print(f"annotation / scan time    {annotate_s / scan_s:8.2f}")
    print(
        f"found: {len(notes.stated)} stated versions, {len(notes.unknown)} unknown groups "
        f"(+{notes.unknown_overflow} lines past the group cap); annotator peak {peak / 1e6:.1f} MB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
