"""A file's matches grouped in bounded memory, ranked again once the file's versions are known.

The scan ranks each line's candidates before the versions the log states are known (they can
come at the very end: "Node.js v20.11.0" after a crash); `annotate.FileAnnotator.finish` then
ranks them again, which can change a line's top entry. Keeping every match until then made a
1 GB log in which every line matches take 14 GB. Instead, matches are counted in classes of
lines that any ranking orders alike: same candidate entries, kinds and literal characters
consumed (the only per-line inputs of `ranking.rank_key`; the others are per entry). Each
class keeps its count, first and last line and a few example matches; `finish` ranks one
member of each class again and merges the classes by their new top entry into a `MatchIndex`.

Memory grows with the number of classes (bounded by the catalogue's entries and their
combinations on one line), never with the number of matched lines.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from triage_app.core.match_index import DEFAULT_EXAMPLES, GroupStats, MatchIndex, merged
from triage_app.core.ranking import ranked
from triage_app.core.results import Candidate, LineMatch

DEFAULT_TAIL = 3

ClassKey = tuple


def class_key(match: LineMatch) -> ClassKey:
    """Lines with the same key are ordered alike by any version fit (see the module doc)."""
    candidates = match.candidates
    if len(candidates) == 1:
        top = candidates[0]
        return (top.entry_id, top.kind)
    return tuple((c.entry_id, c.kind, c.literal_chars) for c in candidates)


class MatchGroups:
    """Per-file groups built batch by batch as a scan yields its matches."""

    def __init__(self, examples: int = DEFAULT_EXAMPLES, tail: int = DEFAULT_TAIL) -> None:
        self.examples = max(1, examples)
        self.tail = max(0, tail)
        self._classes: dict[ClassKey, GroupStats] = {}
        # Per class of several candidates: the best score of each candidate entry (a fuzzy
        # guess that becomes the top one brings its own score).
        self._scores: dict[ClassKey, dict[str, float]] = {}

    def add(self, matches: Iterable[LineMatch]) -> None:
        """Count a batch of matches (in line order) into their classes. A class and its
        scores are worked out once per candidates tuple of the batch: a parallel scan's
        matches share one tuple per distinct value in a chunk (`parallel_task.unpack_matches`),
        so a log in which every line matches works out a handful. The tuples are held while
        their id is remembered, so no id is reused meanwhile."""
        seen: dict[int, tuple[tuple[Candidate, ...], GroupStats]] = {}
        examples = self.examples
        for match in matches:
            candidates = match.candidates
            known = seen.get(id(candidates))
            if known is None:
                key = class_key(match)
                group = self._classes.get(key) or self._new_group(key, match)
                known = seen[id(candidates)] = (candidates, group)
                if len(candidates) > 1:
                    self._add_scores(key, candidates)
            known[1].add(match, examples)

    def _new_group(self, key: ClassKey, match: LineMatch) -> GroupStats:
        top = match.top
        group = GroupStats(
            top.entry_id, top.signature, top.kind, top.role, tail=deque(maxlen=self.tail)
        )
        self._classes[key] = group
        return group

    def _add_scores(self, key: ClassKey, candidates: tuple[Candidate, ...]) -> None:
        scores = self._scores.setdefault(key, {})
        for candidate in candidates:
            if candidate.score > scores.get(candidate.entry_id, -1.0):
                scores[candidate.entry_id] = candidate.score

    @property
    def matched_lines(self) -> int:
        return sum(g.count for g in self._classes.values())

    def entry_ids(self) -> set[str]:
        """Every entry that is a candidate of some matched line."""
        ids = set()
        for group in self._classes.values():
            ids.update(c.entry_id for c in group.first.candidates)
        return ids

    def finish(
        self,
        causes: Mapping[str, Iterable[str]] | None = None,
        fits: Mapping[str, int] | None = None,
        sourced: frozenset[str] | set[str] = frozenset(),
    ) -> MatchIndex:
        """The groups by top entry after ranking with `fits` (entry id -> version fit)."""
        index = MatchIndex(causes, examples=self.examples, tail=self.tail)
        by_top: dict[tuple[str, str], list[GroupStats]] = {}
        for key, group in self._classes.items():
            if key in self._scores:
                group = self._reranked(group, self._scores[key], fits or {}, sourced)
            by_top.setdefault((group.entry_id, group.kind), []).append(group)
        for parts in by_top.values():
            index.add_group(
                parts[0] if len(parts) == 1 else merged(parts, self.examples, self.tail)
            )
        return index

    def _reranked(
        self,
        group: GroupStats,
        scores: Mapping[str, float],
        fits: Mapping[str, int],
        sourced: frozenset[str] | set[str],
    ) -> GroupStats:
        def again(match: LineMatch) -> LineMatch:
            order = ranked(match.candidates, fits=fits, sourced=sourced)
            return match if order == match.candidates else match.with_candidates(order)

        kept = [again(m) for m in group.kept]
        top = kept[0].top
        out = GroupStats(
            top.entry_id, top.signature, top.kind, top.role, tail=deque(maxlen=self.tail)
        )
        out.count, out.first_line, out.last_line = group.count, group.first_line, group.last_line
        out.loud = group.loud
        out.best_score = scores.get(top.entry_id, top.score)
        out.examples = kept[: len(group.examples)]
        out.tail.extend(kept[len(group.examples) :])
        return out
