"""Cheap looks at the raw bytes of a chunk before a possible hard wrap is decoded (`wraps`).

Which lines may continue a wrapped one (one regex pass over the chunk), and, for one pair
of lines, the bytes either side of the seam and whether a target's required literals can
touch it. Every test here is a superset of the full one in `wraps`: it never drops a pair
or a target that the full test would keep.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from triage_app.core import own_regex
from triage_app.core.chunklines import ByteLines, Lines

if TYPE_CHECKING:
    from triage_app.core.matcher import Matcher

MIN_WIDTH, MAX_WIDTH = 60, 400  # characters of a line that may have been wrapped
MIN_SPLIT_LITERAL = 24  # literals this long are found even when the wrap cuts them
# What starts a new record, not a continuation: whitespace, a date (ISO, or Go's log package's
# 2009/11/10), a clock time, a bracket or brace, syslog's <pri>, glog's I1128, a comment,
# a shell prompt or trace, syslog's "Nov 28 03:45:10".
NEW_RECORD = own_regex.compile(
    r"\s|\d{4}[-/]\d\d[-/]\d\d|\d\d:\d\d:\d\d|\d\d/\d\d/\d\d|\[|\{|<\d|[IWEF]\d{4} |#|\$ |> |\+ "
    r"|[A-Z][a-z]{2} [ \d]\d \d\d:"
)


# The same starts of a record, on raw bytes, as a lookahead after a newline that ends a line
# of at least MIN_WIDTH bytes (never fewer than its characters): what is left are the lines
# that may continue the one before (`\s` also excludes empty lines). A superset of
# `wraps.seam_ok`'s test: bytes `\s` is ASCII-only, and B's level is not looked at here.
_NEW_RECORD_BYTES = NEW_RECORD.pattern.encode()
_CONTINUATION = own_regex.compile(b"\n(?=[^\n]{%d,}\n(?!%s))" % (MIN_WIDTH, _NEW_RECORD_BYTES))
_CONTINUATION_AT_START = own_regex.compile(b"[^\n]{%d,}\n(?!%s)" % (MIN_WIDTH, _NEW_RECORD_BYTES))


def continuation_lines(lines: Lines) -> set[int] | None:
    """Chunk lines (0-based) that may continue the line before them, that line being long
    enough to have been wrapped; None: unknown (text)."""
    if not isinstance(lines, ByteLines):
        return None
    data = lines.stripped
    out: set[int] = set()
    if _CONTINUATION_AT_START.match(data):
        out.add(1)
    line_no, counted = 0, 0
    for match in _CONTINUATION.finditer(data):  # the newline before a long line
        at = match.start()
        line_no += data.count(b"\n", counted, at + 1)
        counted = at + 1
        out.add(line_no + 1)
    return out


def span_of(lines: ByteLines, line_no: int, spans: Mapping) -> tuple[int, int]:
    """Haystack span of a line whose span, or a neighbour's, is known."""
    known = spans.get(line_no)
    if known is not None and known[0] >= 0:
        return known[0], known[1]
    data = lines.stripped
    after = spans.get(line_no + 1)
    if after is not None and after[0] > 0:
        end = after[0] - 1
        return data.rfind(b"\n", 0, end) + 1, end
    before = spans.get(line_no - 1)
    if before is not None and before[0] >= 0:
        start = before[1] + 1
        end = data.find(b"\n", start)
        return start, len(data) if end == -1 else end
    return lines.span(line_no)


NO_WRAP = (b"", b"")
SEAM_BYTES = 256  # bytes either side of the seam looked at before a pair is decoded


def literal_bytes(literals: tuple[str, ...]) -> tuple | None:
    """`literals` as ASCII bytes (None when one is not ASCII: then no byte-level check), as
    (what may end A, what may start B, those long enough to be cut, the longest's size)."""
    if not all(lit.isascii() for lit in literals):
        return None
    raw = tuple(lit.encode() for lit in literals)
    ends = raw + tuple(lit[:-1] for lit in raw if lit.endswith(b" "))  # the wrap ate a space
    starts = raw + tuple(lit[1:] for lit in raw if lit.startswith(b" "))
    longs = tuple(lit for lit in raw if len(lit) >= MIN_SPLIT_LITERAL)
    return ends, starts, longs, max(map(len, raw), default=0)


_ASCII_LOWER = bytes(range(256)).lower()


