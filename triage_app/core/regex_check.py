"""Load-time checks of a record's regular expression: hard limits, and a backtracking warning.

`limit_problem` refuses what could crash or stall the loader itself: very long patterns, deep
group nesting (Python's parser recurses once per level), and huge repetition counts
(`a{4294967296}` overflows). It never raises.

`backtrack_risk` is a static look at the parsed pattern for the shapes that make a
backtracking engine take exponential (or high polynomial) time on a line that almost
matches: an unbounded repeat around a part that can match the same text in more than one
way (`(a+)+`, `(\\w+\\s?)*`, `(a|a)*`), and two unbounded repeats side by side over
overlapping characters (`\\d+\\d+`, `.*\\s*`). It is a heuristic for `catalog validate`'s
warning; the per-call time budget (`regex_budget`) is what keeps a scan from hanging.
"""

from __future__ import annotations

import re
import re._compiler as _compiler
import re._constants as _c
import re._parser as _parser
from functools import lru_cache

MAX_PATTERN_CHARS = 4000
MAX_GROUP_DEPTH = 30
MAX_REPEAT_COUNT = 1000

_REPEATS = (_c.MAX_REPEAT, _c.MIN_REPEAT)
_SINGLE = (_c.LITERAL, _c.NOT_LITERAL, _c.IN, _c.ANY)
# Characters used to decide whether two character sets overlap.
_SAMPLE = (
    "".join(map(chr, range(128))) + "\u00a0\u00e9\u00df\u017f\u212a\u0130\u0131\u0436\u4e2d\u2028"
)


