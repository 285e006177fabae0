"""What a regular expression must contain, read from its parsed form.

Answered from `re`'s own parser so that it agrees with `re` exactly:

* `required_factor` / `requirements`: sets of literal strings one of which every match must
  contain. The matcher finds the lines that contain them with one Aho-Corasick pass and runs
  the real regex only there (`keys`, `placement`). A pattern with no usable factor runs on
  every line.
* `line_local`: whether a pattern can be run once over a block of lines.

(How many literal characters a match consumes, for ranking, is `weigh`.) Literals are
case-folded (`fold`), which keeps string length, so offsets in folded text are offsets in
the original.
"""

from __future__ import annotations

import re
import re._casefix as _casefix
import re._constants as _c
import re._parser as _parser
from collections.abc import Iterable

from triage_app.core import memo
from triage_app.core.weigh import LiteralWeigher  # noqa: F401 - re-exported

MIN_FACTOR_LENGTH = 3
_Items = Iterable[tuple[object, object]]
_REPEATS = (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT)


def _fold_table() -> dict[int, int]:
    """Map every character to one canonical member of its IGNORECASE class.

    `str.lower` already joins upper and lower case; `re` also treats a few more characters as
    equal (i and dotless i, s and long s, ...), listed in `re._casefix`.
    """
    table: dict[int, int] = {}
    for lower, others in _casefix._EXTRA_CASES.items():
        canonical = min(lower, *others)
        for cp in (lower, *others):
            if cp != canonical:
                table[cp] = canonical
    return table


_FOLD = _fold_table()
# The same table as (character, its canonical one) pairs, for `str.replace`: no canonical
# character is itself replaced (`test_literals`), so replacing one pair after another is
# `translate(_FOLD)`, and ~100x faster on a long text (translate looks every character up;
# a test for each character is a fast scan, and none on a text of narrower characters).
_FOLD_PAIRS = tuple((chr(cp), chr(canonical)) for cp, canonical in sorted(_FOLD.items()))


def fold(text: str) -> str:
    """Case-fold `text` the way IGNORECASE compares characters, keeping every offset."""
    if text.isascii():
        return text.lower()
    if "\u0130" in text:  # the only character whose lower() is two characters long
        text = text.replace("\u0130", "i")
    lowered = text.lower()
    for char, canonical in _FOLD_PAIRS:  # (Turkish and Greek text hold a few of them)
        if char in lowered:
            lowered = lowered.replace(char, canonical)
    return lowered


# The non-ASCII characters that IGNORECASE equates with ASCII letters (long s, Kelvin sign,
# dotless i, dotted capital I).
FOLD_SPECIALS = "\u017f\u212a\u0131\u0130"
_TO_ASCII = frozenset(map(ord, FOLD_SPECIALS))


def _parse(regex: str, flags: int) -> _parser.SubPattern:
    return _parser.parse(regex, flags)


# Words that healthy logs are full of: a literal that is one of them (give or take spaces and
# punctuation) finds many lines that then fail the regex, so another factor is preferred.
_COMMON_WORDS = frozenset(
    # levels and outcomes
    "error errors warning warnings warn info debug notice fatal failed failure exception "
    "reason status success ok done start started running finished complete completed "
    # everyday log vocabulary (jobs, services, ML training, builds)
    "step steps epoch loss batch token tokens model data dataset train training eval test "
    "tests worker workers cache query request response server client service session user "
    "users node pod job task build target module package file files line time load loading "
    "read write open close connect connection process thread memory size value key name "
    "path config version update install found http https true false null none "
    # short English words
    "the and for with from not this that have has was were are you your all any can will".split()
)


def _literal_value(literal: str) -> int:
    if literal.startswith(NON_ASCII):
        return 1
    core = literal.strip(" :=[]()'\"-_.,;")
    return _size(literal) - (5 if core in _COMMON_WORDS else 0)


# A literal made of letters with case outside ASCII (Cyrillic, Greek, accented) cannot be
# searched for in the ASCII-lowered bytes; it becomes NON_ASCII + its folded text: "the line
# holds a non-ASCII character" (what the prefilter finds), and its folded text holds the
# literal (checked on the few such lines; folding already maps the few non-ASCII letters
# that IGNORECASE equates with ASCII ones). NON_ASCII alone only says the former.
NON_ASCII = "\x00non-ascii"


def is_non_ascii(literal: str) -> bool:
    """True for a NON_ASCII literal (see above)."""
    return literal.startswith(NON_ASCII)


def _plain_factor(factor: frozenset[str]) -> bool:
    return not any(map(is_non_ascii, factor))


def _best(factors: list[frozenset[str]]) -> frozenset[str] | None:
    usable = [f for f in factors if f and all(s and "\n" not in s for s in f)]
    if not usable:
        return None
    return max(usable, key=lambda f: (min(map(_literal_value, f)), -len(f), sorted(f)))


