"""Peak memory of `triage-app scan --format json LOG > file` on two ~N GB logs, per process.

    python bench/bench_memory.py [--gb 1] [--dense-gb 1] [--varied LOG]

* varied: copies of a varied log (a few known errors per thousand lines), as `bench_scan.py`
  makes it (pass it with --varied; `bench_scan.py` calls `measure` with its own);
* every line matches: a runaway retry loop, three real connection-refused shapes (Python,
  Go, Node) each matched by a bundled entry, one per line.

Each scan runs in a child process with stdout sent to a file; the peak resident memory
(VmHWM) of the child and of any worker process it starts is sampled every 50 ms, and the
goal is < 300 MB per process (issue 12). The JSON output is deleted after its size is
printed (an every-line log gives about 10 bytes of JSON per byte of log).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from room import MARGIN, need_room  # noqa: E402

from tests.support.loggen import runaway_line  # noqa: E402

OUT = ROOT / "bench" / "out"
GOAL_MB = 300


def runaway_log(gigabytes: float) -> Path:
    """A log of ~N GB in which every line matches a bundled entry (made once, then reused)."""
    path = OUT / f"bench-runaway-{gigabytes:g}gb.log"
    if path.exists() and path.stat().st_size >= gigabytes * 0.95e9:
        return path
    need_room(path.parent, gigabytes * 1e9, path.name)
    print(f"writing {path.name}...", flush=True)
    with open(path, "w", encoding="utf-8") as out:
        n = 0
        while out.tell() < gigabytes * 1e9:
            rows = []
            for _ in range(10_000):
                n += 1
                rows.append(runaway_line(n))
            out.write("\n".join(rows) + "\n")
    return path


def copies_of(log: Path, gigabytes: float) -> Path:
    """A ~N GB file made of copies of `log`."""
    big = OUT / f"bench-{gigabytes:g}gb.log"
    if not big.exists() or big.stat().st_size < gigabytes * 0.95e9:
        need_room(big.parent, gigabytes * 1e9, big.name)
        print(f"writing {big.name}...", flush=True)
        with open(big, "wb") as out, open(log, "rb") as src:
            while out.tell() < gigabytes * 1e9:
                src.seek(0)
                shutil.copyfileobj(src, out, 16 << 20)
    return big


def measure(log: Path, label: str) -> dict:
    """Scan `log` with the CLI into a JSON file; time, peak MB per process, output size."""
    target = OUT / f"scan-{label}.json"
    peaks: dict[int, int] = {}
    child = None
    try:
        with tempfile.TemporaryDirectory() as data, open(target, "w") as out:
            start = time.perf_counter()
            child = subprocess.Popen(
                [sys.executable, "-m", "triage_app", "scan", "--format", "json", str(log)],
                stdout=out,
                env={**os.environ, "TRIAGE_DATA_DIR": data},
            )
            while child.poll() is None:  # VmHWM: each process's own peak since exec (Linux)
                for pid in [child.pid, *_descendants(child.pid)]:
                    peaks[pid] = max(peaks.get(pid, 0), _vm_hwm_kb(pid))
                if shutil.disk_usage(OUT).free < MARGIN:
                    raise SystemExit(
                        f"stopped the scan of {log.name}: its JSON filled the disk to within "
                        f"{MARGIN / 1e9:.1f} GB (about 10 bytes of JSON per byte of an "
                        "every-line-matches log); pass a smaller size"
                    )
                time.sleep(0.05)
            seconds = time.perf_counter() - start
        size = target.stat().st_size
        counts = _group_counts(target)
    finally:  # an interrupted run must not leave GBs of JSON behind
        if child is not None and child.poll() is None:
            for pid in [*_descendants(child.pid), child.pid]:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            child.wait()
        target.unlink(missing_ok=True)
    workers = [kb for pid, kb in peaks.items() if pid != child.pid]
    return {
        "label": label,
        "log_mb": log.stat().st_size / 1e6,
        "seconds": seconds,
        "peak_mb": peaks.get(child.pid, 0) // 1024,
        "worker_peak_mb": max(workers, default=0) // 1024,
        "workers": len(workers),
        "json_mb": size / 1e6,
        "matched": counts,
        "exit": child.returncode,
    }


def report(row: dict) -> str:
    verdict = "ok" if max(row["peak_mb"], row["worker_peak_mb"]) < GOAL_MB else "OVER"
    workers = (
        f", {row['workers']} workers peak {row['worker_peak_mb']} MB" if row["workers"] else ""
    )
    return (
        f"triage-app scan --format json, {row['label']} log of {row['log_mb']:.0f} MB: "
        f"{row['seconds']:.1f} s, peak memory {row['peak_mb']} MB{workers} "
        f"(goal < {GOAL_MB} MB per process: {verdict}); {row['matched']} matched lines, "
        f"JSON {row['json_mb']:.0f} MB"
    )


def _group_counts(path: Path) -> int | None:
    """Matched lines, from the `groups` of the document's last file (read from its end)."""
    with open(path, "rb") as f:
        f.seek(max(0, path.stat().st_size - (4 << 20)))
        tail = f.read().decode("utf-8", "replace")
    at = tail.rfind('"groups": ')
    if at < 0:
        return None
    groups, _end = json.JSONDecoder().raw_decode(tail, at + len('"groups": '))
    return sum(g["count"] for g in groups)


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/task/{current}/children") as f:
                kids = [int(k) for k in f.read().split()]
        except (OSError, ValueError):
            kids = []
        found += kids
        todo += kids
    return found


def _status_kb(pid: int, field: str) -> int:
    """A kB field of a running process's /proc status (0 when it has gone)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for row in status:
                if row.startswith(field + ":"):
                    return int(row.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _vm_hwm_kb(pid: int) -> int:
    """Peak resident memory of a running process. (ru_maxrss of a forked child would count
    the parent's pages it held before exec.)"""
    return _status_kb(pid, "VmHWM")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gb", type=float, default=1.0, help="size of the varied log")
    parser.add_argument("--dense-gb", type=float, default=1.0, help="size of the runaway log")
    parser.add_argument("--varied", type=Path, help="a varied log to copy (bench_scan.py's)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    if args.varied:
        print(report(measure(copies_of(args.varied, args.gb), "varied")), flush=True)
    if args.dense_gb > 0:
        print(report(measure(runaway_log(args.dense_gb), "every-line-matches")), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
