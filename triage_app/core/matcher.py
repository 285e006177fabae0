"""Match log lines against the catalogue: exact, ranked, and fast on large logs.

Per text chunk: one Aho-Corasick pass over the case-folded chunk finds the lines that contain a
literal some entry's regex requires (see `literals`); only those lines run those regexes. The
result is exactly what running every regex on every line would give (the reference in the
tests), since a line without any required literal cannot match.

Ranking (DESIGN.md): literal characters the match consumed, then the entry's confidence, then
the id. A broad `.*error.*` consumes 5 literal characters and loses to a precise pattern.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import ahocorasick

from triage_app.core.ansi import strip_ansi
from triage_app.core.fuzzy import TRIGGER_WORDS, FuzzyIndex, looks_like_error
from triage_app.core.literals import LiteralWeigher, fold, required_factor
from triage_app.core.results import Candidate, LineMatch

MATCH_CAP = 4096  # characters of a line that matching looks at; longer lines are cut
_TRIGGER = -1


@dataclass(frozen=True)
class Target:
    """What the matcher needs of one entry."""

    id: str
    signature: str
    pattern: re.Pattern[str]
    confidence: float = 0.0

    @classmethod
    def compile(
        cls,
        entry_id: str,
        signature: str,
        regex: str,
        *,
        case_sensitive: bool = False,
        confidence: float = 0.0,
    ) -> Target:
        flags = 0 if case_sensitive else re.IGNORECASE
        return cls(entry_id, signature, re.compile(regex, flags), confidence)


def cap_line(text: str) -> tuple[str, bool]:
    """The part of a line that matching sees, and whether it was cut."""
    if len(text) > MATCH_CAP:
        return text[:MATCH_CAP], True
    return text, False


class Matcher:
    """Compiled catalogue patterns plus the literal prefilter (and optional fuzzy index)."""

    def __init__(self, targets: Sequence[Target], fuzzy: FuzzyIndex | None = None) -> None:
        self.targets = sorted(targets, key=lambda t: t.id)
        self.fuzzy = fuzzy
        self._weighers = [LiteralWeigher(t.pattern.pattern, t.pattern.flags) for t in self.targets]
        self.always: list[int] = []  # targets with no usable literal: run on every line
        words: dict[str, list[int]] = {}
        for index, target in enumerate(self.targets):
            factor = required_factor(target.pattern.pattern, target.pattern.flags)
            if factor is None:
                self.always.append(index)
                continue
            for literal in factor:
                words.setdefault(literal, []).append(index)
        if fuzzy is not None:
            for word in TRIGGER_WORDS:
                words.setdefault(word, []).append(_TRIGGER)
        self._automaton = ahocorasick.Automaton()
        for word, indexes in words.items():
            self._automaton.add_word(word, tuple(sorted(set(indexes))))
        if words:
            self._automaton.make_automaton()
        self._has_words = bool(words)

    @classmethod
    def from_catalog(cls, catalog: Iterable, *, fuzzy: bool = True) -> Matcher:
        entries = list(catalog)
        targets = [Target(e.id, e.signature, e.pattern, e.confidence) for e in entries]
        index = None
        if fuzzy:
            index = FuzzyIndex((e.id, [e.signature, *(e.get("examples") or [])]) for e in entries)
        return cls(targets, index)

    # -- one line ---------------------------------------------------------------------------

    def _candidate(self, index: int, text: str, match: re.Match[str]) -> Candidate:
        target = self.targets[index]
        return Candidate(
            target.id,
            target.signature,
            1.0,
            "regex",
            match.span(),
            self._weighers[index].weigh(text, match),
            target.confidence,
        )

    def rank(self, candidates: Iterable[Candidate]) -> tuple[Candidate, ...]:
        """Most specific first: literal characters, then confidence, then id."""
        return tuple(
            sorted(candidates, key=lambda c: (-c.literal_chars, -c.confidence, c.entry_id))
        )

    def regex_candidates(self, text: str, indexes: Iterable[int] | None = None) -> list[Candidate]:
        """Every target (or those in `indexes`) whose regex matches the capped line."""
        found = []
        for index in range(len(self.targets)) if indexes is None else indexes:
            match = self.targets[index].pattern.search(text)
            if match:
                found.append(self._candidate(index, text, match))
        return found

    def fuzzy_candidates(self, text: str) -> list[Candidate]:
        if self.fuzzy is None:
            return []
        by_id = {t.id: t for t in self.targets}
        return [
            Candidate(
                entry_id,
                by_id[entry_id].signature,
                score,
                "fuzzy",
                None,
                0,
                by_id[entry_id].confidence,
            )
            for entry_id, score in self.fuzzy.candidates(text)
        ]

    def match_line(self, line: str, line_no: int = 1, *, fuzzy: bool = True) -> LineMatch | None:
        """Match one raw line (ANSI removed and capped here), every regex tried."""
        text, truncated = cap_line(strip_ansi(line).removesuffix("\r"))
        found = self.regex_candidates(text)
        if not found and fuzzy and looks_like_error(text):
            found = self.fuzzy_candidates(text)
        if not found:
            return None
        return LineMatch(line_no, text, truncated, self.rank(found))

    # -- a chunk of many lines --------------------------------------------------------------

    def _literal_hits(self, clean: str) -> dict[int, tuple[int, set[int]]]:
        """Line start -> (line end, indexes of targets whose literal occurs in the line)."""
        hits: dict[int, tuple[int, set[int]]] = {}
        if not self._has_words:
            return hits
        line_start, line_end, current = 0, -1, set()
        for end, indexes in self._automaton.iter(fold(clean)):
            if end > line_end:
                line_start = clean.rfind("\n", 0, end) + 1
                line_end = clean.find("\n", end)
                if line_end == -1:
                    line_end = len(clean)
                current = hits.setdefault(line_start, (line_end, set()))[1]
            if end - line_start < MATCH_CAP:
                current.update(indexes)
        return hits

    def _add_always(self, clean: str, hits: dict[int, tuple[int, set[int]]]) -> None:
        start = 0
        always = set(self.always)
        for line in clean.split("\n"):
            end = start + len(line)
            hits.setdefault(start, (end, set()))[1].update(always)
            start = end + 1

    def scan_chunk(
        self, chunk: str, first_line: int, fuzzy_budget: FuzzyBudget | None = None
    ) -> list[LineMatch]:
        """Matches in `chunk` (whole lines), numbering its first line `first_line`."""
        clean = strip_ansi(chunk)
        hits = self._literal_hits(clean)
        if self.always:
            self._add_always(clean, hits)
        out: list[LineMatch] = []
        line_no, counted_to = first_line, 0
        for start in sorted(hits):
            end, indexes = hits[start]
            line_no += clean.count("\n", counted_to, start)
            counted_to = start
            text, truncated = cap_line(clean[start:end].removesuffix("\r"))
            trigger = _TRIGGER in indexes
            indexes.discard(_TRIGGER)
            found = self.regex_candidates(text, sorted(indexes))
            if not found and trigger and fuzzy_budget is not None and looks_like_error(text):
                found = fuzzy_budget.lookup(self, text)
            if found:
                out.append(LineMatch(line_no, text, truncated, self.rank(found)))
        return out


class FuzzyBudget:
    """Per-file cache and cap for fuzzy lookups, so a log full of errors stays fast."""

    def __init__(self, limit: int = 2000) -> None:
        self.limit = limit
        self.skipped = 0
        self._cache: dict[str, list[Candidate]] = {}

    def lookup(self, matcher: Matcher, text: str) -> list[Candidate]:
        key = text.strip()
        if key in self._cache:
            return self._cache[key]
        if len(self._cache) >= self.limit:
            self.skipped += 1
            return []
        found = matcher.fuzzy_candidates(text)
        self._cache[key] = found
        return found
