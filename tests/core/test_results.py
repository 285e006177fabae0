"""Result objects: their hand-written `__init__` stays in step with their fields."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from triage_app.core.results import Candidate, LineMatch


@pytest.mark.parametrize("cls", [Candidate, LineMatch])
def test_init_takes_every_field_with_its_default(cls: type) -> None:
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    assert [p.default for p in params] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields
    ]


def test_results_stay_frozen_comparable_and_picklable() -> None:
    cand = Candidate("a/b", "sig", 1.0, "regex", (0, 3), 3, 0.9, None, None, "cause")
    match = LineMatch(7, "boom", False, (cand,), "error")
    assert match == LineMatch(7, "boom", False, (cand,), "error")
    assert hash(cand) == hash(dataclasses.replace(cand))
    assert dataclasses.replace(match, line=8).line == 8 and match.line == 7
    assert pickle.loads(pickle.dumps(match)) == match
    with pytest.raises(dataclasses.FrozenInstanceError):
        cand.span = (1, 2)  # type: ignore[misc]
    assert vars(match) == {f.name: getattr(match, f.name) for f in dataclasses.fields(match)}
