"""Property-based tests: any text a user can type (or paste) comes back exactly.

Text includes every Unicode category, control characters, NUL, lone surrogates (which UTF-8
cannot hold) and very long strings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from triage_app.core.notes import NotesStore, normalise_action

ANY_CHAR = st.one_of(
    st.characters(exclude_categories=()),  # all categories, control characters included
    st.characters(categories=["Cs"]),  # lone surrogates
    st.sampled_from("\x00\r\n\t\x1b\u2028\ufeff\U0010ffff"),
)
TEXT = st.text(ANY_CHAR, min_size=1, max_size=200).filter(str.strip)
HUGE_TEXT = st.tuples(TEXT, st.integers(1, 5000)).map(lambda pair: pair[0] * pair[1])
NOTE_TEXT = st.one_of(TEXT, HUGE_TEXT)
TAGS = st.lists(st.text(ANY_CHAR, max_size=30), max_size=6)
ENTRY_ID = st.one_of(st.sampled_from(["pytorch/fsdp-param-mismatch", "nccl/timeout"]), TEXT)

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture
def fresh(tmp_path_factory: pytest.TempPathFactory):
    """A new, empty store file for each generated example."""
    return lambda: tmp_path_factory.mktemp("prop") / "notes.json"


@SETTINGS
@given(entry_id=ENTRY_ID, text=NOTE_TEXT, tags=TAGS)
def test_any_note_survives_a_reopen_exactly(fresh, entry_id: str, text: str, tags: list) -> None:
    path = fresh()
    note = NotesStore(path).add_note(entry_id, text, tags)
    assert note.text == text and note.entry_id == entry_id
    reopened = NotesStore(path)
    assert reopened.problems == []
    assert reopened.notes_for(entry_id) == [note]


@SETTINGS
@given(
    notes=st.lists(st.tuples(ENTRY_ID, NOTE_TEXT, TAGS), min_size=1, max_size=5),
    marks=st.lists(st.tuples(ENTRY_ID, TEXT), max_size=4),
)
def test_any_notes_and_marks_survive_export_and_import_exactly(fresh, notes, marks) -> None:
    source = NotesStore(fresh())
    for entry_id, text, tags in notes:
        source.add_note(entry_id, text, tags)
    for entry_id, action in marks:
        if normalise_action(action).strip():
            source.set_mark(entry_id, action, "worked")
    export = fresh().with_name("export.json")
    source.export_to(export)
    target = NotesStore(fresh())
    target.import_from(export)
    assert target.all_notes() == source.all_notes()
    assert sorted(target.all_marks(), key=repr) == sorted(source.all_marks(), key=repr)


@SETTINGS
@given(entry_id=ENTRY_ID, action=TEXT)
def test_any_mark_survives_a_reopen(fresh, entry_id: str, action: str) -> None:
    key = normalise_action(action)
    if not key.strip():
        return
    path = fresh()
    NotesStore(path).set_mark(entry_id, action, "did_not_work")
    mark = NotesStore(path).marks_for(entry_id)[key]
    assert (mark.action_text, mark.verdict) == (action, "did_not_work")


@given(st.text(ANY_CHAR))
def test_normalise_action_is_idempotent(text: str) -> None:
    once = normalise_action(text)
    assert normalise_action(once) == once


def test_a_huge_note_round_trips(tmp_path: Path) -> None:
    text = "".join(chr(c) for c in range(0x20, 0x3000) if not 0xD800 <= c < 0xE000) * 1000
    text += "\x00\ud800 end"  # about 12 million characters
    store = NotesStore(tmp_path / "notes.json")
    note = store.add_note("e/1", text, ["big"])
    assert NotesStore(tmp_path / "notes.json").all_notes() == [note]
    assert store.search("\ud800 end") == [note]


JSON_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.text(max_size=5),
    st.lists(st.text(max_size=3)),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers()),
)
NOTE_KEYS = ["note_id", "entry_id", "text", "tags", "created", "updated"]
MARK_KEYS = ["entry_id", "action", "action_text", "verdict", "updated"]


def _docs(keys: list[str], good: dict) -> st.SearchStrategy:
    """Documents that are mostly right, with a few fields missing or wrongly typed."""
    broken = st.fixed_dictionaries(
        {}, optional={k: st.one_of(st.just(good[k]), JSON_VALUE) for k in keys}
    )
    return st.one_of(st.just(good), broken, JSON_VALUE)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_the_fast_record_check_agrees_with_the_per_record_check(data) -> None:
    from triage_app.core.notes.model import (
        mark_key,
        mark_problem,
        marks_all_well_typed,
        note_problem,
        notes_all_well_typed,
    )

    note = {
        "note_id": "n",
        "entry_id": "e",
        "text": "t",
        "tags": ["x"],
        "created": "c",
        "updated": "u",
    }
    notes = data.draw(st.lists(_docs(NOTE_KEYS, note), max_size=4))
    table = {}
    for i, doc in enumerate(notes):
        key = doc.get("note_id") if isinstance(doc, dict) and data.draw(st.booleans()) else f"k{i}"
        table[key if isinstance(key, str) else f"k{i}"] = doc
    expected = all(note_problem(k, d) is None for k, d in table.items())
    assert notes_all_well_typed(table) == expected

    mark = {"entry_id": "e", "action": "a", "action_text": "A", "verdict": "worked", "updated": "u"}
    marks = data.draw(st.lists(_docs(MARK_KEYS, mark), max_size=4))
    mtable = {}
    for i, doc in enumerate(marks):
        usable = isinstance(doc, dict) and all(isinstance(doc.get(f), str) for f in MARK_KEYS[:2])
        right_key = usable and data.draw(st.booleans())
        mtable[mark_key(doc["entry_id"], doc["action"]) if right_key else f"k{i}"] = doc
    expected = all(mark_problem(k, d) is None for k, d in mtable.items())
    assert marks_all_well_typed(mtable) == expected
