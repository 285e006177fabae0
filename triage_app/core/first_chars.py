"""Faster verification searches: a pattern led by a look-ahead at the characters a match can
start with.

A catalogue pattern is case-insensitive, and `re` can skip ahead to a possible start only
for a case-sensitive first literal or class; `(Slow query|planMillis|command.*exceeded)` under
IGNORECASE is tried branch by branch at every position of the line. `(?=[Scp])(?:...)` fails at
most positions on one class test, and finds the same match: every match of the pattern starts
with one of those characters, the look-ahead consumes nothing and adds no group, and the class
folds case exactly as the pattern's literals do (`re` gives `(?i)[s]` and `(?i)s` the same
equivalents, "ſ" included). On the 2,000-regex workload a verification search costs about a
third.

Only patterns whose possible first characters are plain to read get one: a first item that is
a literal, a class, a category (`\\d`, `\\w`, `\\s` and their negations), or groups,
alternations and repeats of them. An anchor, a look-around, `.`, a negated class, scoped flags,
a possibly empty match or a verbose pattern keep the pattern as it is.
"""

from __future__ import annotations

import re
import re._constants as _c
import re._parser as _parser
from collections.abc import Callable

_REPEATS = (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT)
_CATEGORIES = {
    _c.CATEGORY_DIGIT: r"\d",
    _c.CATEGORY_NOT_DIGIT: r"\D",
    _c.CATEGORY_SPACE: r"\s",
    _c.CATEGORY_NOT_SPACE: r"\S",
    _c.CATEGORY_WORD: r"\w",
    _c.CATEGORY_NOT_WORD: r"\W",
}


class _UnclearError(Exception):
    """The first characters are not plain to read from this item."""


def _sequence(items: list) -> tuple[list[tuple], bool]:
    """The class items that may start a sequence, and whether it may match empty."""
    out: list[tuple] = []
    for op, av in items:
        first, nullable = _item(op, av)
        out.extend(first)
        if not nullable:
            return out, False
    return out, True


def _item(op: object, av: object) -> tuple[list[tuple], bool]:
    if op is _c.LITERAL:
        return [(op, av)], False
    if op is _c.IN:
        if any(item_op is _c.NEGATE for item_op, _ in av):
            raise _UnclearError
        return list(av), False
    if op is _c.SUBPATTERN:
        _group, add_flags, del_flags, body = av
        if add_flags or del_flags:
            raise _UnclearError
        return _sequence(body)
    if op is _c.ATOMIC_GROUP:
        return _sequence(av)
    if op is _c.BRANCH:
        out, nullable = [], False
        for branch in av[1]:
            first, empty = _sequence(branch)
            out.extend(first)
            nullable = nullable or empty
        return out, nullable
    if op in _REPEATS:
        first, nullable = _sequence(av[2])
        return first, nullable or av[0] == 0
    raise _UnclearError


def _char(code: int) -> str:
    return f"\\U{code:08x}"


def first_class(regex: str, flags: int) -> str | None:
    """A character class (text) holding every character a match of `regex` can start with,
    under the same flags; None when that is not plain to read (see the module doc)."""
    try:
        tree = _parser.parse(regex, flags)
    except re.error:
        return None
    if tree.state.flags & re.VERBOSE:
        return None
    try:
        items, nullable = _sequence(tree.data)
    except _UnclearError:
        return None
    if nullable or not items:
        return None
    parts = set()
    for op, av in items:
        if op is _c.LITERAL:
            parts.add(_char(av))
        elif op is _c.RANGE:
            parts.add(f"{_char(av[0])}-{_char(av[1])}")
        elif op is _c.CATEGORY and av in _CATEGORIES:
            parts.add(_CATEGORIES[av])
        else:
            return None
    return "[" + "".join(sorted(parts)) + "]"


def quick_pattern(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """`pattern` led by a look-ahead at its first characters: the same `search` results
    (spans and groups), found faster; None when it has no plain first characters."""
    if not isinstance(pattern.pattern, str):
        return None
    leading = first_class(pattern.pattern, pattern.flags)
    if leading is None:
        return None
    try:
        return re.compile(f"(?={leading})(?:{pattern.pattern})", pattern.flags)
    except (re.error, RecursionError, OverflowError):  # e.g. a global flag not at the start
        return None


class _Searches(dict[int, Callable[[str], "re.Match[str] | None"]]):
    """Target index -> its `search`, looked up when first asked for: the catalogue's patterns
    are compiled lazily (`memo.LazyPattern`), and a short log needs only a few of them."""

    def __init__(self, patterns: list[re.Pattern[str]]) -> None:
        super().__init__()
        self._patterns = patterns

    def __missing__(self, index: int) -> Callable[[str], re.Match[str] | None]:
        search = self[index] = self._patterns[index].search
        return search


class QuickSearches:
    """One matcher's verification searches: each target's own pattern until it has been tried
    `after` times, then its `quick_pattern` (compiling one costs ~0.5 ms: a short log, or a
    target seldom tried, never pays it)."""

    def __init__(self, patterns: list[re.Pattern[str]], after: int = 32) -> None:
        self.search = _Searches(patterns)
        self.left = [after] * len(patterns)
        self._patterns = patterns

    def upgrade(self, index: int) -> None:
        """Use target `index`'s quick pattern from now on (if it has one)."""
        self.left[index] = -1
        quick = quick_pattern(self._patterns[index])
        if quick is not None:
            self.search[index] = quick.search
