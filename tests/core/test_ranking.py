"""Ranking keys in DESIGN.md's order: literals, version fit, sourced, confidence, id."""

from __future__ import annotations

from triage_app.core.ranking import is_sourced, rank_key, ranked
from triage_app.core.results import Candidate
from triage_app.core.version_fit import FITS, MISFIT, NO_DATA


def _c(entry_id: str, literal: int, confidence: float = 0.5, kind: str = "regex") -> Candidate:
    return Candidate(entry_id, entry_id, 1.0, kind, (0, 1), literal, confidence)


def _ids(candidates) -> list[str]:
    return [c.entry_id for c in candidates]


def test_literal_characters_come_first() -> None:
    broad, precise = _c("x/broad", 5, 0.9), _c("x/precise", 30, 0.1)
    fits = {"x/broad": FITS, "x/precise": MISFIT}
    order = ranked([broad, precise], fits=fits, sourced={"x/broad"})
    assert _ids(order) == ["x/precise", "x/broad"]


def test_version_fit_before_sourced_before_confidence() -> None:
    a, b, c, d = _c("a/a", 20, 0.9), _c("b/b", 20, 0.1), _c("c/c", 20, 0.5), _c("d/d", 20, 0.2)
    fits = {"a/a": MISFIT, "b/b": FITS, "c/c": NO_DATA, "d/d": NO_DATA}
    order = ranked([a, b, c, d], fits=fits, sourced={"d/d"})
    # b fits; then c and d know nothing, d is sourced; a's range does not fit the log.
    assert _ids(order) == ["b/b", "d/d", "c/c", "a/a"]


def test_confidence_then_id() -> None:
    order = ranked([_c("b/b", 10, 0.5), _c("a/a", 10, 0.5), _c("c/c", 10, 0.7)])
    assert _ids(order) == ["c/c", "a/a", "b/b"]


def test_fuzzy_never_beats_a_regex_match() -> None:
    fuzzy = _c("f/f", 0, 1.0, "fuzzy")
    order = ranked([fuzzy, _c("r/r", 1, 0.0)], fits={"f/f": FITS}, sourced={"f/f"})
    assert _ids(order) == ["r/r", "f/f"]
    assert rank_key(fuzzy, fits=FITS, sourced=True)[0] == 0


def test_is_sourced() -> None:
    assert is_sourced({"provenance": {"sources": [{"kind": "doc", "url": "u", "quote": "q"}]}})
    for record in ({}, {"provenance": None}, {"provenance": {"sources": []}}, {"provenance": []}):
        assert not is_sourced(record)
