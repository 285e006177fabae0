"""Match log lines against the catalogue: exact, ranked, and fast on large logs.

Per text chunk: one Aho-Corasick pass over the case-folded chunk finds the lines that contain a
literal some entry's regex requires (see `literals`); only those lines run those regexes. The
result is exactly what running every regex on every line would give (the reference in the
tests), since a line without any required literal cannot match.

Ranking (DESIGN.md): literal characters the match consumed, then the entry's confidence, then
the id. A broad `.*error.*` consumes 5 literal characters and loses to a precise pattern.
"""

from __future__ import annotations

import pickle
import re
import weakref
from bisect import bisect_right
from collections.abc import Iterable, Sequence

from triage_app.core import events, keys, memo, placement, regex_budget, seams, wraps
from triage_app.core.annotate import EntryFacts
from triage_app.core.ansi import strip_ansi
from triage_app.core.automaton import UPGRADE_AFTER_BYTES
from triage_app.core.chunklines import (
    MATCH_CAP,
    NEWLINES,
    ByteLines,
    Lines,
    cap_line,
    chunk_lines,
)
from triage_app.core.first_chars import QuickSearches
from triage_app.core.fuzzy import TRIGGER_WORDS, FuzzyBudget, FuzzyIndex
from triage_app.core.grouping import causal_links
from triage_app.core.literals import FOLD_SPECIALS, Requirement, line_local, requirements
from triage_app.core.ranking import rank_key
from triage_app.core.regex_budget import PatternTimeoutError
from triage_app.core.results import Candidate, LineMatch
from triage_app.core.targets import Target, catalog_targets
from triage_app.core.weigh import LiteralWeigher

__all__ = ["MATCH_CAP", "FuzzyBudget", "Matcher", "Target", "cap_line"]
_TRIGGER = events.TRIGGER
# Each matcher's verification searches (`regex_hits`), outside it: a stored matcher keeps none.
_QUICK: weakref.WeakKeyDictionary[Matcher, QuickSearches] = weakref.WeakKeyDictionary()
_LAST_QUICK: tuple = (lambda: None, None)  # (weak reference to a matcher, its searches)


