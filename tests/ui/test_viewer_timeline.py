"""A merged timeline of several logs (issue 13): one tab, lines in time order across the
files, each numbered by its own file, scanned as one so the first cause across ranks is first."""

from __future__ import annotations

import gzip

from tests.ui import window_support as support
from tests.ui.window_support import wait_idle
from triage_app.ui.log.matches_model import ENTRY_ID_ROLE, LINE_ROLE
from triage_app.ui.window.dialogs import Dialogs

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def rank_logs(tmp_path):
    """Four ranks; rank 2 runs out of disk at 10:00:04, the others fail to write later."""
    paths = []
    for rank in range(4):
        lines = [f"2026-01-01 10:00:0{s} INFO rank{rank} step {s} ok" for s in range(0, 9, 3)]
        if rank == 2:
            lines.insert(2, "2026-01-01 10:00:04 ERROR OSError: [Errno 28] No space left on device")
        else:
            lines.append(
                f"2026-01-01 10:00:0{7 + rank % 2} ERROR checkpoint write failed: rank{rank}"
            )
        path = tmp_path / f"rank{rank}.log"
        data = ("\n".join(lines) + "\n").encode()
        if rank == 3:
            path = tmp_path / "rank3.log.gz"
            data = gzip.compress(data)
        path.write_bytes(data)
        paths.append(path)
    return paths


def test_four_rank_logs_as_one_timeline(qtbot, window, tmp_path, monkeypatch):
    paths = rank_logs(tmp_path)
    monkeypatch.setattr(
        Dialogs, "ask_open_files", classmethod(lambda cls, p, d: [str(x) for x in paths])
    )
    window.timeline.open_files.trigger()
    wait_idle(qtbot, window, tabs=1)
    doc = window.tabs.current_document()
    assert doc.title == "Timeline of 4 logs" and doc.line_count == 16
    text = [doc.lines_model.text(r) for r in range(doc.line_count)]
    assert text[:4] == [f"2026-01-01 10:00:00 INFO rank{r} step 0 ok" for r in range(4)]
    assert text.index("2026-01-01 10:00:04 ERROR OSError: [Errno 28] No space left on device") == 8
    first = doc.matches_model.first_cause()
    assert first is not None and first[0] == "linux/test-disk-full" and first[1] == 9
    model = window.matches_panel.tree.model()
    assert model.index(0, 0).data(ENTRY_ID_ROLE) == "linux/test-disk-full"
    assert model.index(0, 0).data(LINE_ROLE) == 9
    view = window.tabs.current_view()
    assert view.delegate.origin(8) == ("rank2", 3)  # its own file and line in the gutter
    assert view.delegate.origin(15) == ("rank3", 4)
    window.tabs.close_view(view)
    assert not doc.path.exists()  # the merged file goes with its tab


def test_merge_open_logs_and_a_clear_message_for_one_log(qtbot, window, tmp_path):
    paths = rank_logs(tmp_path)[:2]
    window.open_paths(paths)
    wait_idle(qtbot, window, tabs=2)
    window.timeline.merge_open.trigger()
    wait_idle(qtbot, window, tabs=3)
    assert window.tabs.current_document().title == "Timeline of 2 logs"
    window.timeline.merge(paths[:1])
    assert "two or more logs" in window.banner.label.text()
