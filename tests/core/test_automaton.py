"""The literal search: every searcher (word by word, the cheap NFA, each fast backend) gives
every match of a naive `bytes.find` loop, in ahocorasick_rs's order, overlapping or not,
pickled, in threads."""

from __future__ import annotations

import pickle
import threading

import ahocorasick_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.automaton import (
    HYPERSCAN,
    SMALL_HAYSTACK,
    LiteralAutomaton,
    available_backends,
)

ALPHABET = b"ab \n\xc3\xa9E"
words_st = st.lists(
    st.binary(min_size=1, max_size=5).map(lambda b: bytes(ALPHABET[x % len(ALPHABET)] for x in b)),
    min_size=1,
    max_size=30,
)
hay_st = st.binary(max_size=300).map(lambda b: bytes(ALPHABET[x % len(ALPHABET)] for x in b))
PAD = b"-" * (SMALL_HAYSTACK + 1)  # makes a haystack big enough to build the backend
IMPLS = [ahocorasick_rs.Implementation.ContiguousNFA, ahocorasick_rs.Implementation.DFA]
BACKENDS = available_backends()
CHEAP = "cheap NFA"


def searcher(words: list[bytes], kind: str) -> LiteralAutomaton:
    """An automaton that answers a big haystack with the `kind` searcher."""
    if kind == CHEAP:
        return LiteralAutomaton(words, upgrade_after=10**12)
    return LiteralAutomaton(words, upgrade_after=0, backend=kind, hold=0)


def naive(words: list[bytes], hay: bytes) -> list[tuple[int, int, int]]:
    """Every occurrence of every word, by end, then start, then word index."""
    found = []
    for index, word in enumerate(words):
        at = hay.find(word)
        while at >= 0:
            found.append((index, at, at + len(word)))
            at = hay.find(word, at + 1)
    return sorted(found, key=lambda m: (m[2], m[1], m[0]))


def test_hyperscan_is_installed_where_it_has_wheels() -> None:
    """pyproject asks for it on Linux x86_64; a lost dependency must not pass unnoticed."""
    import platform
    import sys

    if sys.platform == "linux" and platform.machine() == "x86_64":
        assert HYPERSCAN in BACKENDS


@pytest.mark.parametrize("kind", [CHEAP, *BACKENDS])
@settings(max_examples=200, deadline=None)
@given(words=words_st, hay=hay_st, pad=st.booleans())
def test_every_searcher_gives_the_naive_matches_and_ahocorasick_rs_order(
    kind, words, hay, pad
) -> None:
    hay = PAD + hay if pad else hay
    automaton = searcher(words, kind)
    overlapping = automaton.find_matches_as_indexes(hay, overlapping=True)
    leftmost = automaton.find_matches_as_indexes(hay)
    assert automaton.built == pad  # a small haystack is answered without building
    assert overlapping == naive(words, hay)
    for impl in IMPLS:
        reference = ahocorasick_rs.BytesAhoCorasick(words, implementation=impl)
        assert overlapping == reference.find_matches_as_indexes(hay, overlapping=True)
        assert leftmost == reference.find_matches_as_indexes(hay)


@pytest.mark.parametrize("kind", [CHEAP, *BACKENDS])
def test_a_big_haystack_builds_the_searcher_once(kind) -> None:
    automaton = searcher([b"error", b"rror: "], kind)
    hay = b"x" * SMALL_HAYSTACK + b"\nerror: disk full\n"
    assert automaton.find_matches_as_indexes(hay, overlapping=True) == [
        (0, SMALL_HAYSTACK + 1, SMALL_HAYSTACK + 6),
        (1, SMALL_HAYSTACK + 2, SMALL_HAYSTACK + 8),
    ]
    built = automaton._fast or automaton._cheap
    assert built is not None
    small = b"error: again"
    assert automaton.find_matches_as_indexes(small, overlapping=True) == [(0, 0, 5), (1, 1, 7)]
    assert automaton.find_matches_as_indexes(small) == [(0, 0, 5)]
    assert (automaton._fast or automaton._cheap) is built


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_pickled_automaton_searches_alike_and_keeps_its_backend(backend) -> None:
    words = [b"error", b"cuda out of memory", b"rror", b"timeout", b"or"]
    hay = b"x error\ncuda out of memory error\n timeout rror\n" * 100
    automaton = searcher(words, backend)
    expected = automaton.find_matches_as_indexes(hay, overlapping=True)
    copy = pickle.loads(pickle.dumps(automaton))
    assert copy._backend == backend and not copy.built
    assert copy.find_matches_as_indexes(hay, overlapping=True) == expected == naive(words, hay)
    assert type(copy._fast) is type(automaton._fast)


@pytest.mark.parametrize("backend", BACKENDS)
def test_threads_share_one_automaton(backend) -> None:
    words = [b"error", b"warn", b"rror", b"fatal"]
    hays = [(b"error warn fatal\n" * (500 + i)) + b"rror" * i for i in range(8)]
    automaton = searcher(words, backend)
    results: dict[int, list] = {}

    def work(i: int) -> None:
        for _ in range(20):
            results[i] = automaton.find_matches_as_indexes(hays[i], overlapping=True)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(results[i] == naive(words, hays[i]) for i in range(8))


def test_a_word_with_a_nul_byte_is_searched_by_the_fallback() -> None:
    words = [b"a\0b", b"a"]
    hay = PAD + b"xa\0b a"
    automaton = LiteralAutomaton(words, upgrade_after=0, hold=0)
    assert automaton.find_matches_as_indexes(hay, overlapping=True) == naive(words, hay)
    assert isinstance(automaton._fast, ahocorasick_rs.BytesAhoCorasick)


def test_no_words_find_nothing() -> None:
    for backend in BACKENDS:
        automaton = searcher([], backend)
        assert automaton.find_matches_as_indexes(PAD + b"abc", overlapping=True) == []
        assert automaton.find_matches_as_indexes(b"abc") == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_fast_searcher_is_built_once_upgraded_and_held_bytes_are_searched(backend) -> None:
    hay = PAD + b"error\n"
    automaton = LiteralAutomaton([b"error"], len(hay) + 1, backend, hold=len(hay))
    automaton.find_matches_as_indexes(hay, overlapping=True)  # not upgraded: the NFA
    assert not automaton.is_dfa and automaton._cheap is not None and automaton._fast is None
    rekeyed = automaton.successor([b"rror", b"error"])
    assert rekeyed.find_matches_as_indexes(hay) == [(1, SMALL_HAYSTACK + 1, SMALL_HAYSTACK + 6)]
    assert rekeyed.is_dfa and rekeyed._fast is None  # upgraded; held: still the NFA
    expected = naive([b"rror", b"error"], hay)
    assert rekeyed.find_matches_as_indexes(hay, overlapping=True) == expected
    fast = rekeyed._fast
    assert fast is not None and rekeyed._cheap is None
    assert rekeyed.find_matches_as_indexes(hay, overlapping=True) == expected
    assert rekeyed._fast is fast
    assert (backend == HYPERSCAN) != isinstance(fast, ahocorasick_rs.BytesAhoCorasick)
