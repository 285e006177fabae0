"""How soon the first answer comes: `triage-app scan` start-up, and the window's scans.

    python bench/bench_startup.py [--repeat 5] [--before REF] [--dir /tmp/triage-startup]

Prints, in one run, for the code before the compiled catalogue and the warm scan service
(`--before`, default: the commit before `catalog_cache.py` was added, unpacked with `git
archive`; the same interpreter and libraries) and for this checkout:

  * CLI: `triage-app scan` of a two-line log, median of `--repeat` runs, against `python -c
    pass` (goal: at most 12x) with the compiled catalogue current (warm); the first run after
    a catalogue change (a record file of an extra `--catalog` folder touched before each run;
    goal: at most 100x); and this checkout with `TRIAGE_NO_CACHE=1` (the cache switched off);
  * window (offscreen, the catalogue warm: a first log was scanned before measuring): a pasted
    10-line log until its matches are shown, and a 1 MB log dropped until its first screen is
    painted and until its matches are shown (goal: at most 0.5 s each).

Every process gets an empty data folder and one cache folder in `--dir`; bytecode is written
(`PYTHONDONTWRITEBYTECODE` removed), as after an install. Not a test: the numbers depend on
the machine and its load; the ratios are measured in the same run.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TWO_LINES = "2026-01-01 10:00:00 INFO starting\nRuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
PASTE = "".join(
    [f"2026-01-01 10:00:{n:02d} INFO [rank0] step {n} loss 0.{n}3\n" for n in range(8)]
    + [
        "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 79.15 GiB total)\n",
        "2026-01-01 10:00:09 ERROR [rank0] worker exited with code 1\n",
    ]
)
WINDOW_GOAL_S = 0.5


def _env(workdir: Path, code: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(
        PYTHONPATH=str(code),
        TRIAGE_DATA_DIR=str(workdir / "data"),
        TRIAGE_CACHE_DIR=str(workdir / "cache"),
        QT_QPA_PLATFORM=env.get("QT_QPA_PLATFORM", "offscreen"),
        NO_COLOR="1",
    )
    env.update(extra)
    return env


def _timed(cmd: list[str], env: dict[str, str], before=None) -> tuple[float, float]:  # noqa: ANN001
    """Wall time and CPU time (user + system) of one run of `cmd`."""
    if before is not None:
        before()
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, cwd="/", check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        tail = proc.stderr.decode()[-400:]
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {tail}")
    return elapsed, (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime)


def _median(cmd: list[str], env: dict[str, str], repeat: int, before=None) -> tuple[float, float]:  # noqa: ANN001
    runs = [_timed(cmd, env, before) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def unpack_before(ref: str, workdir: Path) -> Path:
    """The code at `ref`, as files (no git worktree is made)."""
    target = workdir / f"code-{ref.replace('/', '_').replace('^', '-parent')}"
    if (target / "triage_app").is_dir():
        return target
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "triage_app", "records", "resources"],
        capture_output=True,
        check=True,
    ).stdout
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(target, filter="data")
    return target


def default_before() -> str:
    added = subprocess.run(
        [
            "git",
            "-C",
            str(ROOT),
            "log",
            "--diff-filter=A",
            "--format=%H",
            "--",
            "triage_app/core/catalog_cache.py",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return f"{added[-1]}^" if added else "HEAD"


def cli_numbers(
    code: Path, workdir: Path, repeat: int, **extra: str
) -> dict[str, tuple[float, float]]:
    py = sys.executable
    env = _env(workdir, code, **extra)
    log = workdir / "two.log"
    log.write_text(TWO_LINES, encoding="utf-8")
    extra_dir = workdir / "extra-records" / "python"
    extra_dir.mkdir(parents=True, exist_ok=True)
    record = extra_dir / "bench-startup.json"
    record.write_text(
        json.dumps(
            {
                "id": "python/bench-startup",
                "signature": "BenchStartupError: nothing real",
                "regex": r"BenchStartupError: nothing real",
                "domain": "python",
                "category": "runtime_error",
                "root_cause": "A record that only the start-up benchmark loads.",
            }
        ),
        encoding="utf-8",
    )
    scan = [py, "-m", "triage_app", "scan", str(log)]
    changed = [*scan, "--catalog", str(extra_dir.parent)]

    def touch() -> None:
        stamp = time.time_ns()
        os.utime(record, ns=(stamp, stamp))

    _timed(scan, env)  # bytecode written, cache built
    return {
        "pass": _median([py, "-c", "pass"], env, repeat),
        "warm": _median(scan, env, repeat),
        "changed": _median(changed, env, max(3, repeat // 2), before=touch),
    }


def window_numbers(code: Path, workdir: Path, repeat: int) -> dict[str, float]:
    """Run `--window-part` in a child with `code` first on its path; its JSON line back."""
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--window-part",
        "--repeat",
        str(repeat),
        "--dir",
        str(workdir),
    ]
    proc = subprocess.run(cmd, env=_env(workdir, code), capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"window part failed: {proc.stderr[-800:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# -- the window part (runs in a child, with the code under test on sys.path) ----------------


def _window_part(workdir: Path, repeat: int) -> dict[str, float]:
    from PySide6.QtCore import QEvent, QObject, QTimer  # noqa: TID251 - the window part
    from PySide6.QtWidgets import QApplication  # noqa: TID251 - the window part

    from tests.support.loggen import generate
    from triage_app.core import catalog as catalog_mod
    from triage_app.core.notes import NotesStore
    from triage_app.ui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    dirs = catalog_mod.default_catalog_dirs()
    try:
        from triage_app.core.catalog_cache import open_catalog

        catalog = open_catalog(dirs).catalog
    except ImportError:  # the code before the compiled catalogue
        catalog = catalog_mod.load_catalog(dirs)
    notes = NotesStore(workdir / "data" / "notes.json")
    window = MainWindow(catalog, dirs, notes, restore_layout=False)
    window.resize(1400, 900)
    window.show()
    if hasattr(window.tabs.scheduler, "warm"):
        window.tabs.scheduler.warm(dirs)
    errors = [e.get("examples")[0] for e in catalog if e.get("examples")][:200]
    big = workdir / "one-mb.log"
    if not big.exists():
        lines, size = [], 0
        for line in generate(20_000, errors, error_every=400, seed=3):
            lines.append(line)
            size += len(line.encode()) + 1
            if size >= 1_000_000:
                break
        big.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def pump(done, timeout: float = 120.0) -> None:  # noqa: ANN001
        deadline = time.perf_counter() + timeout
        while not done():
            if time.perf_counter() > deadline:
                raise SystemExit("the window did not finish within the time limit")
            app.processEvents()
            time.sleep(0.0005)

    class Painted(QObject):
        at: float | None = None

        def eventFilter(self, _obj, event) -> bool:  # noqa: ANN001
            if event.type() == QEvent.Type.Paint and self.at is None:
                QTimer.singleShot(0, lambda: setattr(self, "at", self.at or time.perf_counter()))
            return False

    def shown(doc) -> bool:  # noqa: ANN001
        return not doc.busy and doc.matches_model.total > 0

    def paste() -> float:
        start = time.perf_counter()
        window.open_text(PASTE)
        pump(lambda: window.tabs.log_count() == 1)
        doc = window.tabs.current_document()
        pump(lambda: shown(doc))
        elapsed = time.perf_counter() - start
        _close_logs(window)
        return elapsed

    def drop() -> tuple[float, float]:
        probe = Painted()
        start = time.perf_counter()
        window.open_paths([big])
        pump(lambda: window.tabs.log_count() == 1)
        view = window.tabs.current_view()
        view.table.viewport().installEventFilter(probe)
        doc = view.document
        pump(lambda: probe.at is not None and doc.line_count > 0)
        first = probe.at - start
        pump(lambda: shown(doc))
        matches = time.perf_counter() - start
        _close_logs(window)
        return first, matches

    paste()  # the warm-up: the catalogue is loaded (and the process started) before measuring
    pastes = [paste() for _ in range(repeat)]
    drops = [drop() for _ in range(repeat)]
    window.tabs.close_all()
    window.close()
    return {
        "paste_matches": statistics.median(pastes),
        "drop_first_screen": statistics.median(d[0] for d in drops),
        "drop_matches": statistics.median(d[1] for d in drops),
    }


def _close_logs(window) -> None:  # noqa: ANN001
    for view in window.tabs.views():
        window.tabs.close_view(view)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--before", default=None, help="git ref of the code to compare with")
    parser.add_argument("--dir", type=Path, default=Path("/tmp/triage-startup"))
    parser.add_argument("--window-part", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.window_part:
        sys.path.append(str(ROOT))  # tests.support (the code under test stays first)
        print(json.dumps(_window_part(args.dir, args.repeat)))
        return 0
    ref = args.before or default_before()
    before_code = unpack_before(ref, args.dir)
    runs = {
        f"before ({ref[:12]})": (before_code, args.dir / "before", {}),
        "after, cache off (TRIAGE_NO_CACHE=1)": (
            ROOT,
            args.dir / "nocache",
            {"TRIAGE_NO_CACHE": "1"},
        ),
        "after": (ROOT, args.dir / "after", {}),
    }
    print(
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; median of {args.repeat}"
    )
    for name, (code, workdir, extra) in runs.items():
        workdir.mkdir(parents=True, exist_ok=True)
        cli = cli_numbers(code, workdir, args.repeat, **extra)
        base, base_cpu = cli["pass"]
        print(f"\n{name}")
        print(f"  {'':34} {'wall':>9} {'ratio':>8}   {'cpu':>9} {'ratio':>8}")
        print(f"  {'python -c pass':<34} {base:7.3f} s {'':8}   {base_cpu:7.3f} s")
        for key, label, goal in (
            ("warm", "scan, two-line log (warm)", 12),
            ("changed", "scan, after a catalogue change", 100),
        ):
            wall, cpu = cli[key]
            print(
                f"  {label:<34} {wall:7.3f} s {wall / base:7.1f}x   {cpu:7.3f} s"
                f" {cpu / max(base_cpu, 1e-3):7.1f}x  (goal <= {goal}x)"
            )
        if extra:
            continue  # the window has no cache switch of its own: before/after cover it
        win = window_numbers(code, workdir, args.repeat)
        for key, label in (
            ("paste_matches", "window, 10-line paste -> matches"),
            ("drop_first_screen", "window, 1 MB drop -> first screen"),
            ("drop_matches", "window, 1 MB drop -> matches"),
        ):
            print(f"  {label:<34} {win[key]:7.3f} s  (goal <= {WINDOW_GOAL_S} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
