"""Two processes, one file: concurrent writers both keep every change.

The children are separate interpreters that wait for a start signal (a file appearing), so the
writes really overlap; nothing here depends on timing except the generous hang timeout.
"""

from __future__ import annotations

import time
from pathlib import Path

from tests.core.test_notes_support import (
    CLI_CHILD,
    HANG_TIMEOUT,
    assert_valid_file,
    start_child,
)
from triage_app.core.notes import NotesStore

ADDER_CHILD = """
import sys, time
from pathlib import Path
from triage_app.core.notes import NotesStore

path, label, count, go = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
store = NotesStore(path)  # opened before the start, like a window that is already open
print("ready", flush=True)
deadline = time.monotonic() + 120
while not go.exists():
    if time.monotonic() > deadline:
        sys.exit("never told to start")
    time.sleep(0.005)
for i in range(count):
    note = store.add_note(f"concurrent/{label}", f"{label} {i}")
    print(note.note_id, flush=True)
seen = {n.text for n in store.all_notes()}  # this window sees the other's notes too
print("seen", sum(t.startswith(label + " ") for t in seen), len(seen), flush=True)
"""


def _run_together(tmp_path: Path, children: list[tuple[str, ...]]) -> list[list[str]]:
    go = tmp_path / "go"
    procs = [start_child(code, *args) for code, *args in children]
    for proc in procs:  # wait until every child has opened its store
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    go.touch()
    outputs = []
    for proc in procs:
        out, err = proc.communicate(timeout=HANG_TIMEOUT)
        assert proc.returncode == 0, err
        outputs.append(out.split("\n"))
    return outputs


def test_two_processes_adding_200_notes_each_at_once_keep_all_400(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    started = time.monotonic()
    out_a, out_b = _run_together(
        tmp_path,
        [
            (ADDER_CHILD, str(path), "A", "200", str(tmp_path / "go")),
            (ADDER_CHILD, str(path), "B", "200", str(tmp_path / "go")),
        ],
    )
    elapsed = time.monotonic() - started
    ids_a, ids_b = ([line for line in out if len(line) == 36] for out in (out_a, out_b))
    assert len(ids_a) == len(ids_b) == 200

    notes = NotesStore(path).all_notes()
    assert len(notes) == 400
    assert {n.note_id for n in notes} == set(ids_a) | set(ids_b)
    for label in "AB":
        texts = {n.text for n in notes if n.entry_id == f"concurrent/{label}"}
        assert texts == {f"{label} {i}" for i in range(200)}
    assert_valid_file(path)
    # How much the writers interleaved in time (informational: depends on the scheduler).
    order = [n.entry_id[-1] for n in notes]
    switches = sum(a != b for a, b in zip(order, order[1:], strict=False))
    print(
        f"\nconcurrency: 2 processes x 200 notes -> {len(notes)} kept, writer switched "
        f"{switches} times in the file order, {elapsed:.1f} s"
    )


def test_the_window_and_the_cli_adding_at_the_same_time_keep_everything(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    window = NotesStore(path)
    clis = [
        start_child(
            CLI_CHILD,
            "notes",
            "--notes-db",
            str(path),
            "add",
            "cli/entry",
            f"from the CLI {i}",
            "--tags",
            "cli",
        )
        for i in range(4)
    ]
    window_notes = [window.add_note("window/entry", f"from the window {i}") for i in range(40)]
    cli_ids = []
    for proc in clis:
        out, err = proc.communicate(timeout=HANG_TIMEOUT)
        assert proc.returncode == 0, err
        cli_ids.append(out.strip())
    everything = {n.note_id: n for n in window.all_notes()}  # the window sees the CLI's notes
    assert set(cli_ids) | {n.note_id for n in window_notes} == set(everything)
    assert {everything[i].text for i in cli_ids} == {f"from the CLI {i}" for i in range(4)}


def test_two_processes_opening_the_same_damaged_file_copy_it_aside_once(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_bytes(b'{"notes": {"truncated')
    _run_together(
        tmp_path,
        [(ADDER_CHILD, str(path), label, "5", str(tmp_path / "go")) for label in "AB"],
    )
    copies = list(tmp_path.glob("notes.json.corrupt-*"))
    assert len(copies) == 1 and copies[0].read_bytes() == b'{"notes": {"truncated'
    assert len(NotesStore(path).all_notes()) == 10
