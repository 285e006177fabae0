"""The literal prefilter must never lose a match: checked against `re` itself."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.literals import _FOLD, LiteralWeigher, fold, required_factor

WORKLOAD = (
    Path(__file__).resolve().parents[2].parent / "shared" / "data" / "workload-signatures.jsonl"
)


def test_fold_agrees_with_ignorecase_for_every_code_point():
    """Every character that IGNORECASE equates with an ASCII letter folds to the same thing."""
    every = "".join(chr(cp) for cp in range(sys.maxunicode + 1) if not 0xD800 <= cp <= 0xDFFF)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        for match in re.finditer(re.escape(letter), every, re.IGNORECASE):
            assert fold(match.group()) == letter, hex(ord(match.group()))


def test_fold_maps_every_character_by_the_table_in_one_step():
    """`fold` replaces the table's characters one after another; that must equal mapping each
    character once (`translate`): no character's canonical one is itself replaced."""
    every = "".join(chr(cp) for cp in range(sys.maxunicode + 1) if not 0xD800 <= cp <= 0xDFFF)
    every = every.replace("\u0130", "i")
    assert fold(every) == every.lower().translate(_FOLD)
    assert not set(_FOLD.values()) & set(_FOLD)
    mixed = "Bağlantı reddedildi: σύνδεση ſtraße µs \u1c80 " * 3
    assert fold(mixed) == mixed.lower().translate(_FOLD)


def test_fold_keeps_length():
    text = "İstanbul ſtraße KELVIN Ωmega ΣΑΣ"
    assert len(fold(text)) == len(text)


@pytest.mark.parametrize(
    ("regex", "expected"),
    [
        (r"RuntimeError: FSDP parameter mismatch", {"runtimeerror: fsdp parameter mismatch"}),
        (r"(?:CUDA out of memory|OutOfMemoryError)", {"cuda out of memory", "outofmemoryerror"}),
        (r"npm (?:ERR!|error) code ERESOLVE", {" code eresolve"}),
        (r".*error.*", {"error"}),
        (r"(ANR|x.*y)", None),
        (r"\d+\s+\w+", None),
        (r"ab", None),
    ],
)
def test_required_factor(regex, expected):
    found = required_factor(regex, re.IGNORECASE)
    assert (None if found is None else set(found)) == expected


def test_literal_weight_prefers_precise_patterns():
    broad = LiteralWeigher(r".*error.*", re.I)
    precise = LiteralWeigher(r"ModuleNotFoundError: No module named '[^']+'", re.I)
    assert precise.static > broad.static == 5


def test_literal_weight_uses_the_branch_that_matched():
    weigher = LiteralWeigher(r"(ANR|Application Not Responding)", re.I)
    text = "E/ActivityManager: Application Not Responding: com.example"
    match = re.search(
        weigher.branches[0][0].pattern + "|" + weigher.branches[1][0].pattern, text, re.I
    )
    assert weigher.weigh(text, match) == len("Application Not Responding")


def _workload_patterns() -> list[re.Pattern[str]]:
    if not WORKLOAD.exists():
        pytest.skip("shared workload file not present")
    patterns = []
    for row in WORKLOAD.read_text(encoding="utf-8").splitlines():
        try:
            patterns.append(re.compile(json.loads(row)["regex"], re.IGNORECASE))
        except re.error:
            continue
    return patterns


def test_factor_is_necessary_for_every_workload_signature():
    """For 2,000 real-world patterns: a matching signature contains one of the literals."""
    for row in WORKLOAD.read_text(encoding="utf-8").splitlines() if WORKLOAD.exists() else []:
        record = json.loads(row)
        try:
            pattern = re.compile(record["regex"], re.IGNORECASE)
        except re.error:
            continue
        factor = required_factor(pattern.pattern, pattern.flags)
        if factor is None:
            continue
        for text in (record["signature"], record["signature"].upper()):
            if pattern.search(text):
                assert any(lit in fold(text) for lit in factor), (record["id"], factor)


samples = st.text(alphabet=st.sampled_from(list("aAbBeErRoO: _İıſKk.*-09\n")), max_size=30)


@settings(max_examples=400, deadline=None)
@given(
    text=samples,
    regex=st.sampled_from(
        [
            r"error: \w+",
            r"(?i:Kelvin|ssl) ok",
            r"(?:bar|BAZ)[0-9]+e",
            r"ro+r",
            r"i[a-z]*sk",
            r"ab(?=cd)",
            r"(?:a|b)(?:rror|RRor)",
        ]
    ),
)
def test_factor_is_necessary_on_random_text(text, regex):
    pattern = re.compile(regex, re.IGNORECASE)
    factor = required_factor(regex, re.IGNORECASE)
    if factor is not None and pattern.search(text):
        assert any(lit in fold(text) for lit in factor)
