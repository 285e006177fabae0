"""How fast the window shows a big log, and whether it ever freezes while scanning it.

    python bench/bench_gui_open.py [--gb 1] [--repeat 7] [--dir /tmp/triage-bench]

Generates a varied ~1 GB log (tests/support/loggen: many formats, non-ASCII, ANSI, errors from
the bundled catalogue every ~400 lines) and a 1 MB one, then, in the real window (offscreen
unless a display is set):

  * first screen: from `open_paths([file])` until the log view has painted its first rows,
    median of `--repeat` runs, for the 1 MB and the 1 GB file (must not grow with size);
  * longest event-loop stall: a 5 ms timer records the largest gap between its ticks from the
    open request until indexing and the whole scan have finished (goal: none over 100 ms);

and prints them next to the time `wc -l` takes on the same 1 GB file. Not a test: numbers
depend on the machine; the goals are in the summary it prints.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from room import need_room  # noqa: E402

from tests.support.loggen import generate  # noqa: E402
from triage_app.core.catalog import default_catalog_dirs, load_catalog  # noqa: E402
from triage_app.ui.binding_guard import protect_singletons  # noqa: E402
from triage_app.ui.window.main_window import MainWindow  # noqa: E402

protect_singletons()  # as the app does at start (see binding_guard)

BLOCK_LINES = 200_000  # one varied block, repeated (with a different seed per copy) to size


def make_log(path: Path, size: int, errors: list[str]) -> Path:
    if path.exists() and path.stat().st_size >= size * 0.99:
        return path
    need_room(path.parent, size, path.name)
    print(f"generating {path} ({size / 1e6:,.0f} MB)...", flush=True)
    blocks = [
        ("\n".join(generate(BLOCK_LINES, errors, error_every=400, seed=s)) + "\n").encode()
        for s in range(4)
    ]
    written = 0
    with open(path, "wb") as out:
        while written < size:
            block = blocks[(written // len(blocks[0])) % len(blocks)]
            if size - written < len(block):
                block = block[: block.rfind(b"\n", 0, size - written) + 1]
                if not block:
                    break
            out.write(block)
            written += len(block)
    return path


class PaintProbe(QObject):
    """Notes when a log view's viewport has painted rows."""

    def __init__(self) -> None:
        super().__init__()
        self.painted_at: float | None = None
        self._table = None

    def watch(self, table) -> None:
        self._table = table
        table.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Paint
            and self.painted_at is None
            and self._table is not None
            and self._table.model() is not None
            and self._table.model().rowCount() > 0
        ):
            QTimer.singleShot(0, self._on_painted)  # runs once this paint has completed
        return False

    def _on_painted(self) -> None:
        if self.painted_at is None:
            self.painted_at = time.perf_counter()


class StallMeter(QObject):
    """A fast timer; the longest gap between two ticks is the longest event-loop stall."""

    def __init__(self, interval_ms: int = 5) -> None:
        super().__init__()
        self.interval = interval_ms / 1000
        self.gaps: list[float] = []
        self._last = time.perf_counter()
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._on_tick)

    def start(self) -> None:
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _on_tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append(now - self._last)
        self._last = now

    @property
    def longest(self) -> float:
        return max(self.gaps, default=0.0)

    @property
    def last_tick(self) -> float:
        """When the timer last ticked (`time.perf_counter()`), for a stall sampler."""
        return self._last

    def percentile(self, q: float) -> float:
        """The gap that `q` percent of the gaps are at most (nearest rank)."""
        if not self.gaps:
            return 0.0
        ordered = sorted(self.gaps)
        return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def pump_until(app: QApplication, done, timeout: float) -> bool:
    deadline = time.perf_counter() + timeout
    while not done():
        if time.perf_counter() > deadline:
            return False
        app.processEvents()
        time.sleep(0.0005)
    return True


def first_screen(app: QApplication, window: MainWindow, path: Path) -> float:
    """Seconds from asking to open `path` until its first rows are painted."""
    probe = PaintProbe()

    def on_opened(_doc) -> None:
        probe.watch(window.tabs.current_view().table)

    window.tabs.document_opened.connect(on_opened)
    start = time.perf_counter()
    window.open_paths([path])
    if not pump_until(app, lambda: probe.painted_at is not None, 60):
        raise SystemExit(f"no first screen for {path} within 60 s")
    elapsed = probe.painted_at - start
    window.tabs.document_opened.disconnect(on_opened)
    window.tabs.close_all()
    return elapsed


