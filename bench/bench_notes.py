"""Benchmark the notes store against the bare minimum a durable JSON file costs.

    python bench/bench_notes.py [--notes 10000] [--repeat 15] [--dir DIR] [--check]

Measures, on a store that already holds N notes (default 10,000):

* add: `NotesStore.add_note` on an open store (lock, change check, TinyDB update, durable write);
* bare write: `json.dumps` of the same data + write + flush + fsync + `os.replace`;
* load: `NotesStore(path)` (read, parse, check every record), and with `all_notes()` as well;
* bare load: read the file + `json.loads`.

Runs are interleaved (add, bare write, load, bare load, repeat); each ratio is the median of
the ratios of runs made back to back, so a busy spell on a shared machine slows both sides of
it. Best-of times are printed too. Goals: add < 2x bare write, load < 1.5x bare load.
`--check` exits 1 when a goal is missed (off by default: timing is not a test).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from triage_app.core.notes import NotesStore  # noqa: E402
from triage_app.core.notes.transfer import EXPORT_FORMAT  # noqa: E402

ADD_GOAL, LOAD_GOAL = 2.0, 1.5


def make_store(path: Path, count: int) -> None:
    """A store of `count` realistic notes (and some marks), written in one import."""
    rng = random.Random(42)
    words = [
        "nccl",
        "timeout",
        "rank",
        "oom",
        "a100",
        "cuda",
        "driver",
        "workaround",
        "cluster",
        "node",
        "pip",
        "wheel",
    ]
    notes, marks = [], []
    for i in range(count):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(8, 60)))
        stamp = f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T12:00:{i % 60:02d}.{i:06d}Z"
        notes.append(
            {
                "note_id": f"{i:08d}-0000-4000-8000-{rng.getrandbits(48):012x}",
                "entry_id": f"{rng.choice(['pytorch', 'nccl', 'cuda', 'pip'])}/entry-{i % 500}",
                "text": text,
                "tags": rng.sample(words, rng.randint(0, 3)),
                "created": stamp,
                "updated": stamp,
            }
        )
    for i in range(count // 50):
        marks.append(
            {
                "entry_id": f"nccl/entry-{i}",
                "action": f"action {i}",
                "action_text": f"Action {i}.",
                "verdict": "worked",
                "updated": "2026-01-01T00:00:00.000000Z",
            }
        )
    export = path.with_name("seed-export.json")
    export.write_text(
        json.dumps(
            {
                "format": EXPORT_FORMAT,
                "schema_version": 1,
                "exported_at": "now",
                "notes": notes,
                "marks": marks,
            }
        )
    )
    NotesStore(path).import_from(export)
    export.unlink()


def bare_durable_write(path: Path, data: dict) -> None:
    tmp = path.with_name(path.name + ".bare-tmp")
    with open(tmp, "wb") as handle:
        handle.write(json.dumps(data).encode("ascii"))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)


def bare_load(path: Path) -> dict:
    return json.loads(path.read_bytes())


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--dir", type=Path, help="where to put the files (default: a temp dir)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        path, bare_path = Path(folder) / "notes.json", Path(folder) / "bare.json"
        make_store(path, args.notes)
        size = path.stat().st_size
        data = bare_load(path)  # the same data, for the bare write
        store = NotesStore(path)
        store.all_notes()
        keys = ("add", "write", "load", "load+", "bare")
        times: dict[str, list[float]] = {key: [] for key in keys}
        for i in range(args.repeat):
            gc.collect()  # between runs, never inside one: each starts from the same state
            times["add"].append(timed(lambda i=i: store.add_note("bench/entry", f"note {i}")))
            times["write"].append(timed(lambda: bare_durable_write(bare_path, data)))
            gc.collect()
            times["load"].append(timed(lambda: NotesStore(path)))
            times["bare"].append(timed(lambda: bare_load(path)))
            gc.collect()
            times["load+"].append(timed(lambda: NotesStore(path).all_notes()))

    med = {key: statistics.median(values) for key, values in times.items()}
    best = {key: min(values) for key, values in times.items()}
    # Each ratio pairs runs made back to back, so a busy spell slows both sides of it.
    add_ratio = statistics.median(a / w for a, w in zip(times["add"], times["write"], strict=True))
    load_ratio = statistics.median(a / b for a, b in zip(times["load"], times["bare"], strict=True))

    def row(label: str, key: str, note: str = "") -> None:
        print(f"  {label:<28} {med[key] * 1000:8.1f} ms   (best {best[key] * 1000:6.1f}){note}")

    print(
        f"notes store: {args.notes:,} notes, file {size / 1e6:.1f} MB, "
        f"median of {args.repeat} interleaved runs"
    )
    row("add one note", "add")
    row("bare durable write", "write", "   json.dumps + write + flush + fsync + os.replace")
    row("load store", "load", "   NotesStore(path): read, parse, check every record")
    row("bare load", "bare", "   read + json.loads")
    row("load store + all_notes()", "load+", "   and build 10k Note objects")
    ok_add, ok_load = add_ratio < ADD_GOAL, load_ratio < LOAD_GOAL
    print(
        f"  ratio add / bare write: {add_ratio:.2f} (best-of {best['add'] / best['write']:.2f})"
        f"  goal < {ADD_GOAL}: {'met' if ok_add else 'MISSED'}"
    )
    print(
        f"  ratio load / bare load: {load_ratio:.2f} (best-of {best['load'] / best['bare']:.2f})"
        f"  goal < {LOAD_GOAL}: {'met' if ok_load else 'MISSED'}"
    )
    return 1 if args.check and not (ok_add and ok_load) else 0


if __name__ == "__main__":
    raise SystemExit(main())
