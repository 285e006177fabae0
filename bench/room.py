"""Refuse, with a clear message, to write a large benchmark file where the disk lacks room.

The benchmarks write logs of up to a few GB under bench/out/ (and an every-line-matches scan
writes about ten bytes of JSON per byte of log). On a shared machine a full disk breaks
everything else on it, including CI, so a benchmark checks first and stops instead.
"""

from __future__ import annotations

import shutil
from pathlib import Path

MARGIN = 2 << 30  # leave at least this much free for everything else on the machine


def need_room(folder: Path, nbytes: float, what: str) -> None:
    """Exit with a message unless `folder`'s disk keeps MARGIN free after `nbytes` more."""
    folder.mkdir(parents=True, exist_ok=True)
    free = shutil.disk_usage(folder).free
    if free - nbytes < MARGIN:
        raise SystemExit(
            f"not enough disk for {what}: it needs {nbytes / 1e9:.1f} GB, {folder} has "
            f"{free / 1e9:.1f} GB free and {MARGIN / 1e9:.1f} GB must stay free. "
            f"Remove old files in {folder} or pass a smaller size."
        )
