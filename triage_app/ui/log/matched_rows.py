"""The scan's matches of one log by line, and its matched rows in order (for stepping
through them, the scroll bar's marks and the matched-only view)."""

from __future__ import annotations

from collections.abc import Iterable

from triage_app.core.results import LineMatch
from triage_app.ui.log.cycling import next_wrapping


class MatchedRows:
    """`by_line` (1-based line -> match); `regex_rows` and `fuzzy_rows` (0-based, in the
    order the scan found them: ascending, since it reads the log from the start)."""

    def __init__(self) -> None:
        self.by_line: dict[int, LineMatch] = {}
        self.regex_rows: list[int] = []
        self.fuzzy_rows: list[int] = []

    def add(self, matches: Iterable[LineMatch]) -> list[int]:
        """Record `matches`; the rows (0-based) they are on."""
        rows = []
        for match in matches:
            self.by_line[match.line] = match
            target = self.regex_rows if match.kind == "regex" else self.fuzzy_rows
            target.append(match.line - 1)
            rows.append(match.line - 1)
        return rows

    def all_rows(self) -> list[int]:
        """Every matched row (0-based), ascending."""
        return sorted(self.regex_rows + self.fuzzy_rows)

    def next_row(self, row: int, backward: bool = False) -> int | None:
        """The matched row after (or before) `row`, wrapping around; None without any."""
        return next_wrapping(self.all_rows(), row, backward)
