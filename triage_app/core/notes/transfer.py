"""Export and import: every note and mark to a JSON file and back, merged as a union.

Merge rules (DESIGN.md, "Notes"): a note whose id is new is added as it is; the same id with the
same content is already there; the same id with different content keeps both: the local note
stays and the imported version is added under an id derived from the original id and its
content (uuid5), so importing the same file again adds nothing more. Nothing local is removed.
A mark is one verdict per entry and action, so for the same key the newer `updated` wins
(the local one on a tie) and the result counts how many went which way.

Imports also accept a notes database file itself (another machine's `notes.json`).
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tinydb.table import Document, Table

from triage_app.core.notes.durable import durable_write
from triage_app.core.notes.errors import CorruptNotesFileError, NotesError, NotesImportError
from triage_app.core.notes.migrate import (
    MARKS_TABLE,
    META_TABLE,
    NOTES_TABLE,
    SCHEMA_VERSION,
    check_tables,
    migrate,
    schema_version_of,
)
from triage_app.core.notes.model import ImportResult, mark_key, mark_problem, note_problem
from triage_app.core.notes.storage import put
from triage_app.core.record_file import MAX_JSON_DEPTH, RecordFileError, json_depth, read_bounded

MAX_IMPORT_BYTES = 50 * 1024 * 1024
MAX_IMPORT_NOTES = 100_000
MAX_NOTE_CHARS = 100_000

EXPORT_FORMAT = "triage-notes-export"
_NOTE_FIELDS = ("entry_id", "text", "tags", "created", "updated")
_MARK_FIELDS = ("action_text", "verdict")  # the same verdict at another time is no change
_CONFLICT_NAMESPACE = uuid.UUID("5b0f3c1e-8f0e-4c55-9a55-7d1f1f0e2a11")


@dataclass
class Incoming:
    """The checked contents of an import file."""

    notes: list[dict[str, Any]]
    marks: list[dict[str, Any]]


@dataclass
class MergePlan:
    new_notes: list[dict[str, Any]] = field(default_factory=list)
    new_marks: dict[str, dict[str, Any]] = field(default_factory=dict)  # key -> doc to write
    result: ImportResult = field(default_factory=ImportResult)


def write_export(path: Path, tables: dict[str, Any], exported_at: str) -> int:
    """Write the notes and marks of `tables` to an export file atomically; returns the note count.

    The file is readable UTF-8 JSON (escaped where text holds what UTF-8 cannot, like lone
    surrogates); notes are oldest first.
    """
    notes = sorted((tables.get(NOTES_TABLE) or {}).values(), key=lambda doc: doc["created"])
    doc = {
        "format": EXPORT_FORMAT,
        "schema_version": SCHEMA_VERSION,
        "exported_at": exported_at,
        "notes": notes,
        "marks": list((tables.get(MARKS_TABLE) or {}).values()),
    }
    try:
        payload = json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")
    except UnicodeEncodeError:
        payload = json.dumps(doc, indent=1).encode("ascii")
    try:
        durable_write(path, payload, new_file_mode=0o644)
    except OSError as exc:
        raise NotesError(f"cannot write {path}: {exc.strerror or exc}") from None
    return len(notes)


def merge_into(
    tables: dict[str, Any], notes: Table, marks: Table, incoming: Incoming
) -> ImportResult:
    """Apply `plan_merge` to the store's tables (inside its write transaction)."""
    plan = plan_merge(tables.get(NOTES_TABLE) or {}, tables.get(MARKS_TABLE) or {}, incoming)
    if plan.new_notes:
        notes.insert_multiple(Document(doc, doc_id=doc["note_id"]) for doc in plan.new_notes)
    for key, doc in plan.new_marks.items():
        put(marks, key, doc)
    return plan.result


def read_import(path: Path) -> Incoming:
    """Read and check an export (or a notes file); raises NotesImportError, importing nothing.

    Imports are bounded (`MAX_IMPORT_BYTES`, `MAX_IMPORT_NOTES`, `MAX_NOTE_CHARS`): a regular
    file only (not /dev/zero or a pipe), read at most once its size is known to be sane.
    """
    try:
        raw = read_bounded(path, MAX_IMPORT_BYTES, "import file")
    except RecordFileError as exc:
        raise NotesImportError(f"{path}: {exc}; nothing was imported") from None
    if json_depth(raw.decode("utf-8", "replace")) > MAX_JSON_DEPTH:
        raise NotesImportError(f"{path} nests JSON too deeply; nothing was imported")
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise NotesImportError(f"{path} is not valid JSON ({exc})") from None
    try:
        if type(obj) is dict and obj.get("format") == EXPORT_FORMAT:
            return _within_limits(path, _from_export(obj))
        if type(obj) is dict and (NOTES_TABLE in obj or META_TABLE in obj):
            return _within_limits(path, _from_tables(obj))
    except CorruptNotesFileError as exc:
        raise NotesImportError(f"{path}: {exc.reason}; nothing was imported") from None
    raise NotesImportError(f"{path} is not a Triage notes export or notes file")


