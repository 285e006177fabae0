"""Import a peer catalogue (deadends.dev canon files) into the user's `records/imported/`.

Each canon record is converted (core/peer_canon.py), then checked the way a pattern must be
before it runs on the user's logs: it validates, its regex compiles, needs a literal the
prefilter can key on, does not backtrack, matches its own signature, and matches no line of
the healthy corpus. An id the bundled catalogue (or the user's own entries) already has is
never overridden. What passes is written atomically, one file per record; what does not is
reported with the reason. Nothing is ever written into the bundled `records/` folder.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from triage_app.core import paths, regex_budget
from triage_app.core.catalog import Catalog
from triage_app.core.entry import compile_pattern
from triage_app.core.literals import fold, required_factor
from triage_app.core.notes.durable import durable_write
from triage_app.core.peer_canon import CanonError, convert
from triage_app.core.problems import Severity
from triage_app.core.record_file import (
    MAX_JSON_DEPTH,
    MAX_RECORD_BYTES,
    RecordFileError,
    json_depth,
    read_bounded,
)
from triage_app.core.regex_check import backtrack_risk
from triage_app.core.user_records import healthy_lines
from triage_app.core.validate import validate_record

IMPORTED_FOLDER = "imported"
MAX_INPUT_BYTES = 512 * 1024 * 1024  # one JSON/JSONL file; records themselves stay <= 1 MiB


class PeerImportError(Exception):
    """The input cannot be read at all (the message says why)."""


@dataclass
class ImportOutcome:
    """What happened to one canon record."""

    where: str  # file, or file:line for JSONL
    entry_id: str | None
    status: str  # "imported", "updated", "unchanged", "skipped"
    reason: str = ""


@dataclass
class ImportReport:
    outcomes: list[ImportOutcome] = field(default_factory=list)
    target: Path | None = None

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def skipped(self) -> list[ImportOutcome]:
        return [o for o in self.outcomes if o.status == "skipped"]


def imported_dir() -> Path:
    return paths.user_records_dir() / IMPORTED_FOLDER


def _parse(text: str, where: str) -> Any:
    depth = json_depth(text)
    if depth > MAX_JSON_DEPTH:
        raise CanonError(f"nests JSON {depth} levels deep; the limit is {MAX_JSON_DEPTH}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CanonError(f"is not valid JSON ({exc.msg} at line {exc.lineno})") from None


def _read_text(path: Path) -> str:
    try:
        data = read_bounded(path, MAX_INPUT_BYTES, "input file")
    except RecordFileError as exc:
        raise CanonError(str(exc)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CanonError(f"is not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def iter_canons(path: Path) -> Iterator[tuple[str, Any]]:
    """(where, object or CanonError) for every canon record in a file or folder."""
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.suffix in (".json", ".jsonl"))
        if not files:
            raise PeerImportError(f"{path}: no .json or .jsonl files in this folder")
    elif path.exists():
        files = [path]
    else:
        raise PeerImportError(f"{path}: no such file or folder")
    for file in files:
        try:
            text = _read_text(file)
        except CanonError as exc:
            yield str(file), exc
            continue
        if file.suffix == ".jsonl":
            for number, line in enumerate(text.splitlines(), 1):
                if not line.strip():
                    continue
                where = f"{file}:{number}"
                if len(line) > MAX_RECORD_BYTES:
                    yield where, CanonError(f"is longer than {MAX_RECORD_BYTES:,} characters")
                    continue
                try:
                    yield where, _parse(line, where)
                except CanonError as exc:
                    yield where, exc
            continue
        try:
            document = _parse(text, str(file))
        except CanonError as exc:
            yield str(file), exc
            continue
        items = document if isinstance(document, list) else [document]
        for index, item in enumerate(items):
            yield (f"{file}[{index}]" if isinstance(document, list) else str(file)), item


@cache
def _folded_healthy() -> tuple[str, tuple[int, ...]]:
    """The healthy corpus folded into one text, with the offset where each line starts."""
    lines = healthy_lines()
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(fold(line)) + 1
    return "\n".join(fold(line) for line in lines), tuple(starts)


def _healthy_hit(pattern: re.Pattern[str], literals: frozenset[str]) -> str | None:
    """The first healthy line the pattern matches; only lines holding a key literal are tried."""
    lines = healthy_lines()
    folded, starts = _folded_healthy()
    candidates: set[int] = set()
    for literal in literals:
        at = folded.find(literal)
        while at != -1:
            index = bisect.bisect_right(starts, at) - 1
            candidates.add(index)
            at = folded.find(literal, starts[index + 1]) if index + 1 < len(starts) else -1
    for index in sorted(candidates):
        if pattern.search(lines[index]):
            return lines[index]
    return None


def check_record(record: dict[str, Any]) -> str | None:
    """Why the converted record may not be imported, or None when it may."""
    errors = [p for p in validate_record(record, record["id"]) if p.severity is Severity.ERROR]
    if errors:
        return "; ".join(f"{p.field or 'record'}: {p.message}" for p in errors[:3])
    regex, flags = record["regex"], 0 if record.get("case_sensitive") else re.IGNORECASE
    pattern = compile_pattern(regex, bool(record.get("case_sensitive")))
    literals = required_factor(regex, flags)
    if literals is None:
        return "its regex has no literal of 4 or more characters to prefilter on"
    risk = backtrack_risk(regex, flags)
    if risk:
        return f"its regex may backtrack catastrophically ({risk})"
    try:
        if not pattern.search(record["signature"]):
            return "its regex does not match its own signature"
        hit = _healthy_hit(pattern, literals)
    except regex_budget.PatternTimeoutError:
        return "its regex took longer than the time budget"
    if hit is not None:
        return f"its regex matches healthy output: {hit[:120]!r}"
    return None


def _write(record: dict[str, Any], target_root: Path, dry_run: bool) -> str:
    domain, slug = record["id"].split("/", 1)
    target = target_root / domain / f"{slug}.json"
    text = json.dumps(record, ensure_ascii=False, indent=2) + "\n"
    if target.is_file():
        try:
            if target.read_text(encoding="utf-8") == text:
                return "unchanged"
        except (OSError, UnicodeDecodeError):
            pass
        status = "updated"
    else:
        status = "imported"
    if not dry_run:
        target.parent.mkdir(parents=True, exist_ok=True)
        durable_write(target, text.encode("utf-8"), new_file_mode=0o644)
    return status


def import_canons(
    source: Path,
    catalog: Catalog,
    *,
    target_root: Path | None = None,
    dry_run: bool = False,
) -> ImportReport:
    """Convert, check and write every canon record under `source`; report each one.

    `catalog` is what the app loads (bundled + the user's own entries): ids already there
    are reported and skipped, unless they come from an earlier import (then updated).
    """
    target_root = target_root or imported_dir()
    bundled = paths.bundled_records_dir().resolve()
    if target_root.resolve().is_relative_to(bundled):
        raise PeerImportError(f"{target_root}: imports never go into the bundled catalogue")
    report = ImportReport(target=target_root)
    seen: set[str] = set()
    imported_root = target_root.resolve()
    with regex_budget.budget():
        for where, item in iter_canons(source):
            if isinstance(item, CanonError):
                report.outcomes.append(ImportOutcome(where, None, "skipped", str(item)))
                continue
            try:
                record = convert(item)
            except CanonError as exc:
                report.outcomes.append(ImportOutcome(where, None, "skipped", str(exc)))
                continue
            entry_id = record["id"]
            reason = None
            existing = catalog.get(entry_id)
            if entry_id in seen:
                reason = "a record earlier in this import has the same id"
            elif existing is not None and not _is_under(existing.source, imported_root):
                reason = (
                    f"{entry_id} is already in the catalogue ({existing.source}); never overridden"
                )
            else:
                reason = check_record(record)
            if reason:
                report.outcomes.append(ImportOutcome(where, entry_id, "skipped", reason))
                continue
            seen.add(entry_id)
            try:
                status = _write(record, target_root, dry_run)
            except OSError as exc:
                status, reason = "skipped", f"cannot write it: {exc.strerror or exc}"
            report.outcomes.append(ImportOutcome(where, entry_id, status, reason or ""))
    return report


def _is_under(source: str, root: Path) -> bool:
    try:
        return Path(source).resolve().is_relative_to(root)
    except (OSError, ValueError):
        return False
