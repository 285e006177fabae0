"""Fuzzy guesses for error lines that no pattern explains.

Only lines that look like errors are compared, after both sides are normalised (prefixes,
numbers, quoted names, paths and addresses replaced by placeholders), and only a close
similarity counts, so that a healthy log stays clean. A fuzzy guess is reported as such
(`kind: "fuzzy"` with its similarity) and never counts as a match for the exit status.
"""

from __future__ import annotations

import bisect
import contextlib
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from triage_app.core import memo, own_regex

if TYPE_CHECKING:
    from triage_app.core.matcher import Matcher
    from triage_app.core.results import Candidate

# A case-sensitive test of "this line reports an error", applied only to lines that contain
# one of TRIGGER_WORDS (found by the matcher's literal pass, so it costs nothing elsewhere).
TRIGGER_WORDS = (
    "error:",
    "error ",
    "error[",
    "error(",
    "error\t",
    "exception",
    "fatal",
    "panic",
    "critical",
    "traceback",
    "failed",
    "failure",
)
ERROR_LINE_RE = own_regex.compile(
    r"\b[A-Z][A-Za-z0-9_.]*(?:Error|Exception|Failure)\b(?!s)(?:\s*:|\s*\(|$)"
    r"|\b(?:ERROR|FATAL|PANIC|CRITICAL)\b(?!\s*[:=]?\s*0\b)"
    r"|(?:^|\s)(?:error|fatal|panic)(?:\[\w+\])?:\s+\S"
    r"|Traceback \(most recent call last\)"
    r"|\b(?:failed|FAILED)\b(?:\s+(?:to|with|because)\b|:)"
)
MIN_SCORE = 0.85
MAX_CANDIDATES = 5
# Answers an index keeps, by normalised wording: the error lines of a log mostly repeat a
# few wordings with other numbers, names and paths, which normalise alike (a Java log's
# 2,000 error lines held ~360 wordings), and a comparison costs ~10x the normalising.
KEPT_ANSWERS = 4096

