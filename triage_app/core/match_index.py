"""One incremental index of a log's matches: groups, counts and the likely first cause.

The CLI's text report and the window's matches list both read it. Matches are added in
batches as a scan yields them; memory stays bounded however many lines match, because a
group keeps its count, first and last line and only the first `examples` matches.

API (Qt-free):

    index = MatchIndex(causes, examples=20)   # causes: entry id -> ids it leads to
    index.add(batch)                          # LineMatch items, in line order per batch
    index.groups()                            # [GroupStats], first-cause order
    index.first_cause()                       # FirstCause(line, entry_id) or None
    index.matched_lines                       # how many lines matched (regex or fuzzy)

A `GroupStats` has entry_id, signature, kind, role, count, first_line, last_line,
best_score, loud (some line was not info/debug), tier and `examples` (the first matches).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from triage_app.core.grouping import CAUSE, FOLDED, order_groups, tier_of
from triage_app.core.results import LineMatch
from triage_app.core.severity import QUIET

DEFAULT_EXAMPLES = 20


@dataclass
class GroupStats:
    """Every line one entry explains (as top candidate), summarised."""

    entry_id: str
    signature: str
    kind: str
    role: str = "cause"
    count: int = 0
    first_line: int = 0
    last_line: int = 0
    best_score: float = 0.0
    loud: bool = False
    examples: list[LineMatch] = field(default_factory=list)

    @property
    def tier(self) -> int:
        return tier_of(self.kind, self.role, self.loud)

    @property
    def first(self) -> LineMatch:
        return self.examples[0]


@dataclass(frozen=True)
class FirstCause:
    line: int
    entry_id: str

    def to_json(self) -> dict:
        return {"line": self.line, "entry_id": self.entry_id}


class MatchIndex:
    """Groups of matches by (entry, kind), kept up to date batch by batch."""

    def __init__(
        self, causes: Mapping[str, Iterable[str]] | None = None, examples: int = DEFAULT_EXAMPLES
    ) -> None:
        self.causes = causes or {}
        self.examples = max(1, examples)
        self.matched_lines = 0
        self._groups: dict[tuple[str, str], GroupStats] = {}
        self._order: list[GroupStats] | None = None

    def add(self, matches: Iterable[LineMatch]) -> None:
        for match in matches:
            top = match.top
            key = (top.entry_id, top.kind)
            group = self._groups.get(key)
            if group is None:
                group = GroupStats(top.entry_id, top.signature, top.kind, top.role)
                group.first_line = match.line
                self._groups[key] = group
                self._order = None
            loud = match.severity not in QUIET
            if loud and not group.loud:
                group.loud = True
                self._order = None
            if match.line < group.first_line:  # batches out of order: keep the earliest
                group.first_line = match.line
                self._order = None
            group.count += 1
            group.last_line = max(group.last_line, match.line)
            group.best_score = max(group.best_score, top.score)
            if len(group.examples) < self.examples:
                group.examples.append(match)
            self.matched_lines += 1

    def groups(self) -> list[GroupStats]:
        if self._order is None:
            self._order = order_groups(list(self._groups.values()), self.causes)
        return list(self._order)

    def first_cause(self) -> FirstCause | None:
        """The root error the log states: the first group that is a regex match."""
        for group in self.groups():
            if group.tier in (CAUSE, FOLDED) or group.kind == "regex":
                return FirstCause(group.first_line, group.entry_id)
        return None
