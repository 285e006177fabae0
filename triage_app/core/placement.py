"""Where the literal prefilter's hits fall: Aho-Corasick hits placed on their lines, and each
line's alternatives kept only when the line also holds their other required literals.

The matcher (`Matcher.scan_chunk`) hands a chunk's haystack here; what comes back names, per
chunk line, the targets whose regex is worth running there (`events.evaluate`), plus every
line's targets before that check (`pending`) and the hits of half-literals, for `wraps`.

Logs repeat themselves: the lines of a chunk hold few distinct sets of Aho-Corasick words. What
a set of words asks of a line (the targets it keys, the literals each still needs) is worked
out once per set (`_Plan`) and reused for every line that holds the same words.
"""

from __future__ import annotations

import weakref
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable
from itertools import compress, count
from typing import TYPE_CHECKING

from triage_app.core.chunklines import (
    ASCII_BUT_NEWLINE,
    NON_ASCII_BYTES,
    ByteLines,
    Lines,
)
from triage_app.core.literals import fold

if TYPE_CHECKING:
    from triage_app.core.matcher import Matcher

TRIGGER = -1  # pseudo target: the line holds a word that may start a fuzzy guess (`events`)
NON_ASCII_LINE = -1  # pseudo word: the line holds a non-ASCII byte (`Matcher._non_ascii_keys`)
# Fewer hits than one per this many bytes (~16 lines) are placed by searching around each.
FEW_HITS = 16 * 80

Spans = dict[int, tuple[int, int, set]]
Needs = tuple[tuple[bytes, ...], ...]  # every need: one of its literals must be in the line
_NON_ASCII_SIZE = len(NON_ASCII_BYTES)


def _folded(line: bytes, raw: bool) -> bytes:
    """A haystack line case-folded as a whole (non-ASCII letters too), as UTF-8: raw chunk
    bytes are decoded as `ByteLines.line` decodes them; a text chunk's haystack is already
    folded text."""
    if raw:
        return fold(line.decode("utf-8", "replace")).encode("utf-8")
    return line


class _Plan:
    """What one set of words asks of a line that holds them."""

    __slots__ = ("free", "general", "only", "plain", "simple", "singles", "special", "targets")

    def __init__(self, pairs: Iterable[tuple[int, int]], checks: dict) -> None:
        pairs = set(pairs)
        self.free = frozenset(t for t, alt in pairs if checks.get((t, alt)) is None)
        alternatives: dict[int, list[Needs]] = defaultdict(list)
        for target, alt in sorted(pairs):
            if target not in self.free:
                alternatives[target].append(_cheap_first(checks[(target, alt)]))
        # The usual case, one alternative that needs one literal: no loops to walk.
        self.singles = tuple(
            (target, alts[0][0][0])
            for target, alts in alternatives.items()
            if len(alts) == 1
            and len(alts[0]) == 1
            and len(alts[0][0]) == 1
            and not _is_special(alts[0][0][0])
        )
        single = {target for target, _literal in self.singles}
        general = [(t, tuple(alts)) for t, alts in alternatives.items() if t not in single]
        self.special = tuple(
            (target, tuple(tuple(map(_split_need, needs)) for needs in alts))
            for target, alts in general
            if _has_special(alts)
        )
        self.general = tuple(row for row in general if not _has_special(row[1]))
        # On an ASCII line a NON_ASCII literal is only ever found as it is spelled.
        self.plain = self.general + tuple(row for row in general if _has_special(row[1]))
        self.targets = frozenset(t for t, _alt in pairs if t >= 0)
        # Most lines' plans need at most one more literal per target: `literal_hits` checks
        # those inline (`simple`), and the commonest, one target that needs one more literal
        # (`only`), makes no set for the many lines that lack it.
        self.simple = not general
        self.only = (
            self.singles[0] if len(self.singles) == 1 and self.simple and not self.free else None
        )

    def kept(self, line: bytes, raw: bool, present: frozenset[bytes]) -> set[int]:
        """The targets of these words that `line` (a haystack line) holds all needs of.
        `present`: the NON_ASCII literals' texts that the chunk's folded lines may hold."""
        kept = set(self.free)
        for target, literal in self.singles:
            if literal in line:
                kept.add(target)
        if not self.special or line.isascii():
            if self.plain:
                _add_met(self.plain, line, kept)
            return kept
        if self.general:
            _add_met(self.general, line, kept)
        folded = b""  # the folded line, made once when needed
        marked = NON_ASCII_BYTES in line  # (a line can spell the marker out)
        for target, alternatives in self.special:
            for needs in alternatives:
                for plain, rests, marker, spelled in needs:
                    if marker:  # the line holds a non-ASCII byte: that is all it needs
                        continue
                    for literal in plain:
                        if literal in line:
                            break
                    else:
                        for rest in rests:
                            if rest in present:
                                if not folded:
                                    folded = _folded(line, raw)
                                if rest in folded:
                                    break
                        else:
                            if not (marked and any(lit in line for lit in spelled)):
                                break
                else:
                    kept.add(target)
                    break
        return kept


