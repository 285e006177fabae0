"""How many characters a match consumes that its pattern spells literally.

Ranking puts precise patterns first with it (`ranking`): a broad `.*error.*` consumes 5
literal characters, a full message dozens. Counted on `re`'s own parse of the pattern (not
what `.*`, classes or repeats eat); for a pattern that is one alternation, the branch that
matched decides.
"""

from __future__ import annotations

import re
import re._constants as _c
import re._parser as _parser
from collections.abc import Iterable

from triage_app.core import memo
from triage_app.core.first_chars import first_class

_Items = Iterable[tuple[object, object]]
_REPEATS = (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT)


def _parse(regex: str, flags: int) -> _parser.SubPattern:
    return _parser.parse(regex, flags)


def _weight(items: _Items) -> int:
    total = 0
    for op, av in items:
        if op is _c.LITERAL:
            total += 1
        elif op is _c.SUBPATTERN:
            total += _weight(av[3])
        elif op is _c.ATOMIC_GROUP:
            total += _weight(av)
        elif op in _REPEATS:
            total += av[0] * _weight(av[2]) if av[0] >= 1 else 0
        elif op is _c.BRANCH:
            total += min(_weight(branch) for branch in av[1])
    return total


def _top_branches(regex: str) -> list[str] | None:
    """The alternatives of a pattern that is one alternation (possibly in one group)."""
    body = regex
    if body.startswith("(") and _closing_paren(body, 0) == len(body) - 1:
        inner = body[1:-1]
        if inner.startswith("?:"):
            inner = inner[2:]
        elif inner.startswith("?"):
            return None
        body = inner
    parts, start = [], 0
    for i, ch, depth in _structure(body):
        if ch == "|" and depth == 0:
            parts.append(body[start:i])
            start = i + 1
    parts.append(body[start:])
    return parts if len(parts) > 1 else None


def _class_end(text: str, i: int) -> int:
    j = i + 1
    if j < len(text) and text[j] == "^":
        j += 1
    if j < len(text) and text[j] == "]":
        j += 1
    while j < len(text) and text[j] != "]":
        j += 2 if text[j] == "\\" else 1
    return j


def _structure(text: str):  # noqa: ANN202 - yields (index, char, depth after it)
    """Unescaped characters outside character classes, with the group depth."""
    depth, i = 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            i = _class_end(text, i) + 1
            continue
        depth += {"(": 1, ")": -1}.get(ch, 0)
        yield i, ch, depth
        i += 1


def _closing_paren(text: str, start: int) -> int:
    """Index of the parenthesis closing the one at `start` (which must open a group)."""
    for i, ch, depth in _structure(text[start:]):
        if ch == ")" and depth == 0:
            return start + i
    return -1


def _decode_plan(value: list) -> tuple[int, list[tuple[str, int]]]:
    static, branches = value
    return int(static), [(str(part), int(weight)) for part, weight in branches]


@memo.memoized("weigher", lambda plan: [plan[0], [list(b) for b in plan[1]]], _decode_plan)
def _weigher_plan(regex: str, flags: int) -> tuple[int, list[tuple[str, int]]]:
    """The pattern's static weight, and each top-level branch with its own weight (none when
    a branch only parses in context)."""
    branches = []
    for part in _top_branches(regex) or []:
        try:
            re.compile(part, flags)
            branches.append((part, _weight(_parse(part, flags))))
        except re.error:  # a branch that only parses in context: keep the static weight
            branches = []
            break
    return _weight(_parse(regex, flags)), branches


class LiteralWeigher:
    """Literal characters consumed by a match of one pattern (see module doc)."""

    def __init__(self, regex: str, flags: int) -> None:
        self.static, plan = _weigher_plan(regex, flags)
        # Heaviest first: the first branch that matches decides (`weigh`).
        self.branches: list[tuple[re.Pattern[str], int]] = sorted(
            ((memo.compile_pattern(part, flags), weight) for part, weight in plan),
            key=lambda branch: -branch[1],
        )

        # The branches worth trying at a match that starts with a given character: those
        # whose first characters (`first_chars`) may include it, once the weigher has been
        # used `_SORT_AFTER` times (parsing its branches again costs ~0.1 ms each).
        self._firsts: list[re.Pattern[str] | None] | None = None
        self._by_char: dict[str, list[tuple[re.Pattern[str], int]]] = {}
        self._uses = 0

    def weigh(self, text: str, match: re.Match[str]) -> int:
        """The weight of `match`, found in `text`: the heaviest branch that matches there and
        ends where it ends, else the heaviest that matches there, else the static weight."""
        start, end = match.span()
        at_start = None
        first = text[start : start + 1]
        branches = self._by_char.get(first)
        if branches is None:
            if self._uses < _SORT_AFTER:
                self._uses += 1
                branches = self.branches
            else:
                branches = self._starting_with(first)
        for pattern, weight in branches:
            found = pattern.match(text, start)
            if found:
                if found.end() == end:
                    return weight
                if at_start is None:
                    at_start = weight
        return self.static if at_start is None else at_start

    def _starting_with(self, first: str) -> list[tuple[re.Pattern[str], int]]:
        """The branches that can match at a character `first` ("": at the end), heaviest
        first: a branch whose first characters are known and exclude it cannot."""
        if self._firsts is None:
            self._firsts = [_first_pattern(pattern) for pattern, _weight in self.branches]
        kept = [
            branch
            for branch, leading in zip(self.branches, self._firsts, strict=True)
            if leading is None or not first or leading.match(first)
        ]
        if len(self._by_char) < _CHARS_KEPT:
            self._by_char[first] = kept
        return kept


_CHARS_KEPT = 256  # distinct first characters whose branches a weigher remembers
_SORT_AFTER = 16  # matches weighed with every branch before they are sorted by first character


def _first_pattern(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """The class of characters a match of `pattern` can start with, compiled (None: any)."""
    leading = first_class(pattern.pattern, pattern.flags)
    return None if leading is None else re.compile(leading, pattern.flags)
