"""What a batch found, across files: counts that fit in bounded memory.

Fed one result line at a time (also the lines of a resumed run), it keeps per-entry counts,
the files that could not be read, and how many files each unknown-error template recurs in.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

MAX_UNREADABLE_KEPT = 1000


@dataclass
class BatchSummary:
    files: int = 0
    files_with_match: int = 0
    entry_files: Counter[str] = field(default_factory=Counter)  # entry -> files it matched in
    entry_lines: Counter[str] = field(default_factory=Counter)  # entry -> matched lines
    first_causes: Counter[str] = field(default_factory=Counter)  # entry -> files it leads
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    unreadable_count: int = 0
    unknown_files: Counter[str] = field(default_factory=Counter)  # template -> files

    def add(self, doc: dict[str, Any]) -> None:
        self.files += 1
        if doc.get("error"):
            self.unreadable_count += 1
            if len(self.unreadable) < MAX_UNREADABLE_KEPT:
                self.unreadable.append((str(doc.get("path")), str(doc["error"])))
            return
        seen: set[str] = set()
        for match in doc.get("matches") or []:
            if match.get("kind") != "regex":
                continue
            entry_id = match.get("entry_id")
            self.entry_lines[entry_id] += 1
            seen.add(entry_id)
        self.entry_files.update(seen)
        if seen:
            self.files_with_match += 1
        cause = doc.get("first_cause")
        if isinstance(cause, dict) and cause.get("entry_id"):
            self.first_causes[cause["entry_id"]] += 1
        templates = {g.get("template") for g in doc.get("unknown") or [] if isinstance(g, dict)}
        self.unknown_files.update(t for t in templates if t)

    def exit_status(self) -> int:
        """As DESIGN.md: 2 if a file could not be read, else 1 if any regex match, else 0."""
        if self.unreadable_count:
            return 2
        return 1 if self.files_with_match else 0

    def recurring_unknown(self, least_files: int = 2) -> list[tuple[str, int]]:
        return [(t, n) for t, n in self.unknown_files.most_common() if n >= least_files]