def _split_need(need: tuple[bytes, ...]) -> tuple:
    """A need with NON_ASCII literals, for a line holding a non-ASCII byte: (plain literals,
    the texts of the NON_ASCII ones, which the folded line must hold, whether the bare marker
    is one of them, the NON_ASCII literals as spelled)."""
    special = tuple(lit for lit in need if _is_special(lit))
    return (
        tuple(lit for lit in need if not _is_special(lit)),
        tuple(lit[_NON_ASCII_SIZE:] for lit in special if lit != NON_ASCII_BYTES),
        NON_ASCII_BYTES in special,
        special,
    )


def _add_met(rows: tuple, line: bytes, kept: set[int]) -> None:
    """Add to `kept` each target one of whose alternatives has all its needs in `line`."""
    for target, alternatives in rows:
        for needs in alternatives:
            for need in needs:
                for literal in need:
                    if literal in line:
                        break
                else:
                    break
            else:
                kept.add(target)
                break


def _cheap_first(needs: Needs) -> Needs:
    """The same needs (all of them must hold: the order is free), those without a non-ASCII
    literal (which needs the line folded) first."""
    return tuple(sorted(needs, key=lambda need: any(map(_is_special, need))))


def _is_special(literal: bytes) -> bool:
    return literal.startswith(NON_ASCII_BYTES)


def _has_special(alternatives: tuple[Needs, ...]) -> bool:
    return any(_is_special(lit) for needs in alternatives for need in needs for lit in need)


class _Plans:
    """A matcher's plans by set of words (made again when its keys change)."""

    def __init__(self, matcher: Matcher) -> None:
        self.checks = matcher._checks
        self.word_targets = matcher._word_targets
        self.non_ascii_keys = tuple(matcher._non_ascii_keys)
        self.by_words: dict[int | frozenset[int], _Plan] = {}
        self.rests = frozenset(  # the texts of every NON_ASCII literal (not the bare marker)
            lit[_NON_ASCII_SIZE:]
            for needs in self.checks.values()
            for need in needs
            for lit in need
            if _is_special(lit) and lit != NON_ASCII_BYTES
        )

    def current(self, matcher: Matcher) -> bool:
        return self.checks is matcher._checks and self.word_targets is matcher._word_targets

    def plan(self, key: int | frozenset[int]) -> _Plan:
        """The plan of a set of words (one word: that word)."""
        plan = self.by_words.get(key)
        if plan is None:
            targets = self.word_targets
            words = (key,) if type(key) is int else key
            pairs = [
                pair
                for word in words
                for pair in (self.non_ascii_keys if word == NON_ASCII_LINE else targets[word])
            ]
            plan = self.by_words[key] = _Plan(pairs, self.checks)
        return plan


_PLANS: weakref.WeakKeyDictionary[Matcher, _Plans] = weakref.WeakKeyDictionary()


def _plans(matcher: Matcher) -> _Plans:
    plans = _PLANS.get(matcher)
    if plans is None or not plans.current(matcher):
        plans = _PLANS[matcher] = _Plans(matcher)
    return plans


