"""Reading one very long line must be linear: MB/s for a 1/4-size and a full-size line.

    python bench/bench_long_line.py [--mb 256]

Writes a log that is a single line of `--mb` MB (and one a quarter of that), reads each
through `LogSource.byte_chunks` and `text_chunks` as a scan does, and prints the speeds and
their ratio. Linear reading keeps the ratio near 1; re-joining the growing remainder on every
4 MB read (quadratic) makes the big file several times slower per MB.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from triage_app.core.logsource import open_log  # noqa: E402


def _speed(path: Path, text: bool) -> float:
    start = time.process_time()
    with open_log(path, encoding="utf-8") as source:
        chunks = source.text_chunks() if text else source.byte_chunks()
        total = sum(len(c) for c in chunks)
    return total / 1e6 / max(time.process_time() - start, 1e-6)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=int, default=256)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        speeds = {}
        for mb in (args.mb // 4, args.mb):
            path = Path(tmp) / f"line-{mb}.log"
            with open(path, "wb") as f:
                block = b"x" * (1024 * 1024)
                for _ in range(mb):
                    f.write(block)
                f.write(b"\n")
            speeds[mb] = (_speed(path, False), _speed(path, True))
            path.unlink()
        small, big = speeds[args.mb // 4], speeds[args.mb]
        for mb, (b, t) in speeds.items():
            print(f"{mb:5d} MB line: bytes {b:8.1f} MB/s   text {t:8.1f} MB/s")
        print(
            f"per-MB speed ratio (small/big): bytes {small[0] / big[0]:.2f}, text "
            f"{small[1] / big[1]:.2f}  (linear ~1; quadratic ~4)"
        )


if __name__ == "__main__":
    main()