def _within_limits(path: Path, incoming: Incoming) -> Incoming:
    if len(incoming.notes) > MAX_IMPORT_NOTES:
        raise NotesImportError(
            f"{path} holds {len(incoming.notes):,} notes; an import takes at most "
            f"{MAX_IMPORT_NOTES:,}; nothing was imported"
        )
    for doc in incoming.notes:
        if len(str(doc.get("text", ""))) > MAX_NOTE_CHARS:
            raise NotesImportError(
                f"{path}: a note on {str(doc.get('entry_id'))[:80]!r} is longer than "
                f"{MAX_NOTE_CHARS // 1000} KB of text; nothing was imported"
            )
    return incoming


def plan_merge(
    local_notes: dict[str, dict], local_marks: dict[str, dict], incoming: Incoming
) -> MergePlan:
    """Work out what an import adds; pure, so the store runs it inside its write transaction."""
    plan, counts = MergePlan(), dict.fromkeys(ImportResult.__dataclass_fields__, 0)
    known = dict(local_notes)
    for doc in incoming.notes:
        mine = known.get(doc["note_id"])
        if mine is None:
            kind, added = "notes_added", doc
        elif _same(mine, doc, _NOTE_FIELDS):
            kind, added = "notes_unchanged", None
        else:
            copy_id = conflict_copy_id(doc)
            kind = "notes_unchanged" if copy_id in known else "notes_conflicting"
            added = None if copy_id in known else {**doc, "note_id": copy_id}
        counts[kind] += 1
        if added is not None:
            known[added["note_id"]] = added
            plan.new_notes.append(added)
    current = dict(local_marks)
    for doc in incoming.marks:
        key = mark_key(doc["entry_id"], doc["action"])
        mine = current.get(key)
        if mine is None:
            kind = "marks_added"
        elif _same(mine, doc, _MARK_FIELDS):
            kind = "marks_unchanged"
        else:
            kind = "marks_replaced" if doc["updated"] > mine["updated"] else "marks_kept_local"
        counts[kind] += 1
        if kind in ("marks_added", "marks_replaced"):
            current[key] = plan.new_marks[key] = doc
    plan.result = ImportResult(**counts)
    return plan


def conflict_copy_id(doc: dict[str, Any]) -> str:
    """The id an imported differing version of a note is kept under (same input, same id)."""
    content = json.dumps([doc["note_id"], *(doc[name] for name in _NOTE_FIELDS)])
    return str(uuid.uuid5(_CONFLICT_NAMESPACE, content))


def _same(a: dict, b: dict, fields: tuple[str, ...]) -> bool:
    return all(a.get(name) == b.get(name) for name in fields)


def _from_export(obj: dict[str, Any]) -> Incoming:
    version = obj.get("schema_version")
    notes, marks = obj.get("notes"), obj.get("marks", [])
    if type(version) is not int or version < 1:
        raise CorruptNotesFileError("the export has no valid schema_version")
    if version > SCHEMA_VERSION:
        raise CorruptNotesFileError(
            f"it was exported by a newer version of Triage (schema {version})"
        )
    if type(notes) is not list or type(marks) is not list:
        raise CorruptNotesFileError("'notes' and 'marks' must be lists")
    for index, doc in enumerate(notes):
        key = doc.get("note_id") if type(doc) is dict else None
        why = note_problem(key, doc) if type(key) is str else "it has no note_id"
        if why:
            raise CorruptNotesFileError(f"note #{index + 1}: {why}")
    for index, doc in enumerate(marks):
        ok = type(doc) is dict and type(doc.get("entry_id")) is type(doc.get("action")) is str
        why = mark_problem(mark_key(doc["entry_id"], doc["action"]), doc) if ok else "bad ids"
        if why:
            raise CorruptNotesFileError(f"mark #{index + 1}: {why}")
    if version < SCHEMA_VERSION:
        return _from_tables(
            {
                META_TABLE: {"schema": {"schema_version": version}},
                NOTES_TABLE: {d["note_id"]: d for d in notes},
                MARKS_TABLE: {mark_key(d["entry_id"], d["action"]): d for d in marks},
            }
        )
    return Incoming(notes, marks)


def _from_tables(tables: dict[str, Any]) -> Incoming:
    tables.pop("_storage", None)
    version = schema_version_of(tables)
    if version > SCHEMA_VERSION:
        raise CorruptNotesFileError(
            f"it was written by a newer version of Triage (schema {version})"
        )
    if version < SCHEMA_VERSION:
        tables = migrate(tables, version)
    check_tables(tables)
    return Incoming(
        list((tables.get(NOTES_TABLE) or {}).values()),
        list((tables.get(MARKS_TABLE) or {}).values()),
    )
