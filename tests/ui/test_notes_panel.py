"""Notes: written, edited, deleted, saved without a button, never lost, shown everywhere."""

from __future__ import annotations

import os

import pytest

from tests.ui.knowledge_catalog import GONE, HUB, LEAF, catalog_fixture, entry_panel, store_fixture  # noqa: F401 - fixtures
from triage_app.core.notes import NotesError, NotesStore
from triage_app.core.paths import notes_db_path
from triage_app.ui.notes.panel import NotesPanel
from triage_app.ui.widgets.notes_service import NotesService


@pytest.fixture
def notes(qtbot, store):
    panel = NotesPanel(NotesService(store))
    qtbot.addWidget(panel)
    panel.set_entry(HUB)
    return panel


def test_a_note_written_survives_closing_and_a_new_widget_shows_it(qtbot, catalog, store):
    panel = entry_panel(catalog, store)
    qtbot.addWidget(panel)
    panel.show_entry(HUB)
    editor = panel.notes_panel.add_note()
    editor.set_text("We hit this on the A100 nodes; workaround 2 worked.")
    editor.set_tags(["a100", "cluster"])
    panel.close()  # no pause for the auto-save: closing must save what was typed
    store.close()

    reopened = NotesStore(notes_db_path())
    again = entry_panel(catalog, reopened)
    qtbot.addWidget(again)
    again.show_entry(HUB)
    [shown] = again.notes_panel.editors()
    assert shown.text() == "We hit this on the A100 nodes; workaround 2 worked."
    assert shown.tags() == ["a100", "cluster"]
    reopened.close()


def test_typing_is_saved_after_a_pause_without_a_save_button(qtbot, notes, store):
    editor = notes.add_note()
    editor.text_edit.insertPlainText("saved by itself")
    qtbot.waitUntil(
        lambda: [n.text for n in store.notes_for(HUB)] == ["saved by itself"], timeout=5000
    )
    editor.text_edit.insertPlainText(", then edited")
    qtbot.waitUntil(
        lambda: [n.text for n in store.notes_for(HUB)] == ["saved by itself, then edited"],
        timeout=5000,
    )
    assert not editor.is_dirty()


def test_switching_entries_saves_pending_edits(notes, store):
    editor = notes.add_note()
    editor.set_text("pending")
    notes.set_entry(LEAF)
    assert [n.text for n in store.notes_for(HUB)] == ["pending"]
    assert notes.editors() == []


def test_any_number_of_notes_each_with_tags(qtbot, notes, store):
    with qtbot.waitSignal(notes.notes.changed, timeout=1000) as blocker:
        notes.add_note("first", ["a"])
    assert blocker.args == [HUB]
    notes.add_note("second", ["b", "c"])
    notes.set_entry(HUB)  # reload from the store
    assert [(e.text(), e.tags()) for e in notes.editors()] == [
        ("first", ["a"]),
        ("second", ["b", "c"]),
    ]
    assert notes.title.text() == "My notes (2)"


def test_delete_asks_first(monkeypatch, notes, store):
    notes.add_note("to delete")
    [editor] = notes.editors()
    monkeypatch.setattr(NotesPanel, "confirm_delete", classmethod(lambda cls, parent, text: False))
    assert not notes.delete_editor(editor)
    assert len(store.notes_for(HUB)) == 1
    asked = []
    monkeypatch.setattr(
        NotesPanel,
        "confirm_delete",
        classmethod(lambda cls, parent, text: asked.append(text) or True),
    )
    editor.delete_button.click()
    assert asked == ["to delete"]
    assert store.notes_for(HUB) == [] and notes.editors() == []


def test_a_failed_save_keeps_the_text_and_says_why(monkeypatch, notes, store):
    editor = notes.add_note()

    def fail(*_args, **_kwargs):
        raise NotesError("the disk is full")

    monkeypatch.setattr(store, "add_note", fail)
    editor.set_text("important")
    assert not notes.flush()
    assert editor.text() == "important" and "the disk is full" in editor.status.text()
    monkeypatch.undo()
    assert notes.flush()
    assert [n.text for n in store.notes_for(HUB)] == ["important"]


