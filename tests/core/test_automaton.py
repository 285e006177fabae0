"""The literal automaton answers a small haystack without building itself, identically."""

from __future__ import annotations

import ahocorasick_rs
from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.automaton import SMALL_HAYSTACK, LiteralAutomaton

ALPHABET = b"ab \n\xc3\xa9E"
words_st = st.lists(
    st.binary(min_size=1, max_size=5).map(lambda b: bytes(ALPHABET[x % len(ALPHABET)] for x in b)),
    min_size=1,
    max_size=30,
    unique=True,
)
hay_st = st.binary(max_size=300).map(lambda b: bytes(ALPHABET[x % len(ALPHABET)] for x in b))


@settings(max_examples=300, deadline=None)
@given(words_st, hay_st)
def test_a_small_haystack_gives_the_automatons_matches_in_its_order(words, hay) -> None:
    built = ahocorasick_rs.BytesAhoCorasick(
        words, implementation=ahocorasick_rs.Implementation.ContiguousNFA
    )
    expected = built.find_matches_as_indexes(hay, overlapping=True)
    automaton = LiteralAutomaton(words)
    assert automaton.find_matches_as_indexes(hay, overlapping=True) == expected
    assert automaton._automaton is None  # answered without building


def test_a_big_haystack_builds_the_automaton_once() -> None:
    automaton = LiteralAutomaton([b"error", b"rror: "])
    hay = b"x" * SMALL_HAYSTACK + b"\nerror: disk full\n"
    assert automaton.find_matches_as_indexes(hay, overlapping=True) == [
        (0, SMALL_HAYSTACK + 1, SMALL_HAYSTACK + 6),
        (1, SMALL_HAYSTACK + 2, SMALL_HAYSTACK + 8),
    ]
    assert automaton._automaton is not None
    small = b"error: again"
    assert automaton.find_matches_as_indexes(small, overlapping=True) == [(0, 0, 5), (1, 1, 7)]
