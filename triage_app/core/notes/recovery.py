"""What the store does with a file it cannot use: copy it aside, tell the user, carry on.

A damaged file is never overwritten before its bytes are safely copied to
`<file>.corrupt-<UTC time>` next to it. Then the store continues with what it can keep: the
well-typed records of a file that parsed, or the state it had loaded before the file was damaged
under it, or nothing. When the copy cannot be made (or the store may not write), the file is
left as it is and the store becomes read-only.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from datetime import UTC
from pathlib import Path

from triage_app.core.notes.durable import stale_temp_files
from triage_app.core.notes.errors import CorruptNotesFileError, NotesError, NotesReadOnlyError
from triage_app.core.notes.migrate import (
    MARKS_TABLE,
    META_DOC_ID,
    META_TABLE,
    NOTES_TABLE,
    SCHEMA_VERSION,
)
from triage_app.core.notes.model import Clock
from triage_app.core.notes.storage import DurableJSONStorage


@dataclass(frozen=True)
class Outcome:
    problem: str | None  # for the user; None when the file turned out fine after all
    read_only_reason: str | None  # set when the store must stop writing


def recover(
    storage: DurableJSONStorage, exc: CorruptNotesFileError, *, writable: bool, clock: Clock
) -> Outcome:
    """Handle a damaged file (under the lock when writable, so only one process copies it)."""
    name = storage.path.name
    with contextlib.ExitStack() as stack:
        reason = None
        if writable:
            try:
                stack.enter_context(storage.locked())
            except NotesReadOnlyError as lock_exc:
                reason = str(lock_exc)
        raw, sig = storage.read_raw()
        try:  # repaired meanwhile, e.g. by another window's recovery
            storage.adopt(storage.decode(raw), sig)
            return Outcome(None, reason)
        except CorruptNotesFileError as again:
            exc = again
        kept = exc.salvaged if exc.salvaged is not None else storage.last_good()
        words = _kept_words(kept, salvaged=exc.salvaged is not None)
        if writable and reason is None:
            try:
                copy = copy_aside(storage.path, raw or b"", "corrupt", clock)
            except OSError as copy_exc:
                reason = f"{name} is damaged and could not be copied aside ({copy_exc})"
            else:
                fresh = dict(kept or {})
                fresh[META_TABLE] = {META_DOC_ID: {"schema_version": SCHEMA_VERSION}}
                storage.commit(fresh)
                return Outcome(
                    f"{name} was damaged ({exc.reason}); copied to {copy} and {words}", None
                )
        storage.adopt(kept or {}, sig)
        return Outcome(
            f"{name} is damaged ({exc.reason}); it was left untouched, read-only; {words}",
            reason or f"{name} is damaged and may not be written",
        )


def copy_aside(path: Path, raw: bytes, label: str, clock: Clock) -> Path:
    """Write `raw` durably to a new `<file>.<label>-<UTC time>` next to `path` (never replacing)."""
    stamp = clock().astimezone(UTC).strftime("%Y%m%dT%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.{label}-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            with open(target, "xb") as handle:
                handle.write(raw)
                handle.flush()
                os.fsync(handle.fileno())
        except FileExistsError:
            continue
        return target
    raise FileExistsError(f"too many copies of {path.name} named {label}-{stamp}")


def remove_stale_temp_files(storage: DurableJSONStorage) -> None:
    """Delete temporary files of writers that died mid-write (safe only under the lock)."""
    path = storage.path
    if not path.parent.is_dir() or not stale_temp_files(path):
        return
    with contextlib.suppress(NotesError, OSError), storage.locked():
        for stale in stale_temp_files(path):
            stale.unlink(missing_ok=True)


def _kept_words(tables: dict | None, *, salvaged: bool) -> str:
    notes = len((tables or {}).get(NOTES_TABLE) or {})
    marks = len((tables or {}).get(MARKS_TABLE) or {})
    if not notes and not marks:
        return "started empty"
    source = "readable" if salvaged else "already loaded"
    return f"kept the {notes} {source} notes and {marks} marks"
