"""Group a log's matches by entry and put the likely first cause on top.

Order, by tier: (0) causes, (1) consequences and summaries (the entry's `role`: CrashLoopBackOff,
"exit code 1", collect2's "ld returned 1"), which fold under the cause the log states,
(2) entries that only matched info/debug lines, (3) fuzzy guesses. Within a tier, by first
line, except that where the transition graph says A leads to B (or B is preceded by A) and
both were found, A comes first. A cycle in those links falls back to line order. The first
group of tier 0 or 1 is the likely first cause.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping

from triage_app.core.plain import Plain
from triage_app.core.results import Kind, LineMatch
from triage_app.core.severity import QUIET

CAUSE, FOLDED, QUIET_ONLY, GUESS = range(4)  # tiers, in display order


class MatchGroup(Plain):
    """Every line that one entry explains (as top candidate) in one log."""

    __slots__ = ("entry_id", "signature", "kind", "lines", "best_score", "role", "loud")

    def __init__(
        self,
        entry_id: str,
        signature: str,
        kind: Kind,
        lines: list[int] | None = None,
        best_score: float = 0.0,
        role: str = "cause",
        loud: bool = False,  # some line was not logged at info/debug level
    ) -> None:
        self.entry_id = entry_id
        self.signature = signature
        self.kind = kind
        self.lines = [] if lines is None else lines
        self.best_score = best_score
        self.role = role
        self.loud = loud

    @property
    def tier(self) -> int:
        return tier_of(self.kind, self.role, self.loud)

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
            group = groups[key] = MatchGroup(top.entry_id, top.signature, top.kind, role=top.role)
        group.lines.append(match.line)
        group.best_score = max(group.best_score, top.score)
        group.loud = group.loud or match.severity not in QUIET
    return order_groups(list(groups.values()), causes or {})


def tier_of(kind: str, role: str, loud: bool) -> int:
    """Where a group of this kind, entry role and loudness goes (see the module doc)."""
    if kind != "regex":
        return GUESS
    if not loud:
        return QUIET_ONLY
    return CAUSE if role == "cause" else FOLDED


def order_groups(groups: list, causes: Mapping[str, Iterable[str]]) -> list:
    """`groups` (anything with entry_id, first_line and tier) in first-cause order."""
    by_tier: dict[int, list] = {}
    for group in groups:
        by_tier.setdefault(group.tier, []).append(group)
    ordered = []
    for tier in sorted(by_tier):
        members = by_tier[tier]
        if tier == GUESS:
            ordered += sorted(members, key=_line_key)
        else:
            ordered += _causal_order(members, _with_chains(members, causes))
    return ordered


def _with_chains(groups: list, causes: Mapping[str, Iterable[str]]) -> Mapping:
    """`causes` plus what exception chains say: a Java `Caused by:` deeper in the chain that
    starts at another group's line caused that group (the wrapper is printed first)."""
    chained = [g for g in groups if _chain_start(g) is not None]
    if not chained:
        return causes
    extra: dict[str, set[str]] = {k: set(v) for k, v in causes.items()}
    for deeper in chained:
        start = _chain_start(deeper)
        for other in groups:
            if other is not deeper and start <= other.first_line < deeper.first_line:
                extra.setdefault(deeper.entry_id, set()).add(other.entry_id)
    return extra


def _chain_start(group) -> int | None:  # noqa: ANN001 - MatchGroup or GroupStats
    first = getattr(group, "first", None)
    if first is None or first.event_lines is None or first.event_text is None:
        return None
    if not first.text.lstrip().startswith("Caused by:"):
        return None
    return first.event_lines[0]


def _line_key(group) -> tuple[int, str]:  # noqa: ANN001 - MatchGroup or GroupStats
    return (group.first_line, group.entry_id)


def _causal_order(groups: list, causes: Mapping[str, Iterable[str]]) -> list:
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
    ordered: list = []
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
