"""Peak memory of the window opening a ~1 GB log, per process (the window and its scan child).

    python bench/bench_gui_memory.py [--dense-gb 1] [--varied LOG] [--cap-mb 2000]
                                     [--level-filter]

For each log (every line matches: `bench_memory.runaway_log`; varied: a file of copies of
`--varied`, as `bench_memory.py` makes it) a child process opens it in the real window
(offscreen), waits until it is indexed and scanned to the end and prints what it holds. This
process samples the peak resident memory (VmHWM) of that window process and of every process
it starts (the warm scan service) every 50 ms. A run whose window or scan child passes
`--cap-mb` of resident memory is killed there (reported as such): the window once kept every
match. With `--level-filter` the window then reads every line's level and time, turns "errors
only" on (most lines of the runaway log are errors: the filter keeps millions of rows), then
a time range (the middle half of the span of the log's times); the peak is then the whole
run's, filters included; the window's peak and resident memory before them are printed
beside it, with the time each filter's job took and the GUI thread's longest pause meanwhile.
Goal (issue 12): < 300 MB per process, the window's own process included.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_memory import (  # noqa: E402
    GOAL_MB,
    OUT,
    _descendants,
    _status_kb,
    _vm_hwm_kb,
    copies_of,
    runaway_log,
)


def _vm_rss_kb(pid: int) -> int:
    return _status_kb(pid, "VmRSS")


def measure(log: Path, label: str, cap_mb: int, level_filter: bool = False) -> dict:
    """Open `log` in a window process; its peak MB and its children's, and what it held."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "TRIAGE_DATA_DIR": tempfile.mkdtemp(),
        "XDG_CONFIG_HOME": tempfile.mkdtemp(),
    }
    status = Path(tempfile.mkstemp(suffix=".json")[1])
    peaks: dict[int, int] = {}
    capped = False
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, __file__, "--child", str(log), "--status", str(status)]
        + (["--level-filter"] if level_filter else []),
        env=env,
        start_new_session=True,  # one process group: a capped run is killed whole
    )
    while child.poll() is None:
        for pid in [child.pid, *_descendants(child.pid)]:
            peaks[pid] = max(peaks.get(pid, 0), _vm_hwm_kb(pid))
            if _vm_rss_kb(pid) > cap_mb * 1024:
                capped = True
        if capped:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            break
        time.sleep(0.05)
    seconds = time.perf_counter() - start
    held = json.loads(status.read_text() or "{}") if status.stat().st_size else {}
    status.unlink()
    others = [kb for pid, kb in peaks.items() if pid != child.pid]
    return {
        "label": label,
        "log_mb": log.stat().st_size / 1e6,
        "seconds": seconds,
        "window_mb": peaks.get(child.pid, 0) // 1024,
        "child_mb": max(others, default=0) // 1024,
        "capped": capped,
        "exit": child.returncode,
        **held,
    }


def report(row: dict, cap_mb: int) -> str:
    peak = max(row["window_mb"], row["child_mb"])
    verdict = "ok" if peak < GOAL_MB and not row["capped"] else "OVER"
    if row["capped"]:
        end = f"STOPPED at the {cap_mb} MB cap after {row['seconds']:.0f} s"
    else:
        end = f"indexed and scanned in {row['seconds']:.0f} s"
    held = ""
    if "matched" in row:
        held = (
            f"; {row['lines']:,} lines, {row['matched']:,} matched in {row['groups']} groups, "
            f"{row['kept']:,} LineMatch kept"
        )
    elif "scanned_mb" in row:
        held = f"; {row['scanned_mb']:.0f} MB of the log scanned by then"
    if "filtered_rows" in row:
        held += (
            f"; errors-only filter: {row['filtered_rows']:,} rows shown, found in "
            f"{row['filter_seconds']:.2f} s off the GUI thread (longest GUI-thread pause "
            f"{row['filter_stall'] * 1000:.0f} ms; levels and times read in "
            f"{row['levels_seconds']:.0f} s); then the middle half of its times: "
            f"{row['timed_rows']:,} rows in {row['timed_seconds']:.2f} s (pause "
            f"{row['timed_stall'] * 1000:.0f} ms); window before the filter: peak "
            f"{row['window_mb_before_filter']} MB, resident {row['window_rss_before_filter']} MB"
        )
    return (
        f"window, {row['label']} log of {row['log_mb']:.0f} MB: {end}; peak memory: window "
        f"{row['window_mb']} MB, scan child {row['child_mb']} MB "
        f"(goal < {GOAL_MB} MB per process: {verdict}){held}"
    )