class Matcher:
    """Compiled catalogue patterns plus the literal prefilter (and optional fuzzy index)."""

    def __init__(self, targets: Sequence[Target], fuzzy: FuzzyIndex | None = None) -> None:
        self.causes: dict[str, set[str]] = {}  # entry id -> ids it leads to (from_catalog)
        self.targets = sorted(targets, key=lambda t: (t.id, t.variant is not None, t.variant or 0))
        self.fuzzy = fuzzy
        self._target_index = {(t.id, t.variant): i for i, t in enumerate(self.targets)}
        # Patterns that ran past their time budget (`regex_budget`) in the current file: target
        # index -> the line it happened on. They are skipped for the rest of that file.
        self.slow: dict[int, int] = {}
        self.facts = EntryFacts()  # versions and sources per entry, for the scan's annotator
        # Made on a target's first match: a short log matches few of them. Their plans come
        # from the memo table the matcher was built with (the compiled catalogue's), if any.
        self._weighers: list[LiteralWeigher | None] = [None] * len(self.targets)
        self.memo = memo.current()
        self.always: list[int] = []  # targets with no usable literal: run on every line
        self._always_chunk: list[tuple[int, re.Pattern[str] | None]] = []
        self.seam_literals: list[tuple[str, ...]] = []  # required literals, for `wraps`
        self.seam_edges: list[tuple] = []
        self.seam_bytes: list[tuple | None] = []  # the same, ASCII bytes (`wraps`)
        self._needs_value: list[list[Requirement] | None] = []  # each target's alternatives
        self._needs_blob: bytes | None = None  # the same, pickled (see `__getstate__`)
        for index, target in enumerate(self.targets):
            needs = requirements(target.pattern.pattern, target.pattern.flags)
            self._needs_value.append(needs)
            self.seam_literals.append(wraps.required_literals(needs))
            self.seam_edges.append(wraps.literal_edges(self.seam_literals[-1]))
            self.seam_bytes.append(seams.literal_bytes(self.seam_literals[-1]))
            if needs is None:
                self._add_always_target(index, target)
        self.joinable = [i for i in range(len(self.targets)) if i not in set(self.always)]
        self._trigger_words = TRIGGER_WORDS if fuzzy is not None else ()
        self._sampled = False  # keys chosen by their frequency in a log (`keys.rarest`)
        self._use_keys(keys.build(self._needs, self._trigger_words))

    @property
    def _needs(self) -> list[list[Requirement] | None]:
        """Each target's alternatives of required literals. Only re-keying a big log
        (`_prefer_rare_keys`) reads them once the matcher is built, so a stored matcher
        keeps them pickled until then (a fifth of its load time)."""
        if self._needs_value is None:
            self._needs_value = pickle.loads(self._needs_blob) if self._needs_blob else []  # noqa: S301
            self._needs_blob = None
        return self._needs_value

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        if state["_needs_value"] is not None:  # (our own data: no pattern objects inside)
            state["_needs_blob"] = pickle.dumps(state["_needs_value"], pickle.HIGHEST_PROTOCOL)
            state["_needs_value"] = None
        return state

    def _use_keys(self, built: keys.Keys) -> None:
        # Per AC word, the (target, alternative) pairs it is the key of; an alternative's
        # other required literals are checked on the line before its regex runs (`placement`).
        self._checks = built.checks
        self._non_ascii_keys = built.non_ascii_keys
        self._word_targets = built.word_targets
        self.word_joins = built.word_joins
        self._automaton = built.automaton
        self._first_special = built.first_special

    def _prefer_rare_keys(self, haystack: bytes) -> None:
        """Key each alternative on its rarest factor in this (lowered) sample of a log."""
        self._sampled = True
        choice = keys.rarest(self._needs, haystack)
        if choice:
            built = keys.build(self._needs, self._trigger_words, choice, self._automaton)
            self._use_keys(built)

    def _add_always_target(self, index: int, target: Target) -> None:
        self.always.append(index)
        pattern = target.pattern
        chunk_pattern = None
        if line_local(pattern.pattern, pattern.flags):
            chunk_pattern = re.compile(pattern.pattern, pattern.flags | re.MULTILINE)
        self._always_chunk.append((index, chunk_pattern))

    @classmethod
    def from_catalog(cls, catalog: Iterable, *, fuzzy: bool = True) -> Matcher:
        entries = list(catalog)
        targets = catalog_targets(entries)
        index = None
        if fuzzy:
            index = FuzzyIndex((e.id, [e.signature, *(e.get("examples") or [])]) for e in entries)
        matcher = cls(targets, index)
        matcher.causes = causal_links(entries)
        matcher.facts = EntryFacts.from_records(e.data for e in entries)
        return matcher

    # -- one line ---------------------------------------------------------------------------

    def candidate(self, index: int, text: str, match: re.Match[str]) -> Candidate:
        target = self.targets[index]
        weigher = self._weighers[index]
        if weigher is None:
            weigher = self._weighers[index] = self.weigher(index)
        return Candidate(
            target.id,
            target.signature,
            1.0,
            "regex",
            match.span(),
            weigher.weigh(text, match),
            target.confidence,
            target.variant,
            target.lang,
            target.role,
        )

    def weigher(self, index: int) -> LiteralWeigher:
        """A new weigher for target `index` (with the stored plan, when the matcher has a
        memo table: parsing a pattern for it costs ~0.3 ms, on each matched target's first
        match)."""
        pattern = self.targets[index].pattern
        if self.memo is None:
            return LiteralWeigher(pattern.pattern, pattern.flags)
        with memo.active(self.memo):
            return LiteralWeigher(pattern.pattern, pattern.flags)

    def rank(self, candidates: Iterable[Candidate]) -> tuple[Candidate, ...]:
        """Most specific first (`ranking.rank_key`; the version fit is added per file by the
        scan); one per entry (an entry whose regex and a variant both match keeps the better)."""
        if isinstance(candidates, list) and len(candidates) == 1:
            return (candidates[0],)
        sourced = self.facts.sourced
        best: dict[str, Candidate] = {}
        for cand in sorted(candidates, key=lambda c: _rank_key(c, c.entry_id in sourced)):
            best.setdefault(cand.entry_id, cand)
        return tuple(best.values())

    def regex_hits(
        self, text: str, indexes: Iterable[int] | None = None, line_no: int = 0
    ) -> list[tuple[int, re.Match[str]]]:
        """(target, match) for every target (or those in `indexes`) that matches `text`.

        A target tried often searches with its `first_chars.quick_pattern` (same matches);
        with `indexes=None` (the exactness reference) every target keeps its own pattern.
        Each search runs under the per-call time budget; a pattern that runs past it is
        recorded in `slow` (with `line_no`) and skipped from then on.
        """
        found = []
        slow = self.slow
        budget = regex_budget.STATE  # `regex_budget.start()` / `stop()`, inlined
        if indexes is None:  # (every target: the reference, which keeps the plain patterns)
            indexes = range(len(self.targets))
            searches = [t.pattern.search for t in self.targets]
            left = None
        else:
            last = _LAST_QUICK  # (a look-up per line: the last matcher's, without a dict)
            quick = last[1] if last[0]() is self else self._quick_searches()
            searches, left = quick.search, quick.left
        for index in indexes:
            if slow and index in slow:
                continue
            if left is not None and left[index] >= 0:
                left[index] -= 1
                if not left[index]:
                    quick.upgrade(index)
            try:
                budget.started = budget.ticks
                budget.running = True
                match = searches[index](text)
            except PatternTimeoutError:
                slow[index] = line_no
                continue
            finally:
                budget.running = False
            if match:
                found.append((index, match))
        return found

    def _quick_searches(self) -> QuickSearches:
        global _LAST_QUICK  # noqa: PLW0603 - a one-slot cache of `_QUICK`
        quick = _QUICK.get(self)
        if quick is None:
            quick = _QUICK[self] = QuickSearches([t.pattern for t in self.targets])
        _LAST_QUICK = (weakref.ref(self), quick)
        return quick

    def regex_candidates(
        self, text: str, indexes: Iterable[int] | None = None, line_no: int = 0
    ) -> list[Candidate]:
        """Every target (or those in `indexes`) whose regex matches the capped line."""
        return [self.candidate(i, text, m) for i, m in self.regex_hits(text, indexes, line_no)]

    def reset_slow(self) -> None:
        """Forget the slow patterns of the previous file (call when a new file starts)."""
        self.slow = {}

    def slow_patterns(self) -> list[tuple[str, int]]:
        """(entry id, line) of each pattern that ran past its budget in the current file."""
        return sorted((self.targets[i].id, line) for i, line in self.slow.items())

    def fuzzy_candidates(self, text: str) -> list[Candidate]:
        if self.fuzzy is None:
            return []
        by_id = self.__dict__.get("_by_id")
        if by_id is None:  # (made once, not per line: ~1,600 targets)
            by_id = self._by_id = {t.id: t for t in self.targets}
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

    def match_line(
        self, line: str, line_no: int = 1, *, fuzzy: bool = True, previous: str | None = None
    ) -> LineMatch | None:
        """Match one raw line (ANSI removed here), every regex tried.

        `previous` is the line before it, when known: it tells whether this line quotes
        source (see `context`). The line's level decides which entries may fire on it.
        """
        raw = strip_ansi(line).removesuffix("\r")
        prev = strip_ansi(previous).removesuffix("\r") if previous is not None else None
        budget = FuzzyBudget() if fuzzy else None
        with regex_budget.budget():
            return events.judge_line(self, raw, line_no, None, prev, budget, trigger=fuzzy)

    # -- a chunk of many lines --------------------------------------------------------------
    #
    # A chunk is found to hold candidate lines in one of two ways:
    # * UTF-8 bytes (the common case): ANSI sequences are cut from the bytes, which are lowered
    #   with the ASCII-only `bytes.lower()` and searched as a latin-1 string, so the chunk is
    #   never decoded as a whole; only candidate lines are.
    # * text (other encodings, or UTF-8 holding one of the few non-ASCII characters that
    #   IGNORECASE equates with ASCII letters): ANSI removal and case folding on the text.
    # Either way a line is named by its number within the chunk: ANSI sequences never contain
    # a newline, so removing them keeps line numbers, and the line's own text is then taken
    # from the original and cleaned exactly as `match_line` cleans a line.

    def scan_chunk(
        self,
        chunk: str | bytes | Lines,
        first_line: int,
        fuzzy_budget: FuzzyBudget | None = None,
        state: events.ChunkState | None = None,
    ) -> list[LineMatch]:
        """Matches in `chunk` (whole lines; bytes are UTF-8, or `chunklines.chunk_lines` of
        them), its first line being `first_line`.

        `state` carries what the next chunk needs of this one (its last line); pass the same
        object for every chunk of one file.
        """
        lines = chunk_lines(chunk)
        state = state if state is not None else events.ChunkState()
        if state.text_first and isinstance(lines, ByteLines):
            return self._scan_as_text(lines, first_line, fuzzy_budget, state)
        if not self._sampled and len(lines.haystack) >= keys.SAMPLE_AFTER_BYTES:
            self._prefer_rare_keys(lines.haystack)
        found = placement.literal_hits(self, lines)
        if found is None:  # bytes holding a character IGNORECASE equates with ASCII: as text
            return self._scan_as_text(lines, first_line, fuzzy_budget, state)  # (a ByteLines)
        hits, pending, join_found = found
        if isinstance(lines, ByteLines):
            lines.placed = pending  # the annotators' line numbers (`chunklines.placed_starts`)
        with regex_budget.budget():
            if self.always:
                self._add_always(lines, hits)
            out = events.evaluate(self, lines, hits, first_line, fuzzy_budget, state)
            matched = self._matched_targets(out, first_line)
            joins = wraps.chunk_joins(self, lines, pending, join_found, first_line, state, matched)
        out = wraps.merge(out, joins, self)
        state.previous_matched = bool(out) and out[-1].line == first_line + lines.count - 1
        state.previous = lines.last_line()
        return out

    def _scan_as_text(
        self,
        lines: ByteLines,
        first_line: int,
        fuzzy_budget: FuzzyBudget | None,
        state: events.ChunkState,
    ) -> list[LineMatch]:
        """`scan_chunk` of a UTF-8 chunk decoded. The next chunk of the file goes straight to
        text while chunks hold one of `FOLD_SPECIALS` (a Turkish log holds dotless i all
        through): the byte path would only find one and start again as text."""
        decoded = lines.raw.decode("utf-8", "replace")
        state.text_first = any(char in decoded for char in FOLD_SPECIALS)
        return self.scan_chunk(decoded, first_line, fuzzy_budget, state)

    def key_matches(self, lines: Lines) -> list[tuple[int, int, int]]:
        """The prefilter's words in the chunk's haystack (overlapping, by end). When the
        Hyperscan pass also finds the annotators' words (`automaton.ride_along`), their
        matches are left on the chunk for them (`ByteLines.found`)."""
        if isinstance(lines, ByteLines):
            found, lines.found = self._automaton.find_with_riders(lines.haystack, lines.stripped)
            return found
        return self._automaton.find_matches_as_indexes(lines.haystack, overlapping=True)

    def expect_bytes(self, size: int | None) -> None:
        """A scan of about `size` bytes is about to start: a log big enough to repay the fast
        searcher's build gets it now instead of after the first `UPGRADE_AFTER_BYTES`
        (`automaton`; built once the file's first chunk has re-keyed the matcher)."""
        if self._automaton is not None and size is not None and size >= UPGRADE_AFTER_BYTES:
            self._automaton.upgrade()

    def _matched_targets(self, out: list[LineMatch], first_line: int) -> dict[int, set[int]]:
        """Chunk line -> the targets that matched its own text (not a joined event's).

        A wrap join is only for targets that match neither line alone, so these are skipped
        before any pair is decoded (`wraps.chunk_joins`)."""
        index = self._target_index
        matched: dict[int, set[int]] = {}
        for match in out:
            if match.event_text is not None:
                continue
            found = {
                index[(c.entry_id, c.variant)]
                for c in match.candidates
                if c.kind == "regex" and (c.entry_id, c.variant) in index
            }
            if found:
                matched[match.line - first_line] = found
        return matched

    def _add_always(self, lines: Lines, hits: dict[int, tuple[int, int, set[int]]]) -> None:
        """Targets without a usable literal: one pass over the chunk when line-local."""
        text = lines.text().replace("\r\n", "\n")
        starts = None
        for index, chunk_pattern in self._always_chunk:
            if index in self.slow:
                continue
            if chunk_pattern is not None:
                if starts is None:
                    starts = [0, *(m.end() for m in NEWLINES.finditer(text))]
                if self._always_in_chunk(index, chunk_pattern, text, starts, hits):
                    continue
            for line_no in range(lines.count):  # no chunk pass, or it ran out of time
                hits.setdefault(line_no, (-1, -1, set()))[2].add(index)
        for line_no in lines.long_lines():  # the cap can change what a pattern sees
            hits.setdefault(line_no, (-1, -1, set()))[2].update(self.always)

    @staticmethod
    def _always_in_chunk(
        index: int, chunk_pattern: re.Pattern[str], text: str, starts: list[int], hits: dict
    ) -> bool:
        """One budgeted pass of a line-local pattern over the chunk; False if it timed out
        (the lines are then tried one by one, each with its own budget)."""
        found = []
        regex_budget.start()
        try:
            found = [m.start() for m in chunk_pattern.finditer(text)]
        except PatternTimeoutError:
            return False
        finally:
            regex_budget.stop()
        for start in found:
            hits.setdefault(bisect_right(starts, start) - 1, (-1, -1, set()))[2].add(index)
        return True


def _rank_key(c: Candidate, sourced: bool = False) -> tuple:
    return (*rank_key(c, sourced=sourced), c.variant is not None, c.variant or 0)
