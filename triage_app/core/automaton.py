"""The one literal search (the matcher's prefilter, the annotators' key words): every
occurrence of a set of byte strings in a haystack, as (word index, start, end).

Three searchers give identical results, in the same order (by end, then start, then index):
  * a haystack of at most `SMALL_HAYSTACK` bytes, before anything is built: `bytes.find` per
    word (a two-line log builds nothing and imports nothing);
  * the cheap one: an ahocorasick_rs contiguous NFA. Over the catalogue's ~5,800 keys it
    builds in ~20 ms and scans ~75 MB/s: right for a log of a few MB;
  * the fast one, built once the automaton is upgraded (`upgrade`: after `upgrade_after`
    bytes, or up front for a big log, `Matcher.expect_bytes`) and `hold` more bytes are to be
    searched: Hyperscan (the `hyperscan` package: Vectorscan/Intel Hyperscan's SIMD literal
    matcher) compiles them in ~0.09 s and scans ~600 MB/s (100 MB of lowered log in ~0.16 s,
    where an Aho-Corasick DFA took ~0.27 s to build and ~0.45 s to scan). Where `hyperscan`
    has no wheel (or a word holds a NUL byte, which its bindings cannot pass), an
    ahocorasick_rs DFA. `hold` keeps the encoding sample, the first small chunk of a file,
    on the cheap one: the matcher re-keys itself on the next chunk (`keys.rarest`), and the
    fast one is then built once, over the new keys.
Non-overlapping matches are ahocorasick_rs's default (standard semantics): from the end of
the last match, the match that ends first, the longest of those.

One pass per chunk: the annotators' word searches (unknown errors, stated versions) register
themselves as riders (`ride_along`). The matcher's search (`shared`) then compiles their
words into its own Hyperscan database and `find_with_riders` finds all of them in one scan
of the chunk's clean bytes: the words of a search over lowered bytes (`lowered`) with
Hyperscan's caseless flag, which folds ASCII letters only, as `bytes.lower` does. Until that
database is built (a small log, the fallback DFA) each search runs its own pass.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from itertools import repeat
from operator import itemgetter
from typing import Any

import ahocorasick_rs

# About where the fast searcher's build is won back: Hyperscan saves ~10 ms per MB over the
# NFA for a ~0.1-0.2 s build (the fallback DFA would rather wait for ~50 MB).
UPGRADE_AFTER_BYTES = 16 * 1024 * 1024
HOLD_BYTES = 512 * 1024  # searched with the cheap NFA after the upgrade (`keys.SAMPLE_AFTER_BYTES`)
# A haystack this small (a pasted snippet, a two-line log) is searched word by word with
# `bytes.find`, well under a millisecond, instead of building the automaton (~20 ms).
SMALL_HAYSTACK = 2048
HYPERSCAN, AHOCORASICK = "hyperscan", "ahocorasick"

_Impl = ahocorasick_rs.Implementation
_by_position = itemgetter(2, 1, 0)
Match = tuple[int, int, int]
# Searches that ride along a `shared` search's Hyperscan pass (`ride_along`), by name.
_RIDERS: dict[str, LiteralAutomaton] = {}


def ride_along(name: str, search: LiteralAutomaton) -> LiteralAutomaton:
    """Register `search` (module-level words looked for in every chunk the matcher scans)
    to be found in the matcher's own Hyperscan pass once that is built; its matches are
    then handed over by `name` (`find_with_riders`), not searched for again."""
    search.name = name
    _RIDERS[name] = search
    return search


def available_backends() -> list[str]:
    """The fast searchers this installation can build, the preferred first."""
    return [HYPERSCAN, AHOCORASICK] if _hyperscan() is not None else [AHOCORASICK]


def _hyperscan() -> Any:
    try:
        import hyperscan  # noqa: PLC0415 - costs ~13 ms: only for a big log
    except ImportError:
        return None
    return hyperscan


class LiteralAutomaton:
    """`find_matches_as_indexes` over bytes; see the module for which searcher answers.

    `backend`: HYPERSCAN or AHOCORASICK to insist on one fast searcher (tests); None takes
    the best one available. Safe to share between threads (Hyperscan's scratch space is per
    thread; each searcher is built once)."""

    def __init__(
        self,
        words: Sequence[bytes],
        upgrade_after: int = UPGRADE_AFTER_BYTES,
        backend: str | None = None,
        hold: int = HOLD_BYTES,
        *,
        lowered: bool = False,
        shared: bool = False,
    ) -> None:
        self._words = list(words)
        self.name = ""  # set for a rider (`ride_along`)
        self.lowered = lowered  # its haystack is ASCII-lowered bytes (its words are lowercase)
        self.shared = shared  # its Hyperscan pass carries the riders' words
        self._scanned = 0
        self._upgrade_after = upgrade_after
        self._upgraded = upgrade_after <= 0
        self._backend = backend
        self._hold = hold
        self._held = 0  # bytes searched by the cheap one since the upgrade
        self._cheap: ahocorasick_rs.BytesAhoCorasick | None = None
        self._fast: _Hyperscan | ahocorasick_rs.BytesAhoCorasick | None = None
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple:
        args = (self._words, self._upgrade_after, self._backend, self._hold)
        return (_rebuilt, (args, self.lowered, self.shared))

    @property
    def is_dfa(self) -> bool:
        """Whether it is upgraded: the fast searcher (for the fallback, a DFA) is built for
        the next big enough search, or already is."""
        return self._upgraded

    @property
    def built(self) -> bool:
        return self._cheap is not None or self._fast is not None

    def successor(self, words: Sequence[bytes]) -> LiteralAutomaton:
        """An automaton over other words that carries on from this one (bytes scanned,
        whether it is upgraded)."""
        other = LiteralAutomaton(
            words,
            self._upgrade_after,
            self._backend,
            self._hold,
            lowered=self.lowered,
            shared=self.shared,
        )
        other._scanned, other._upgraded, other._held = self._scanned, self._upgraded, self._held
        return other

    def upgrade(self) -> None:
        """Build the fast searcher for the next `hold` bytes searched."""
        self._upgraded = True

    def find_matches_as_indexes(self, haystack: bytes, overlapping: bool = False) -> list[Match]:
        searcher = self._fast
        if searcher is None:
            if self._cheap is None and len(haystack) <= SMALL_HAYSTACK:
                found = self._find_each(haystack)
                return found if overlapping else leftmost(found)
            searcher = self._choose(len(haystack))
        if isinstance(searcher, _Hyperscan):
            found = searcher.find_all(haystack, own=True)
            return found if overlapping else leftmost(found)
        return searcher.find_matches_as_indexes(haystack, overlapping=overlapping)

    def find_with_riders(
        self, haystack: bytes, clean: bytes
    ) -> tuple[list[Match], dict[str, list[Match]]]:
        """Every overlapping match in `haystack` (`clean` lowered: the same offsets), and,
        when this search's Hyperscan database carries the riders' words, every overlapping
        match of each rider's words in `clean` (lowered, for a `lowered` rider) by rider
        name: all found in one scan of `clean`. Without that database the riders get
        nothing here (each searches on its own)."""
        searcher = self._fast
        if searcher is None:
            if self._cheap is None and len(haystack) <= SMALL_HAYSTACK:
                return self._find_each(haystack), {}
            searcher = self._choose(len(haystack))
        if isinstance(searcher, _Hyperscan):
            if searcher.names:
                return searcher.find_split(clean)
            return searcher.find_all(haystack), {}
        return searcher.find_matches_as_indexes(haystack, overlapping=True), {}

    def _choose(self, size: int) -> _Hyperscan | ahocorasick_rs.BytesAhoCorasick:
        if not self._upgraded:
            self._scanned += size
            self._upgraded = self._scanned >= self._upgrade_after
        if self._upgraded:
            self._held += size
            if self._held > self._hold:
                with self._lock:  # two threads' searches build it once
                    if self._fast is None:
                        self._fast = self._new_fast()
                        self._cheap = None
                    return self._fast
        with self._lock:
            if self._cheap is None:
                self._cheap = ahocorasick_rs.BytesAhoCorasick(
                    self._words, implementation=_Impl.ContiguousNFA
                )
            return self._cheap

    def _new_fast(self) -> _Hyperscan | ahocorasick_rs.BytesAhoCorasick:
        if self._backend != AHOCORASICK and self._words:
            module = _hyperscan() if all(b"\0" not in w for w in self._words) else None
            if module is not None:
                riders = [
                    rider
                    for _name, rider in sorted(_RIDERS.items() if self.shared else ())
                    if rider._words and all(b"\0" not in w for w in rider._words)
                ]
                return _Hyperscan(module, [self, *riders])
            if self._backend == HYPERSCAN:
                raise RuntimeError("the hyperscan backend is not available here")
        return ahocorasick_rs.BytesAhoCorasick(self._words, implementation=_Impl.DFA)

    def _find_each(self, haystack: bytes) -> list[Match]:
        """Every overlapping match in order (by end, then start, then index), found with one
        `bytes.find` loop per word."""
        found = []
        find = haystack.find
        for index, word in enumerate(self._words):
            at = find(word)
            while at >= 0:
                found.append((index, at, at + len(word)))
                at = find(word, at + 1)
        found.sort(key=_by_position)
        return found


class _Hyperscan:
    """A compiled Hyperscan literal database, with a scratch space per thread (a scratch
    serves one scan at a time). It holds the words of `searches[0]` and of the riders that
    follow it (`find_split`); an id is a word's position in all of them together."""

    def __init__(self, hs: Any, searches: Sequence[LiteralAutomaton]) -> None:
        from triage_app.core import hs_cache  # noqa: PLC0415 - a big log's only

        self.names = [search.name for search in searches[1:]]
        self._own = len(searches[0]._words)
        self._lengths: list[int] = []
        self._where: list[tuple[int, int]] = []  # id -> (search, its own word index)
        words: list[bytes] = []
        flags: list[int] = []
        ids: list[int] = []
        for number, search in enumerate(searches):
            own, first = search._words, len(self._lengths)
            self._lengths += map(len, own)
            self._where += zip(repeat(number), range(len(own)))
            caseless = hs.HS_FLAG_CASELESS if search.lowered and self.names else 0
            keep: Sequence[int] = range(len(own))
            if caseless and not _lowercase(b"".join(own)):
                # A lowered search's word with a capital letter can never match: left out.
                keep = [i for i, word in enumerate(own) if _lowercase(word)]
            words += (own[i] for i in keep)
            flags += [caseless] * len(keep)
            ids += (first + i for i in keep)
        self._db = hs_cache.compiled(
            hs, words, flags, ids if len(ids) < len(self._lengths) else None
        )
        self._scratch_type = hs.Scratch
        self._local = threading.local()

    def find_all(self, haystack: bytes, own: bool = False) -> list[Match]:
        """Every overlapping match (of the first search's words only, if `own`), sorted."""
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = self._local.scratch = self._scratch_type(self._db)
        found: list[Match] = []
        add, lengths = found.append, self._lengths
        if own and self.names:
            last = self._own

            def on_match(index: int, _from: int, end: int, _flags: int, _context: object) -> None:
                if index < last:
                    add((index, end - lengths[index], end))

        else:

            def on_match(index: int, _from: int, end: int, _flags: int, _context: object) -> None:
                add((index, end - lengths[index], end))

        self._db.scan(haystack, match_event_handler=on_match, scratch=scratch)
        # Reported by end; at one end, in no promised order: put the longer (earlier) first.
        found.sort(key=_by_position)
        return found

    def find_split(self, clean: bytes) -> tuple[list[Match], dict[str, list[Match]]]:
        """One scan of `clean`: the first search's matches and each rider's, by name (each
        sorted as its own search would sort them: ids keep each search's word order)."""
        groups: list[list[Match]] = [[] for _ in range(len(self.names) + 1)]
        adds = [group.append for group in groups]
        where = self._where
        for index, start, end in self.find_all(clean):
            number, word = where[index]
            adds[number]((word, start, end))
        return groups[0], dict(zip(self.names, groups[1:], strict=True))


def _lowercase(data: bytes) -> bool:
    """Whether `data` holds no capital ASCII letter."""
    return data.lower() == data


def _rebuilt(args: tuple, lowered: bool, shared: bool) -> LiteralAutomaton:
    return LiteralAutomaton(*args, lowered=lowered, shared=shared)


def leftmost(found: list[Match]) -> list[Match]:
    """Non-overlapping matches from all of them (sorted by end, start, index): from the end
    of the last one taken, the first that ends, the longest of those (ahocorasick_rs's
    standard semantics)."""
    taken = []
    after = 0
    for match in found:
        if match[1] >= after:
            taken.append(match)
            after = match[2]
    return taken