def edge_bytes(
    lines: Lines, first: int, spans: Mapping[int, tuple[int, int, set]]
) -> tuple[str, str] | None:
    """The last character of line `first` and the first of the next line, ASCII lowered, read
    from the raw bytes (the last and first of `seam_bytes`'s tail and head); None when that
    takes more than a look (a text chunk, an empty line, the chunk's end)."""
    if not isinstance(lines, ByteLines):
        return None
    start, end = span_of(lines, first, spans)
    data = lines.stripped
    last = end - 1 if end > start and data[end - 1] == 13 else end
    if last <= start or end + 1 >= len(data) or data[end + 1] == 10:
        return None
    return chr(_ASCII_LOWER[data[last - 1]]), chr(_ASCII_LOWER[data[end + 1]])


def may_touch(matcher: Matcher, targets: list[int], last: str, first: str) -> list[int]:
    """The `targets` that `touching` could keep, knowing only the characters either side of
    the seam (a superset of it: a target with a long literal, or without byte affixes, is
    kept)."""
    kept = []
    for index in targets:
        affixes = matcher.seam_bytes[index]
        if affixes is None or affixes[2] or affixes[3] >= SEAM_BYTES:
            kept.append(index)
            continue
        lasts, firsts, _has_long = matcher.seam_edges[index]
        if (last in lasts or " " in lasts) and (first in firsts or " " in firsts):
            kept.append(index)
    return kept


def touching(matcher: Matcher, targets: list[int], tail: bytes, head: bytes) -> list[int]:
    """The `targets` whose required literals can touch the seam between `tail` and `head`:
    the byte-level form of `_literal_at_seam` before anything is decoded (a superset: it
    never drops a target the full test would keep). A long required literal is cut by the
    seam, or one required literal ends where A ends (or at the put-back space) and one starts
    where B starts (or at that space)."""
    last, first = chr(tail[-1]) if tail else "", chr(head[0]) if head else ""
    kept = []
    for index in targets:
        affixes = matcher.seam_bytes[index]
        if affixes is None or affixes[3] >= SEAM_BYTES:
            kept.append(index)
            continue
        ends, starts, longs, _longest = affixes
        lasts, firsts, _has_long = matcher.seam_edges[index]
        if (
            (last in lasts or " " in lasts)
            and (first in firsts or " " in firsts)
            and tail.endswith(ends)
            and head.startswith(starts)
        ) or any(_cut(lit, tail, head) for lit in longs):
            kept.append(index)
    return kept


def _cut(literal: bytes, tail: bytes, head: bytes) -> bool:
    """`literal` crosses the seam of tail+head, or of tail+" "+head (containing that space)."""
    size = len(literal)
    before, after = tail[-size:], head[:size]
    for gap in (b"", b" "):
        joined = before + gap + after
        seam = len(before)
        at = joined.find(literal)
        while at != -1 and at < seam:
            if at + size > seam + len(gap):
                return True
            at = joined.find(literal, at + 1)
    return False


def seam_bytes(
    lines: Lines, first: int, spans: Mapping[int, tuple[int, int, set]]
) -> tuple[bytes, bytes] | None:
    """A cheap look at the raw bytes before decoding a pair: `NO_WRAP` when the first line is
    too short (in bytes, never fewer than its characters) or the next one starts a record;
    else the bytes either side of the seam, ASCII lowered (for `touching`), or None for
    a chunk scanned as text."""
    if not isinstance(lines, ByteLines):
        return None
    start, end = span_of(lines, first, spans)
    if start < 0:
        return None
    if end - start < MIN_WIDTH:
        return NO_WRAP
    data = lines.stripped
    head = data[end + 1 : end + 1 + SEAM_BYTES]
    head_text = head[:40].decode("utf-8", "ignore")
    if not head_text or NEW_RECORD.match(head_text) is not None:
        return NO_WRAP
    head = head.split(b"\n", 1)[0]
    last = end - 1 if data[end - 1] == 13 else end  # 13: a CR before the newline
    # bytes.lower() folds ASCII only; that is enough: the literals compared are ASCII, and a
    # chunk holding one of the non-ASCII characters that IGNORECASE equates with an ASCII
    # letter is never scanned as bytes (`Matcher.scan_chunk`).
    return data[max(start, last - SEAM_BYTES) : last].lower(), head.lower()
