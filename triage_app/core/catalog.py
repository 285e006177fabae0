"""Load the catalogue: bundled records, then the user's folder, then any extra folders.

Later folders override earlier ones by id (the override is reported). A record that fails
validation is reported and skipped; everything else still loads.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from triage_app.core import paths, regex_budget
from triage_app.core.entry import Entry, compile_pattern
from triage_app.core.overrides import Override, make_override
from triage_app.core.plain import Plain
from triage_app.core.problems import Problem, Severity


class Catalog(Plain):
    """The loaded entries, by id, and every problem found while loading them."""

    __slots__ = ("entries", "problems", "sources", "overrides")

    def __init__(
        self,
        entries: dict[str, Entry] | None = None,
        problems: list[Problem] | None = None,
        sources: list[Path] | None = None,
        overrides: dict[str, Override] | None = None,  # id -> what it replaced
    ) -> None:
        self.entries = {} if entries is None else entries
        self.problems = [] if problems is None else problems
        self.sources = [] if sources is None else sources
        self.overrides = {} if overrides is None else overrides

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())

    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self.entries

    def get(self, entry_id: str) -> Entry | None:
        return self.entries.get(entry_id)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.WARNING]

    def content_hash(self) -> str:
        """A short SHA-256 of every loaded record (canonical JSON, by id): two windows or
        machines with the same hash have the same catalogue, whatever the files' order."""
        digest = hashlib.sha256()
        for entry_id in sorted(self.entries):
            data = json.dumps(dict(self.entries[entry_id].data), sort_keys=True, ensure_ascii=False)
            digest.update(data.encode("utf-8") + b"\n")
        return digest.hexdigest()[:16]

    def domains(self) -> dict[str, int]:
        """Entry counts per domain, sorted by domain."""
        counts: dict[str, int] = {}
        for entry in self:
            counts[entry.domain] = counts.get(entry.domain, 0) + 1
        return dict(sorted(counts.items()))

    def categories(self) -> list[str]:
        return sorted({entry.category for entry in self})


def default_catalog_dirs(extra: Sequence[Path] = ()) -> list[Path]:
    """The bundled catalogue, the user's catalogue (when it exists), then `extra`."""
    dirs = [paths.bundled_records_dir()]
    user = paths.user_records_dir()
    if user.is_dir():
        dirs.append(user)
    dirs.extend(Path(d) for d in extra)
    return dirs


# What reading and checking one record file gave: its (size, mtime_ns) when read, the record
# (None when it was skipped) and the problems found in it.
FileCheck = tuple[tuple[int, int], "dict[str, Any] | None", list[Problem]]


def load_catalog(
    dirs: Iterable[Path],
    *,
    missing_links: Severity = Severity.WARNING,
    checked: Mapping[str, FileCheck] | None = None,
    record_checks: dict[str, FileCheck] | None = None,
) -> Catalog:
    """Load every `*.json` record below each folder, in order; later folders override.

    Checking a record runs its regex on its examples; each such call has a time budget, so a
    pattern that backtracks catastrophically is reported and skipped instead of hanging.
    `checked` (by file path) holds earlier checks of files that are taken as they are when
    the file's size and time are unchanged (`catalog_cache` after one record changed);
    `record_checks`, when given, receives every file's check.
    """
    with regex_budget.budget():
        return _load_catalog(dirs, missing_links, checked or {}, record_checks)


