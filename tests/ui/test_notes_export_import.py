"""File > Export notes… / Import notes…: dialogs replaced, counts reported, errors in one line."""

from __future__ import annotations

import json
import os

import pytest

from tests.ui.knowledge_catalog import (
    HUB,
    LEAF,
    store_fixture,  # noqa: F401 - the `store` fixture
)
from triage_app.core.notes import NotesStore
from triage_app.core.paths import notes_db_path
from triage_app.ui.notes import export_import
from triage_app.ui.widgets.notes_service import NotesService


@pytest.fixture
def messages(monkeypatch):
    shown: list[tuple[str, str, str]] = []
    monkeypatch.setattr(
        export_import,
        "show_message",
        lambda parent, kind, title, text: shown.append((kind, title, text)),
    )
    return shown


def _choose(monkeypatch, name, path):
    monkeypatch.setattr(export_import, name, lambda parent, start: path)


def test_export_writes_every_note_and_reports_the_count(monkeypatch, messages, store, tmp_path):
    store.add_note(HUB, "one")
    store.add_note(LEAF, "two", ["t"])
    store.set_mark(HUB, "Raise the timeout", "did_not_work")
    target = tmp_path / "exported"
    _choose(monkeypatch, "ask_export_path", target)
    assert export_import.export_notes(None, NotesService(store)) == 2
    written = json.loads((tmp_path / "exported.json").read_text(encoding="utf-8"))
    assert sorted(n["text"] for n in written["notes"]) == ["one", "two"]
    [(kind, _title, text)] = messages
    assert kind == "info" and "Exported 2 notes and 1 mark" in text


def test_cancelling_a_dialog_does_nothing(monkeypatch, messages, store):
    _choose(monkeypatch, "ask_export_path", None)
    _choose(monkeypatch, "ask_import_path", None)
    assert export_import.export_notes(None, NotesService(store)) is None
    assert export_import.import_notes(None, NotesService(store)) is None
    assert messages == []


def test_an_export_error_is_one_clear_line(monkeypatch, messages, store, tmp_path):
    store.add_note(HUB, "one")
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    _choose(monkeypatch, "ask_export_path", tmp_path / "a-file" / "x.json")  # not a folder
    assert export_import.export_notes(None, NotesService(store)) is None
    [(kind, _title, text)] = messages
    assert kind == "error" and "not exported" in text
    assert "Traceback" not in text and "\n" not in text


def test_import_merges_and_reports_what_it_did(monkeypatch, messages, store, tmp_path):
    other = NotesStore(tmp_path / "other.json")
    other.add_note(HUB, "from the other machine")
    other.set_mark(LEAF, "Restart", "worked")
    other.export_to(tmp_path / "export.json")
    other.close()
    store.add_note(HUB, "local")
    _choose(monkeypatch, "ask_import_path", tmp_path / "export.json")
    result = export_import.import_notes(None, NotesService(store))
    assert result is not None and result.notes_added == 1
    assert sorted(n.text for n in store.notes_for(HUB)) == ["from the other machine", "local"]
    [(kind, _title, text)] = messages
    assert kind == "info" and "1 note added" in text


def test_importing_a_file_that_is_not_notes_explains_why(monkeypatch, messages, store, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("this is not JSON", encoding="utf-8")
    _choose(monkeypatch, "ask_import_path", bad)
    assert export_import.import_notes(None, NotesService(store)) is None
    [(kind, _title, text)] = messages
    assert kind == "error" and text.startswith("Nothing was imported: ")
    assert "Traceback" not in text


def test_importing_into_read_only_notes_is_refused_before_asking(monkeypatch, messages, store):
    store.close()
    os.chmod(notes_db_path(), 0o444) if notes_db_path().exists() else None
    notes_db_path().parent.chmod(0o555)
    read_only = NotesStore(notes_db_path())
    try:
        monkeypatch.setattr(export_import, "ask_import_path", pytest.fail)
        assert export_import.import_notes(None, NotesService(read_only)) is None
        [(kind, _title, text)] = messages
        assert kind == "warning" and "read-only" in text
    finally:
        read_only.close()
        notes_db_path().parent.chmod(0o755)
