"""Group a log's matches by entry and put the likely first cause on top.

Order: regex groups before fuzzy guesses; within them, by first line, except that where the
transition graph says A leads to B (or B is preceded by A) and both were found, A comes first.
A cycle in those links falls back to line order.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from triage_app.core.results import Kind, LineMatch


@dataclass
class MatchGroup:
    """Every line that one entry explains (as top candidate) in one log."""

    entry_id: str
    signature: str
    kind: Kind
    lines: list[int] = field(default_factory=list)
    best_score: float = 0.0

    @property
    def count(self) -> int:
        return len(self.lines)

    @property
    def first_line(self) -> int:
        return self.lines[0]

    @property
    def last_line(self) -> int:
        return self.lines[-1]


def group_matches(
    matches: Iterable[LineMatch], causes: Mapping[str, Iterable[str]] | None = None
) -> list[MatchGroup]:
    """Groups in root-cause order. `causes` maps an entry id to the ids it leads to."""
    groups: dict[tuple[str, str], MatchGroup] = {}
    for match in matches:
        top = match.top
        key = (top.entry_id, top.kind)
        group = groups.get(key)
        if group is None:
            group = groups[key] = MatchGroup(top.entry_id, top.signature, top.kind)
        group.lines.append(match.line)
        group.best_score = max(group.best_score, top.score)
    regex = [g for g in groups.values() if g.kind == "regex"]
    fuzzy = [g for g in groups.values() if g.kind != "regex"]
    return _causal_order(regex, causes or {}) + sorted(fuzzy, key=_line_key)


def _line_key(group: MatchGroup) -> tuple[int, str]:
    return (group.first_line, group.entry_id)


def _causal_order(
    groups: list[MatchGroup], causes: Mapping[str, Iterable[str]]
) -> list[MatchGroup]:
    by_id = {g.entry_id: g for g in groups}
    after: dict[str, set[str]] = {g.entry_id: set() for g in groups}
    indegree = dict.fromkeys(by_id, 0)
    for source in by_id:
        for target in causes.get(source, ()):
            if target in by_id and target != source and target not in after[source]:
                after[source].add(target)
                indegree[target] += 1
    ready = [(_line_key(by_id[i]), i) for i, d in indegree.items() if d == 0]
    heapq.heapify(ready)
    ordered: list[MatchGroup] = []
    while ready:
        _key, entry_id = heapq.heappop(ready)
        ordered.append(by_id[entry_id])
        for target in after[entry_id]:
            indegree[target] -= 1
            if indegree[target] == 0:
                heapq.heappush(ready, (_line_key(by_id[target]), target))
    if len(ordered) < len(groups):  # a cycle: keep line order for what is left
        done = {g.entry_id for g in ordered}
        ordered += sorted((g for g in groups if g.entry_id not in done), key=_line_key)
    return ordered


def causal_links(catalog: Iterable) -> dict[str, set[str]]:
    """Entry id -> ids it leads to, from both `leads_to` and the targets' `preceded_by`."""
    causes: dict[str, set[str]] = {}
    for entry in catalog:
        for relation, target, _details in entry.links():
            if relation == "leads_to":
                causes.setdefault(entry.id, set()).add(target)
            elif relation == "preceded_by":
                causes.setdefault(target, set()).add(entry.id)
    return causes
