"""Redaction quality: recall on fake secrets in documented formats, false redactions on
healthy lines (the committed healthy corpus plus lines full of digests, hashes and UUIDs).

    python bench/bench_redact.py [--rounds 20]

Goals (issue "From unknown to known"): recall >= 0.98, false redactions <= 1% of healthy lines.
Prints the misses and false redactions by kind so a change can be judged, not just counted.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.core.test_redact import leaked  # noqa: E402
from tests.support.secrets_corpus import secrets_corpus, tricky_healthy_lines  # noqa: E402
from triage_app.core.redact import Redactor  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args(argv)
    redactor = Redactor()
    items = secrets_corpus(seed=101, rounds=args.rounds)
    start = time.perf_counter()
    missed = Counter(kind for kind, line, secret in items if leaked(secret, redactor.redact(line)))
    healthy = tricky_healthy_lines(seed=202, rounds=args.rounds)
    for path in sorted((ROOT / "tests" / "catalog" / "benign").glob("*.log")):
        healthy += path.read_text(encoding="utf-8", errors="replace").splitlines()
    false = Counter()
    for line in healthy:
        for r in redactor.find(line):
            false[r.kind] += 1
    false_lines = sum(1 for line in healthy if redactor.find(line))
    seconds = time.perf_counter() - start
    recall = 1 - sum(missed.values()) / len(items)
    print(f"secrets corpus: {len(items)} lines, {len({k for k, _, _ in items})} kinds")
    print(f"recall: {recall:.4f} (goal >= 0.98); missed by kind: {dict(missed) or 'none'}")
    print(
        f"healthy: {len(healthy)} lines, {false_lines} with a redaction = "
        f"{false_lines / len(healthy):.4%} (goal <= 1%); by kind: {dict(false) or 'none'}"
    )
    print(f"{(len(items) + len(healthy)) / seconds:,.0f} lines/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
