"""NotesStore: the typed notes API shared by the window and the CLI.

Every write is one locked read-modify-write transaction on the durable storage; every read sees
changes other processes made since. A damaged file is copied aside before anything replaces it,
and a file this version must not write (newer schema, write-protected) is opened read-only.
"""

from __future__ import annotations

import tempfile
import uuid
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from tinydb import where
from tinydb.table import Document

from triage_app.core.notes import recovery, transfer
from triage_app.core.notes.durable import probe_writable
from triage_app.core.notes.errors import (
    CorruptNotesFileError,
    NoteNotFoundError,
    NotesError,
    NotesReadOnlyError,
)
from triage_app.core.notes.migrate import (
    MARKS_TABLE,
    META_DOC_ID,
    META_TABLE,
    NOTES_TABLE,
    SCHEMA_VERSION,
    load_tables,
)
from triage_app.core.notes.model import (
    VERDICTS,
    Clock,
    ImportResult,
    Mark,
    Note,
    Verdict,
    default_clock,
    iso_utc,
    mark_key,
    normalise_action,
    normalise_tags,
    notes_from_docs,
    require_text,
)
from triage_app.core.notes.storage import (
    DurableJSONStorage,
    NotesDB,
    put,
    text_or_tag_contains,
)

T = TypeVar("T")


