"""Export and import: an exact round trip, and a union merge that never drops anything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.core.test_notes_support import StepClock, file_tables
from triage_app.core.notes import ImportResult, NotesError, NotesImportError, NotesStore
from triage_app.core.notes.transfer import EXPORT_FORMAT, conflict_copy_id


def _filled(path: Path) -> NotesStore:
    store = NotesStore(path, clock=StepClock())
    store.add_note("pytorch/fsdp", "A100 nodes; workaround 2 worked", ["a100", "cluster"])
    store.add_note("pytorch/fsdp", "多行\n笔记\twith tabs and \x00 NUL")
    store.add_note("removed/entry", "an entry that left the catalogue")
    store.set_mark("pytorch/fsdp", "Set use_orig_params=True.", "worked")
    store.set_mark("removed/entry", "Old action", "did_not_work")
    return store


def test_export_then_import_into_an_empty_store_round_trips_exactly(tmp_path: Path) -> None:
    source = _filled(tmp_path / "a.json")
    export = tmp_path / "backup" / "notes-export.json"
    assert source.export_to(export) == 3

    doc = json.loads(export.read_text(encoding="utf-8"))
    assert (doc["format"], doc["schema_version"]) == (EXPORT_FORMAT, 1)
    assert len(doc["notes"]) == 3 and len(doc["marks"]) == 2

    target = NotesStore(tmp_path / "b.json")
    result = target.import_from(export)
    assert result == ImportResult(notes_added=3, marks_added=2)
    assert target.all_notes() == source.all_notes()
    assert sorted(target.all_marks(), key=str) == sorted(source.all_marks(), key=str)
    assert file_tables(target.path)["notes"] == file_tables(source.path)["notes"]
    assert file_tables(target.path)["marks"] == file_tables(source.path)["marks"]


def test_import_merges_as_a_union_and_keeps_both_versions_of_a_note(tmp_path: Path) -> None:
    home = NotesStore(tmp_path / "home.json", clock=StepClock())
    shared = home.add_note("e/1", "same everywhere")
    edited = home.add_note("e/1", "original wording")
    home_only = home.add_note("e/2", "only at home")
    home.export_to(tmp_path / "home-export.json")

    work = NotesStore(tmp_path / "work.json", clock=StepClock())
    work.import_from(tmp_path / "home-export.json")
    work.update_note(edited.note_id, text="reworded at work")
    work_only = work.add_note("e/3", "only at work")
    work.export_to(tmp_path / "work-export.json")

    result = home.import_from(tmp_path / "work-export.json")
    assert (result.notes_added, result.notes_unchanged, result.notes_conflicting) == (1, 2, 1)
    by_id = {n.note_id: n for n in home.all_notes()}
    assert by_id[shared.note_id] == shared and by_id[home_only.note_id] == home_only
    assert by_id[edited.note_id].text == "original wording"  # the local version stays...
    copy = by_id[conflict_copy_id(file_tables(work.path)["notes"][edited.note_id])]
    assert copy.text == "reworded at work" and copy.entry_id == "e/1"  # ...next to the other
    assert by_id[work_only.note_id].text == "only at work"
    assert len(by_id) == 5

    again = home.import_from(tmp_path / "work-export.json")  # importing twice adds nothing
    assert (again.notes_added, again.notes_conflicting, again.notes_unchanged) == (0, 0, 4)
    assert len(home.all_notes()) == 5


def test_import_of_marks_keeps_the_newer_verdict(tmp_path: Path) -> None:
    clock = StepClock()
    ours = NotesStore(tmp_path / "ours.json", clock=clock)
    theirs = NotesStore(tmp_path / "theirs.json", clock=clock)  # one clock: a known order
    ours.set_mark("e/1", "older here", "worked")
    theirs.set_mark("e/1", "older here", "did_not_work")  # newer on their side
    theirs.set_mark("e/1", "newer here", "worked")
    ours.set_mark("e/1", "newer here", "did_not_work")  # newer on our side
    theirs.set_mark("e/1", "same", "worked")
    ours.set_mark("e/1", "same", "worked")
    theirs.set_mark("e/2", "new to us", "worked")
    theirs.export_to(tmp_path / "theirs-export.json")

    result = ours.import_from(tmp_path / "theirs-export.json")
    assert (result.marks_added, result.marks_replaced) == (1, 1)
    assert (result.marks_kept_local, result.marks_unchanged) == (1, 1)
    marks = ours.marks_for("e/1")
    assert marks["older here"].verdict == "did_not_work"
    assert marks["newer here"].verdict == "did_not_work"
    assert "new to us" in ours.marks_for("e/2")


def test_another_machines_notes_file_can_be_imported_directly(tmp_path: Path) -> None:
    other = _filled(tmp_path / "other-machine-notes.json")
    mine = NotesStore(tmp_path / "notes.json")
    assert mine.import_from(other.path).notes_added == 3
    assert mine.all_notes() == other.all_notes()


BAD_IMPORTS = {
    "not json": b"{nope",
    "not an export": b'{"hello": "world"}',
    "a list": b"[1, 2]",
    "newer export": json.dumps({"format": EXPORT_FORMAT, "schema_version": 7, "notes": []}),
    "note text not a string": json.dumps(
        {
            "format": EXPORT_FORMAT,
            "schema_version": 1,
            "notes": [
                {
                    "note_id": "n",
                    "entry_id": "e",
                    "text": 5,
                    "tags": [],
                    "created": "c",
                    "updated": "u",
                }
            ],
        }
    ),
    "note without id": json.dumps(
        {"format": EXPORT_FORMAT, "schema_version": 1, "notes": [{"text": "t"}]}
    ),
    "bad mark": json.dumps(
        {
            "format": EXPORT_FORMAT,
            "schema_version": 1,
            "notes": [],
            "marks": [
                {
                    "entry_id": "e",
                    "action": "a",
                    "action_text": "A",
                    "verdict": "meh",
                    "updated": "u",
                }
            ],
        }
    ),
    "damaged notes file": b'{"notes": {"n": {"note_id": "n"}}}',
}


@pytest.mark.parametrize("kind", list(BAD_IMPORTS))
def test_a_bad_import_file_is_refused_and_imports_nothing(tmp_path: Path, kind: str) -> None:
    store = _filled(tmp_path / "notes.json")
    before = store.path.read_bytes()
    bad = tmp_path / "import.json"
    content = BAD_IMPORTS[kind]
    bad.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(NotesImportError) as info:
        store.import_from(bad)
    assert str(bad) in str(info.value)
    assert store.path.read_bytes() == before


def test_import_of_a_missing_file_and_export_to_an_impossible_place_fail_clearly(
    tmp_path: Path,
) -> None:
    store = _filled(tmp_path / "notes.json")
    with pytest.raises(NotesImportError, match="cannot read"):
        store.import_from(tmp_path / "missing.json")
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(NotesError, match="cannot write"):
        store.export_to(tmp_path / "a-file" / "export.json")


def test_text_that_utf8_cannot_hold_survives_export_and_import(tmp_path: Path) -> None:
    store = NotesStore(tmp_path / "a.json")
    note = store.add_note("e/1", "lone surrogate \ud800 and \udfff")
    store.export_to(tmp_path / "export.json")
    target = NotesStore(tmp_path / "b.json")
    target.import_from(tmp_path / "export.json")
    assert target.all_notes() == [note]