def _caseless(ch: str) -> bool:
    return ch.isascii() or (ch.lower() == ch == ch.upper() and ord(ch) not in _FOLD)


def _longest_safe(text: str) -> str:
    """The longest stretch of a folded literal made of ASCII and caseless characters.

    The matcher searches raw UTF-8 bytes lowered with the fast ASCII-only `bytes.lower()`;
    ASCII letters and characters without case (CJK, Hangul, digits, punctuation) look the
    same there as in folded text. Any part of a required literal is itself required.
    """
    best, run = "", []
    for ch in text + "\u0100":  # a cased sentinel ends the last run
        if _caseless(ch):
            run.append(ch)
            continue
        if len("".join(run).encode()) > len(best.encode()):
            best = "".join(run)
        run = []
    return best


def _size(literal: str) -> int:
    return len(literal.encode("utf-8"))


def _single_char_class(items: list) -> str | None:
    """`[Hh]` and the like: a class whose members all fold to one character acts as a literal."""
    chars = {fold(chr(av)) for op, av in items if op is _c.LITERAL}
    if len(chars) == 1 and all(op is _c.LITERAL for op, _av in items):
        return chars.pop()
    return None


def _pure_literal(items: _Items) -> str | None:
    chars = []
    for op, av in items:
        if op is not _c.LITERAL:
            return None
        chars.append(chr(av))
    return "".join(chars)


def _factors(items: _Items) -> list[frozenset[str]]:
    factors: list[frozenset[str]] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            folded = fold("".join(run))
            safe_part = _longest_safe(folded)
            if safe_part:
                factors.append(frozenset({safe_part}))
            if not folded.isascii() and _size(safe_part) < MIN_FACTOR_LENGTH:
                factors.append(frozenset({NON_ASCII + folded}))
            run.clear()

    for op, av in items:
        if op is _c.LITERAL:
            run.append(chr(av))
            continue
        if op is _c.IN and (ch := _single_char_class(av)) is not None:
            run.append(ch)
            continue
        if op is _c.SUBPATTERN:
            literal = _pure_literal(av[3])
            if literal is not None:
                run.append(literal)
                continue
        if op is _c.BRANCH and run and (joined := _prefixed_branches("".join(run), av[1])):
            factors.append(joined)
        flush()
        if op is _c.IN and _only_non_ascii(av):
            factors.append(frozenset({NON_ASCII}))
            continue
        found = _factor_of_node(op, av)
        if found:
            factors.append(found)
    flush()
    return factors


def _only_non_ascii(items: list) -> bool:
    """A class of non-ASCII characters only (`[가-힣]`), none of which IGNORECASE equates with
    an ASCII letter: what it matches makes the line non-ASCII."""
    for op, av in items:
        if op is _c.LITERAL:
            low = high = av
        elif op is _c.RANGE:
            low, high = av
        else:
            return False
        if low < 128 or any(low <= cp <= high for cp in _TO_ASCII):
            return False
    return bool(items)


def _leading_literal(items: _Items) -> str:
    """The literal characters a sequence starts with."""
    chars = []
    for op, av in items:
        if op is _c.LITERAL:
            chars.append(chr(av))
        elif op is _c.IN and (ch := _single_char_class(av)) is not None:
            chars.append(ch)
        else:
            break
    return "".join(chars)


def _prefixed_branches(prefix: str, branches: list) -> frozenset[str] | None:
    """`re`'s parser moves a prefix common to every alternative out of the alternation
    (`OOM|Out of memory` becomes `O(?:OM|ut of memory)`): the prefix joined to each
    alternative's leading literal is required, and far rarer than the branches' own
    fragments (`om`). None when a joined literal is not safe to search for as bytes."""
    joined = frozenset(fold(prefix + _leading_literal(branch)) for branch in branches)
    if all(_longest_safe(lit) == lit and "\n" not in lit for lit in joined):
        return joined
    return None


def _factor_of_node(op: object, av: object) -> frozenset[str] | None:
    if op is _c.SUBPATTERN:
        return _best(_factors(av[3]))
    if op is _c.ATOMIC_GROUP:
        return _best(_factors(av))
    if op in _REPEATS and av[0] >= 1:
        return _best(_factors(av[2]))
    if op is _c.ASSERT:  # the looked-at text is in the line even if not consumed
        return _best(_factors(av[1]))
    if op is _c.BRANCH:
        alternatives = [_best(_factors(branch)) for branch in av[1]]
        if all(alternatives):
            return frozenset().union(*alternatives)
    return None


