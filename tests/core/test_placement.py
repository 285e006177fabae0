"""The prefilter's placement: a line's targets, worked out once per set of words, are exactly
those of the per-line definition (every key word's alternatives, kept when each of their
other needs has a literal in the line)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core import placement
from triage_app.core.chunklines import NON_ASCII_BYTES, ByteLines, TextLines
from triage_app.core.literals import fold
from triage_app.core.matcher import Matcher, Target

TARGETS = [
    Target.compile("x/oom", "OOM", "OOMKilled|Out of memory|OOM"),
    Target.compile("x/toast", "toast", "(Russian.*toast|за здоровье|нож.*подарок)"),
    Target.compile("x/pip", "pip", "(pip.*install.*[가-힣]|venv.*encode.*error)"),
    Target.compile("x/tet", "tet", r"\b(Tết|giỗ)\b"),
    Target.compile("x/conn", "conn", r"connection.*(refused|reset)|refused.*connection"),
    Target.compile("x/ld", "ld", r"\bld\b.*error|undefined reference"),
    Target.compile("x/long", "long", r"the rare tail that only few lines hold"),
]
PIECES = [
    "OOMKilled",
    "out of memory",
    "oom",
    "room",
    "russian",
    "Toast",
    "ЗА ЗДОРОВЬЕ",
    "нож",
    "ПОДАРОК",
    "pip",
    "install",
    "패키지",
    "venv",
    "encode",
    "error",
    "Tết",
    "TẾT",
    "giỗ",
    "connection",
    "refused",
    "reset",
    "ld",
    "undefined reference",
    "the rare tail that o",
    "nly few lines hold",
    "信息",
    "é",
    " ",
    ": ",
    "x",
    "2026-11-04 ",
    "\x00non-ascii",
]
KNOWN = [  # lines that hold every need of some alternative
    "pip install 패키지",
    "pip install package",
    "нож — плохой ПОДАРОК",
    "ЗА ЗДОРОВЬЕ!",
    "Chúc mừng TẾT",
    "venv: cannot encode, error",
    "ld: error: undefined symbol",
    "connection refused",
    "信息 connection reset",
]


def _expected(matcher: Matcher, hay: bytes, raw: bool) -> tuple[dict, dict]:
    """Per haystack line: (the targets to try, the targets its words key), by definition."""
    words = [w for w in matcher._automaton._words]
    hits, pending = {}, {}
    for line_no, line in enumerate(hay.split(b"\n")):
        pairs = {
            p for w, word in enumerate(words) if word in line for p in matcher._word_targets[w]
        }
        if not line.isascii():
            pairs |= set(matcher._non_ascii_keys)
        if not any(word in line for word in words) and line.isascii():
            continue
        if not any(word in line for word in words) and not matcher._non_ascii_keys:
            continue
        pending[line_no] = {t for t, _alt in pairs if t >= 0}
        kept = {t for t, alt in pairs if _holds(matcher._checks.get((t, alt)), line, raw)}
        if kept:
            hits[line_no] = kept
    return hits, pending


def _holds(needs: tuple | None, line: bytes, raw: bool) -> bool:
    folded = fold(line.decode("utf-8", "replace")).encode("utf-8") if raw else line
    for need in needs or ():
        if not any(
            lit in line
            or (
                lit.startswith(NON_ASCII_BYTES)
                and not line.isascii()
                and (lit == NON_ASCII_BYTES or lit[len(NON_ASCII_BYTES) :] in folded)
            )
            for lit in need
        ):
            return False
    return True


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(PIECES), max_size=6), min_size=1, max_size=40),
    st.integers(0, 60),
    st.lists(st.sampled_from(KNOWN), max_size=4),
)
def test_placement_keeps_what_the_per_line_definition_keeps(
    rows: list, filler: int, known: list
) -> None:
    for matcher in MATCHERS:
        _check(matcher, rows, filler, known)


# With NON_ASCII keys (every line holding a non-ASCII byte is a candidate), and without (a
# chunk with few hits then finds their lines by searching around each).
MATCHERS = [Matcher(TARGETS), Matcher([t for t in TARGETS if t.pattern.pattern.isascii()])]


def _check(matcher: Matcher, rows: list, filler: int, known: list) -> None:
    lines = ["".join(row) for row in rows] + ["plain filler line"] * filler + known
    text = "\n".join(lines) + "\n"
    for chunk in (ByteLines(text.encode("utf-8")), TextLines(text)):
        found = placement.literal_hits(matcher, chunk)
        if found is None:  # a character IGNORECASE equates with ASCII: never in PIECES
            raise AssertionError("unexpected text path")
        hits, pending, join_found = found
        raw = isinstance(chunk, ByteLines)
        want_hits, want_pending = _expected(matcher, chunk.haystack, raw)
        assert {n: kept for n, (_s, _e, kept) in hits.items()} == want_hits
        assert {n: set(t) for n, (_s, _e, t) in pending.items()} == want_pending
        for line_no, (start, end, _t) in pending.items():
            assert chunk.haystack[start:end] == chunk.haystack.split(b"\n")[line_no]
        for word, start, line_no in join_found:
            assert matcher.word_joins[word]
            assert chunk.haystack.count(b"\n", 0, start) == line_no
