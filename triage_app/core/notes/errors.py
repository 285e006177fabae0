"""Exceptions raised by the notes store; every message is one sentence a user can act on."""

from __future__ import annotations


class NotesError(Exception):
    """Base class: something about the notes could not be done (the message says what and why)."""


class NotesReadOnlyError(NotesError):
    """A write was asked of a read-only store (newer schema, or a file it may not write)."""


class NotesBusyError(NotesError):
    """Another process held the notes lock for longer than the timeout."""


class NoteNotFoundError(NotesError, LookupError):
    """`update_note` or `delete_note` was given an id that is not in the store."""


class NotesImportError(NotesError):
    """An import file this version cannot read (nothing was imported)."""


class NotesConflictError(NotesError):
    """A bare TinyDB write (outside a transaction) found the file changed on disk since it was read.

    `NotesStore` never sees this (it runs every read-modify-write under the lock); it protects code
    that uses the storage through plain TinyDB calls from silently overwriting another process's
    changes.
    """


class CorruptNotesFileError(NotesError):
    """The file on disk is not a notes database this version can use as it is.

    `salvaged` holds the readable part (tables with the bad records left out) when the file parsed
    and only some records were wrongly typed; it is None when nothing could be trusted.
    """

    def __init__(self, reason: str, salvaged: dict | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.salvaged = salvaged