def _load_catalog(
    dirs: Iterable[Path],
    missing_links: Severity,
    checked: Mapping[str, FileCheck],
    record_checks: dict[str, FileCheck] | None,
) -> Catalog:
    catalog = Catalog()
    origin: dict[str, Path] = {}
    for directory in dirs:
        directory = Path(directory)
        catalog.sources.append(directory)
        if not directory.is_dir():
            catalog.problems.append(
                Problem(Severity.ERROR, str(directory), None, "catalogue folder not found")
            )
            continue
        seen_here: set[str] = set()
        for path in sorted(directory.rglob("*.json")):
            check = _check_file(path, checked.get(str(path)))
            if record_checks is not None:
                record_checks[str(path)] = check
            entry = _load_file(path, directory, check, catalog.problems)
            if entry is None:
                continue
            if entry.id in seen_here:
                catalog.problems.append(
                    Problem(
                        Severity.ERROR,
                        str(path),
                        "id",
                        f"duplicate id {entry.id!r} (also in {origin[entry.id]}); this file is skipped",
                        entry.id,
                    )
                )
                continue
            seen_here.add(entry.id)
            if entry.id in catalog.entries and path.relative_to(directory).parts[0] == "imported":
                catalog.problems.append(
                    Problem(
                        Severity.WARNING,
                        str(path),
                        "id",
                        f"imported entry {entry.id!r} is not loaded: {origin[entry.id]} has "
                        "this id, and imports never override",
                        entry.id,
                    )
                )
                continue
            if entry.id in catalog.entries:
                override = make_override(entry, catalog.entries[entry.id])
                catalog.overrides[entry.id] = override
                changed = override.replaced_changed_since
                catalog.problems.append(
                    Problem(
                        Severity.WARNING if changed else Severity.INFO,
                        str(path),
                        "id",
                        f"overrides {entry.id!r} from {origin[entry.id]}"
                        + (f"; {override.describe()}" if changed else ""),
                        entry.id,
                    )
                )
            catalog.entries[entry.id] = entry
            origin[entry.id] = path
    catalog.entries = dict(sorted(catalog.entries.items()))
    _check_links(catalog, missing_links)
    return catalog


def _check_file(path: Path, earlier: FileCheck | None) -> FileCheck:
    """Read and validate one record file (or take `earlier`'s answer if the file is unchanged)."""
    source = str(path)
    try:
        st = path.stat()
        stamp = (st.st_size, st.st_mtime_ns)
    except OSError:
        stamp = (-1, -1)
    if earlier is not None and tuple(earlier[0]) == stamp:
        return earlier
    # Imported here: a catalogue served from the compiled cache is never read or checked.
    from triage_app.core import validate
    from triage_app.core.record_file import RecordFileError, load_record_file

    try:
        record = load_record_file(path)
    except RecordFileError as exc:
        return stamp, None, [Problem(Severity.ERROR, source, None, f"{exc}; the file is skipped")]
    found = validate.validate_record(record, source)
    if any(p.severity is Severity.ERROR for p in found):
        return stamp, None, found
    return stamp, record, found


def _load_file(path: Path, root: Path, check: FileCheck, problems: list[Problem]) -> Entry | None:
    source = str(path)
    _stamp, record, found = check
    problems.extend(found)
    if record is None:
        return None
    rel = path.relative_to(root)
    expected = f"{rel.parent.as_posix()}/{path.stem}"
    if len(rel.parts) == 2 and expected != record["id"]:
        problems.append(
            Problem(
                Severity.WARNING,
                source,
                "id",
                f"id {record['id']!r} does not match the file's place "
                f"{expected!r} (records/<domain>/<slug>.json)",
                record["id"],
            )
        )
    pattern = compile_pattern(record["regex"], bool(record.get("case_sensitive")))
    return Entry(data=record, source=source, pattern=pattern)


def _check_links(catalog: Catalog, severity: Severity) -> None:
    for entry in catalog:
        for relation, target, _details in entry.links():
            if target not in catalog.entries:
                catalog.problems.append(
                    Problem(
                        severity,
                        entry.source,
                        f"transition_graph.{relation}",
                        f"links to {target!r}, which is not in the loaded catalogue",
                        entry.id,
                    )
                )


def backtracking_warnings(catalog: Catalog) -> list[Problem]:
    """A warning for each loaded pattern whose shape can backtrack catastrophically."""
    from triage_app.core.regex_check import backtrack_risk

    found = []
    for entry in catalog:
        patterns = [("regex", entry.regex, entry.case_sensitive)]
        for i, variant in enumerate(entry.get("variants", [])):
            if isinstance(variant, dict) and isinstance(variant.get("regex"), str):
                case = bool(variant.get("case_sensitive"))
                patterns.append((f"variants[{i}].regex", variant["regex"], case))
        for field_name, regex, case_sensitive in patterns:
            why = backtrack_risk(regex, 0 if case_sensitive else re.IGNORECASE)
            if why:
                found.append(
                    Problem(
                        Severity.WARNING,
                        entry.source,
                        field_name,
                        f"can backtrack catastrophically ({why}); scans give each search a "
                        "time budget and skip the pattern for the rest of a file when it runs out",
                        entry.id,
                    )
                )
    return found
