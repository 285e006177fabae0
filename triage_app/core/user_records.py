"""The user's own catalogue entries: written from their logs, saved in the user folder.

A record is validated before it is saved, written atomically (the notes store's durable
write), and never replaces an existing file or a loaded entry unless the caller says so. The
healthy corpus shipped in `resources/` tells whether a new pattern would also fire on healthy
output; the loaded catalogue tells whether it overlaps an existing entry's examples.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from triage_app.core import paths
from triage_app.core.catalog import Catalog
from triage_app.core.entry import compile_pattern
from triage_app.core.generalise import generalise, suggest_id
from triage_app.core.notes.durable import durable_write
from triage_app.core.problems import Severity
from triage_app.core.validate import validate_record

HEALTHY_CORPUS = "healthy-corpus.txt.gz"


class UserRecordError(Exception):
    """The record cannot be saved (the message says why)."""


def draft_record(
    line: str,
    *,
    entry_id: str | None = None,
    domain: str = "local",
    category: str = "runtime_error",
    root_cause: str = "",
    workarounds: list[dict[str, Any]] | None = None,
    dead_ends: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A record for the error on `line`: the signature and example from the log itself."""
    g = generalise(line)
    today = dt.date.today().isoformat()
    return {
        "id": entry_id or suggest_id(g.message, domain),
        "signature": g.message,
        "regex": g.regex,
        "domain": (entry_id.split("/")[0] if entry_id else domain),
        "category": category,
        "root_cause": root_cause,
        "workarounds": workarounds or [],
        "dead_ends": dead_ends or [],
        "examples": [line.rstrip("\r\n")],
        "provenance": {"sources": [{"kind": "local", "quote": line.rstrip("\r\n")}]},
        "first_seen": today,
        "last_updated": today,
        "locale": "en",
    }


@dataclass
class PatternCheck:
    """What a pattern would do: lines of the given logs, healthy lines, other entries."""

    error: str | None = None
    matched_lines: list[int] = field(default_factory=list)
    healthy_hits: list[str] = field(default_factory=list)
    overlapping_entries: list[str] = field(default_factory=list)


def check_pattern(
    regex: str,
    *,
    lines: list[str] = (),  # type: ignore[assignment]
    catalog: Catalog | None = None,
    own_id: str | None = None,
    limit: int = 50,
) -> PatternCheck:
    """Test a pattern before saving it (callers run this off the GUI thread)."""
    result = PatternCheck()
    try:
        pattern = compile_pattern(regex, False)
    except (re.error, OverflowError, RecursionError) as exc:
        result.error = f"not a valid pattern: {exc}"
        return result
    if pattern.search("") is not None:
        result.error = "matches an empty line, so it would fire on every line"
        return result
    result.matched_lines = [i for i, text in enumerate(lines, 1) if pattern.search(text)][:limit]
    result.healthy_hits = [h for h in healthy_lines() if pattern.search(h)][:limit]
    if catalog is not None:
        for entry in catalog:
            if entry.id != own_id and any(pattern.search(ex) for ex in entry.get("examples", [])):
                result.overlapping_entries.append(entry.id)
    return result


@cache
def healthy_lines() -> tuple[str, ...]:
    """The compact healthy corpus shipped with the app (deduplicated real healthy output)."""
    path = paths.resources_dir() / HEALTHY_CORPUS
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            return tuple(handle.read().splitlines())
    except OSError:
        return ()


def record_path(entry_id: str) -> Path:
    domain, slug = entry_id.split("/", 1)
    return paths.user_records_dir() / domain / f"{slug}.json"


def save_user_record(
    record: dict[str, Any], *, catalog: Catalog | None = None, overwrite: bool = False
) -> Path:
    """Validate and save atomically into the user catalogue folder; returns the file."""
    problems = [p for p in validate_record(record, "new record") if p.severity is Severity.ERROR]
    if problems:
        raise UserRecordError("; ".join(f"{p.field or 'record'}: {p.message}" for p in problems))
    entry_id = record["id"]
    target = record_path(entry_id)
    if not overwrite:
        if target.exists():
            raise UserRecordError(f"{target} already exists (choose another id, or overwrite)")
        if catalog is not None and entry_id in catalog:
            raise UserRecordError(
                f"{entry_id} is already in the catalogue (choose another id, or override it)"
            )
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(record, ensure_ascii=False, indent=2) + "\n"
    durable_write(target, text.encode("utf-8"), new_file_mode=0o644)
    return target


def delete_user_record(entry_id: str) -> None:
    """Remove one of the user's own entries (bundled entries are never touched)."""
    target = record_path(entry_id)
    if not target.is_file():
        raise UserRecordError(f"{entry_id} is not one of your own entries")
    target.unlink()
