"""Crash safety: a writer killed at any moment leaves the old or the new complete file.

Two kinds of proof:
* fault injection: a child process replaces `durable.fault_point` (the app never does) and
  SIGKILLs itself at exactly one step of its second write; the file must then be byte-for-byte
  the state after its first write (steps before the replace) or contain the second note (after);
* a seeded loop of 200 forked children adding notes as fast as they can, each SIGKILLed after a
  random delay; after every kill the file parses, its schema is valid, and every note a child
  reported as written is there.
"""

from __future__ import annotations

import hashlib
import os
import random
import select
import signal
import statistics
import time
import traceback
from pathlib import Path

import pytest

from tests.core.test_notes_support import (
    HANG_TIMEOUT,
    StepClock,
    assert_valid_file,
    run_child,
    skip_unless_posix_signals,
)
from triage_app.core.notes import NotesStore
from triage_app.core.notes.durable import WRITE_STEPS, stale_temp_files

FAULT_CHILD = """
import hashlib, os, signal, sys
from pathlib import Path
from triage_app.core.notes import NotesStore, durable

path, step, die_on, mode = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
writes = 0

def fault_point(name):
    global writes
    if name == "tmp_created":
        writes += 1
    if name == step and writes == die_on:
        os.kill(os.getpid(), signal.SIGKILL)

durable.fault_point = fault_point  # only in this child: the app never replaces it
store = NotesStore(path)
if mode == "import":
    store.add_note("crash/entry", "before the import")
    print(hashlib.sha256(path.read_bytes()).hexdigest(), flush=True)
    store.import_from(Path(sys.argv[5]))
    print("import reported complete", flush=True)
for i in range(die_on + 2):
    note = store.add_note("crash/entry", f"child note {i}")
    print(note.note_id, hashlib.sha256(path.read_bytes()).hexdigest(), flush=True)
"""

BEFORE_REPLACE = {"tmp_created", "before_flush", "before_fsync", "before_replace"}


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _check_reopens_cleanly(path: Path, must_contain: set[str]) -> None:
    store = NotesStore(path)
    assert store.problems == [] and not store.read_only
    assert must_contain <= {note.note_id for note in store.all_notes()}
    assert stale_temp_files(path) == []  # a dead writer's temporary file is removed on open


@pytest.mark.parametrize("step", WRITE_STEPS)
@pytest.mark.parametrize("start", ["no file yet", "existing notes"])
def test_a_write_killed_at_each_step_leaves_the_old_or_the_new_state(
    tmp_path: Path, step: str, start: str
) -> None:
    skip_unless_posix_signals()
    path = tmp_path / "notes.json"
    seeded: set[str] = set()
    if start == "existing notes":
        store = NotesStore(path, clock=StepClock())
        seeded = {store.add_note("seed", f"seed {i}").note_id for i in range(3)}

    proc = run_child(FAULT_CHILD, str(path), step, "2", "add")

    assert proc.returncode == -signal.SIGKILL, proc.stderr
    ((confirmed_id, hash_after_first_write),) = [line.split() for line in proc.stdout.splitlines()]
    tables = assert_valid_file(path)
    texts = sorted(doc["text"] for doc in tables["notes"].values())
    expected = sorted([f"seed {i}" for i in range(len(seeded))] + ["child note 0"])
    if step in BEFORE_REPLACE:
        assert _sha(path) == hash_after_first_write  # exactly the old state
        assert texts == expected
        assert len(stale_temp_files(path)) == 1
    else:
        assert texts == sorted([*expected, "child note 1"])  # the complete new state
        assert stale_temp_files(path) == []
    _check_reopens_cleanly(path, seeded | {confirmed_id})


