"""A log in which every line matches: the window keeps a capped number of full matches per
group, and still marks, filters and steps through every matched line."""

from __future__ import annotations

from tests.ui import window_support as support
from tests.ui.window_support import visible_text, wait_idle
from triage_app.core.match_index import DEFAULT_EXAMPLES
from triage_app.core.match_record import is_placeholder
from triage_app.ui.log.lines_model import LINE_NUMBER_ROLE, MATCH_ROLE
from triage_app.ui.log.matches_model import LINE_ROLE

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window

LINES = 450


def open_runaway(qtbot, window, tmp_path):
    """Every line has the disk-full error; every 50th the consequence instead."""
    rows = [
        f"2026-01-01 10:00:{n % 60:02d} ERROR checkpoint write failed: step {n}"
        if n % 50 == 0
        else f"2026-01-01 10:00:{n % 60:02d} ERROR OSError: [Errno 28] No space left on device"
        for n in range(1, LINES + 1)
    ]
    log = tmp_path / "runaway.log"
    log.write_text("\n".join(rows) + "\n", encoding="utf-8")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    return window.tabs.current_document(), window.tabs.current_view()


def test_the_window_keeps_a_capped_list_per_group_and_counts_the_rest(qtbot, window, tmp_path):
    doc, _view = open_runaway(qtbot, window, tmp_path)
    model = doc.matches_model
    assert doc.matched_count() == LINES
    assert model.group_count() == 2
    assert doc.kept_matches() <= DEFAULT_EXAMPLES * model.group_count()
    disk = next(model.index(r, 0) for r in range(2) if "No space" in model.index(r, 0).data())
    count = LINES - LINES // 50
    assert model.index(disk.row(), 1).data() == f"{count:,}"  # exact, though not all kept
    assert model.rowCount(disk) == DEFAULT_EXAMPLES + 1
    more = model.index(DEFAULT_EXAMPLES, 0, disk)
    assert more.data() == f"{count - DEFAULT_EXAMPLES:,} more lines"
    assert more.data(LINE_ROLE) == DEFAULT_EXAMPLES + 1  # the first line not kept
    assert "Likely first cause" in window.matches_panel.summary.text()
    assert f"{LINES:,} matched lines" in window.matches_panel.summary.text()
    _doc, view = doc, window.tabs.current_view()
    view.go_to_line(299)  # not kept: the entry panel quotes the line as shown
    assert "10:00:59 ERROR OSError: [Errno 28]" in visible_text(window.entry_panel)
    assert window.matches_panel.tree.currentIndex() == more  # its group's "more" row


def test_every_matched_line_is_marked_filtered_and_reached(qtbot, window, tmp_path):
    doc, view = open_runaway(qtbot, window, tmp_path)
    lines = doc.lines_model
    marks = [lines.data(lines.index(r, 0), MATCH_ROLE) for r in range(LINES)]
    assert all(m is not None for m in marks)
    assert sum(is_placeholder(m) for m in marks) >= LINES - 2 * DEFAULT_EXAMPLES
    assert {m.top.entry_id for m in marks[49::50]} == {"linux/test-write-failed"}
    reached = []
    view.go_to_line(1)
    for _ in range(LINES - 1):
        reached.append(view.next_match())
    assert reached == list(range(2, LINES + 1))
    assert view.next_match() == 1  # wraps
    assert view.next_match(backward=True) == LINES
    view.set_only_matched(True)
    shown = view.table.model()
    assert shown is doc.matched_model and shown.rowCount() == LINES
    assert [shown.index(r, 0).data(LINE_NUMBER_ROLE) for r in range(LINES)] == list(
        range(1, LINES + 1)
    )
    assert view.scrollbar.marker_pixels() == []  # the filtered view has no marks
    view.set_only_matched(False)
    view.scrollbar.set_markers(doc.record.rows, doc.record.fuzzy_rows, doc.line_count)
    assert view.scrollbar.marker_pixels() and all(
        regex for _y, regex in view.scrollbar.marker_pixels()
    )