class NotesStore:
    """The user's notes and marks in one TinyDB file. Opening never raises on a bad file.

    Attributes:
        problems: messages for the user about the file (damaged and copied aside, ...), oldest
            first; the window shows them in a dialog, the CLI on stderr.
    """

    def __init__(
        self, path: Path, *, clock: Clock | None = None, lock_timeout: float = 15.0
    ) -> None:
        self.path = Path(path)
        self.problems: list[str] = []
        self._clock = clock or default_clock
        self._read_only_reason: str | None = None
        self._migrated_from: int | None = None
        self._db = NotesDB(
            self.path,
            storage=DurableJSONStorage,
            loader=_weak_loader(self),
            lock_timeout=lock_timeout,
        )
        self._storage: DurableJSONStorage = self._db.storage  # type: ignore[assignment]
        self._notes = self._db.table(NOTES_TABLE, cache_size=0)
        self._marks = self._db.table(MARKS_TABLE, cache_size=0)
        self._meta = self._db.table(META_TABLE, cache_size=0)
        reason = probe_writable(self.path)
        if reason:
            self._set_read_only(reason)
        if not self.read_only:
            recovery.remove_stale_temp_files(self._storage)
        self._run(self._storage.read)
        self._seen_generation = self._storage.generation

    @classmethod
    def unavailable(cls, reason: str) -> NotesStore:
        """An empty, read-only store for when the notes file cannot be opened at all (a folder,
        a pipe, unreadable): the window starts and says why instead of crashing."""
        folder = Path(tempfile.mkdtemp(prefix="triage-notes-unavailable-"))
        store = cls(folder / "notes.json")
        store._set_read_only(reason)
        return store

    def refresh(self) -> bool:
        """Reload if the file changed on disk; True if the notes may differ from the last call.

        Reads reload by themselves; this is for a window that wants to know when to redraw
        (on focus, or from a file watcher or timer) without re-reading everything itself.
        """
        self._run(self._storage.read)
        changed = self._storage.generation != self._seen_generation
        self._seen_generation = self._storage.generation
        return changed

    @property
    def read_only(self) -> bool:
        return self._read_only_reason is not None

    @property
    def read_only_reason(self) -> str | None:
        return self._read_only_reason

    # Notes ------------------------------------------------------------------------------------

    def add_note(self, entry_id: str, text: str, tags: Sequence[str] = ()) -> Note:
        entry_id, text = require_text("entry id", entry_id), require_text("text", text)
        clean_tags = normalise_tags(tags)

        def apply() -> Note:
            now = self._now()
            note = Note(str(uuid.uuid4()), entry_id, text, clean_tags, now, now)
            self._notes.insert(Document(note.to_doc(), doc_id=note.note_id))
            return note

        return self._run(apply, write=True)

    def update_note(
        self, note_id: str, *, text: str | None = None, tags: Sequence[str] | None = None
    ) -> Note:
        fields: dict[str, Any] = {}
        if text is not None:
            fields["text"] = require_text("text", text)
        if tags is not None:
            fields["tags"] = list(normalise_tags(tags))

        def apply() -> Note:
            doc = self._existing(note_id)
            if all(doc[k] == v for k, v in fields.items()):
                return Note.from_doc(doc)
            changes = {**fields, "updated": max(self._now(), doc["created"])}
            self._notes.update(changes, doc_ids=[note_id])
            return Note.from_doc({**doc, **changes})

        return self._run(apply, write=True)

    def delete_note(self, note_id: str) -> None:
        def apply() -> None:
            self._existing(note_id)
            self._notes.remove(doc_ids=[note_id])

        self._run(apply, write=True)

    def notes_for(self, entry_id: str) -> list[Note]:
        """The notes on one entry, oldest first."""
        return self._run(lambda: notes_from_docs(self._notes.search(where("entry_id") == entry_id)))

    def all_notes(self) -> list[Note]:
        """Every note, oldest first."""
        return self._run(lambda: notes_from_docs(self._notes.all()))

    def get_note(self, note_id: str) -> Note | None:
        doc = self._run(lambda: self._notes.get(doc_id=note_id))
        return Note.from_doc(doc) if doc is not None else None

    def entries_with_notes(self) -> set[str]:
        return self._run(lambda: {doc["entry_id"] for doc in self._notes})

    def search(self, query: str) -> list[Note]:
        """Notes whose text or a tag contains `query`, ignoring case; oldest first."""
        needle = query.casefold().strip()
        cond = text_or_tag_contains(needle)
        return self._run(lambda: notes_from_docs(self._notes.search(cond)))

    # Marks ------------------------------------------------------------------------------------

    def set_mark(self, entry_id: str, action: str, verdict: Verdict | None) -> None:
        """Record the user's verdict on a workaround or dead end; None clears it."""
        if verdict is not None and verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {', '.join(VERDICTS)} or None")
        entry_id = require_text("entry id", entry_id)
        key_action = require_text("action", normalise_action(action))
        key = mark_key(entry_id, key_action)

        def apply() -> None:
            existing = self._marks.get(doc_id=key)
            if verdict is None:
                if existing is not None:
                    self._marks.remove(doc_ids=[key])
                return
            if existing and (existing["verdict"], existing["action_text"]) == (verdict, action):
                return
            put(self._marks, key, Mark(entry_id, key_action, action, verdict, self._now()).to_doc())

        self._run(apply, write=True)

    def marks_for(self, entry_id: str) -> dict[str, Mark]:
        """The marks on one entry, keyed by normalised action (kept even if the action is gone)."""
        docs = self._run(lambda: self._marks.search(where("entry_id") == entry_id))
        return {doc["action"]: Mark.from_doc(doc) for doc in docs}

    def all_marks(self) -> list[Mark]:
        return self._run(lambda: [Mark.from_doc(doc) for doc in self._marks])

    # Export and import ------------------------------------------------------------------------

    def export_to(self, path: Path) -> int:
        """Write every note and mark to `path` (atomically); returns the number of notes."""
        tables = self._run(self._storage.read) or {}  # one read: notes and marks of one state
        return transfer.write_export(Path(path), tables, self._now())

    def import_from(self, path: Path) -> ImportResult:
        """Merge an export (or another notes file) into this store: a union, nothing removed."""
        incoming = transfer.read_import(Path(path))
        tables = self._storage.read  # re-read inside the transaction, under the lock
        return self._run(
            lambda: transfer.merge_into(tables() or {}, self._notes, self._marks, incoming),
            write=True,
        )

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> NotesStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Internals --------------------------------------------------------------------------------

    def _run(self, fn: Callable[[], T], *, write: bool = False) -> T:
        """Run `fn` (in a locked transaction when it writes), recovering from a damaged file."""
        with self._storage.mutex:
            for attempt in range(3):
                try:
                    if not write:
                        return fn()
                    if self._read_only_reason is not None:
                        raise NotesReadOnlyError(
                            f"the notes are read-only: {self._read_only_reason}"
                        )
                    with self._storage.transaction():
                        self._prepare_write()
                        return fn()
                except CorruptNotesFileError as exc:
                    if attempt == 2:
                        raise NotesError(f"{self.path.name} keeps breaking: {exc}") from None
                    self._recover(exc)
        raise AssertionError("unreachable")

    def _load(self, tables: object) -> dict:
        """The storage's loader: check the parsed file; migrate an older one, shield a newer one."""
        loaded = load_tables(tables, self.path.name)
        if loaded.newer_reason:
            self._set_read_only(loaded.newer_reason)
        if loaded.migrated_from is not None:
            self._migrated_from = loaded.migrated_from
        return loaded.tables

    def _prepare_write(self) -> None:
        """In the write transaction: copy a file about to be migrated; stamp the schema."""
        if self._migrated_from is not None:
            raw, _ = self._storage.read_raw()
            if raw is not None:
                label = f"schema-{self._migrated_from}-backup"
                recovery.copy_aside(self.path, raw, label, self._clock)
            self._migrated_from = None
        if self._meta.get(doc_id=META_DOC_ID) is None:
            self._meta.insert(Document({"schema_version": SCHEMA_VERSION}, doc_id=META_DOC_ID))

    def _recover(self, exc: CorruptNotesFileError) -> None:
        outcome = recovery.recover(
            self._storage, exc, writable=not self.read_only, clock=self._clock
        )
        if outcome.read_only_reason:
            self._set_read_only(outcome.read_only_reason)
        if outcome.problem:
            self.problems.append(outcome.problem)

    def _set_read_only(self, reason: str) -> None:
        if self._read_only_reason is None:
            self._read_only_reason = reason
            self._storage.read_only_reason = reason

    def _existing(self, note_id: str) -> Document:
        doc = self._notes.get(doc_id=note_id)
        if doc is None:
            raise NoteNotFoundError(f"there is no note with id {note_id!r}")
        return doc

    def _now(self) -> str:
        return iso_utc(self._clock())


def _weak_loader(store: NotesStore) -> Callable[[object], dict]:
    """The storage's loader, holding the store weakly: no cycle, so a dropped store (and its
    cached notes) is freed at once instead of at the next full garbage collection."""
    ref, name = weakref.ref(store), store.path.name
    return lambda tables: s._load(tables) if (s := ref()) else load_tables(tables, name).tables
