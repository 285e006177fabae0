"""Measure the scan on a held-out set of real logs (a measurement, not a test).

    python tests/heldout/run_heldout.py [-v]

`labels.json` lists each log (quoted from the public thread at `url`), the catalogue entry a
person names as its first cause (`expect`, null when no entry is known) and whether the log is
healthy. The set was collected and labelled before the matcher changes of issue 9 and is never
used to tune a pattern: when a number here is bad, fix the kind of problem, not the example.

Printed: found (the expected entry is among the regex matches), right first cause (the scan's
first cause is the expected entry) over the failing logs with a known entry, and the regex
matches on healthy logs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from triage_app.core.catalog import default_catalog_dirs, load_catalog  # noqa: E402
from triage_app.core.grouping import causal_links, group_matches  # noqa: E402
from triage_app.core.matcher import Matcher  # noqa: E402
from triage_app.core.scan import scan_file  # noqa: E402

HERE = Path(__file__).resolve().parent


def first_cause(result, causes) -> str | None:
    """The scan's own first cause when it reports one, else the top regex group."""
    found = getattr(result, "first_cause", None)
    if callable(found):
        found = found()
    if isinstance(found, dict):
        return found.get("entry_id")
    if found is not None and hasattr(found, "entry_id"):
        return found.entry_id
    groups = [g for g in group_matches(result.matches, causes) if g.kind == "regex"]
    return groups[0].entry_id if groups else None


def main() -> int:
    verbose = "-v" in sys.argv
    labels = json.loads((HERE / "labels.json").read_text(encoding="utf-8"))
    catalog = load_catalog(default_catalog_dirs())
    matcher = Matcher.from_catalog(catalog)
    causes = causal_links(catalog)
    known = found = right = healthy = healthy_hits = 0
    for item in labels:
        result = scan_file(HERE / item["file"], matcher)
        regex = [m for m in result.matches if m.kind == "regex"]
        ids = {c.entry_id for m in regex for c in m.candidates if c.kind == "regex"}
        top = first_cause(result, causes)
        if item["healthy"]:
            healthy += 1
            healthy_hits += len(regex)
            status = f"healthy, {len(regex)} matches"
        elif item["expect"] is None:
            status = f"no known entry; first cause {top}"
        else:
            known += 1
            found += item["expect"] in ids
            right += top == item["expect"]
            status = (
                f"{'found' if item['expect'] in ids else 'MISSED'}; first cause {top}"
                f"{'' if top == item['expect'] else ' (expected ' + item['expect'] + ')'}"
            )
        if verbose:
            print(f"{item['file']:<48} {status}")
    print(
        f"found {found}/{known} = {found / known:.2f}; right first cause {right}/{known} = "
        f"{right / known:.2f}; healthy logs: {healthy_hits} matches in {healthy} logs"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
