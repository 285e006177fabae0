"""Fuzzy guesses: comparing only the choices of a length that can reach the cut-off gives
the answers of comparing every choice; lines of one normalised wording are compared once."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz, process

from triage_app.core import fuzzy
from triage_app.core.fuzzy import FuzzyIndex, _sorted_tokens, normalise

WORDS = ["error", "widget", "broke", "at", "step", "cuda", "out", "of", "memory", "x", "ab"]
TEXT = st.lists(st.sampled_from(WORDS), min_size=1, max_size=9).map(" ".join)


def _every_choice(index: FuzzyIndex, line: str, min_score: float, limit: int) -> list:
    """The definition: `extract` over all choices, the best per entry."""
    query = _sorted_tokens(normalise(line))
    found = process.extract(
        query, index._choices, scorer=fuzz.ratio, score_cutoff=min_score * 100, limit=limit * 4
    )
    best: dict[str, float] = {}
    for _choice, score, at in found:
        owner = index._owners[at]
        best[owner] = max(best.get(owner, 0.0), score / 100)
    return sorted(best.items(), key=lambda item: (-item[1], item[0]))[:limit]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from("abcdefgh"), st.lists(TEXT, max_size=3)), max_size=12),
    st.lists(TEXT, min_size=1, max_size=8),
    st.sampled_from([0.0, 0.3, 0.6, 0.85, 0.9, 1.0]),
    st.integers(1, 5),
)
def test_candidates_are_those_of_comparing_every_choice(entries, lines, min_score, limit):
    index = FuzzyIndex((f"python/{name}", texts) for name, texts in entries)
    for line in lines:
        got = index.candidates(line, min_score, limit)
        assert got == _every_choice(index, line, min_score, limit)


def test_many_equal_choices_keep_extracts_order_of_ties():
    texts = [(f"python/e{i:02d}", ["widget broke at step"]) for i in range(30)]
    index = FuzzyIndex(texts)
    got = index.candidates("WidgetError: widget broke at step 3", 0.5, 5)
    assert got == _every_choice(index, "WidgetError: widget broke at step 3", 0.5, 5)
    assert [owner for owner, _ in got] == [f"python/e{i:02d}" for i in range(5)]


def _counting(index: FuzzyIndex, monkeypatch) -> list[str]:
    """The queries `index` really compares from now on."""
    compared: list[str] = []
    compare = index._compare

    def counted(query, min_score, limit):
        compared.append(query)
        return compare(query, min_score, limit)

    monkeypatch.setattr(index, "_compare", counted)
    return compared


def test_lines_of_one_wording_are_compared_once(monkeypatch):
    index = FuzzyIndex([("python/widget", ["WidgetError: the widget 'x' broke at step 4"])])
    compared = _counting(index, monkeypatch)
    lines = [
        f"2026-11-28 03:17:{n:02d} ERROR WidgetError: the widget '{name}' broke at step {n}"
        for n, name in ((1, "a"), (2, "spindle"), (40, "x"))
    ]
    for line in lines:
        assert index.candidates(line) == _every_choice(index, line, 0.85, 5) != []
    assert len(compared) == 1
    index.candidates(lines[0], 0.5, 5)  # another cut-off is another question
    assert len(compared) == 2


def test_a_kept_answer_is_not_changed_by_its_caller():
    index = FuzzyIndex([("python/widget", ["WidgetError: the widget 'x' broke at step 4"])])
    line = "WidgetError: the widget 'y' broke at step 9"
    first = index.candidates(line)
    first.clear()
    assert index.candidates(line) == _every_choice(index, line, 0.85, 5) != []


def test_kept_answers_stay_bounded(monkeypatch):
    monkeypatch.setattr(fuzzy, "KEPT_ANSWERS", 3)
    index = FuzzyIndex([("python/widget", ["WidgetError: the widget 'x' broke at step 4"])])
    for word in WORDS:
        line = f"WidgetError: the {word} widget broke"
        assert index.candidates(line, 0.3) == _every_choice(index, line, 0.3, 5)
        assert len(index._answers) <= 3
