"""Match log lines against the catalogue: exact, ranked, and fast on large logs.

Per text chunk: one Aho-Corasick pass over the case-folded chunk finds the lines that contain a
literal some entry's regex requires (see `literals`); only those lines run those regexes. The
result is exactly what running every regex on every line would give (the reference in the
tests), since a line without any required literal cannot match.

Ranking (DESIGN.md): literal characters the match consumed, then the entry's confidence, then
the id. A broad `.*error.*` consumes 5 literal characters and loses to a precise pattern.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import ahocorasick_rs

from triage_app.core import regex_budget
from triage_app.core.ansi import strip_ansi
from triage_app.core.fuzzy import TRIGGER_WORDS, FuzzyIndex, looks_like_error
from triage_app.core.literals import NON_ASCII, LiteralWeigher, fold, line_local, requirements
from triage_app.core.regex_budget import PatternTimeoutError
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
        # Patterns that ran past their time budget (`regex_budget`) in the current file: target
        # index -> the line it happened on. They are skipped for the rest of that file.
        self.slow: dict[int, int] = {}
        self._weighers = [LiteralWeigher(t.pattern.pattern, t.pattern.flags) for t in self.targets]
        self.always: list[int] = []  # targets with no usable literal: run on every line
        self._always_chunk: list[tuple[int, re.Pattern[str] | None]] = []
        # AC word -> the (target, alternative) pairs it is the key of; an alternative's other
        # required literals are checked on the line before its regex runs.
        words: dict[str, list[tuple[int, int]]] = {}
        self._others: list[list[tuple[tuple[bytes, ...], ...]]] = []
        self._non_ascii_keys: list[tuple[int, int]] = []
        for index, target in enumerate(self.targets):
            needs = requirements(target.pattern.pattern, target.pattern.flags)
            self._others.append([])
            if needs is None:
                self._add_always_target(index, target)
                continue
            for alt, (key, others) in enumerate(needs):
                self._others[index].append(
                    tuple(tuple(sorted(lit.encode("utf-8") for lit in f)) for f in others)
                )
                for literal in key:
                    if literal == NON_ASCII:
                        self._non_ascii_keys.append((index, alt))
                    else:
                        words.setdefault(literal, []).append((index, alt))
        if fuzzy is not None:
            for word in TRIGGER_WORDS:
                words.setdefault(word, []).append((_TRIGGER, 0))
        # Literals are folded; the haystack is lowered bytes (see `scan_chunk`).
        self._word_targets = [tuple(sorted(set(pairs))) for pairs in words.values()]
        self._automaton = None
        if words:
            self._automaton = ahocorasick_rs.BytesAhoCorasick(
                [word.encode("utf-8") for word in words],
                implementation=ahocorasick_rs.Implementation.DFA,
            )

    def _add_non_ascii_lines(self, hay: bytes, by_line: dict[int, set[tuple[int, int]]]) -> None:
        """Lines holding a non-ASCII byte are candidates for the NON_ASCII-keyed alternatives."""
        for line_no, high in enumerate(hay.translate(None, _ASCII_BUT_NEWLINE).split(b"\n")):
            if high:
                by_line[line_no].update(self._non_ascii_keys)

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

    def regex_candidates(
        self, text: str, indexes: Iterable[int] | None = None, line_no: int = 0
    ) -> list[Candidate]:
        """Every target (or those in `indexes`) whose regex matches the capped line.

        Each search runs under the per-call time budget; a pattern that runs past it is
        recorded in `slow` (with `line_no`) and skipped from then on.
        """
        found = []
        slow = self.slow
        for index in range(len(self.targets)) if indexes is None else indexes:
            if slow and index in slow:
                continue
            regex_budget.start()
            try:
                match = self.targets[index].pattern.search(text)
                if match:
                    found.append(self._candidate(index, text, match))
            except PatternTimeoutError:
                slow[index] = line_no
            finally:
                regex_budget.stop()
        return found

    def reset_slow(self) -> None:
        """Forget the slow patterns of the previous file (call when a new file starts)."""
        self.slow = {}

    def slow_patterns(self) -> list[tuple[str, int]]:
        """(entry id, line) of each pattern that ran past its budget in the current file."""
        return sorted((self.targets[i].id, line) for i, line in self.slow.items())

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
        with regex_budget.budget():
            found = self.regex_candidates(text, line_no=line_no)
        if not found and fuzzy and looks_like_error(text):
            found = self.fuzzy_candidates(text)
        if not found:
            return None
        return LineMatch(line_no, text, truncated, self.rank(found))

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
        self, chunk: str | bytes, first_line: int, fuzzy_budget: FuzzyBudget | None = None
    ) -> list[LineMatch]:
        """Matches in `chunk` (whole lines; bytes are UTF-8), its first line being `first_line`."""
        if isinstance(chunk, bytes):
            if not chunk.isascii() and _FOLD_SPECIALS_SEARCH.find_matches_as_indexes(chunk):
                return self.scan_chunk(chunk.decode("utf-8", "replace"), first_line, fuzzy_budget)
            lines = _ByteLines(chunk)
        else:
            lines = _TextLines(chunk)
        hits = self._literal_hits(lines)
        with regex_budget.budget():
            if self.always:
                self._add_always(lines, hits)
            return self._evaluate(lines, hits, first_line, fuzzy_budget)

    def _literal_hits(self, lines: _Lines) -> dict[int, tuple[int, int, set[int]]]:
        """Line number within the chunk (0-based) -> (start, end, targets to try) in the haystack."""
        hay = lines.haystack
        hits: dict[int, tuple[int, int, set[int]]] = {}
        if self._automaton is None:
            return hits
        found = self._automaton.find_matches_as_indexes(hay, overlapping=True)
        if not found and not self._non_ascii_keys:
            return hits
        if len(found) * 16 < lines.count and not self._non_ascii_keys:
            pending = self._spans_by_search(hay, found)
        else:
            pending = self._spans_by_offsets(hay, found)
        others = self._others
        for line_no, (start, end, pairs) in pending.items():
            line = hay[start:end]
            found: set[int] = set()
            for index, alt in pairs:
                if index in found:
                    continue
                needs = others[index][alt] if index != _TRIGGER else ()
                for need in needs:  # every need: one of its literals is in the line
                    for literal in need:
                        if literal in line or (literal == _NON_ASCII_BYTES and not line.isascii()):
                            break
                    else:
                        break
                else:
                    found.add(index)
            if found:
                hits[line_no] = (start, end, found)
        return hits

    def _spans_by_search(self, hay: bytes, found: list) -> dict[int, tuple[int, int, set]]:
        """Few hits: find each hit's line with a search around it (hits come in line order)."""
        targets = self._word_targets
        pending: dict[int, tuple[int, int, set]] = {}
        line_no, counted_to, line_end, current = 0, 0, -1, set()
        for word, start, _end in found:
            if start > line_end:
                line_start = hay.rfind(b"\n", 0, start) + 1
                line_no += hay.count(b"\n", counted_to, line_start)
                counted_to = line_start
                line_end = hay.find(b"\n", start)
                if line_end == -1:
                    line_end = len(hay)
                current = set()
                pending[line_no] = (line_start, line_end, current)
            current.update(targets[word])
        return pending

    def _spans_by_offsets(self, hay: bytes, found: list) -> dict[int, tuple[int, int, set]]:
        """Many hits: index every newline once and place each hit by bisection."""
        targets = self._word_targets
        newlines = newline_offsets(hay)
        by_line: dict[int, set[tuple[int, int]]] = defaultdict(set)
        for word, start, _end in found:
            by_line[bisect_right(newlines, start)].update(targets[word])
        if self._non_ascii_keys and not hay.isascii():
            self._add_non_ascii_lines(hay, by_line)
        pending = {}
        for line_no, pairs in by_line.items():
            start = newlines[line_no - 1] + 1 if line_no else 0
            end = newlines[line_no] if line_no < len(newlines) else len(hay)
            pending[line_no] = (start, end, pairs)
        return pending

    def _add_always(self, lines: _Lines, hits: dict[int, tuple[int, int, set[int]]]) -> None:
        """Targets without a usable literal: one pass over the chunk when line-local."""
        text = lines.text().replace("\r\n", "\n")
        starts = None
        for index, chunk_pattern in self._always_chunk:
            if index in self.slow:
                continue
            if chunk_pattern is not None:
                if starts is None:
                    starts = [0, *(m.end() for m in _NEWLINES.finditer(text))]
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

    def _evaluate(
        self,
        lines: _Lines,
        hits: dict[int, tuple[int, int, set[int]]],
        first_line: int,
        fuzzy_budget: FuzzyBudget | None,
    ) -> list[LineMatch]:
        out: list[LineMatch] = []
        for line_no in sorted(hits):
            start, end, indexes = hits[line_no]
            trigger = _TRIGGER in indexes
            indexes.discard(_TRIGGER)
            text, truncated = cap_line(lines.line(line_no, start, end))
            found = self.regex_candidates(text, sorted(indexes), first_line + line_no)
            if not found and trigger and fuzzy_budget is not None and looks_like_error(text):
                found = fuzzy_budget.lookup(self, text)
            if found:
                out.append(LineMatch(first_line + line_no, text, truncated, self.rank(found)))
        return out


