"""Result objects: plain `__slots__` classes whose hand-written `__init__` stays in step
with their fields, compared, hashed and pickled by value."""

from __future__ import annotations

import inspect
import pickle

import pytest

from triage_app.core.results import Candidate, LineMatch


@pytest.mark.parametrize("cls", [Candidate, LineMatch])
def test_init_takes_every_field_in_order(cls: type) -> None:
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in params] == list(cls.__slots__)
    assert not hasattr(cls("a", "b", 1.0, "regex", None), "__dict__")  # slots only


def test_results_compare_hash_and_pickle_by_value() -> None:
    cand = Candidate("a/b", "sig", 1.0, "regex", (0, 3), 3, 0.9, None, None, "cause")
    match = LineMatch(7, "boom", False, (cand,), "error")
    assert match == LineMatch(7, "boom", False, (cand,), "error")
    assert cand != cand.with_span((1, 3)) and cand == cand.with_span((0, 3))
    assert hash(cand) == hash(cand.with_span((0, 3)))
    assert len({match, match.with_candidates((cand,))}) == 1
    assert match != LineMatch(7, "boom", False, (cand,), "warning")
    assert match != (7, "boom", False, (cand,), "error")  # only its own class compares
    assert pickle.loads(pickle.dumps(match)) == match
    assert repr(cand).startswith("Candidate(entry_id='a/b', signature='sig', score=1.0,")


def test_the_copying_methods_change_only_what_they_name() -> None:
    one = Candidate("a/x", "sig x", 1.0, "regex", (3, 9), 6, 0.7, 1, "zh", "summary")
    two = Candidate("a/z", "sig z", 0.5, "fuzzy", None, 0, 0.4)
    match = LineMatch(9, "text", True, (one, two), "error", (8, 9), "joined\ntext")
    moved = one.with_span((0, 6))
    assert moved.span == (0, 6) and [
        getattr(moved, n) for n in Candidate.__slots__ if n != "span"
    ] == [getattr(one, n) for n in Candidate.__slots__ if n != "span"]

    def fields(m: LineMatch) -> dict:
        return {name: getattr(m, name) for name in LineMatch.__slots__}

    assert fields(match.with_candidates((two, one))) == {**fields(match), "candidates": (two, one)}
    assert fields(match.with_text("shown")) == {**fields(match), "text": "shown"}
    assert fields(match.with_event(None, None)) == {
        **fields(match),
        "event_lines": None,
        "event_text": None,
    }
    assert fields(match.shifted(100)) == {**fields(match), "line": 109, "event_lines": (108, 109)}
