"""A bad file is never overwritten: damaged files are copied aside first; others are left alone.

Damaged (unparsable or wrongly typed): the original bytes are copied to
`notes.json.corrupt-<time>`, the user is told where, and the store carries on (empty, or with the
records that were fine). Newer schema or write-protected: opened read-only, byte-for-byte
untouched, nothing created next to it.
"""

from __future__ import annotations

import json
import os
import random
import stat
import sys
from pathlib import Path

import pytest

from tests.core.test_notes_support import (
    StepClock,
    assert_valid_file,
    file_tables,
    run_child,
    run_notes_cli,
)
from triage_app.core.notes import NotesReadOnlyError, NotesStore

GOOD = {
    "note_id": "n-good",
    "entry_id": "e/1",
    "text": "fine",
    "tags": [],
    "created": "2026-01-01",
    "updated": "2026-01-01",
}


def _valid_bytes() -> bytes:
    return json.dumps(
        {"meta": {"schema": {"schema_version": 1}}, "notes": {"n-good": GOOD}}
    ).encode()


DAMAGED = {
    "truncated": _valid_bytes()[:57],
    "garbage": bytes(random.Random(7).randrange(256) for _ in range(3000)),
    "empty": b"",
    "whitespace": b" \n\t",
    "not utf-8": b'{"notes": {"\xff\xfe": 1}}',
    "top level is a list": b"[]",
    "top level is a string": b'"notes"',
    "table is a list": b'{"notes": []}',
    "schema version is a string": b'{"meta": {"schema": {"schema_version": "1"}}, "notes": {}}',
    "deeply nested": b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("kind", list(DAMAGED))
def test_a_damaged_file_is_copied_aside_reported_and_the_store_starts_empty(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "notes.json"
    path.write_bytes(DAMAGED[kind])
    store = NotesStore(path, clock=StepClock())

    (copy,) = tmp_path.glob("notes.json.corrupt-*")
    assert copy.name == "notes.json.corrupt-20261129T201500"
    assert copy.read_bytes() == DAMAGED[kind]  # the original bytes, kept
    (problem,) = store.problems
    assert "notes.json was damaged" in problem and str(copy) in problem
    assert problem.endswith("started empty")
    assert store.all_notes() == [] and not store.read_only
    assert_valid_file(path)  # a valid empty store replaced it, after the copy
    note = store.add_note("e/1", "life goes on")
    assert NotesStore(path).all_notes() == [note]


def test_wrongly_typed_records_are_copied_aside_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    bad_note = {**GOOD, "note_id": "n-bad", "text": 42}
    bad_mark = {
        "entry_id": "e/1",
        "action": "x",
        "action_text": "X",
        "verdict": "perhaps",
        "updated": "2026-01-01",
    }
    original = json.dumps(
        {
            "meta": {"schema": {"schema_version": 1}},
            "notes": {"n-good": GOOD, "n-bad": bad_note},
            "marks": {json.dumps(["e/1", "x"]): bad_mark},
        }
    ).encode()
    path.write_bytes(original)
    store = NotesStore(path)

    (copy,) = tmp_path.glob("notes.json.corrupt-*")
    assert copy.read_bytes() == original
    (problem,) = store.problems
    assert "'text' is not a string" in problem and "(and 1 more)" in problem
    assert "kept the 1 readable notes and 0 marks" in problem
    assert [n.note_id for n in store.all_notes()] == ["n-good"]
    assert set(file_tables(path)["notes"]) == {"n-good"}


def test_damage_while_open_keeps_what_the_window_had_loaded(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    window = NotesStore(path)
    notes = [window.add_note("e/1", f"note {i}") for i in range(3)]
    path.write_bytes(b'{"notes": ')  # e.g. a hand edit gone wrong, written in place
    assert window.all_notes() == notes  # recovered on the next read
    (copy,) = tmp_path.glob("notes.json.corrupt-*")
    assert copy.read_bytes() == b'{"notes": '
    assert "kept the 3 already loaded notes" in window.problems[-1]
    assert NotesStore(path).all_notes() == notes


def test_a_newer_schema_is_opened_read_only_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    future = {**GOOD, "note_id": "n-future", "mood": "optimistic"}
    original = json.dumps(
        {
            "meta": {"schema": {"schema_version": 99}},
            "notes": {"n-good": GOOD, "n-future": future},
            "reminders": {"1": {"at": "tomorrow"}},
        }
    ).encode()
    path.write_bytes(original)
    before = sorted(os.listdir(tmp_path))
    store = NotesStore(path)

    assert store.read_only and not store.problems
    assert "newer version of Triage (schema 99" in (store.read_only_reason or "")
    assert {n.note_id for n in store.all_notes()} == {"n-good", "n-future"}  # shown as far as known
    with pytest.raises(NotesReadOnlyError, match="schema 99"):
        store.add_note("e/1", "refused")
    with pytest.raises(NotesReadOnlyError):
        store.set_mark("e/1", "x", "worked")
    exported = tmp_path / "out" / "export.json"
    assert store.export_to(exported) == 2  # reading is still fine
    with pytest.raises(NotesReadOnlyError):
        store.import_from(exported)
    exported.unlink()
    exported.parent.rmdir()
    assert path.read_bytes() == original
    assert sorted(os.listdir(tmp_path)) == before  # no lock, no temporary file, no copy


def test_a_write_protected_file_is_opened_read_only_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    NotesStore(path).add_note("e/1", "keep me")
    original = path.read_bytes()
    path.chmod(0o444)  # write-protected; honoured even when the tests run as root
    before = sorted(os.listdir(tmp_path))
    store = NotesStore(path)

    assert store.read_only and "write-protected" in (store.read_only_reason or "")
    assert [n.text for n in store.all_notes()] == ["keep me"]
    with pytest.raises(NotesReadOnlyError, match="write-protected"):
        store.add_note("e/1", "refused")
    assert path.read_bytes() == original and sorted(os.listdir(tmp_path)) == before
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


def test_a_damaged_file_that_may_not_be_written_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_bytes(b"{not json")
    path.chmod(0o444)
    store = NotesStore(path)
    assert store.read_only and store.all_notes() == []
    assert "left untouched" in store.problems[0]
    assert path.read_bytes() == b"{not json" and os.listdir(tmp_path) == ["notes.json"]


def test_a_folder_without_write_permission_makes_the_store_read_only(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    NotesStore(folder / "notes.json").add_note("e/1", "x")
    (folder / "notes.json.lock").unlink(missing_ok=True)
    folder.chmod(0o555)
    try:
        store = NotesStore(folder / "notes.json")
        assert store.read_only and "no permission to create files" in (store.read_only_reason or "")
        assert [n.text for n in store.all_notes()] == ["x"]
    finally:
        folder.chmod(0o755)


NOBODY_CHILD = """
import os, sys
from pathlib import Path
from triage_app.core.notes import NotesStore, NotesReadOnlyError  # imported while still root
os.setgid(65534); os.setuid(65534)  # drop root: real permission checks from here on
store = NotesStore(Path(sys.argv[1]))
print(store.read_only, len(store.all_notes()))
try:
    store.add_note("e/1", "as nobody")
except NotesReadOnlyError as exc:
    print("refused:", exc)
"""


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_a_file_owned_by_someone_else_is_read_only_for_real(tmp_path: Path) -> None:
    """Not simulated: a child drops to `nobody` and meets real permission errors."""
    shared = Path("/tmp") / f"triage-notes-perm-{os.getpid()}"
    shared.mkdir(mode=0o755)
    try:
        path = shared / "notes.json"
        NotesStore(path).add_note("e/1", "root's note")
        path.chmod(0o644)
        original = path.read_bytes()
        proc = run_child(NOBODY_CHILD, str(path))
        assert proc.returncode == 0, proc.stderr
        first, second = proc.stdout.splitlines()
        assert first == "True 1" and second.startswith("refused: ")
        assert path.read_bytes() == original
    finally:
        for item in shared.iterdir():
            item.unlink()
        shared.rmdir()


def test_stale_temporary_files_are_removed_on_open(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    NotesStore(path).add_note("e/1", "x")
    stale = tmp_path / ".notes.json.abc123.tmp"
    stale.write_bytes(b'{"half a wri')
    unrelated = tmp_path / ".other.json.abc123.tmp"
    unrelated.write_bytes(b"not ours")
    NotesStore(path)
    assert not stale.exists() and unrelated.exists()


def test_the_cli_reports_a_damaged_file_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.json"
    path.write_bytes(b"\x00\x01garbage")
    assert run_notes_cli(["notes", "--notes-db", str(path), "list"]) == 0
    captured = capsys.readouterr()
    assert "notes.json was damaged" in captured.err and "copied to" in captured.err
    assert "Traceback" not in captured.err
    (copy,) = tmp_path.glob("notes.json.corrupt-*")
    assert copy.read_bytes() == b"\x00\x01garbage"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")
def test_the_cli_refuses_to_add_to_a_read_only_store_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.json"
    NotesStore(path).add_note("e/1", "x")
    path.chmod(0o444)
    assert run_notes_cli(["notes", "--notes-db", str(path), "add", "e/1", "no"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "read-only" in err and "write-protected" in err
