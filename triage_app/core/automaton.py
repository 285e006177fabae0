"""The matcher's Aho-Corasick automaton, cheap to build, fast on big logs.

A DFA over the catalogue's 3,000+ literals scans about twice as fast as an NFA but takes
over ten times longer to build (a large part of a short scan's start-up). So the automaton
starts as a contiguous NFA, which builds in milliseconds, and is rebuilt as a DFA once it has
scanned enough text for the DFA's build to pay for itself. Both give the same overlapping
matches, in the same order.
"""

from __future__ import annotations

from collections.abc import Sequence

import ahocorasick_rs

UPGRADE_AFTER_BYTES = 32 * 1024 * 1024  # about where the DFA's build time is won back
# A haystack this small (a pasted snippet, a two-line log) is searched word by word with
# `bytes.find`, well under a millisecond, instead of building the automaton (~15 ms).
SMALL_HAYSTACK = 2048

_Impl = ahocorasick_rs.Implementation


class LiteralAutomaton:
    """`find_matches_as_indexes` over bytes, NFA first, DFA after `upgrade_after` bytes."""

    def __init__(self, words: Sequence[bytes], upgrade_after: int = UPGRADE_AFTER_BYTES) -> None:
        self._words = list(words)
        self._scanned = 0
        self._upgrade_after = upgrade_after
        self._dfa = upgrade_after <= 0
        self._automaton: ahocorasick_rs.BytesAhoCorasick | None = None  # built on first use

    def __reduce__(self) -> tuple:
        return (LiteralAutomaton, (self._words, self._upgrade_after))

    @property
    def is_dfa(self) -> bool:
        """Whether it searches (from now on) as a DFA."""
        return self._dfa

    def successor(self, words: Sequence[bytes]) -> LiteralAutomaton:
        """An automaton over other words that carries on from this one (bytes scanned, DFA)."""
        other = LiteralAutomaton(words, self._upgrade_after)
        other._scanned, other._dfa = self._scanned, self._dfa
        return other

    def upgrade(self) -> None:
        """Search as a DFA from now on (built at the next search)."""
        if not self._dfa:
            self._dfa = True
            self._automaton = None

    def find_matches_as_indexes(self, haystack: bytes, overlapping: bool = False) -> list:
        if overlapping and self._automaton is None and len(haystack) <= SMALL_HAYSTACK:
            return self._find_each(haystack)
        if not self._dfa:
            self._scanned += len(haystack)
            if self._scanned >= self._upgrade_after:
                self.upgrade()
        if self._automaton is None:
            impl = _Impl.DFA if self._dfa else _Impl.ContiguousNFA
            self._automaton = ahocorasick_rs.BytesAhoCorasick(self._words, implementation=impl)
        return self._automaton.find_matches_as_indexes(haystack, overlapping=overlapping)

    def _find_each(self, haystack: bytes) -> list[tuple[int, int, int]]:
        """The automaton's overlapping matches, in its order (by end, then by start), found
        with one `bytes.find` loop per word."""
        found = []
        find = haystack.find
        for index, word in enumerate(self._words):
            at = find(word)
            while at >= 0:
                found.append((index, at, at + len(word)))
                at = find(word, at + 1)
        found.sort(key=lambda m: (m[2], m[1]))
        return found
