"""The window's compact record of matches: the same groups as the full index, bounded."""

from __future__ import annotations

import pickle
import random
from array import array

from triage_app.core.match_batch import BatchMaker, CompactProgress, merge_progress
from triage_app.core.match_index import MatchIndex
from triage_app.core.match_record import MatchedLines, MatchRecord, _extended, is_placeholder
from triage_app.core.results import Candidate, LineMatch


def match(
    line: int, *entries: str, kind: str = "regex", severity: str = "ERROR", tie: bool = False
) -> LineMatch:
    candidates = tuple(
        Candidate(e, f"sig {e}", 1.0 if kind == "regex" else 0.8, kind, (0, 4), 4 - i * (not tie))
        for i, e in enumerate(entries)
    )
    return LineMatch(line, f"line {line} text", False, candidates, severity)


def many(count: int, seed: int = 1) -> list[LineMatch]:
    rng = random.Random(seed)
    out = []
    for line in range(1, count + 1):
        pick = rng.random()
        if pick < 0.6:
            out.append(match(line, "a/x"))
        elif pick < 0.8:
            out.append(match(line, "b/y", severity="INFO"))
        elif pick < 0.9:
            out.append(match(line, "c/z", "a/x"))
        elif pick < 0.97:
            out.append(match(line, "d/fuzzy", kind="fuzzy"))
        # else: no match on this line
    return out


def test_batches_give_the_groups_of_the_full_index_with_capped_examples():
    matches = many(5000)
    record, maker, table = MatchRecord(examples=5), BatchMaker(5), []
    for start in range(0, len(matches), 700):  # batches cross the pipe pickled
        batch = pickle.loads(pickle.dumps(maker.batch(matches[start : start + 700])))
        record.add_batch(batch, table)
    full = MatchIndex(examples=5)
    full.add(matches)
    got = [
        (g.entry_id, g.kind, g.count, g.first_line, g.last_line) for g in record.index().groups()
    ]
    want = [(g.entry_id, g.kind, g.count, g.first_line, g.last_line) for g in full.groups()]
    assert got == want
    for group, expected in zip(record.index().groups(), full.groups(), strict=True):
        assert [m.line for m in group.examples] == [m.line for m in expected.examples]
        assert group.more == group.count - 5 > 0  # counted, not kept
    assert len(record.kept()) <= 5 * 4  # at most the cap per class
    assert list(record.rows) == [m.line - 1 for m in matches]
    assert list(record.fuzzy_rows) == [m.line - 1 for m in matches if m.kind == "fuzzy"]
    for m in matches[::97]:  # every line still knows its top entry and kind
        found = record.match_at(m.line)
        assert (found.top.entry_id, found.kind) == (m.top.entry_id, m.kind)
        assert is_placeholder(found) == (found != m)
    assert record.match_at(10_000) is None


def test_stepping_reaches_every_matched_line_and_wraps():
    matches = many(800, seed=3)
    record = MatchRecord(examples=2)
    record.add_matches(matches)
    rows, row = [], -1
    for _ in range(len(matches)):
        row = record.next_row(row)
        rows.append(row)
    assert rows == [m.line - 1 for m in matches]
    assert record.next_row(row) == rows[0]  # wraps
    assert record.next_row(rows[0], backward=True) == rows[-1]
    lines = MatchedLines(record)
    assert len(lines) == len(matches) and list(lines) == [m.line for m in matches]
    assert matches[0].line in lines and lines[matches[0].line] is matches[0]


def test_kinds_between_tells_regex_from_fuzzy_ranges():
    record = MatchRecord()
    record.add_matches([match(2, "a/x"), match(5, "f/g", kind="fuzzy"), match(9, "a/x")])
    assert record.kinds_between(0, 3) == (True, False)
    assert record.kinds_between(3, 8) == (False, True)
    assert record.kinds_between(0, 10) == (True, True)
    assert record.kinds_between(9, 100) == (False, False)


def test_a_later_scan_numbers_its_classes_apart_and_old_rows_stay():
    record = MatchRecord(examples=3)
    record.add_matches([match(1, "a/x"), match(3, "b/y")])
    other, table = BatchMaker(3), []  # a second scan (a followed log's new lines)
    first, added = record.add_batch(other.batch([match(7, "b/y"), match(8, "e/n")]), table)
    assert (first, added) == (2, 2) and table == [1, 2]
    assert record.match_at(7).top.entry_id == "b/y" and record.match_at(8).top.entry_id == "e/n"
    first, added = record.add_batch(BatchMaker(3).batch([match(2, "a/x"), match(3, "e/n")]), [])
    assert added == 1 and list(record.rows) == [0, 1, 2, 6, 7]  # row 2 kept its class
    assert record.match_at(3).top.entry_id == "b/y"


def test_ranking_by_version_fit_moves_a_class_to_another_group():
    maker, record, table = BatchMaker(2), MatchRecord(examples=2), []
    matches = [match(n, "c/z", "a/x", tie=True) for n in range(1, 6)] + [match(6, "a/x")]
    record.add_batch(maker.batch(matches), table)
    assert [g.entry_id for g in record.index().groups()] == ["c/z", "a/x"]
    changed, moved = maker.rerank({"a/x": 2, "c/z": 0})  # a/x fits the stated versions
    assert [m.line for m in changed] == [1, 2] and [n for n, _ in moved] == [0]
    record.rerank(changed, moved, table)
    groups = record.index().groups()
    assert [(g.entry_id, g.count) for g in groups] == [("a/x", 6)]
    assert record.match_at(4).top.entry_id == "a/x"  # a line not kept follows its class
    assert record.match_at(1).candidates[0].entry_id == "a/x"


def test_progress_messages_merge_and_arrays_widen_past_their_type():
    maker = BatchMaker()
    one = CompactProgress(maker.batch([match(1, "a/x")]), 1, 10, 100)
    two = CompactProgress(maker.batch([match(2, "b/y")]), 2, 20, 100)
    both = merge_progress(one, two)
    assert list(both.batch.rows) == [0, 1] and both.bytes_done == 20
    assert len(both.batch.new_classes) == 2
    small = array("B", [1, 2])
    wide = _extended(small, [3, 300, 70_000])
    assert wide.typecode == "I" and list(wide) == [1, 2, 3, 300, 70_000]
    assert _extended(small, array("B", [3])) is small and list(small) == [1, 2, 3]
    record = MatchRecord()
    record.add_matches([match(n, f"e/{n}") for n in range(1, 301)])  # 300 classes
    assert record.classes.typecode == "H" and record.match_at(300).top.entry_id == "e/300"