class _TextLines:
    """A chunk of decoded text: folded text (as UTF-8) as haystack, clean lines by number."""

    def __init__(self, chunk: str) -> None:
        self.clean = strip_ansi(chunk)
        self.haystack = fold(self.clean).encode("utf-8", "surrogatepass")
        self._starts: list[int] | None = None
        self.count = chunk.count("\n") + (0 if chunk.endswith("\n") or not chunk else 1)

    def _line_starts(self) -> list[int]:
        if self._starts is None:
            self._starts = [0, *(m.end() for m in _NEWLINES.finditer(self.clean))]
        return self._starts

    def line(self, n: int, _start: int = -1, _end: int = -1) -> str:
        """Line `n` (its haystack span is not used: folded text is encoded there)."""
        starts = self._line_starts()
        end = starts[n + 1] - 1 if n + 1 < len(starts) else len(self.clean)
        return self.clean[starts[n] : end].removesuffix("\r")

    def text(self) -> str:
        return self.clean

    def long_lines(self) -> list[int]:
        return [n for n, line in enumerate(self.clean.split("\n")) if len(line) > MATCH_CAP]


class _ByteLines:
    """A chunk of UTF-8 bytes: lowered bytes as haystack, lines decoded one by one."""

    def __init__(self, chunk: bytes) -> None:
        self.raw = chunk
        stripped = _ANSI_BYTES.sub(b"", chunk) if b"\x1b" in chunk else chunk
        if b"\xc2\x9b" in stripped:
            stripped = _C1_CSI_BYTES.sub(b"", stripped)
        self.stripped = stripped
        self.haystack = self.stripped.lower()
        self._hay_newlines: list[int] | None = None

    @functools.cached_property
    def count(self) -> int:
        """Lines in the chunk (only needed when there are hits or literal-less patterns)."""
        raw = self.raw
        return raw.count(b"\n") + (0 if raw.endswith(b"\n") or not raw else 1)

    def line(self, n: int, start: int = -1, end: int = -1) -> str:
        """Line `n`, or the line at haystack span [start, end) when known.

        Escape sequences are removed from the bytes before decoding (the haystack has the
        same offsets as the stripped bytes). That differs from decoding first only when an
        escape sequence sits inside a multi-byte character, which takes corrupted output.
        """
        if start < 0:
            if self._hay_newlines is None:
                self._hay_newlines = newline_offsets(self.haystack)
            newlines = self._hay_newlines
            start = newlines[n - 1] + 1 if n else 0
            end = newlines[n] if n < len(newlines) else len(self.stripped)
        return self.stripped[start:end].decode("utf-8", "replace").removesuffix("\r")

    def text(self) -> str:
        return self.stripped.decode("utf-8", "replace")

    def long_lines(self) -> list[int]:
        if len(self.raw) <= MATCH_CAP:
            return []
        return [n for n, line in enumerate(self.raw.split(b"\n")) if len(line) > MATCH_CAP]


