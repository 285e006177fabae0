"""A `triage-app batch` output opened in the window: a table of files and first causes."""

from __future__ import annotations

import json

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle, write_log
from triage_app.fleet import SCHEMA
from triage_app.ui.fleet.results_model import FIRST_CAUSE, ResultsModel
from triage_app.ui.fleet.results_view import BatchResultsView

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def _result(path, entry_ids, first=None, error=None):
    return {
        "schema": SCHEMA,
        "path": str(path),
        "lines": 20,
        "encoding": "utf-8",
        "compression": None,
        "error": error,
        "matches": [
            {"line": 5, "entry_id": e, "kind": "regex", "signature": "s", "score": 1.0}
            for e in entry_ids
        ],
        "first_cause": {"line": 5, "entry_id": first} if first else None,
    }


def _write_results(tmp_path):
    logs = [write_log(tmp_path / f"rank{i}.log", error_at=5) for i in range(3)]
    docs = [
        _result(
            logs[0], ["linux/test-disk-full", "linux/test-write-failed"], "linux/test-disk-full"
        ),
        _result(logs[1], ["linux/test-write-failed"], "linux/test-write-failed"),
        _result(logs[2], [], error="binary file"),
    ]
    out = tmp_path / "results.jsonl"
    out.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    return out, logs


def test_results_view_lists_files_and_filters_by_entry(qtbot, tmp_path, qtmodeltester):
    out, logs = _write_results(tmp_path)
    view = BatchResultsView(out)
    qtbot.addWidget(view)
    # The job starts with the view and may end before a wait for its signal is set up (a
    # busy machine): wait for what its result shows instead.
    qtbot.waitUntil(lambda: not view.job.running and view.filter.count() > 1, timeout=HANG)
    qtbot.waitUntil(lambda: view.model.rowCount() == 3, timeout=HANG)
    qtmodeltester.check(view.model)
    assert "3 files, 2 with a known error, 1 unreadable" in view.summary.text()
    causes = [view.model.index(r, FIRST_CAUSE).data() for r in range(3)]
    assert causes == ["linux/test-disk-full", "linux/test-write-failed", ""]
    entries = [view.filter.itemData(i) for i in range(view.filter.count())]
    assert entries[0] is None and entries[1] == "linux/test-write-failed"  # most files first
    view.filter.setCurrentIndex(entries.index("linux/test-disk-full"))
    assert view.proxy.rowCount() == 1
    with qtbot.waitSignal(view.open_log_requested, timeout=HANG) as blocker:
        view.table.doubleClicked.emit(view.proxy.index(0, 0))
    assert blocker.args == [str(logs[0]), 5]


def test_a_bad_results_file_says_why(qtbot, tmp_path):
    out = tmp_path / "results.jsonl"
    out.write_text(json.dumps({"schema": SCHEMA, "path": "a"}) + "\nnot json\n", encoding="utf-8")
    view = BatchResultsView(out)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: "Cannot read" in view.summary.text(), timeout=HANG)
    assert "line 2" in view.summary.text()


def test_window_opens_a_results_file_as_a_table_and_a_file_from_it(qtbot, window, tmp_path):
    out, logs = _write_results(tmp_path)
    window.open_paths([out])
    view = window.tabs.currentWidget()
    assert isinstance(view, BatchResultsView)
    qtbot.waitUntil(lambda: view.model.rowCount() == 3, timeout=HANG)
    view.table.doubleClicked.emit(view.proxy.index(0, 0))
    wait_idle(qtbot, window, tabs=1)
    assert [window.tabs.tabText(window.tabs.indexOf(v)) for v in window.tabs.views()] == [
        "rank0.log"
    ]
    index = window.tabs.indexOf(view)
    window.tabs.tabCloseRequested.emit(index)
    assert window.tabs.indexOf(view) == -1


def test_model_is_empty_until_rows_arrive(qtmodeltester):
    model = ResultsModel()
    qtmodeltester.check(model)
    assert model.rowCount() == 0