def required_factor(regex: str, flags: int = 0) -> frozenset[str] | None:
    """Folded literals one of which every match of `regex` contains, or None if unknown."""
    best = _best([f for f in _factors(_parse(regex, flags)) if _plain_factor(f)])
    if best is None or min(map(_size, best)) < MIN_FACTOR_LENGTH:
        return None
    return best


Requirement = tuple[frozenset[str], tuple[frozenset[str], ...]]


def _encode_requirements(needs: list[Requirement] | None) -> list | None:
    if needs is None:
        return None
    return [[sorted(key), [sorted(f) for f in others]] for key, others in needs]


def _decode_requirements(value: list | None) -> list[Requirement] | None:
    if value is None:
        return None
    return [(frozenset(key), tuple(frozenset(f) for f in others)) for key, others in value]


@memo.memoized("requirements", _encode_requirements, _decode_requirements)
def requirements(regex: str, flags: int = 0) -> list[Requirement] | None:
    """What a line must contain for `regex` to match it, as alternatives.

    Each alternative is (key, others): the line holds one literal of `key` AND, for each set
    in `others`, one literal of that set. A pattern that is one alternation gets an
    alternative per branch, so `(a.*b|c)` needs ("a" and "b") or "c". None when some branch
    has no usable key literal (the pattern must then be tried on every line).
    """
    parsed = list(_parse(regex, flags))
    if len(parsed) == 1 and parsed[0][0] is _c.SUBPATTERN:
        parsed = list(parsed[0][1][3])
    branches = parsed[0][1][1] if len(parsed) == 1 and parsed[0][0] is _c.BRANCH else [parsed]
    out: list[Requirement] = []
    for branch in branches:
        factors = [f for f in _factors(branch) if f and all(s and "\n" not in s for s in f)]
        real = [f for f in factors if _plain_factor(f)]
        key = _best([f for f in real if min(map(_size, f)) >= MIN_FACTOR_LENGTH])
        if key is None:  # a short key still beats trying the regex on every line
            key = _best([f for f in real if min(map(_size, f)) >= 2])
        if key is None:
            key = next((f for f in factors if not _plain_factor(f)), None)
        if key is None:
            key = _best(real)
        if key is None:
            return None
        others = tuple(f for f in factors if f is not key and min(map(_size, f)) >= 2)
        out.append((key, others[:4]))
    return out


def _plain(value: object) -> object:
    return value


_NEWLINE = 10
_CATEGORIES_WITH_NEWLINE = {
    _c.CATEGORY_SPACE,
    _c.CATEGORY_NOT_DIGIT,
    _c.CATEGORY_NOT_WORD,
    _c.CATEGORY_LINEBREAK,
    _c.CATEGORY_UNI_SPACE,
    _c.CATEGORY_UNI_NOT_DIGIT,
    _c.CATEGORY_UNI_NOT_WORD,
    _c.CATEGORY_UNI_LINEBREAK,
}


def _class_has_newline(items: list) -> bool:
    negate = bool(items) and items[0][0] is _c.NEGATE
    listed = any(
        (op is _c.LITERAL and av == _NEWLINE)
        or (op is _c.RANGE and av[0] <= _NEWLINE <= av[1])
        or (op is _c.CATEGORY and av in _CATEGORIES_WITH_NEWLINE)
        for op, av in (items[1:] if negate else items)
    )
    return listed != negate


def _can_cross_lines(items: _Items) -> bool:
    for op, av in items:
        if op is _c.LITERAL and av == _NEWLINE or op is _c.NOT_LITERAL and av != _NEWLINE:
            return True
        if op is _c.IN and _class_has_newline(av):
            return True
        if op is _c.AT and av in (_c.AT_BEGINNING_STRING, _c.AT_END_STRING):
            return True
        if op is _c.GROUPREF_EXISTS:
            return True
        children = []
        if op is _c.SUBPATTERN:
            children = [av[3]]
        elif op is _c.BRANCH:
            children = av[1]
        elif op in _REPEATS:
            children = [av[2]]
        elif op in (_c.ASSERT, _c.ASSERT_NOT):
            children = [av[1]]
        elif op is _c.ATOMIC_GROUP:
            children = [av]
        if any(_can_cross_lines(child) for child in children):
            return True
    return False


@memo.memoized("line_local", _plain, bool)
def line_local(regex: str, flags: int) -> bool:
    """True when no match can involve a newline or the string's own start or end.

    Such a pattern, compiled with MULTILINE, finds in a block of `\n`-joined lines exactly the
    lines that `search` on each line would find, so it can be run once over a whole chunk.
    """
    if flags & re.DOTALL or "(?s" in regex or re.search(r"\(\?[a-zA-Z]*s[a-zA-Z]*[:)]", regex):
        return False
    return not _can_cross_lines(_parse(regex, flags))
