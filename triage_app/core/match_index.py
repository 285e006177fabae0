"""One incremental index of a log's matches: groups, counts and the likely first cause.

The CLI's text report and the window's matches list both read it. Matches are added in
batches as a scan yields them; memory stays bounded however many lines match, because a
group keeps its count, first and last line, the first `examples` matches and the last
`tail` ones; the lines in between are only counted (`GroupStats.more`).

API (Qt-free):

    index = MatchIndex(causes, examples=20, tail=3)   # causes: entry id -> ids it leads to
    index.add(batch)                          # LineMatch items, in line order per batch
    index.groups()                            # [GroupStats], first-cause order
    index.first_cause()                       # FirstCause(line, entry_id) or None
    index.matched_lines                       # how many lines matched (regex or fuzzy)

A `GroupStats` has entry_id, signature, kind, role, count, first_line, last_line,
best_score, loud (some line was not info/debug), tier, `examples` (the first matches) and
`tail` (the last matches after them).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from triage_app.core.grouping import CAUSE, FOLDED, order_groups, tier_of
from triage_app.core.plain import Plain, Value
from triage_app.core.results import LineMatch
from triage_app.core.severity import QUIET

DEFAULT_EXAMPLES = 20


class GroupStats(Plain):
    """Every line one entry explains (as top candidate), summarised."""

    __slots__ = (
        "entry_id",
        "signature",
        "kind",
        "role",
        "count",
        "first_line",
        "last_line",
        "best_score",
        "loud",
        "examples",
        "tail",
    )

    def __init__(
        self,
        entry_id: str,
        signature: str,
        kind: str,
        role: str = "cause",
        count: int = 0,
        first_line: int = 0,
        last_line: int = 0,
        best_score: float = 0.0,
        loud: bool = False,
        examples: list[LineMatch] | None = None,
        tail: deque[LineMatch] | None = None,
    ) -> None:
        self.entry_id = entry_id
        self.signature = signature
        self.kind = kind
        self.role = role
        self.count = count
        self.first_line = first_line
        self.last_line = last_line
        self.best_score = best_score
        self.loud = loud
        self.examples = [] if examples is None else examples
        self.tail = deque(maxlen=0) if tail is None else tail

    @property
    def tier(self) -> int:
        return tier_of(self.kind, self.role, self.loud)

    @property
    def first(self) -> LineMatch:
        return self.examples[0]

    @property
    def kept(self) -> list[LineMatch]:
        """The matches kept, in line order: the first ones, then the last ones."""
        return [*self.examples, *self.tail]

    @property
    def more(self) -> int:
        """How many of the group's lines are counted but not kept."""
        return self.count - len(self.examples) - len(self.tail)

    def add(self, match: LineMatch, examples: int) -> None:
        """Count `match` (whose top candidate is this group's); keep it if there is room."""
        # (Comparisons rather than `max` and `match.top`: a scan adds every matched line.)
        line = match.line
        if self.count == 0 or line < self.first_line:
            self.first_line = line
        self.count += 1
        if line > self.last_line:
            self.last_line = line
        score = match.candidates[0].score
        if score > self.best_score:
            self.best_score = score
        if not self.loud and match.severity not in QUIET:
            self.loud = True
        if len(self.examples) < examples:
            self.examples.append(match)
        else:
            self.tail.append(match)

    def to_json(self) -> dict[str, Any]:
        """The group as a `groups` item of the JSON contract (an addition)."""
        return {
            "entry_id": self.entry_id,
            "kind": self.kind,
            "count": self.count,
            "first_line": self.first_line,
            "last_line": self.last_line,
        }


def merged(groups: Iterable[GroupStats], examples: int, tail: int) -> GroupStats:
    """One group holding the lines of `groups` (all of one entry and kind): counts add up,
    and the first and last kept matches are the first and last of the union."""
    parts = list(groups)
    kept = sorted((m for g in parts for m in g.kept), key=lambda m: m.line)
    lead = kept[0].top
    out = GroupStats(lead.entry_id, lead.signature, lead.kind, lead.role, tail=deque(maxlen=tail))
    out.count = sum(g.count for g in parts)
    out.first_line = min(g.first_line for g in parts)
    out.last_line = max(g.last_line for g in parts)
    out.best_score = max(g.best_score for g in parts)
    out.loud = any(g.loud for g in parts)
    out.examples = kept[:examples]
    out.tail.extend(kept[examples:])
    return out


class FirstCause(Value):
    """The line of the log's first cause and the entry that explains it."""

    __slots__ = ("line", "entry_id")

    def __init__(self, line: int, entry_id: str) -> None:
        self.line = line
        self.entry_id = entry_id

    def to_json(self) -> dict:
        return {"line": self.line, "entry_id": self.entry_id}


class MatchIndex:
    """Groups of matches by (entry, kind), kept up to date batch by batch."""

    def __init__(
        self,
        causes: Mapping[str, Iterable[str]] | None = None,
        examples: int = DEFAULT_EXAMPLES,
        tail: int = 0,
    ) -> None:
        self.causes = causes or {}
        self.examples = max(1, examples)
        self.tail = max(0, tail)
        self.matched_lines = 0
        self._groups: dict[tuple[str, str], GroupStats] = {}
        self._order: list[GroupStats] | None = None

    def add(self, matches: Iterable[LineMatch]) -> None:
        for match in matches:
            top = match.top
            key = (top.entry_id, top.kind)
            group = self._groups.get(key)
            if group is None:
                group = GroupStats(
                    top.entry_id, top.signature, top.kind, top.role, tail=deque(maxlen=self.tail)
                )
                self._groups[key] = group
                self._order = None
            before = (group.loud, group.first_line)
            group.add(match, self.examples)
            if group.count > 1 and (group.loud, group.first_line) != before:
                self._order = None  # louder, or batches out of order: the order may change
            self.matched_lines += 1

    def add_group(self, group: GroupStats) -> None:
        """Add a whole group (merged with the one of the same entry and kind, if any)."""
        key = (group.entry_id, group.kind)
        known = self._groups.get(key)
        self._groups[key] = (
            group if known is None else merged([known, group], self.examples, self.tail)
        )
        self.matched_lines += group.count
        self._order = None

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