def test_a_note_deleted_elsewhere_is_saved_again_not_lost(notes, store):
    notes.add_note("original")
    [editor] = notes.editors()
    store.delete_note(editor.note.note_id)  # another window deletes it
    editor.set_text("original, edited")
    assert notes.flush()
    assert [n.text for n in store.notes_for(HUB)] == ["original, edited"]


def test_a_read_only_store_shows_a_banner_and_refuses_edits(qtbot, store):
    store.add_note(HUB, "existing")
    store.close()
    os.chmod(notes_db_path(), 0o444)
    read_only = NotesStore(notes_db_path())
    try:
        panel = NotesPanel(NotesService(read_only))
        qtbot.addWidget(panel)
        panel.set_entry(HUB)
        assert not panel.banner.isHidden() and "read-only" in panel.banner.text()
        assert not panel.add_button.isEnabled() and panel.add_note("x") is None
        [editor] = panel.editors()
        assert editor.text_edit.isReadOnly() and not editor.delete_button.isEnabled()
    finally:
        read_only.close()
        os.chmod(notes_db_path(), 0o644)


def test_marks_on_actions_the_entry_no_longer_lists_are_shown(qtbot, store):
    store.set_mark(HUB, "An action removed from the catalogue", "worked")
    panel = NotesPanel(NotesService(store))
    qtbot.addWidget(panel)
    panel.set_entry(HUB, ["Raise the timeout to hours"])
    assert not panel.orphans.isHidden()
    labels = [w.text() for w in panel.orphans.findChildren(type(panel.title))]
    assert any("An action removed from the catalogue" in text for text in labels)


def test_the_same_notes_show_however_the_entry_is_reached(qtbot, catalog, store):
    store.add_note(LEAF, "seen from everywhere")
    from_browser, from_log = (
        entry_panel(catalog, store),
        entry_panel(catalog, store),
    )
    for panel in (from_browser, from_log):
        qtbot.addWidget(panel)
    from_browser.show_entry(LEAF)
    from_log.show_entry(HUB)
    from_log.graph.node(LEAF).activate()  # reached through the graph
    for panel in (from_browser, from_log):
        assert [e.text() for e in panel.notes_panel.editors()] == ["seen from everywhere"]


def test_notes_on_an_id_not_in_the_catalogue_can_be_added(notes, store):
    notes.set_entry(GONE)
    notes.add_note("about a removed entry")
    assert [n.entry_id for n in store.all_notes()] == [GONE]


def test_an_entry_with_ten_thousand_notes_builds_one_page_and_pages_on_demand(
    qtbot, store, tmp_path
):
    """Issue "Hardening": 10k notes on one entry blocked the GUI 19 s each time it was shown."""
    import datetime as dt
    import json

    from triage_app.ui.notes.panel import PAGE

    start = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    notes = [
        {
            "note_id": f"00000000-0000-4000-8000-{number:012d}",
            "entry_id": HUB,
            "text": f"note number {number}",
            "tags": [],
            "created": (start + dt.timedelta(seconds=number)).isoformat(),
            "updated": (start + dt.timedelta(seconds=number)).isoformat(),
        }
        for number in range(10_000)
    ]
    export = tmp_path / "many.json"
    from triage_app.core.notes.transfer import EXPORT_FORMAT

    doc = {"format": EXPORT_FORMAT, "schema_version": 1, "notes": notes, "marks": []}
    export.write_text(json.dumps(doc))
    store.import_from(export)
    panel = NotesPanel(NotesService(store))
    qtbot.addWidget(panel)
    panel.set_entry(HUB)
    shown = panel.editors()
    assert len(shown) == PAGE
    assert [e.text() for e in shown] == [f"note number {n}" for n in range(10_000 - PAGE, 10_000)]
    assert "10,000" in panel.title.text()
    assert not panel.earlier_button.isHidden()
    assert f"{10_000 - PAGE:,}" in panel.earlier_button.text()
    panel.earlier_button.click()
    shown = panel.editors()
    assert len(shown) == 2 * PAGE
    assert shown[0].text() == f"note number {10_000 - 2 * PAGE}"  # older notes go above
    assert shown[-1].text() == "note number 9999"
    panel.set_entry(None)
    assert panel.editors() == [] and panel.earlier_button.isHidden()
