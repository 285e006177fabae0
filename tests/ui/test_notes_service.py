"""The notes service: reads never raise, writes raise one error type, every write is announced."""

from __future__ import annotations

import pytest

from tests.ui.knowledge_catalog import HUB, LEAF, store_fixture  # noqa: F401 - fixtures
from triage_app.core.notes import NotesError
from triage_app.ui.widgets.notes_service import ALL, NotesService, NotSavedError


@pytest.fixture
def notes(store):
    return NotesService(store)


def test_every_write_is_announced_with_its_entry(qtbot, notes):
    with qtbot.waitSignal(notes.changed) as blocker:
        note = notes.save_note(HUB, None, "first", ["a"])
    assert blocker.args == [HUB]
    with qtbot.waitSignal(notes.changed) as blocker:
        notes.set_mark(LEAF, "Raise the timeout", "worked")
    assert blocker.args == [LEAF]
    with qtbot.waitSignal(notes.changed) as blocker:
        notes.delete_note(note)
    assert blocker.args == [HUB] and notes.notes_for(HUB) == []
    assert notes.mark_count() == 1


def test_a_note_deleted_elsewhere_is_added_again(notes, store):
    note = notes.save_note(HUB, None, "original", [])
    store.delete_note(note.note_id)
    again = notes.save_note(HUB, note, "original, edited", [])
    assert [n.text for n in store.notes_for(HUB)] == ["original, edited"]
    assert again.note_id != note.note_id


def test_reads_of_a_broken_store_are_empty_and_say_why(monkeypatch, notes, store):
    def broken(*_args, **_kwargs):
        raise NotesError("the notes file is damaged")

    for name in ("notes_for", "marks_for", "all_notes", "all_marks"):
        monkeypatch.setattr(store, name, broken)
    assert notes.notes_for(HUB) == [] and notes.marks_for(HUB) == {} and notes.all_notes() == []
    assert notes.mark_count() == 0 and notes.read_error == "the notes file is damaged"


def test_a_failed_write_raises_one_error_type_and_announces_nothing(qtbot, monkeypatch, notes):
    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(notes.store, "set_mark", full)
    with (
        qtbot.assertNotEmitted(notes.changed),
        pytest.raises(NotSavedError, match="No space left on device"),
    ):
        notes.set_mark(HUB, "Raise the timeout", "worked")


def test_an_import_announces_every_entry(qtbot, notes, store, tmp_path):
    store.add_note(HUB, "exported")
    path = tmp_path / "export.json"
    notes.export_to(path)
    with qtbot.waitSignal(notes.changed) as blocker:
        notes.import_from(path)
    assert blocker.args == [ALL]
