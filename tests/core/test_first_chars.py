"""A pattern led by a look-ahead at its first characters finds exactly what the pattern finds
(`first_chars`), and the matcher's verification searches give the same hits with them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.first_chars import QuickSearches, first_class, quick_pattern
from triage_app.core.matcher import _QUICK, Matcher, Target

# Letters with more than two case equivalents under IGNORECASE (s/S/ſ, k/K/K), digits,
# punctuation that needs escaping in a class, and non-ASCII.
ALPHABET = "sSſkKKaA1 9-]^\\.:_éÉ信x\t"
ATOMS = [
    "s",
    "K",
    "ſ",
    "a",
    "1",
    r"\-",
    r"\]",
    r"\^",
    r"\\",
    r"\.",
    "é",
    "信",
    "[a-k]",
    "[^s]",
    r"[\d:]",
    r"\d",
    r"\w",
    r"\s",
    r"\S",
    r"\W",
    r"\D",
    ".",
    r"\b",
    "^",
    "$",
    "(?=s)",
    "(?<=a)",
]


REGEX = st.recursive(
    st.sampled_from(ATOMS),
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=4).map("".join),
        st.lists(inner, min_size=2, max_size=3).map("|".join),
        inner.map(lambda r: f"(?:{r})"),
        inner.map(lambda r: f"({r})"),
        st.tuples(inner, st.sampled_from(["?", "*", "+", "{0,2}", "{1,2}", "*?", "+?"])).map(
            lambda p: f"(?:{p[0]}){p[1]}"
        ),
    ),
    max_leaves=8,
)


def _found(pattern: re.Pattern[str], text: str) -> tuple | None:
    match = pattern.search(text)
    return None if match is None else (match.span(), match.groups())


@settings(max_examples=400, deadline=None)
@given(REGEX, st.text(ALPHABET, max_size=24), st.booleans())
def test_quick_pattern_finds_what_the_pattern_finds(regex: str, text: str, caseless: bool) -> None:
    pattern = re.compile(regex, re.IGNORECASE if caseless else 0)
    quick = quick_pattern(pattern)
    if quick is not None:
        assert quick.groups == pattern.groups
        assert _found(quick, text) == _found(pattern, text)


@pytest.mark.parametrize(
    ("regex", "expected"),
    [
        ("(Slow query|planMillis|command.*exceeded)", "[\\U00000053\\U00000063\\U00000070]"),
        (r"\d+ errors?", r"[\d]"),
        ("(?:x)?y", "[\\U00000078\\U00000079]"),
        ("a?", None),  # may match empty: the look-ahead would demand a character
        (r"\berror", None),  # an anchor first
        ("(?<=x)y", None),
        (".*error", None),
        ("[^a]b", None),
        ("(?-i:a)b", None),  # scoped flags
        ("(?x) a b", None),
    ],
)
def test_first_class(regex: str, expected: str | None) -> None:
    assert first_class(regex, re.IGNORECASE) == expected


def test_quick_pattern_keeps_what_it_cannot_wrap() -> None:
    assert quick_pattern(re.compile("(?i)error")) is None  # a global flag must lead
    assert quick_pattern(re.compile(rb"error")) is None  # bytes patterns are not ours


def test_quick_searches_upgrade_after_the_tries() -> None:
    patterns = [re.compile("abc|xyz", re.I), re.compile(r"\bword", re.I)]
    quick = QuickSearches(patterns, after=3)
    assert quick.search[0] == patterns[0].search
    quick.upgrade(0)
    quick.upgrade(1)
    assert quick.search[0] != patterns[0].search  # the look-ahead form
    assert quick.search[0]("..XYZ").span() == (2, 5)
    assert quick.search[1] == patterns[1].search  # none: its own pattern


def _catalogue_cases() -> list[tuple[re.Pattern[str], list[str]]]:
    cases = []
    for entry in load_catalog(default_catalog_dirs()):
        texts = [entry.signature, *entry.get("examples", [])]
        cases.append((entry.pattern, texts))
        for variant in entry.get("variants", []):
            if isinstance(variant, dict) and isinstance(variant.get("regex"), str):
                try:
                    cases.append((re.compile(variant["regex"], re.IGNORECASE), texts))
                except re.error:
                    continue
    return cases


def test_catalogue_patterns_find_the_same_with_their_look_ahead() -> None:
    """Every bundled pattern on its entry's own lines, and on them shifted and lowered."""
    cases = _catalogue_cases()
    wrapped = 0
    for pattern, texts in cases:
        quick = quick_pattern(pattern)
        if quick is None:
            continue
        wrapped += 1
        for text in texts:
            for variant in (text, "x " + text, text.lower(), text.upper(), text[1:]):
                assert _found(quick, variant) == _found(pattern, variant), pattern.pattern
    assert wrapped > len(cases) // 2  # most catalogue patterns get one


def test_workload_patterns_find_the_same_with_their_look_ahead() -> None:
    path = next(
        (
            folder / "shared" / "data" / "workload-signatures.jsonl"
            for folder in Path(__file__).resolve().parents
            if (folder / "shared" / "data" / "workload-signatures.jsonl").exists()
        ),
        None,
    )
    if path is None:
        pytest.skip("no shared workload data here")
    for row in path.read_text(encoding="utf-8").splitlines()[:800]:
        record = json.loads(row)
        try:
            pattern = re.compile(record["regex"], re.IGNORECASE)
        except re.error:
            continue
        quick = quick_pattern(pattern)
        if quick is not None:
            text = record["signature"]
            for variant in (text, "[x] " + text, text.swapcase()):
                assert _found(quick, variant) == _found(pattern, variant)


def test_matcher_hits_are_the_same_once_targets_are_upgraded() -> None:
    targets = [
        Target.compile("a/slow", "slow", "(Slow query|planMillis|command.*exceeded)"),
        Target.compile("a/ld", "ld", r"\bld\b.*error|undefined reference"),
        Target.compile("a/num", "num", r"(\d+) errors?"),
    ]
    matcher = Matcher(targets)
    lines = [
        "WARN slow query (12 ms)",
        "ld: error: x",
        "3 errors, then COMMAND took 5s, exceeded",
        "nothing here",
    ] * 20
    every = list(range(len(matcher.targets)))
    for line in lines:  # tried often enough for every target to be upgraded on the way
        got = [(i, m.span(), m.groups()) for i, m in matcher.regex_hits(line, every)]
        want = [(i, m.span(), m.groups()) for i, m in matcher.regex_hits(line)]
        assert got == want
    assert _QUICK[matcher].left == [-1] * len(targets)  # all upgraded: the test saw them
