"""The user's notes and marks as the window sees them: one object, one `changed` signal.

Every widget that shows or edits notes is handed this service, never the raw store. Reads
never raise: an unreadable store reads as empty and `read_error` says why. Writes raise only
`NotSavedError`, whose message is one line for people. After every successful write the service
emits `changed(entry_id)`, so the catalogue's markers, the entry panel's note count and any
other view stay in step without knowing about each other.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from triage_app.core.notes import (
    ImportResult,
    Mark,
    Note,
    NoteNotFoundError,
    NotesError,
    NotesStore,
)

ALL = ""  # `changed(ALL)`: any entry may have changed (an import, or the file changed on disk)


class NotSavedError(Exception):
    """A write failed; `str(exc)` is the reason in one line."""


class NotesService(QObject):
    """The notes store behind a Qt face.

    Signals:
        changed(str): the notes or marks of this entry id changed (`ALL`: possibly any).
    """

    changed = Signal(str)

    def __init__(self, store: NotesStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.read_error: str | None = None

    # -- state ----------------------------------------------------------------------------

    @property
    def read_only(self) -> bool:
        return bool(self.store.read_only)

    @property
    def read_only_reason(self) -> str | None:
        return self.store.read_only_reason

    @property
    def problems(self) -> list[str]:
        return list(getattr(self.store, "problems", []) or [])

    # -- reads (never raise) --------------------------------------------------------------

    def notes_for(self, entry_id: str) -> list[Note]:
        return self._read(lambda: self.store.notes_for(entry_id), [])

    def marks_for(self, entry_id: str) -> dict[str, Mark]:
        return self._read(lambda: self.store.marks_for(entry_id), {})

    def all_notes(self) -> list[Note]:
        return self._read(self.store.all_notes, [])

    def mark_count(self) -> int:
        return len(self._read(self.store.all_marks, []))

    def refresh(self) -> bool:
        """Re-read the file if another window changed it; `changed(ALL)` when it did."""
        changed = self._read(self.store.refresh, False)
        if changed:
            self.changed.emit(ALL)
        return changed

    # -- writes (raise NotSavedError) ----------------------------------------------------------

    def save_note(self, entry_id: str, note: Note | None, text: str, tags: list[str]) -> Note:
        """Add a note (`note` None) or update it; one deleted elsewhere is added again."""

        def write() -> Note:
            if note is not None:
                try:
                    return self.store.update_note(note.note_id, text=text, tags=tags)
                except NoteNotFoundError:  # deleted elsewhere meanwhile: keep the text
                    pass
            return self.store.add_note(entry_id, text, tags)

        return self._write(entry_id, write)

    def delete_note(self, note: Note) -> None:
        self._write(note.entry_id, lambda: self.store.delete_note(note.note_id))

    def set_mark(self, entry_id: str, action: str, verdict: str | None) -> None:
        """Store "worked" / "did_not_work" for an action (None clears the mark)."""
        self._write(entry_id, lambda: self.store.set_mark(entry_id, action, verdict))

    # -- transfer (their own messages: see notes.export_import) ---------------------------

    def export_to(self, path: Path) -> int:
        return self.store.export_to(path)

    def import_from(self, path: Path) -> ImportResult:
        result = self.store.import_from(path)
        self.changed.emit(ALL)
        return result

    # -- internals ------------------------------------------------------------------------

    def _read(self, read, empty):
        try:
            value = read()
        except NotesError as exc:
            self.read_error = str(exc)
            return empty
        self.read_error = None
        return value

    def _write(self, entry_id: str, write):
        try:
            value = write()
        except (NotesError, OSError, ValueError, TypeError) as exc:
            raise NotSavedError(_one_line(exc)) from exc
        self.changed.emit(entry_id)
        return value


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]