def settle(app: QApplication, seconds: float = 0.5) -> None:
    """Let the previous run's background work (process exit, clean-up) finish."""
    end = time.perf_counter() + seconds
    pump_until(app, lambda: time.perf_counter() > end, seconds + 1)


def scan_stalls(app: QApplication, window: MainWindow, path: Path) -> dict[str, float]:
    meter = StallMeter()
    meter.start()
    start = time.perf_counter()
    window.open_paths([path])
    pump_until(app, lambda: window.tabs.log_count() == 1, 60)
    doc = window.tabs.current_document()
    pump_until(app, lambda: not doc.indexing, 3600)
    indexed = time.perf_counter() - start
    index_stall = meter.longest
    pump_until(app, lambda: not doc.scanning, 3600)
    scanned = time.perf_counter() - start
    meter.stop()
    result = {
        "indexed_s": indexed,
        "scanned_s": scanned,
        "lines": doc.line_count,
        "matches": len(doc.by_line),
        "longest_stall_s": meter.longest,
        "longest_stall_indexing_s": index_stall,
        "stalls_over_100ms": sum(1 for g in meter.gaps if g > 0.1),
        "stalls_over_50ms": sum(1 for g in meter.gaps if g > 0.05),
        "scan_error": doc.scan_error,
    }
    window.tabs.close_all()
    return result


def wc_l(path: Path) -> float:
    start = time.perf_counter()
    subprocess.run(["wc", "-l", str(path)], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gb", type=float, default=1.0, help="size of the big log (GB)")
    parser.add_argument("--repeat", type=int, default=7, help="first-screen runs per file")
    parser.add_argument("--dir", type=Path, default=Path("/tmp/triage-bench"))
    args = parser.parse_args()

    catalog_dirs = default_catalog_dirs()
    catalog = load_catalog(catalog_dirs)
    errors = [e.signature for e in catalog][:300]
    big = make_log(args.dir / f"gui-{args.gb:g}g.log", int(args.gb * 1e9), errors)
    small = make_log(args.dir / "gui-1m.log", 1_000_000, errors)
    wc_l(big)  # warm the page cache, as for every other measurement
    wc_time = min(wc_l(big) for _ in range(3))

    app = QApplication.instance() or QApplication([])
    from triage_app.core.notes import NotesStore

    notes = NotesStore(args.dir / "bench-notes.json")
    window = MainWindow(catalog, catalog_dirs, notes)
    window.resize(1480, 900)
    window.show()
    app.processEvents()

    small_times, big_times = [], []
    for _ in range(args.repeat):  # interleaved, so machine noise hits both alike
        small_times.append(first_screen(app, window, small))
        settle(app)
        big_times.append(first_screen(app, window, big))
        settle(app)
    stalls = scan_stalls(app, window, big)
    window.close()
    notes.close()

    small_med, big_med = statistics.median(small_times), statistics.median(big_times)
    size_gb = big.stat().st_size / 1e9
    print()
    print(
        f"log: {big} ({size_gb:.2f} GB, {stalls['lines']:,} lines, {stalls['matches']:,} matches)"
    )
    print(f"wc -l on the same file:            {wc_time:8.3f} s")
    print(f"first screen, 1 MB log (median):   {small_med:8.3f} s   runs: {_fmt(small_times)}")
    print(
        f"first screen, {size_gb:.1f} GB log (median):  {big_med:7.3f} s   runs: {_fmt(big_times)}"
    )
    print(f"  ratio 1 GB / 1 MB:               {big_med / small_med:8.2f}x   (goal <= 1.2x)")
    print(f"  under 0.5 s:                     {'yes' if big_med < 0.5 else 'NO'}")
    print(f"whole log indexed after:           {stalls['indexed_s']:8.2f} s")
    print(f"whole log scanned after:           {stalls['scanned_s']:8.2f} s")
    print(
        f"longest event-loop stall:          {stalls['longest_stall_s'] * 1000:8.1f} ms "
        f"(while indexing: {stalls['longest_stall_indexing_s'] * 1000:.1f} ms; goal <= 100 ms)"
    )
    print(
        f"  stalls over 100 ms / 50 ms:      {stalls['stalls_over_100ms']} / "
        f"{stalls['stalls_over_50ms']}"
    )
    return 0


def _fmt(values: list[float]) -> str:
    return " ".join(f"{v:.3f}" for v in values)


if __name__ == "__main__":
    raise SystemExit(main())