_PREFIX_RE = own_regex.compile(
    r"^(?:\s*(?:\[[^\]]{0,40}\]|\d{4}-\d\d-\d\d[T ][\d:.,]+Z?|\d\d:\d\d:\d\d[.,\d]*"
    r"|npm (?:ERR!|error)|##\[\w+\]|(?:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL|E|W|I)\b:?"
    r"|\w+\[\d+\]:)\s*)+"
)
_NORMALISERS = (
    (own_regex.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`|‘[^’]*’|“[^”]*”"), " Q "),
    (own_regex.compile(r"(?:[A-Za-z]:)?(?:[\\/][\w.@+-]+){2,}[\\/]?"), " P "),
    (own_regex.compile(r"\b0x[0-9a-fA-F]+\b|\b[0-9a-f]{12,}\b"), " H "),
    (own_regex.compile(r"\d+(?:\.\d+)*"), " N "),
    (own_regex.compile(r"[^\w\s]+"), " "),
    (own_regex.compile(r"\s+"), " "),
)


def looks_like_error(line: str) -> bool:
    """True for lines that report an error in a way people and tools commonly write it.

    A line must hold one of TRIGGER_WORDS (any case) and match ERROR_LINE_RE. Counters such as
    "0 errors" or `"errors": 0` hold no trigger word, so they never count.
    """
    lowered = line.lower()
    if not any(word in lowered for word in TRIGGER_WORDS):
        return False
    return ERROR_LINE_RE.search(line) is not None


def normalise(text: str) -> str:
    """Reduce a message to its fixed wording (see module doc)."""
    text = _PREFIX_RE.sub("", text, count=1)
    for pattern, replacement in _NORMALISERS:
        text = pattern.sub(replacement, text)
    return text.strip().lower()


def _sorted_tokens(text: str) -> str:
    return " ".join(sorted(text.split()))


@memo.memoized("fuzzy_choice", str, str)
def _choice(text: str) -> str:
    """A signature or example as the index compares it (normalised, tokens sorted)."""
    return _sorted_tokens(normalise(text))


class FuzzyIndex:
    """Normalised signatures and examples of every entry, for fast similarity queries.

    Normalising every text takes a noticeable share of a short scan's start-up, and most
    scans never ask for a fuzzy guess; so the index is built on its first query (with the
    compiled catalogue's answers when it was made under one, see `memo`), or by `build()`.
    """

    def __init__(self, texts_by_entry: Iterable[tuple[str, Iterable[str]]]) -> None:
        self._pending: list[tuple[str, list[str]]] | None = [
            (entry_id, list(texts)) for entry_id, texts in texts_by_entry
        ]
        self._table = memo.current()
        self._owners: list[str] = []
        self._choices: list[str] = []
        # The choices by length (then index), and their lengths and indexes in that order.
        self._by_length: list[str] = []
        self._lengths: list[int] = []
        self._order: list[int] = []
        self._answers: dict[tuple[str, float, int], tuple[tuple[str, float], ...]] = {}

    def build(self) -> FuzzyIndex:
        """Normalise every text now (once)."""
        if self._pending is None:
            return self
        with memo.active(self._table) if self._table is not None else contextlib.nullcontext():
            for entry_id, texts in self._pending:
                for text in dict.fromkeys(_choice(t) for t in texts if t):
                    if text:
                        self._owners.append(entry_id)
                        self._choices.append(text)
        self._pending = None
        choices = self._choices
        self._order = sorted(range(len(choices)), key=lambda i: (len(choices[i]), i))
        self._by_length = [choices[i] for i in self._order]
        self._lengths = [len(choice) for choice in self._by_length]
        return self

    def __len__(self) -> int:
        return len(self.build()._choices)

    def candidates(
        self, line: str, min_score: float = MIN_SCORE, limit: int = MAX_CANDIDATES
    ) -> list[tuple[str, float]]:
        """Entries whose wording is close to `line`, best first, as (entry id, 0..1)."""
        query = _sorted_tokens(normalise(line))
        asked = (query, min_score, limit)
        answer = self._answers.get(asked)
        if answer is None:
            if len(self._answers) >= KEPT_ANSWERS:
                self._answers.clear()
            answer = self._answers[asked] = tuple(self._compare(query, min_score, limit))
        return list(answer)

    def _compare(self, query: str, min_score: float, limit: int) -> list[tuple[str, float]]:
        """`candidates` of a normalised, token-sorted line: compared with every choice."""
        self.build()
        if not query or not self._choices:
            return []
        from rapidfuzz import fuzz, process  # here: a scan that needs no guess never loads it

        # Choices hold their tokens sorted already, so plain `ratio` gives `token_sort_ratio`
        # without re-sorting 1,000+ choices per query. Only choices of a length that can
        # reach the cut-off are compared (`_length_window`: half the time of all ~3,800),
        # and the best are taken as `extract` would over all of them: score, then index.
        low, high = self._length_window(len(query), min_score)
        found = process.extract(
            query,
            self._by_length[low:high],
            scorer=fuzz.ratio,
            score_cutoff=min_score * 100,
            limit=None,
        )
        order = self._order
        scored = sorted((-score, order[low + at]) for _choice, score, at in found)
        best: dict[str, float] = {}
        for score, index in scored[: limit * 4]:
            owner = self._owners[index]
            best[owner] = max(best.get(owner, 0.0), -score / 100)
        ranked = sorted(best.items(), key=lambda item: (-item[1], item[0]))
        return ranked[:limit]

    def _length_window(self, size: int, min_score: float) -> tuple[int, int]:
        """The slice of `_by_length` whose lengths can score `min_score` against a query of
        `size` characters. `ratio` is 1 - (Indel distance) / (sum of the lengths), and the
        distance is at least the lengths' difference, so a choice of length c needs
        c >= size * s / (2 - s) and c <= size * (2 - s) / s (one character of slack each
        way against rounding)."""
        if min_score <= 0:
            return 0, len(self._lengths)
        score = min(min_score, 1.0)
        shortest = math.floor(size * score / (2 - score)) - 1
        longest = math.ceil(size * (2 - score) / score) + 1
        lengths = self._lengths
        return bisect.bisect_left(lengths, shortest), bisect.bisect_right(lengths, longest)


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