def literal_hits(
    matcher: Matcher, lines: Lines
) -> tuple[Spans, Spans, list[tuple[int, int, int]]] | None:
    """Line number within the chunk (0-based) -> (start, end, targets to try) in the haystack;
    also every line's targets before the other literals are checked (`pending`), and the
    hits of half-literals (word, offset, line) for `wraps`. None: the chunk is raw bytes that hold
    a character IGNORECASE equates with an ASCII letter (to be scanned as text)."""
    hay = lines.haystack
    hits: Spans = {}
    found = matcher.key_matches(lines)
    if found and not hay.isascii() and max(found)[0] >= matcher._first_special:
        return None  # (a folded text haystack never holds one)
    non_ascii_keys = matcher._non_ascii_keys
    if not found and not non_ascii_keys:
        return hits, {}, []
    join_found: list[tuple[int, int, int]] = []
    high: list[bytes] = []  # the lines holding a non-ASCII byte, with non-ASCII keys
    if len(found) * FEW_HITS < len(hay) and not non_ascii_keys:  # (no line count yet)
        words, lines.counted = _words_by_search(hay, found, matcher.word_joins, join_found)
    else:
        words = _words_by_offsets(
            hay,
            lines.hay_newlines(),
            found,
            matcher.word_joins,
            join_found,
            high if non_ascii_keys else None,
        )
    plans = _plans(matcher)
    raw = isinstance(lines, ByteLines)
    present = plans.rests
    if present and high:  # fold those lines at once: a text that none holds is not checked
        folded = _folded(b"\n".join(high), raw)
        present = frozenset(rest for rest in present if rest in folded)
    pending: Spans = {}
    by_words = plans.by_words
    find = hay.find
    for line_no, (start, end, line_words) in words.items():
        key = line_words if type(line_words) is int else frozenset(line_words)
        plan = by_words.get(key) or plans.plan(key)
        pending[line_no] = (start, end, plan.targets)
        if plan.simple:  # (`kept`, inlined for the common plans)
            only = plan.only
            if only is not None:
                if find(only[1], start, end) >= 0:
                    hits[line_no] = (start, end, {only[0]})
                continue
            kept = set(plan.free)
            for target, literal in plan.singles:
                if find(literal, start, end) >= 0:
                    kept.add(target)
        else:
            kept = plan.kept(hay[start:end], raw, present)
        if kept:
            hits[line_no] = (start, end, kept)
    return hits, pending, join_found


def _add_word(row: list, word: int) -> None:
    """Add `word` to a row's words: one word as an int (most lines), more as a set."""
    words = row[2]
    if words != word:
        if type(words) is int:
            row[2] = {words, word}
        else:
            words.add(word)


def _words_by_search(
    hay: bytes, found: list, joins: list, join_found: list
) -> tuple[dict, tuple[int, int]]:
    """Few hits: find each hit's line with a search around it. Line -> [start, end, words];
    the hits of half-literals go to `join_found` as (word, offset, line). Also how far lines
    were counted: (offset, newlines before it), where the chunk's line count goes on."""
    rows: dict[int, list] = {}
    line_no, counted_to, line_start, line_end, row = 0, 0, 0, -1, None
    for word, start, _end in found:
        if start > line_end or start < line_start:
            line_start = hay.rfind(b"\n", 0, start) + 1
            if line_start >= counted_to:
                line_no += hay.count(b"\n", counted_to, line_start)
            else:
                line_no -= hay.count(b"\n", line_start, counted_to)
            counted_to = line_start
            line_end = hay.find(b"\n", start)
            if line_end == -1:
                line_end = len(hay)
            row = rows.get(line_no)
            if row is None:
                row = rows[line_no] = [line_start, line_end, word]
        _add_word(row, word)
        if joins[word]:
            join_found.append((word, start, line_no))
    return rows, (counted_to, line_no)


def _words_by_offsets(
    hay: bytes,
    newlines: list[int],
    found: list,
    joins: list,
    join_found: list,
    high: list[bytes] | None = None,
) -> dict:
    """Many hits: place each new line's hit by bisection in the haystack's `newlines` (the
    hits come by line; the next hits on the same line need no search). With `high` (the
    matcher has NON_ASCII keys), lines holding a non-ASCII byte are listed too, and their
    text goes to `high`."""
    last, size = len(newlines), len(hay)
    rows: dict[int, list] = {}
    line_no, line_start, line_end, row = 0, 0, -1, None
    for word, start, _end in found:
        if start > line_end or start < line_start:
            line_no = bisect_right(newlines, start)
            line_start = newlines[line_no - 1] + 1 if line_no else 0
            line_end = newlines[line_no] if line_no < last else size
            row = rows.get(line_no)
            if row is None:
                row = rows[line_no] = [line_start, line_end, word]
        elif row[2] != word:
            _add_word(row, word)
        if joins[word]:
            join_found.append((word, start, line_no))
    if high is not None and not hay.isascii():
        non_ascii = hay.translate(None, ASCII_BUT_NEWLINE).split(b"\n")
        for line_no in compress(count(), non_ascii):  # the lines holding a non-ASCII byte
            row = rows.get(line_no)
            if row is None:
                start = newlines[line_no - 1] + 1 if line_no else 0
                end = newlines[line_no] if line_no < last else size
                row = rows[line_no] = [start, end, NON_ASCII_LINE]
            else:
                _add_word(row, NON_ASCII_LINE)
            high.append(hay[row[0] : row[1]])
    return rows
