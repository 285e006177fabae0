"""One Hyperscan pass for the matcher's words and the annotators' (`automaton.ride_along`):
each gets exactly the matches its own search would give, on the bytes it would search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core import automaton
from triage_app.core.automaton import HYPERSCAN, SMALL_HAYSTACK, LiteralAutomaton, leftmost

pytestmark = pytest.mark.skipif(
    HYPERSCAN not in automaton.available_backends(), reason="no hyperscan wheel here"
)

# ASCII letters of both cases and Latin-1/UTF-8 bytes that are case pairs in other encodings
# (0xC0/0xE0, 0xC9/0xE9): caseless matching must fold ASCII only, as `bytes.lower` does.
ALPHABET = b"aAbBeE \n:\xc0\xe0\xc3\xa9\x89\xc9"


def _bytes(size: int) -> st.SearchStrategy[bytes]:
    return st.binary(min_size=1, max_size=size).map(
        lambda b: bytes(ALPHABET[x % len(ALPHABET)] for x in b)
    )


words_st = st.lists(_bytes(4), min_size=1, max_size=12)
PAD = b"-" * (SMALL_HAYSTACK + 1)


def _alone(words: list[bytes], hay: bytes) -> list:
    search = LiteralAutomaton(words, 0, HYPERSCAN, hold=0)
    return search.find_matches_as_indexes(hay, overlapping=True)


@settings(max_examples=150, deadline=None)
@given(
    own=words_st,
    sensitive=words_st,
    lowered=words_st,
    clean=st.binary(max_size=300).map(lambda b: bytes(ALPHABET[x % len(ALPHABET)] for x in b)),
)
def test_one_pass_gives_what_each_search_gives_alone(own, sensitive, lowered, clean) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("TRIAGE_NO_CACHE", "1")
        monkeypatch.setattr(automaton, "_RIDERS", {})
        _one_pass_against_each(own, sensitive, lowered, clean)


def _one_pass_against_each(own, sensitive, lowered, clean) -> None:
    clean = PAD + clean
    # The matcher's and a lowered rider's words are lowercase (a capital one never matches).
    own = [w.lower() for w in own] + [b"Ab"]
    lowered = [w.lower() for w in lowered]
    riders = {
        "sensitive": LiteralAutomaton(sensitive, 0),
        "lowered": LiteralAutomaton(lowered, 0, lowered=True),
    }
    for name, rider in riders.items():
        automaton.ride_along(name, rider)
    main = LiteralAutomaton(own, 0, HYPERSCAN, hold=0, lowered=True, shared=True)
    haystack = clean.lower()
    found, by_rider = main.find_with_riders(haystack, clean)
    assert isinstance(main._fast, automaton._Hyperscan) and main._fast.names
    assert found == _alone(own, haystack)
    assert by_rider["sensitive"] == _alone(sensitive, clean)
    assert by_rider["lowered"] == _alone(lowered, haystack)
    # Searched on its own (the lowered haystack), the shared database gives its own words only.
    assert main.find_matches_as_indexes(haystack, overlapping=True) == found
    assert main.find_matches_as_indexes(haystack) == leftmost(found)


def test_without_riders_or_before_the_build_nothing_is_handed_over(monkeypatch) -> None:
    monkeypatch.setattr(automaton, "_RIDERS", {})
    automaton.ride_along("r", LiteralAutomaton([b"err"], 0))
    clean = b"ERR error\n" * 400
    cheap = LiteralAutomaton([b"err"], upgrade_after=10**12, lowered=True, shared=True)
    found, by_rider = cheap.find_with_riders(clean.lower(), clean)
    assert by_rider == {} and len(found) == 800  # the cheap NFA: riders search on their own
    unshared = LiteralAutomaton([b"err"], 0, HYPERSCAN, hold=0, lowered=True)
    found, by_rider = unshared.find_with_riders(clean.lower(), clean)
    assert by_rider == {} and len(found) == 800


def test_a_pickled_shared_search_keeps_its_flags() -> None:
    import pickle

    main = LiteralAutomaton([b"x"], 0, HYPERSCAN, hold=0, lowered=True, shared=True)
    copy = pickle.loads(pickle.dumps(main))
    assert (copy.lowered, copy.shared) == (True, True)
    assert copy.successor([b"y"]).shared
