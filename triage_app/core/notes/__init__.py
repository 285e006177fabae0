"""The user's notes and marks: a durable, lock-protected TinyDB store (Qt-free).

Use `NotesStore(path)` with `triage_app.core.paths.notes_db_path()` (or `--notes-db`).
"""

from triage_app.core.notes.errors import (
    NoteNotFoundError,
    NotesBusyError,
    NotesError,
    NotesImportError,
    NotesReadOnlyError,
)
from triage_app.core.notes.migrate import SCHEMA_VERSION
from triage_app.core.notes.model import (
    VERDICTS,
    ImportResult,
    Mark,
    Note,
    Verdict,
    normalise_action,
)
from triage_app.core.notes.store import NotesStore

__all__ = [
    "SCHEMA_VERSION",
    "VERDICTS",
    "ImportResult",
    "Mark",
    "Note",
    "NoteNotFoundError",
    "NotesBusyError",
    "NotesError",
    "NotesImportError",
    "NotesReadOnlyError",
    "NotesStore",
    "Verdict",
    "normalise_action",
]