def newline_offsets(data: bytes) -> list[int]:
    """Offsets of every newline byte in `data`."""
    return [m.start() for m in _NEWLINES_BYTES.finditer(data)]


_Lines = _TextLines | _ByteLines
_NEWLINES = re.compile("\n")
_ASCII_BUT_NEWLINE = bytes(b for b in range(128) if b != 10)
_NON_ASCII_BYTES = NON_ASCII.encode("utf-8")
_NEWLINES_BYTES = re.compile(b"\n")
# ESC-introduced sequences as in `ansi.ANSI_RE`, plus the C1 CSI (U+009B) in its UTF-8 form.
# (Two patterns, so that each starts with one fixed byte and `re` can skip ahead quickly.)
_ANSI_BYTES = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|[@-Z\\-_])")
_C1_CSI_BYTES = re.compile(rb"\xc2\x9b[0-?]*[ -/]*[@-~]")
# Non-ASCII characters that IGNORECASE equates with ASCII letters (long s, Kelvin sign,
# dotless i, dotted capital I): a chunk holding one is searched as folded text instead.
_UTF8_FOLD_SPECIALS = tuple(ch.encode("utf-8") for ch in "\u017f\u212a\u0131\u0130")
_FOLD_SPECIALS_SEARCH = ahocorasick_rs.BytesAhoCorasick(list(_UTF8_FOLD_SPECIALS))


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
