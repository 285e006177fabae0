"""Stored Hyperscan databases: loaded only when authentic, the same answers either way."""

from __future__ import annotations

import random

import pytest

from triage_app.core import automaton, hs_cache
from triage_app.core.automaton import HYPERSCAN, LiteralAutomaton

pytestmark = pytest.mark.skipif(
    HYPERSCAN not in automaton.available_backends(), reason="no hyperscan wheel here"
)

WORDS = [b"error", b"connection refused", b"oom", b"\xc3\xa9chec", b"err"]


def _hs():
    return automaton._hyperscan()


def _haystack(seed: int = 5) -> bytes:
    rng = random.Random(seed)
    pieces = [*WORDS, b" ", b"\n", b"x", b"e", b"rr", b"\xc3"]
    return b"".join(rng.choice(pieces) for _ in range(20000))


def _search(words: list[bytes], haystack: bytes) -> list:
    search = LiteralAutomaton(words, 0, HYPERSCAN, hold=0)
    return search.find_matches_as_indexes(haystack, overlapping=True)


def _files(cache_dir):
    return sorted((cache_dir / "hyperscan").glob("*.hsdb"))


def test_a_stored_database_gives_the_same_matches(cache_dir) -> None:
    haystack = _haystack()
    built = _search(WORDS, haystack)
    assert built and len(_files(cache_dir)) == 1
    stamp = _files(cache_dir)[0].stat().st_mtime_ns
    assert _search(WORDS, haystack) == built  # loaded, not rebuilt
    assert _files(cache_dir)[0].stat().st_mtime_ns == stamp
    assert _search([*WORDS, b"xe"], haystack) != built  # other words: another file
    assert len(_files(cache_dir)) == 2


def test_the_cache_can_be_turned_off(cache_dir, monkeypatch) -> None:
    monkeypatch.setenv("TRIAGE_NO_CACHE", "1")
    haystack = _haystack()
    assert _search(WORDS, haystack)
    assert not (cache_dir / "hyperscan").exists()


@pytest.mark.parametrize("damage", ["flip-body", "flip-mac", "truncate", "foreign-key"])
def test_a_tampered_or_foreign_file_is_ignored_and_rebuilt(cache_dir, damage) -> None:
    haystack = _haystack(9)
    expected = _search(WORDS, haystack)
    (path,) = _files(cache_dir)
    raw = bytearray(path.read_bytes())
    if damage == "flip-body":
        raw[-100] ^= 0xFF
    elif damage == "flip-mac":
        raw[len(hs_cache.MAGIC) + 70] ^= 0x01
    elif damage == "truncate":
        raw = raw[: len(raw) // 2]
    else:  # a valid file of other words, put in this key's place
        other = hs_cache.database_key(_hs(), [b"abc"], [0])
        _search([b"abc"], haystack)
        raw = bytearray((cache_dir / "hyperscan" / f"{other[:40]}.hsdb").read_bytes())
    path.write_bytes(bytes(raw))
    key = hs_cache.database_key(_hs(), WORDS, [0] * len(WORDS))
    assert hs_cache.load(_hs(), path, key) is None
    assert _search(WORDS, haystack) == expected  # rebuilt, and stored again
    assert hs_cache.load(_hs(), path, key) is not None


def test_a_file_signed_with_another_users_key_is_ignored(cache_dir, tmp_path, monkeypatch) -> None:
    haystack = _haystack(2)
    _search(WORDS, haystack)
    (path,) = _files(cache_dir)
    key = hs_cache.database_key(_hs(), WORDS, [0] * len(WORDS))
    assert hs_cache.load(_hs(), path, key) is not None
    monkeypatch.setenv("TRIAGE_DATA_DIR", str(tmp_path / "someone-else"))  # another secret
    assert hs_cache.load(_hs(), path, key) is None


def test_the_key_covers_words_order_and_flags() -> None:
    hs = _hs()
    base = hs_cache.database_key(hs, [b"ab", b"c"], [0, 0])
    assert base == hs_cache.database_key(hs, [b"ab", b"c"], [0, 0])
    assert base != hs_cache.database_key(hs, [b"c", b"ab"], [0, 0])
    assert base != hs_cache.database_key(hs, [b"a", b"bc"], [0, 0])
    assert base != hs_cache.database_key(hs, [b"ab", b"c"], [0, hs.HS_FLAG_CASELESS])


def test_old_files_are_pruned(cache_dir) -> None:
    for n in range(5):
        _search([b"word%d" % n], b"x" * 5000)
    assert len(_files(cache_dir)) == 5
    hs_cache._prune(cache_dir / "hyperscan", keep=3)
    assert len(_files(cache_dir)) == 3