def child_main(log: Path, status: Path, level_filter: bool = False) -> int:
    """The window process: open `log`, wait for the end of indexing and scanning (then,
    with `level_filter`, turn "errors only" on)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from triage_app.core.catalog import default_catalog_dirs, load_catalog
    from triage_app.core.notes import NotesStore
    from triage_app.ui.binding_guard import protect_singletons
    from triage_app.ui.window.main_window import MainWindow

    protect_singletons()
    app = QApplication.instance() or QApplication([])
    dirs = default_catalog_dirs()
    notes = NotesStore(Path(tempfile.mkdtemp()) / "notes.json")
    window = MainWindow(load_catalog(dirs), dirs, notes)
    window.resize(1280, 800)
    window.show()
    window.open_paths([log])
    doc = None
    last_status = 0.0
    while doc is None or doc.busy:
        app.processEvents()
        time.sleep(0.002)
        if doc is None and window.tabs.log_count():
            doc = window.tabs.current_document()
        if doc is not None and time.monotonic() - last_status > 0.5:
            last_status = time.monotonic()
            status.write_text(json.dumps({"scanned_mb": doc.scan_bytes / 1e6}))
    held = held_by(doc)
    status.write_text(json.dumps(held))
    if level_filter:
        held.update(errors_only(app, window.tabs.current_view()))
        status.write_text(json.dumps(held))
    window.close()
    notes.close()
    return 0


def errors_only(app, view) -> dict:
    """Read every line's level, then show errors only; sizes and the filter's build time."""
    from triage_app.core import severity

    before = _vm_hwm_kb(os.getpid()) // 1024
    start = time.perf_counter()
    view.level_filter.read_levels()
    while view.level_filter.rows_read < view.document.line_count:
        app.processEvents()
        time.sleep(0.01)
    app.processEvents()
    levels_seconds = time.perf_counter() - start
    resident = _vm_rss_kb(os.getpid()) // 1024
    seconds, stall = _filtered(app, view, lambda: view.set_levels(frozenset({severity.ERROR})))
    rows = view.level_filter.model.rowCount()
    first, last = view.level_filter.stamp_span()  # what the time-range dialog offers
    middle = (first + (last - first) / 4, first + (last - first) * 3 / 4)
    timed, timed_stall = _filtered(app, view, lambda: view.set_time_range(middle))
    return {
        "window_mb_before_filter": before,
        "window_rss_before_filter": resident,
        "levels_seconds": levels_seconds,
        "filter_seconds": seconds,
        "filter_stall": stall,
        "filtered_rows": rows,
        "timed_seconds": timed,
        "timed_stall": timed_stall,
        "timed_rows": view.level_filter.model.rowCount(),
    }


def _filtered(app, view, change) -> tuple[float, float]:
    """Make `change` to the filter, wait for its rows: seconds, and the GUI thread's longest
    pause meanwhile (the rows are found by a job)."""
    start = time.perf_counter()
    change()
    stall, tick = 0.0, time.perf_counter()
    while view.level_filter.filtering:
        app.processEvents()
        now = time.perf_counter()
        stall, tick = max(stall, now - tick), now
        time.sleep(0.002)
    app.processEvents()
    return time.perf_counter() - start, stall


def held_by(doc) -> dict:
    """What the window holds of one scanned log (sizes, never timings)."""
    model = doc.matches_model
    groups = [model.index(row, 0) for row in range(model.rowCount())]
    kept = getattr(doc, "kept_matches", None)
    return {
        "lines": doc.line_count,
        "matched": doc.matched_count() if hasattr(doc, "matched_count") else len(doc.by_line),
        "groups": len(groups),
        "kept": kept() if kept is not None else len(doc.by_line),
        "scan_error": doc.scan_error,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dense-gb", type=float, default=1.0, help="size of the runaway log")
    parser.add_argument("--varied", type=Path, help="a varied log to copy (bench_scan.py's)")
    parser.add_argument("--gb", type=float, default=1.0, help="size of the varied log")
    parser.add_argument("--cap-mb", type=int, default=2000, help="kill a run past this RSS")
    parser.add_argument(
        "--level-filter", action="store_true", help='then turn "errors only" on (peak after it)'
    )
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--status", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child_main(args.child, args.status, args.level_filter)
    OUT.mkdir(parents=True, exist_ok=True)
    if args.dense_gb > 0:
        log = runaway_log(args.dense_gb)
        row = measure(log, "every-line-matches", args.cap_mb, args.level_filter)
        print(report(row, args.cap_mb), flush=True)
    if args.varied:
        big = args.varied
        if big.stat().st_size < args.gb * 0.95e9:
            big = copies_of(args.varied, args.gb)
        row = measure(big, "varied", args.cap_mb, args.level_filter)
        print(report(row, args.cap_mb), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
