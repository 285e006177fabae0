"""Every model passes Qt's model tester, also while it grows and re-orders."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPersistentModelIndex, Qt

from triage_app.core.lineindex import LineIndex
from triage_app.core.match_record import MatchRecord
from triage_app.core.results import Candidate, LineMatch
from triage_app.ui.log.lines_model import (
    DISPLAY_CAP,
    LINE_NUMBER_ROLE,
    MATCH_ROLE,
    LogLinesModel,
    MatchedLinesModel,
    display_text,
)
from triage_app.ui.log.matches_model import ENTRY_ID_ROLE, LINE_ROLE, MatchesModel


def match(line: int, entry_id: str, kind: str = "regex", score: float = 1.0) -> LineMatch:
    span = (0, 4) if kind == "regex" else None
    candidate = Candidate(entry_id, f"signature of {entry_id}", score, kind, span, 4, 0.5)
    return LineMatch(line, f"text of line {line}", False, (candidate,))


@pytest.fixture
def index(tmp_path: Path):
    path = tmp_path / "log.txt"
    path.write_bytes(b"".join(b"\x1b[31mline %d\x1b[0m\r\n" % n for n in range(1, 101)))
    idx = LineIndex(path, "utf-8")
    yield idx
    idx.close()


def test_log_lines_model(qtmodeltester, index):
    matches = {3: match(3, "a/x")}
    model = LogLinesModel(index, matches.get)
    qtmodeltester.check(model)
    builder = index.build(chunk_bytes=64)
    next(builder)
    model.set_row_count(len(index))
    for _count in builder:
        model.set_row_count(len(index))
    assert model.rowCount() == 100
    assert model.data(model.index(0, 0)) == "line 1"  # ANSI codes and \r removed
    assert model.data(model.index(99, 0), LINE_NUMBER_ROLE) == 100
    assert model.data(model.index(2, 0), MATCH_ROLE) is matches[3]
    assert model.data(model.index(1, 0), MATCH_ROLE) is None
    qtmodeltester.check(model)
    model.detach()
    assert model.rowCount() == 0


def test_matched_lines_model(qtmodeltester, index):
    index.build_all()
    record = MatchRecord()
    source = LogLinesModel(index, record.match_at)
    source.set_row_count(len(index))
    model = MatchedLinesModel(source, record)
    qtmodeltester.check(model)
    for line in (10, 40, 2):  # out of order on purpose
        model.rows_recorded(*record.add_matches([match(line, "a/x")]))
    # the scan can be ahead of the index; a line recorded twice is shown once
    model.rows_recorded(*record.add_matches([match(150, "a/y"), match(150, "a/y")]))
    qtmodeltester.check(model)
    assert [model.data(model.index(r, 0), LINE_NUMBER_ROLE) for r in range(4)] == [2, 10, 40, 150]
    assert model.data(model.index(1, 0)) == "line 10"
    assert model.data(model.index(3, 0)) == "text of line 150"
    assert model.row_for_source(39) == 2
    assert model.row_for_source(5) is None


def test_matches_model_groups_and_reorders(qtmodeltester):
    causes = {"b/cause": {"a/effect"}}
    model = MatchesModel(causes)
    qtmodeltester.check(model)
    model.add_matches([match(2, "a/effect"), match(3, "c/fuzzy", "fuzzy", 0.91)])
    persistent = QPersistentModelIndex(model.index(0, 0))
    assert persistent.data(ENTRY_ID_ROLE) == "a/effect"
    model.add_matches([match(8, "b/cause"), match(9, "a/effect"), match(12, "b/cause")])
    qtmodeltester.check(model)
    ids = [model.index(r, 0).data(ENTRY_ID_ROLE) for r in range(model.rowCount())]
    assert ids == ["b/cause", "a/effect", "c/fuzzy"]  # cause first, fuzzy guesses last
    assert persistent.row() == 1 and persistent.data(ENTRY_ID_ROLE) == "a/effect"
    effect = model.index(1, 0)
    assert model.rowCount(effect) == 2
    assert model.index(1, 2).data() == "2–9"
    assert model.index(2, 3).data() == "fuzzy 91%"
    child = model.index(1, 0, effect)
    assert child.data(LINE_ROLE) == 9 and child.parent() == effect
    assert model.index_for_line(12).data(LINE_ROLE) == 12
    assert model.first_cause() == ("b/cause", 8)
    assert model.index(0, 0).data(Qt.ItemDataRole.FontRole).bold()


def test_display_text_keeps_offsets_and_caps_long_lines():
    assert display_text("\x1b[1mab\x1b[0m\rcd") == "ab cd"
    long = display_text("x" * (DISPLAY_CAP + 10))
    assert long.startswith("x" * DISPLAY_CAP) and "10 more characters" in long
