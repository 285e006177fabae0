"""Where the literal prefilter's hits fall: Aho-Corasick hits placed on their lines, and each
line's alternatives kept only when the line also holds their other required literals.

The matcher (`Matcher.scan_chunk`) hands a chunk's haystack here; what comes back names, per
chunk line, the targets whose regex is worth running there (`events.evaluate`), plus every
line's key hits before that check (`pending`) and the hits of half-literals, for `wraps`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from typing import TYPE_CHECKING

from triage_app.core.chunklines import (
    ASCII_BUT_NEWLINE,
    NON_ASCII_BYTES,
    ByteLines,
    Lines,
    newline_offsets,
)
from triage_app.core.literals import fold

if TYPE_CHECKING:
    from triage_app.core.matcher import Matcher

TRIGGER = -1  # pseudo target: the line holds a word that may start a fuzzy guess (`events`)

Spans = dict[int, tuple[int, int, set]]
_NON_ASCII_SIZE = len(NON_ASCII_BYTES)


def _folded(line: bytes, raw: bool) -> bytes:
    """A haystack line case-folded as a whole (non-ASCII letters too), as UTF-8: raw chunk
    bytes are decoded as `ByteLines.line` decodes them; a text chunk's haystack is already
    folded text."""
    if raw:
        return fold(line.decode("utf-8", "replace")).encode("utf-8")
    return line


def literal_hits(
    matcher: Matcher, lines: Lines
) -> tuple[Spans, Spans, list[tuple[int, int]]] | None:
    """Line number within the chunk (0-based) -> (start, end, targets to try) in the haystack;
    also every line's literal hits before the other literals are checked (`pending`), and
    the hits of half-literals (word, offset) for `wraps`. None: the chunk is raw bytes that
    hold a character IGNORECASE equates with an ASCII letter (to be scanned as text)."""
    hay = lines.haystack
    hits: Spans = {}
    found = matcher._automaton.find_matches_as_indexes(hay, overlapping=True)
    if found and not hay.isascii() and max(found)[0] >= matcher._first_special:
        return None  # (a folded text haystack never holds one)
    non_ascii_keys = matcher._non_ascii_keys
    if not found and not non_ascii_keys:
        return hits, {}, []
    joins = matcher.word_joins
    join_found = [(w, start) for w, start, _end in found if joins[w]]
    if len(found) * 16 < lines.count and not non_ascii_keys:
        pending = _spans_by_search(hay, found, matcher._word_targets)
    else:
        pending = _spans_by_offsets(hay, found, matcher._word_targets, non_ascii_keys)
    checks = matcher._checks
    raw = isinstance(lines, ByteLines)
    for line_no, (start, end, pairs) in pending.items():
        kept: set[int] = set()
        line = folded = None
        for pair in pairs:
            needs = checks.get(pair)
            if needs is None:  # the key is all it needs (or the fuzzy trigger)
                kept.add(pair[0])
                continue
            if pair[0] in kept:
                continue
            if line is None:
                line = hay[start:end]
            for need in needs:  # every need: one of its literals is in the line
                for literal in need:
                    if literal in line:
                        break
                    if literal.startswith(NON_ASCII_BYTES) and not line.isascii():
                        if literal == NON_ASCII_BYTES:
                            break
                        if folded is None:
                            folded = _folded(line, raw)
                        if literal[_NON_ASCII_SIZE:] in folded:
                            break
                else:
                    break
            else:
                kept.add(pair[0])
        if kept:
            hits[line_no] = (start, end, kept)
    return hits, pending, join_found


def _spans_by_search(hay: bytes, found: list, targets: list) -> Spans:
    """Few hits: find each hit's line with a search around it (hits come in line order)."""
    pending: Spans = {}
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


def _spans_by_offsets(hay: bytes, found: list, targets: list, non_ascii_keys: list) -> Spans:
    """Many hits: index every newline once and place each hit by bisection."""
    newlines = newline_offsets(hay)
    by_line: dict[int, set[tuple[int, int]]] = defaultdict(set)
    for word, start, _end in found:
        by_line[bisect_right(newlines, start)].update(targets[word])
    if non_ascii_keys and not hay.isascii():
        _add_non_ascii_lines(hay, by_line, non_ascii_keys)
    pending = {}
    for line_no, pairs in by_line.items():
        start = newlines[line_no - 1] + 1 if line_no else 0
        end = newlines[line_no] if line_no < len(newlines) else len(hay)
        pending[line_no] = (start, end, pairs)
    return pending


def _add_non_ascii_lines(hay: bytes, by_line: dict, keys: list[tuple[int, int]]) -> None:
    """Lines holding a non-ASCII byte are candidates for the NON_ASCII-keyed alternatives."""
    for line_no, high in enumerate(hay.translate(None, ASCII_BUT_NEWLINE).split(b"\n")):
        if high:
            by_line[line_no].update(keys)
