"""`triage-app notes ...`: list, add, delete, export, import; exit 0 done, 2 with one line on stderr."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.core.test_notes_support import run_notes_cli
from triage_app.core.notes import NotesStore
from triage_app.core.paths import notes_db_path

Capture = pytest.CaptureFixture[str]


def _json_list(capsys: Capture, *extra: str) -> dict:
    capsys.readouterr()
    assert run_notes_cli(["notes", *extra, "list", "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_add_then_list_uses_the_data_folder_by_default(capsys: Capture) -> None:
    assert run_notes_cli(["notes", "add", "pytorch/fsdp", "hit on A100", "--tags", "a100,gpu"]) == 0
    note_id = capsys.readouterr().out.strip()
    assert len(note_id) == 36
    (note,) = NotesStore(notes_db_path()).all_notes()
    assert (note.note_id, note.text, note.tags) == (note_id, "hit on A100", ("a100", "gpu"))

    assert run_notes_cli(["notes", "list"]) == 0
    out = capsys.readouterr().out
    assert "pytorch/fsdp  (1 note)" in out and note_id in out and "hit on A100" in out
    assert "tags: a100, gpu" in out


def test_list_json_for_scripts_with_entry_filter(capsys: Capture) -> None:
    store = NotesStore(notes_db_path())
    first = store.add_note("e/1", "one")
    store.add_note("e/2", "two")
    store.set_mark("e/1", "Do X", "worked")
    doc = _json_list(capsys, "--notes-db", str(notes_db_path()))
    assert [n["text"] for n in doc["notes"]] == ["one", "two"] and doc["read_only"] is False
    capsys.readouterr()
    assert run_notes_cli(["notes", "list", "--entry", "e/1", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["notes"] == [first.to_doc()]
    assert [m["action_text"] for m in doc["marks"]] == ["Do X"]


def test_notes_db_option_works_before_and_after_the_action(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "elsewhere.json"
    assert run_notes_cli(["notes", "--notes-db", str(path), "add", "e/1", "before"]) == 0
    assert run_notes_cli(["notes", "add", "e/1", "after", "--notes-db", str(path)]) == 0
    assert [n.text for n in NotesStore(path).all_notes()] == ["before", "after"]
    assert not notes_db_path().exists()


def test_add_reads_text_from_stdin(monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("line one\nline two\n"))
    assert run_notes_cli(["notes", "add", "e/1", "-"]) == 0
    assert NotesStore(notes_db_path()).all_notes()[0].text == "line one\nline two\n"


def test_text_output_escapes_control_characters(capsys: Capture) -> None:
    NotesStore(notes_db_path()).add_note("e/1", "red \x1b[31malert\x07 done")
    assert run_notes_cli(["notes", "list"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[31malert\\x07" in out


def test_delete(capsys: Capture) -> None:
    note = NotesStore(notes_db_path()).add_note("e/1", "bye")
    assert run_notes_cli(["notes", "delete", note.note_id]) == 0
    assert NotesStore(notes_db_path()).all_notes() == []
    assert run_notes_cli(["notes", "delete", note.note_id]) == 2
    err = capsys.readouterr().err
    assert err == f"triage-app: there is no note with id '{note.note_id}'\n"


def test_export_and_import_through_the_cli(tmp_path: Path, capsys: Capture) -> None:
    store = NotesStore(notes_db_path())
    store.add_note("e/1", "backed up")
    store.set_mark("e/1", "Do X", "worked")
    backup = tmp_path / "backup.json"
    assert run_notes_cli(["notes", "export", str(backup)]) == 0
    assert "exported 1 note and 1 mark to" in capsys.readouterr().out
    other = tmp_path / "new-machine.json"
    assert run_notes_cli(["notes", "--notes-db", str(other), "import", str(backup)]) == 0
    assert "1 note added" in capsys.readouterr().out
    assert NotesStore(other).all_notes() == store.all_notes()


@pytest.mark.parametrize(
    "argv",
    [
        ["notes", "import", "/nonexistent/file.json"],
        ["notes", "add", "e/1", "   "],
        ["notes", "add", "", "text"],
        ["notes", "list", "--format", "yaml"],
        ["notes", "frobnicate"],
        ["notes"],
    ],
)
def test_failures_exit_2_without_a_traceback(argv: list[str], capsys: Capture) -> None:
    assert run_notes_cli(argv) == 2
    err = capsys.readouterr().err
    assert err and "Traceback" not in err


def test_an_empty_store_lists_nothing_politely(capsys: Capture) -> None:
    assert run_notes_cli(["notes", "list"]) == 0
    assert capsys.readouterr().out.startswith("No notes in ")