def _group_depth(regex: str) -> int:
    """The deepest nesting of parentheses (outside character classes), without parsing."""
    depth = deepest = 0
    i, n, in_class = 0, len(regex), False
    while i < n:
        ch = regex[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if regex.startswith("]", i + 1) or regex.startswith("^]", i + 1):
                i += 1 + (regex[i + 1] == "^")
        elif ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth = max(0, depth - 1)
        i += 1
    return deepest


def limit_problem(regex: str, flags: int = 0) -> str | None:
    """Why `regex` is refused before it is compiled, or None when it is within the limits."""
    if len(regex) > MAX_PATTERN_CHARS:
        return f"is {len(regex)} characters long; the limit is {MAX_PATTERN_CHARS}"
    depth = _group_depth(regex)
    if depth > MAX_GROUP_DEPTH:
        return f"nests groups {depth} deep; the limit is {MAX_GROUP_DEPTH}"
    try:
        parsed = _parser.parse(regex, flags)
    except OverflowError:
        return f"has a repetition count above {MAX_REPEAT_COUNT}"
    except (re.error, RecursionError, ValueError) as exc:
        return f"is not a valid Python regular expression: {exc}"
    for op, av in _walk(list(parsed)):
        if op in (*_REPEATS, _c.POSSESSIVE_REPEAT):
            low, high = av[0], av[1]
            if low > MAX_REPEAT_COUNT or (high is not _c.MAXREPEAT and high > MAX_REPEAT_COUNT):
                return f"has a repetition count above {MAX_REPEAT_COUNT} ({{{low},{high}}})"
    return None


def _children(op: object, av: object) -> list[list]:
    """The sub-sequences directly inside one parsed item."""
    if op in (*_REPEATS, _c.POSSESSIVE_REPEAT):
        return [list(av[2])]
    if op is _c.SUBPATTERN:
        return [list(av[3])]
    if op is _c.BRANCH:
        return [list(b) for b in av[1]]
    if op in (_c.ASSERT, _c.ASSERT_NOT):
        return [list(av[1])]
    if op is _c.ATOMIC_GROUP:
        return [list(av)]
    if op is _c.GROUPREF_EXISTS:
        return [list(av[1]), *([list(av[2])] if av[2] else [])]
    return []


def _walk(items: list) -> list[tuple]:
    """Every item at every depth (iterative: depth is bounded, but keep the stack flat)."""
    out, stack = [], [items]
    while stack:
        for op, av in stack.pop():
            out.append((op, av))
            stack.extend(_children(op, av))
    return out


@lru_cache(maxsize=4096)
def _set_of(item: tuple, flags: int) -> frozenset[str]:
    op, av = item
    try:
        sub = _parser.SubPattern(_parser.State(), [(op, av)])
        compiled = _compiler.compile(sub, flags)
    except Exception:  # noqa: BLE001 - an item that cannot stand alone: assume any character
        return frozenset(_SAMPLE)
    return frozenset(ch for ch in _SAMPLE if compiled.match(ch))


def _hashable(item: tuple) -> tuple:
    op, av = item
    if op is _c.IN:
        return (op, tuple(av))
    return (op, av)


def _chars(items: list, flags: int) -> frozenset[str]:
    """Every character any single-character item inside `items` can consume."""
    found: set[str] = set()
    for op, av in _walk(items):
        if op in _SINGLE:
            found |= _set_of(_hashable((op, av)), flags)
        elif op is _c.GROUPREF:
            return frozenset(_SAMPLE)
    return frozenset(found)


def _first(items: list, flags: int) -> tuple[frozenset[str], bool]:
    """Characters a match of `items` can start with, and whether it can be empty."""
    first: set[str] = set()
    for op, av in items:
        if op in _SINGLE:
            return frozenset(first | _set_of(_hashable((op, av)), flags)), False
        if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue
        if op is _c.GROUPREF:
            return frozenset(_SAMPLE), True
        subs = _children(op, av)
        if not subs:
            continue
        can_be_empty = op in _REPEATS and av[0] == 0
        for sub in subs:
            chars, empty = _first(sub, flags)
            first |= chars
            can_be_empty = can_be_empty or empty
        if not can_be_empty:
            return frozenset(first), False
    return frozenset(first), True


def _ambiguous_branch(items: list, flags: int) -> bool:
    for op, av in _walk(items):
        if op is _c.BRANCH:
            firsts = [_first(list(b), flags) for b in av[1]]
            if sum(1 for _chars_, empty in firsts if empty) > 1:
                return True
            for i, (a, _e) in enumerate(firsts):
                if any(a & b for b, _e2 in firsts[i + 1 :]):
                    return True
    return False


def _unbounded(op: object, av: object) -> bool:
    return op in _REPEATS and av[1] is _c.MAXREPEAT


def _has_separator(body: list, flags: int) -> bool:
    """A mandatory single character in `body` that nothing else in `body` can consume."""
    for i, item in enumerate(body):
        if item[0] not in _SINGLE:
            continue
        own = _set_of(_hashable(item), flags)
        if not own & _chars(body[:i] + body[i + 1 :], flags):
            return True
    return False


def _risk_in_repeat(body: list, flags: int) -> str | None:
    low, high = _parser.SubPattern(_parser.State(), body).getwidth()
    if _ambiguous_branch(body, flags):
        return "alternatives that can match the same text inside a repeat"
    if low != high and not _has_separator(body, flags):
        return "a repeat around a part that can match the same text in several ways"
    return None


def _single_repeat(op: object, av: object) -> bool:
    """An unbounded repeat of one character class (`\\d+`, `.*`, `[\\w.]+`)."""
    return _unbounded(op, av) and len(av[2]) == 1 and av[2][0][0] in _SINGLE


def _risk_adjacent(items: list, flags: int) -> str | None:
    previous = None
    for op, av in items:
        if _single_repeat(op, av):
            chars = _set_of(_hashable(av[2][0]), flags)
            if previous is not None and previous & chars:
                return "two unbounded repeats side by side over the same characters"
            previous = chars
        elif op not in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            previous = None
    return None


def backtrack_risk(regex: str, flags: int = 0) -> str | None:
    """Why `regex` may backtrack catastrophically, or None (a heuristic; never raises)."""
    if limit_problem(regex, flags):
        return None
    try:
        parsed = list(_parser.parse(regex, flags))
    except (re.error, RecursionError, OverflowError, ValueError):
        return None
    flags |= re.UNICODE
    for sequence in [parsed, *(sub for op, av in _walk(parsed) for sub in _children(op, av))]:
        reason = _risk_adjacent(sequence, flags)
        if reason:
            return reason
    for op, av in _walk(parsed):
        if _unbounded(op, av):
            reason = _risk_in_repeat(list(av[2]), flags)
            if reason:
                return reason
    return None
