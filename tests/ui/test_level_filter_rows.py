"""The level filter's rows stay compact on big logs (issue 12: a 1 GB log has ten million
lines): a bit a line for the rows shown, a byte for the level, 2 for the time where it fits;
whether a row matched asked of the match record (never a list or a set per row), the rows
found off the GUI thread, the same rows as the filter's definition, and a followed log's new
lines appended."""

from __future__ import annotations

import sys
import tracemalloc
from array import array
from pathlib import Path

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle
from triage_app.core import severity
from triage_app.ui.workers.levels import CODES, NO_LEVEL
from triage_app.ui.workers.stamps import BLOCK

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window

ROWS = 100_000
DISK_FULL = "ERROR OSError: [Errno 28] No space left on device"


def line(n: int) -> str:
    """Line `n` (0-based): a stamped info, warning or error line, or a traceback line (no
    level, no time: it takes its previous line's); every 50th a matched error."""
    stamp = f"2026-01-01 {10 + n // 36_000:02d}:{n // 600 % 60:02d}:{n // 10 % 60:02d}"
    if n % 50 == 7:
        return f"{stamp} {DISK_FULL}"
    if n % 13 == 5:
        return f'  File "train.py", line {n}, in <module>'
    return f"{stamp} {('INFO', 'WARN', 'ERROR')[n % 3]} step {n} done"


def open_big_log(qtbot, window, tmp_path: Path, rows: int = ROWS):
    log = tmp_path / "big.log"
    log.write_text("".join(line(n) + "\n" for n in range(rows)), encoding="utf-8")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    view = window.tabs.current_view()
    view.level_filter.read_levels()
    qtbot.waitUntil(lambda: view.level_filter.rows_read == rows, timeout=HANG * 4)
    return log, view


def expected(view, levels, time_range=None, rows=None) -> list[int]:
    """The filter's definition, one row at a time."""
    lf = view.level_filter
    allowed = {CODES[level] for level in levels} | {NO_LEVEL}
    rows = range(len(lf._codes)) if rows is None else rows
    return [
        r
        for r in rows
        if lf._codes[r] in allowed
        and (time_range is None or time_range[0] <= lf._stamps[r] <= time_range[1])
    ]


def filtered(qtbot, view, change) -> None:
    """Make `change` to the filter, then wait for the rows its job finds."""
    change()
    qtbot.waitUntil(lambda: not view.level_filter.filtering, timeout=HANG)


def test_filters_keep_a_bit_a_line_and_levels_and_times_a_few_bytes(qtbot, window, tmp_path):
    _log, view = open_big_log(qtbot, window, tmp_path)
    lf, doc = view.level_filter, view.document
    # Levels and times of every line: 1 byte and 2 (seconds within 18 h of a block's
    # first; an array of floats takes 8).
    assert isinstance(lf._codes, bytearray) and len(lf._codes) == ROWS
    stamps = lf._stamps
    full = stamps._blocks  # and the growing last block: 8 bytes a line
    kept = sum(sys.getsizeof(b.steps) for b in full)
    assert len(stamps) == ROWS and len(full) == ROWS // BLOCK and kept / (len(full) * BLOCK) < 2.03
    most = frozenset({severity.ERROR, severity.WARNING, severity.INFO})  # all but debug
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        filtered(qtbot, view, lambda: view.set_levels(most))
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # Everything the filter built, temporaries freed: a bit a line of the log (12.5 KB), where
    # a byte a line took 100 KB, an array of the rows shown 400 KB, a list of ints 4 MB;
    # besides, the rows of one chunk the view painted (16 KB) and the job's objects.
    assert lf.model.rowCount() == ROWS and held < 80_000, held
    filtered(qtbot, view, lambda: view.set_levels(frozenset({severity.ERROR})))
    model = lf.model
    shown = model.source_rows()
    assert isinstance(shown, array) and list(shown) == expected(view, {severity.ERROR})
    assert model.rowCount() == len(shown) > ROWS // 3
    assert [model.source_row(r) for r in (0, 1, len(shown) - 1)] == [
        shown[0],
        shown[1],
        shown[-1],
    ]
    assert model.row_for_source(shown[500]) == 500 and model.row_for_source(shown[500] + 1) in (
        None,
        501,
    )
    matched = [r for r in shown if doc.match_for_line(r + 1) is not None]
    assert len(matched) == ROWS // 50 and all(not model.is_context(r) for r in matched)
    assert model.is_context(shown[0]) and shown[0] not in matched


def test_time_range_and_only_matched_give_the_rows_of_the_definition(qtbot, window, tmp_path):
    _log, view = open_big_log(qtbot, window, tmp_path)
    lf, doc = view.level_filter, view.document
    first, last = lf.stamp_span()
    span = (first + 600.0, first + 1800.5)
    filtered(qtbot, view, lambda: view.set_time_range(span))
    filtered(qtbot, view, lambda: view.set_levels(frozenset({severity.ERROR, severity.WARNING})))
    wanted = expected(view, {severity.ERROR, severity.WARNING}, span)
    assert 0 < len(wanted) < ROWS and list(lf.model.source_rows()) == wanted
    window.actions.only_matched.setChecked(True)
    window.filter_actions.context[2].trigger()
    around = doc.matched_model.source_rows()
    wanted = expected(view, {severity.ERROR, severity.WARNING}, span, around)
    assert 0 < len(wanted) < len(around)
    qtbot.waitUntil(lambda: list(lf.model.source_rows()) == wanted, timeout=HANG)
    assert isinstance(lf.model.source_rows(), array)
    assert [r for r in wanted if not lf.model.is_context(r)] == [
        r for r in wanted if doc.match_for_line(r + 1) is not None
    ]


def test_a_followed_log_appends_the_rows_its_new_lines_let_through(qtbot, window, tmp_path):
    log, view = open_big_log(qtbot, window, tmp_path, rows=2000)
    lf, doc = view.level_filter, view.document
    window.actions.follow.setChecked(True)
    filtered(qtbot, view, lambda: view.set_levels(frozenset({severity.ERROR})))
    model = lf.model
    before = model.rowCount()
    with log.open("a", encoding="utf-8") as out:
        out.write("".join(line(n) + "\n" for n in range(2000, 2100)))
    qtbot.waitUntil(lambda: lf.rows_read == 2100, timeout=HANG)
    qtbot.waitUntil(lambda: model.rowCount() == len(expected(view, {severity.ERROR})), timeout=HANG)
    assert lf.model is model and model.rowCount() > before and doc.line_count == 2100
    assert isinstance(model.source_rows(), array)
    assert list(model.source_rows()) == expected(view, {severity.ERROR})
    qtbot.waitUntil(lambda: doc.match_for_line(2058) is not None, timeout=HANG)  # scanned
    assert not model.is_context(2057) and model.is_context(2056)
