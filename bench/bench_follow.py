"""Follow mode under a fast writer: does the window keep up, and does it ever freeze?

    python bench/bench_follow.py [--seconds 20] [--mbps 10] [--dir /tmp/triage-bench]

A separate writer process appends varied log lines (tests/support/loggen, with an error from
the bundled catalogue every ~2,000 lines) to a file at `--mbps` MB/s for `--seconds`, while
the real window (offscreen unless a display is set) has the file open. Two runs, in this
process, with the same writer:

  * reference: the log open but not followed (the window only watches the file on disk);
  * follow: Log > Follow the file on, the view at the bottom.

For each it prints lines/s written by the writer and lines/s shown by the window, how far
the window was behind at worst (MB and seconds of writing), the matches the follow-scan found
against those `triage-app scan` finds in the final file, and event-loop stalls (a 5 ms
timer's gaps: the longest and the 99th percentile; the goal from issue 13 is none over
100 ms). `--probe` also names what the stalls were spent in (`bench.bench_gui_stalls.py`: events
over 50 ms by receiver, and the GUI thread's sampled stack while it was stalled). Not a
test: numbers depend on the machine (run `uptime` beside them).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from bench.bench_gui_open import StallMeter, pump_until  # noqa: E402
from bench.bench_gui_stalls import (  # noqa: E402
    GcTimer,
    StackSampler,
    TimedApplication,
    slow_events_report,
)  # noqa: E402
from tests.support.loggen import generate  # noqa: E402
from triage_app.core.catalog import default_catalog_dirs, load_catalog  # noqa: E402
from triage_app.ui.binding_guard import protect_singletons  # noqa: E402
from triage_app.ui.window.main_window import MainWindow  # noqa: E402

protect_singletons()

TICK_S = 0.01  # the writer writes every 10 ms


def writer(path: str, seconds: float, mbps: float, errors: list[str], done) -> None:
    """Append lines at `mbps` MB/s for `seconds` (a child process: no GIL shared)."""
    lines = [line + "\n" for line in generate(50_000, errors, error_every=2000, seed=7)]
    block: list[str] = []
    at = 0
    per_tick = mbps * 1e6 * TICK_S
    start = time.perf_counter()
    with open(path, "a", encoding="utf-8") as out:
        tick = 0
        while time.perf_counter() - start < seconds:
            size = 0
            block.clear()
            while size < per_tick:
                line = lines[at % len(lines)]
                block.append(line)
                size += len(line)
                at += 1
            out.write("".join(block))
            out.flush()
            tick += 1
            pause = start + tick * TICK_S - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
    done.set()


def run(app, window, path: Path, args, errors: list[str], follow: bool) -> dict[str, float]:
    path.write_text("2026-01-01 00:00:00 INFO start\n", encoding="utf-8")
    window.open_paths([path])
    pump_until(app, lambda: window.tabs.log_count() == 1, 60)
    view = window.tabs.current_view()
    doc = view.document
    pump_until(app, lambda: not doc.busy, 60)
    if follow:
        window.actions.follow.setChecked(True)
        view.table.scrollToBottom()
    ctx = multiprocessing.get_context("spawn")
    done = ctx.Event()
    child = ctx.Process(target=writer, args=(str(path), args.seconds, args.mbps, errors, done))
    meter = StallMeter()
    sampler = StackSampler(meter) if args.probe else None
    gc_timer = GcTimer().__enter__() if args.probe else None
    if hasattr(app, "slow"):
        app.slow.clear()
        app.paints.clear()
    worst_lag = 0
    start_lines = doc.line_count
    start_builds = window.entry_panel.builds
    child.start()  # (starting a process blocks this thread a moment: not the window's doing)
    meter.start()
    if sampler is not None:
        sampler.start()
    started = time.perf_counter()
    while not done.is_set():
        app.processEvents()
        time.sleep(0.0005)
        if follow and doc.index is not None:
            worst_lag = max(worst_lag, path.stat().st_size - doc.index.size)
    written_s = time.perf_counter() - started
    shown_at_end = doc.line_count - start_lines
    pump_until(app, lambda: not child.is_alive(), 30)  # (join() would block the window)
    child.join()
    # Let the window catch up (and the follow-scans finish), still measuring stalls.
    pump_until(app, lambda: not follow or doc.index.size >= path.stat().st_size, 120)
    pump_until(app, lambda: not view.follower.scan_pending, 300)
    settle_until = time.perf_counter() + 3
    pump_until(app, lambda: time.perf_counter() > settle_until, 10)
    meter.stop()
    if sampler is not None:
        sampler.stop()
        probe_lines = slow_events_report(app) + sampler.report() + gc_timer.report()
        gc_timer.__exit__()
    else:
        probe_lines = []
    with open(path, "rb") as f:
        written_lines = sum(block.count(b"\n") for block in iter(lambda: f.read(1 << 20), b"")) - 1
    full = subprocess.run(
        [sys.executable, "-m", "triage_app", "scan", "--format", "json", str(path)],
        capture_output=True,
        check=False,
    )
    full_scan = len(json.loads(full.stdout)["files"][0]["matches"])

    result = {
        "written_lines_per_s": written_lines / written_s,
        "shown_lines_per_s": shown_at_end / written_s,
        "shown_after_catch_up": doc.line_count - start_lines,
        "written_lines": written_lines,
        "worst_lag_mb": worst_lag / 1e6,
        "worst_lag_s": worst_lag / (args.mbps * 1e6),
        "matches_full_scan": full_scan,  # `triage-app scan` of the final file
        "matches_while_shown": len(doc.by_line),
        "longest_stall_ms": meter.longest * 1000,
        "p99_stall_ms": meter.percentile(99) * 1000,
        "stalls_over_100ms": sum(1 for g in meter.gaps if g > 0.1),
        "stalls_over_50ms": sum(1 for g in meter.gaps if g > 0.05),
        # entries the panel built (jumps to a new first cause), not counting mere retitles
        "entry_panel_builds": window.entry_panel.builds - start_builds,
    }
    window.actions.follow.setChecked(False)
    window.tabs.close_view(view)
    if probe_lines:
        print("\n".join(probe_lines), flush=True)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the writer writes")
    parser.add_argument("--mbps", type=float, default=10.0, help="MB per second written")
    parser.add_argument("--dir", type=Path, default=Path("/tmp/triage-bench"))
    parser.add_argument(
        "--probe", action="store_true", help="name what the stalls were spent in (slower)"
    )
    parser.add_argument(
        "--only-follow", action="store_true", help="skip the reference run (while tuning)"
    )
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    catalog_dirs = default_catalog_dirs()
    catalog = load_catalog(catalog_dirs)
    errors = sorted({e.signature for e in catalog if e.pattern.search(e.signature)})[:40]
    app = QApplication.instance() or (TimedApplication if args.probe else QApplication)([])
    from triage_app.core.notes import NotesStore

    notes = NotesStore(args.dir / "bench-notes.json")
    window = MainWindow(catalog, catalog_dirs, notes, restore_layout=False)
    window.resize(1280, 800)
    window.show()
    results = {}
    runs = (("reference (not followed)", False), ("follow", True))
    for name, follow in runs[1:] if args.only_follow else runs:
        print(f"running: {name}, {args.mbps:g} MB/s for {args.seconds:g} s ...", flush=True)
        results[name] = run(app, window, args.dir / "follow.log", args, errors, follow)
    window.close()
    notes.close()
    print()
    for name, result in results.items():
        print(f"{name}:")
        for key, value in result.items():
            print(
                f"  {key:24} {value:,.1f}" if isinstance(value, float) else f"  {key:24} {value:,}"
            )
    fol = results["follow"]
    ref = results.get("reference (not followed)")
    versus = (
        f"; the reference's: longest {ref['longest_stall_ms']:.0f} ms, "
        f"99th percentile {ref['p99_stall_ms']:.0f} ms"
        if ref
        else ""
    )
    print()
    print(
        f"summary (load {os.getloadavg()[0]:.1f}): follow showed "
        f"{fol['shown_lines_per_s']:,.0f} of {fol['written_lines_per_s']:,.0f} lines/s written; "
        f"stalls: longest {fol['longest_stall_ms']:.0f} ms, 99th percentile "
        f"{fol['p99_stall_ms']:.0f} ms, {fol['stalls_over_100ms']} over 100 ms "
        f"(goal: none over 100 ms){versus}; matches found while following "
        f"{fol['matches_while_shown']:,} (a full scan of the file: {fol['matches_full_scan']:,})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