@pytest.mark.parametrize("step", ["before_replace", "after_replace"])
def test_an_import_killed_mid_write_is_all_or_nothing(tmp_path: Path, step: str) -> None:
    skip_unless_posix_signals()
    source = NotesStore(tmp_path / "other.json", clock=StepClock())
    for i in range(50):
        source.add_note(f"imported/{i % 4}", f"imported {i}")
    export = tmp_path / "export.json"
    source.export_to(export)
    path = tmp_path / "notes.json"

    proc = run_child(FAULT_CHILD, str(path), step, "2", "import", str(export))

    assert proc.returncode == -signal.SIGKILL, proc.stderr
    (hash_before_import,) = proc.stdout.split()
    imported = [n for n in NotesStore(path).all_notes() if n.text.startswith("imported")]
    if step == "before_replace":
        assert imported == [] and _sha(path) == hash_before_import
    else:
        assert len(imported) == 50
    _check_reopens_cleanly(path, set())


def _add_until_killed(path: Path, child: int, fd: int) -> None:
    """Body of a forked child: add notes forever, reporting each completed write on `fd`."""
    try:
        store = NotesStore(path)
        os.write(fd, b"open\n")
        for i in range(1_000_000):
            note = store.add_note(f"loop/{child % 5}", f"child {child} note {i}")
            os.write(fd, note.note_id.encode() + b"\n")
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(3)  # only reached on an error: the parent then sees exit status 3, not a kill


def _wait_for_line(fd: int) -> bytes:
    """Read one line (the child's "open"); b"" if the child died first. Hang guard only."""
    line = b""
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], HANG_TIMEOUT)
        assert ready, "child hung while opening the store"
        chunk = os.read(fd, 1)
        if not chunk:
            break
        line += chunk
    return line


def _read_all(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks)


def test_200_children_killed_at_random_moments_never_lose_a_confirmed_note(
    tmp_path: Path,
) -> None:
    skip_unless_posix_signals()
    if not hasattr(os, "fork"):
        pytest.skip("needs os.fork")
    rng = random.Random(20261129)
    path = tmp_path / "notes.json"
    seed = tmp_path / "seed.json"
    seeder = NotesStore(seed, clock=StepClock())
    for i in range(300):  # a store of some size, so that each write takes a while
        seeder.add_note(f"seed/{i % 9}", f"seed note {i} " + "x" * 200)
    seeder.export_to(seed.with_suffix(".export"))
    store = NotesStore(path)
    store.import_from(seed.with_suffix(".export"))
    # Kill moments are drawn relative to how long one write takes here, so that a slow or busy
    # machine gets the same mix (during opening, between writes, in the middle of one).
    write_time = statistics.median(_timed_add(store) for _ in range(5))

    confirmed: set[str] = set()
    mid_write_kills = opening_kills = 0
    started = time.monotonic()
    for child in range(200):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the child
            os.close(read_end)
            _add_until_killed(path, child, write_end)
        os.close(write_end)
        if rng.random() < 0.1:
            opening_kills += 1  # kill it while it may still be opening the store
        else:
            _wait_for_line(read_end)
        time.sleep(rng.uniform(0.0, 6 * write_time))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        output = _read_all(read_end)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
            f"child {child} stopped by itself (status {status}); see its traceback above"
        )
        *complete_lines, _partial = output.split(b"\n")
        confirmed.update(line.decode() for line in complete_lines if line != b"open")
        mid_write_kills += bool(stale_temp_files(path))

        store = NotesStore(path)
        assert store.problems == [] and not store.read_only
        found = {note.note_id for note in store.all_notes()}
        assert not confirmed - found, f"after child {child}: confirmed notes missing"
        assert_valid_file(path)

    loop_notes = [n for n in NotesStore(path).all_notes() if n.entry_id.startswith("loop/")]
    print(
        f"\nSIGKILL loop: 200 children, 200 kills ({opening_kills} without waiting for the store "
        f"to open, {mid_write_kills} while a temporary file existed), {len(confirmed)} notes "
        f"confirmed, {len(loop_notes)} found (confirmed + writes that completed unreported), "
        f"one write {write_time * 1000:.1f} ms, {time.monotonic() - started:.1f} s"
    )
    assert confirmed <= {n.note_id for n in loop_notes}
    assert len(loop_notes) - len(confirmed) <= 200  # at most one unreported write per child
    assert len(confirmed) > 0


def _timed_add(store: NotesStore) -> float:
    start = time.perf_counter()
    store.add_note("timing/probe", "how long does one write take here?")
    return time.perf_counter() - start
