"""The file's schema: its version, the checks that decide whether a file is usable, migrations.

File layout (one TinyDB JSON file; document ids are strings)::

    {"meta":  {"schema": {"schema_version": 1}},
     "notes": {"<note_id>": {"note_id", "entry_id", "text", "tags", "created", "updated"}},
     "marks": {"<mark_key>": {"entry_id", "action", "action_text", "verdict", "updated"}}}

Tables this version does not know are kept as they are. To change the layout, raise
`SCHEMA_VERSION` and register a function in `MIGRATIONS` that turns version n into n + 1; files
written by older versions are then migrated on the first write, after a copy of the old file is
kept next to it. A file with a higher version than `SCHEMA_VERSION` is opened read-only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from triage_app.core.notes.errors import CorruptNotesFileError
from triage_app.core.notes.model import (
    mark_problem,
    marks_all_well_typed,
    note_problem,
    notes_all_well_typed,
)

SCHEMA_VERSION = 1
META_TABLE = "meta"
META_DOC_ID = "schema"
NOTES_TABLE = "notes"
MARKS_TABLE = "marks"

Tables = dict[str, Any]
Migration = Callable[[Tables], Tables]

#: from_version -> function returning the tables in from_version + 1 (none yet: 1 is the first).
MIGRATIONS: dict[int, Migration] = {}


def schema_version_of(tables: object) -> int:
    """The schema version a parsed file declares; a file without `meta` counts as the current one.

    Raises CorruptNotesFileError when the top level or the meta table has the wrong type.
    """
    if type(tables) is not dict:
        raise CorruptNotesFileError(
            f"the file holds a JSON {_json_type(tables)}, not a notes database"
        )
    meta = tables.get(META_TABLE)
    if meta is None:
        return SCHEMA_VERSION
    doc = meta.get(META_DOC_ID) if type(meta) is dict else None
    version = doc.get("schema_version") if type(doc) is dict else None
    if type(version) is not int or version < 1:
        raise CorruptNotesFileError("the meta table has no valid schema_version")
    return version


def migrate(tables: Tables, from_version: int) -> Tables:
    """Apply the registered migrations from `from_version` up to `SCHEMA_VERSION`."""
    for version in range(from_version, SCHEMA_VERSION):
        step = MIGRATIONS.get(version)
        if step is None:
            raise CorruptNotesFileError(f"no migration from schema {version} to {version + 1}")
        tables = step(tables)
    tables[META_TABLE] = {META_DOC_ID: {"schema_version": SCHEMA_VERSION}}
    return tables


def check_tables(tables: Tables) -> Tables:
    """Return the tables if every table and record is well typed.

    Structural damage (a table that is not an object) raises CorruptNotesFileError with nothing
    salvaged; wrongly typed records raise it with the other records salvaged.
    """
    for name, table in tables.items():
        if type(table) is not dict:
            raise CorruptNotesFileError(
                f"table {name!r} is a JSON {_json_type(table)}, not an object"
            )
    bad: list[str] = []
    cleaned = dict(tables)
    checks = (
        (NOTES_TABLE, notes_all_well_typed, note_problem),
        (MARKS_TABLE, marks_all_well_typed, mark_problem),
    )
    for name, all_fine, problem in checks:
        table = tables.get(name)
        if not table or all_fine(table):  # the fast check; per record only to name the bad ones
            continue
        problems = {key: why for key, doc in table.items() if (why := problem(key, doc))}
        if problems:
            bad.extend(problems.values())
            cleaned[name] = {k: v for k, v in table.items() if k not in problems}
    if bad:
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        raise CorruptNotesFileError(f"{bad[0]}{more}", salvaged=cleaned)
    return tables


def readable_part(tables: object) -> Tables:
    """The well-typed notes and marks of a file this version cannot fully trust (never raises).

    Used for a newer-schema file, which is shown read-only as far as it can be understood.
    """
    if type(tables) is not dict:
        return {}
    view: Tables = {}
    for name, problem in ((NOTES_TABLE, note_problem), (MARKS_TABLE, mark_problem)):
        table = tables.get(name)
        if type(table) is dict:
            view[name] = {k: v for k, v in table.items() if problem(k, v) is None}
    return view


def _json_type(value: object) -> str:
    names = {dict: "object", list: "list", str: "string", bool: "boolean", type(None): "null"}
    return names.get(type(value), "number")


@dataclass(frozen=True)
class Loaded:
    tables: Tables
    newer_reason: str | None = None  # set for a newer-schema file: open it read-only
    migrated_from: int | None = None  # set when an older file was migrated in memory


def load_tables(tables: object, file_name: str) -> Loaded:
    """Decide what to do with a parsed file: use it, migrate it, or show a newer one read-only.

    Raises CorruptNotesFileError for a file that is damaged (see `check_tables`).
    """
    version = schema_version_of(tables)
    if version > SCHEMA_VERSION:
        reason = (
            f"{file_name} was written by a newer version of Triage (schema {version}; this "
            f"version knows schema {SCHEMA_VERSION}), so it is left untouched"
        )
        return Loaded(readable_part(tables), newer_reason=reason)
    assert isinstance(tables, dict)
    if version < SCHEMA_VERSION:
        return Loaded(check_tables(migrate(tables, version)), migrated_from=version)
    return Loaded(check_tables(tables))
