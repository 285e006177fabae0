"""Several logs of one job as one timeline: every line in time order, labelled with its file.

The question for 8 ranks or 3 nodes is which one failed first. `merge` reads each log (any
compression or encoding `open_log` reads), gives every line the time it states
(`core.timestamps`; formats without a year take the file's last stated year, at first the
current one) or, when it states none, the time of the previous stamped line of its
file (a traceback stays after the line that introduced it; lines before a file's first time
come first), and writes them, UTF-8, in time order (ties: the files' order, then their own
order) to one file that is then opened and scanned like any log. The lines are written as
they were, so patterns anchored at the start still match; which file and line each one came
from is returned beside it, for the viewer's gutter.
"""

from __future__ import annotations

import heapq
import threading
import time
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from triage_app.core.ansi import strip_ansi
from triage_app.core.logsource import open_log
from triage_app.core.timestamps import stamp_and_year

EARLIEST = float("-inf")


@dataclass
class Timeline:
    """Where each line of the merged file came from: `files[sources[n]]`, line `lines[n]`."""

    files: list[str]
    sources: array  # file index per merged line
    lines: array  # 1-based line number in its own file
    stamped: list[int]  # lines with a time of their own, per file

    def origin(self, row: int) -> tuple[str, int]:
        """(file name, its line number) of merged row `row` (0-based)."""
        return self.files[self.sources[row]], self.lines[row]


def _keyed(index: int, path: Path, stamped: list[int]) -> Iterator[tuple[float, int, int, str]]:
    last, year = EARLIEST, time.gmtime().tm_year  # until a line states its year
    with open_log(path) as source:
        for number, line in enumerate(source.lines(), start=1):
            head = strip_ansi(line[:200])
            when, stated = stamp_and_year(head, year)
            year = stated or year
            if when is not None:
                last = when
                stamped[index] += 1
            yield last, index, number, line


def merge(
    paths: Sequence[Path],
    out: Path,
    cancel: threading.Event | None = None,
    progress: Callable[[int], None] | None = None,
) -> Timeline | None:
    """Write the lines of `paths` in time order to `out`; None if cancelled. Raises
    `LogError` (one sentence) for a log that cannot be read."""
    stamped = [0] * len(paths)
    streams = [_keyed(i, Path(p), stamped) for i, p in enumerate(paths)]
    timeline = Timeline([Path(p).name for p in paths], array("H"), array("L"), stamped)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        for n, (_when, index, number, line) in enumerate(heapq.merge(*streams)):
            if n % 10_000 == 0:
                if cancel is not None and cancel.is_set():
                    return None
                if progress is not None:
                    progress(n)
            f.write(line.removesuffix("\r") + "\n")
            timeline.sources.append(index)
            timeline.lines.append(number)
    return timeline
