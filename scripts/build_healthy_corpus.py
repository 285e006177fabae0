"""Write resources/healthy-corpus.txt.gz: the healthy corpus, deduplicated, for the app.

    python scripts/build_healthy_corpus.py

The new-entry form checks a pattern against it ("would it fire on healthy output?"). The
source is tests/catalog/benign/*.log (real healthy output of many tools); lines that differ
only in their numbers are kept once, so the shipped copy stays small.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "tests" / "catalog" / "benign"
TARGET = ROOT / "resources" / "healthy-corpus.txt.gz"


def build() -> bytes:
    seen: set[str] = set()
    out: list[str] = []
    for path in sorted(SOURCE.glob("*.log")):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            line = line.rstrip()
            key = re.sub(r"\d+", "0", line)
            if line and key not in seen:
                seen.add(key)
                out.append(line)
    return gzip.compress(("\n".join(out) + "\n").encode("utf-8"), mtime=0)


if __name__ == "__main__":
    TARGET.write_bytes(build())
    print(f"{TARGET.relative_to(ROOT)}: {TARGET.stat().st_size} bytes")
