"""NotesStore behaviour: the API the window and the CLI share, the file layout, change detection."""

from __future__ import annotations

import errno
import gc
import json
import threading
import weakref
from pathlib import Path

import pytest

from tests.core.test_notes_support import StepClock, assert_valid_file, file_tables
from triage_app.core.notes import (
    NoteNotFoundError,
    NotesBusyError,
    NotesError,
    NotesStore,
    durable,
    normalise_action,
)
from triage_app.core.notes import migrate as migrate_mod
from triage_app.core.notes.errors import NotesConflictError
from triage_app.core.notes.storage import DurableJSONStorage
from triage_app.core.paths import notes_db_path


@pytest.fixture
def store(tmp_path: Path) -> NotesStore:
    return NotesStore(tmp_path / "notes.json", clock=StepClock())


def test_a_new_store_is_empty_and_creates_nothing_until_the_first_write(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "notes.json"
    store = NotesStore(path)
    assert (store.all_notes(), store.problems, store.read_only) == ([], [], False)
    assert not path.parent.exists()
    store.add_note("pytorch/x", "first")
    assert_valid_file(path)


def test_default_path_follows_triage_data_dir(_isolated_data_dir: Path) -> None:
    store = NotesStore(notes_db_path())
    store.add_note("a/b", "x")
    assert (_isolated_data_dir / "notes.json").is_file()


def test_add_list_update_delete(store: NotesStore) -> None:
    first = store.add_note("pytorch/fsdp", "we hit this on the A100 nodes", ["a100", " cluster "])
    second = store.add_note("pytorch/fsdp", "workaround 2 worked")
    other = store.add_note("gone/entry-removed-from-catalogue", "still kept")
    assert first.tags == ("a100", "cluster")
    assert first.created == first.updated and first.created.endswith("Z")
    assert store.notes_for("pytorch/fsdp") == [first, second]
    assert store.all_notes() == [first, second, other]
    assert store.entries_with_notes() == {"pytorch/fsdp", "gone/entry-removed-from-catalogue"}

    changed = store.update_note(first.note_id, text="A100 and H100", tags=["gpu"])
    assert (changed.text, changed.tags, changed.created) == (
        "A100 and H100",
        ("gpu",),
        first.created,
    )
    assert changed.updated > first.updated
    assert store.get_note(first.note_id) == changed
    assert store.update_note(first.note_id, text="A100 and H100") == changed  # no-op: no new time

    store.delete_note(second.note_id)
    assert store.notes_for("pytorch/fsdp") == [changed]
    with pytest.raises(NoteNotFoundError):
        store.delete_note(second.note_id)
    with pytest.raises(NoteNotFoundError):
        store.update_note("no-such-id", text="x")


def test_bad_arguments_are_refused_before_anything_is_written(store: NotesStore) -> None:
    for bad in ("", "   \n"):
        with pytest.raises(ValueError):
            store.add_note("a/b", bad)
        with pytest.raises(ValueError):
            store.add_note(bad, "text")
    with pytest.raises(TypeError):
        store.add_note("a/b", "text", "one,two")  # a string is not a list of tags
    with pytest.raises(TypeError):
        store.add_note("a/b", 42)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        store.set_mark("a/b", "do x", "maybe")  # type: ignore[arg-type]
    assert not store.path.exists()


def test_search_is_case_insensitive_over_text_and_tags(store: NotesStore) -> None:
    a = store.add_note("e/1", "NCCL timeout on rank 3", ["Cluster-A"])
    b = store.add_note("e/2", "Straße closed", ["cluster-b"])
    store.add_note("e/3", "unrelated")
    assert store.search("nccl") == [a]
    assert store.search("CLUSTER") == [a, b]
    assert store.search("STRASSE") == [b]  # casefold, not lower
    assert store.search("nothing like it") == []


def test_marks_are_keyed_by_normalised_action_and_survive_reordering(store: NotesStore) -> None:
    store.set_mark("nccl/timeout", "Set NCCL_P2P_DISABLE=1.", "worked")
    store.set_mark("nccl/timeout", "Increase the timeout", "did_not_work")
    marks = store.marks_for("nccl/timeout")
    assert set(marks) == {"set nccl_p2p_disable=1", "increase the timeout"}
    mark = marks[normalise_action("  set   nccl_p2p_disable=1 ")]
    assert (mark.verdict, mark.action_text) == ("worked", "Set NCCL_P2P_DISABLE=1.")

    store.set_mark("nccl/timeout", "set nccl_p2p_disable=1", "did_not_work")  # same action
    assert store.marks_for("nccl/timeout")["set nccl_p2p_disable=1"].verdict == "did_not_work"
    store.set_mark("nccl/timeout", "Increase the timeout", None)
    assert list(store.marks_for("nccl/timeout")) == ["set nccl_p2p_disable=1"]
    store.set_mark("nccl/timeout", "Never marked", None)  # clearing nothing is fine
    store.set_mark("removed/entry", "an action that no longer exists", "worked")
    assert len(store.all_marks()) == 2


def test_normalise_action() -> None:
    assert normalise_action("  Set\tNCCL_P2P_DISABLE=1.  ") == "set nccl_p2p_disable=1"
    assert normalise_action("Ｕｓｅ pip ≥ 23!") == normalise_action("use pip ≥ 23")
    assert normalise_action(normalise_action("A  B.")) == normalise_action("A  B.")


def test_file_layout_is_tinydb_tables_with_a_schema_version(store: NotesStore) -> None:
    note = store.add_note("e/1", "text", ["t"])
    store.set_mark("e/1", "Do it", "worked")
    tables = assert_valid_file(store.path)
    assert tables["notes"][note.note_id] == note.to_doc()
    assert [m["verdict"] for m in tables["marks"].values()] == ["worked"]
    raw = store.path.read_bytes()
    assert raw.startswith(b'{"_storage": {"1": {"revision": "')  # change detection, see storage
    assert raw.isascii()  # every character escaped: any text survives any tool


def test_a_second_store_sees_changes_without_reopening(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    window_a, window_b = NotesStore(path), NotesStore(path)
    note = window_a.add_note("e/1", "from A")
    assert window_b.notes_for("e/1") == [note]
    window_b.delete_note(note.note_id)
    window_b.set_mark("e/1", "x", "worked")
    assert window_a.all_notes() == [] and "x" in window_a.marks_for("e/1")


def test_writes_never_overwrite_changes_made_in_between(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    a, b = NotesStore(path), NotesStore(path)
    a.all_notes(), b.all_notes()  # both have read the (empty) state
    for i in range(20):
        (a if i % 2 else b).add_note("e/1", f"note {i}")
    assert sorted(n.text for n in NotesStore(path).all_notes()) == sorted(
        f"note {i}" for i in range(20)
    )


def test_threads_share_a_store_safely(store: NotesStore) -> None:
    def work(label: str) -> None:
        for i in range(40):
            store.add_note("e/1", f"{label} {i}")
            store.notes_for("e/1")

    threads = [threading.Thread(target=work, args=(f"t{n}",)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(NotesStore(store.path).all_notes()) == 120


def test_a_held_lock_gives_a_clear_busy_error_and_changes_nothing(tmp_path: Path) -> None:
    from filelock import FileLock

    path = tmp_path / "notes.json"
    NotesStore(path).add_note("e/1", "before")
    before = path.read_bytes()
    store = NotesStore(path, lock_timeout=0.2)
    with FileLock(str(path) + ".lock"), pytest.raises(NotesBusyError, match="held"):
        store.add_note("e/1", "blocked")
    assert path.read_bytes() == before
    store.add_note("e/1", "after")  # the lock is free again
    assert [n.text for n in store.all_notes()] == ["before", "after"]


def test_a_write_based_on_a_stale_read_is_refused(tmp_path: Path) -> None:
    """TinyDB's read-modify-write outside a transaction: a change in between is never lost."""
    path = tmp_path / "plain.json"
    stale, fresh = DurableJSONStorage(path), DurableJSONStorage(path)
    stale.read(), fresh.read()
    fresh.write({"t": {"1": {"by": "fresh"}}})
    with pytest.raises(NotesConflictError):
        stale.write({"t": {"1": {"by": "stale"}}})
    assert DurableJSONStorage(path).read() == {"t": {"1": {"by": "fresh"}}}
    stale.read()
    stale.write({"t": {"1": {"by": "fresh"}, "2": {"by": "stale, after reloading"}}})


def test_unknown_tables_and_fields_are_kept(store: NotesStore) -> None:
    note = store.add_note("e/1", "text")
    tables = file_tables(store.path)
    tables["future_table"] = {"1": {"anything": True}}
    tables["notes"][note.note_id]["colour"] = "blue"
    store.path.write_text(json.dumps(tables))
    store.add_note("e/2", "more")
    after = file_tables(store.path)
    assert after["future_table"] == {"1": {"anything": True}}
    assert after["notes"][note.note_id]["colour"] == "blue"


def test_a_file_without_meta_counts_as_the_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    doc = {
        "note_id": "n1",
        "entry_id": "e",
        "text": "t",
        "tags": [],
        "created": "c",
        "updated": "u",
    }
    path.write_text(json.dumps({"notes": {"n1": doc}}))
    store = NotesStore(path)
    assert [n.note_id for n in store.all_notes()] == ["n1"] and not store.problems
    store.add_note("e", "second")
    assert_valid_file(path)


def test_an_older_schema_is_migrated_on_first_write_after_a_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notes.json"
    note = NotesStore(path).add_note("e/1", "written by schema 1")
    original = path.read_bytes()

    def one_to_two(tables: dict) -> dict:
        for doc in tables["notes"].values():
            doc["pinned"] = False
        return tables

    monkeypatch.setattr(migrate_mod, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(migrate_mod, "MIGRATIONS", {1: one_to_two})
    store = NotesStore(path, clock=StepClock())
    assert store.all_notes() == [note] and not store.read_only
    assert path.read_bytes() == original  # reading alone changes nothing
    store.add_note("e/1", "written by schema 2")
    tables = file_tables(path)
    assert tables["meta"]["schema"]["schema_version"] == 2
    assert tables["notes"][note.note_id]["pinned"] is False
    (backup,) = tmp_path.glob("notes.json.schema-1-backup-*")
    assert backup.read_bytes() == original


def test_a_failed_write_reports_clearly_and_leaves_file_and_store_consistent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notes.json"
    store = NotesStore(path)
    kept = store.add_note("e/1", "kept")
    before = path.read_bytes()

    def disk_full(step: str) -> None:
        if step == "before_fsync":
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(durable, "fault_point", disk_full)
    with pytest.raises(NotesError, match="could not save notes.json: No space left on device"):
        store.add_note("e/1", "lost to a full disk")
    monkeypatch.undo()
    assert path.read_bytes() == before  # the old complete state
    assert list(tmp_path.glob(".notes.json.*.tmp")) == []  # no temporary file left behind
    assert store.all_notes() == [kept]  # the refused note is not shown either
    assert [n.text for n in (kept, store.add_note("e/1", "next"))] == ["kept", "next"]


def test_refresh_tells_the_window_when_another_process_changed_the_notes(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    window, other = NotesStore(path), NotesStore(path)
    assert window.refresh() is False
    other.add_note("e/1", "from elsewhere")
    assert window.refresh() is True
    assert window.refresh() is False  # nothing new since


def test_a_dropped_store_is_freed_at_once(tmp_path: Path) -> None:
    """No reference cycle: a closed window's notes do not wait for the garbage collector."""
    store = NotesStore(tmp_path / "notes.json")
    store.add_note("e/1", "x")
    ref = weakref.ref(store)
    gc.disable()
    try:
        del store
        assert ref() is None
    finally:
        gc.enable()
