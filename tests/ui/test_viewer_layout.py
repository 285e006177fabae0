"""Issue 13: the window is usable at 900 x 600 with the entry panel open, and
`--screenshot OUT.png --size WxH` renders it at that size."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from tests.ui import window_support as support
from tests.ui.test_app import run_window
from tests.ui.window_support import wait_idle, write_log
from triage_app import app
from triage_app.core import paths

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def test_screenshot_at_a_given_size(tmp_path):
    out = tmp_path / "narrow.png"
    log = str(paths.sample_log_path())
    result = run_window([log, "--screenshot", str(out), "--size", "900x600"], tmp_path)
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (900, 600)


@pytest.mark.parametrize("bad", ["900", "900x", "wide", "10x10", "900x600x2"])
def test_a_bad_size_is_one_clear_line(bad, capsys):
    with pytest.raises(SystemExit):
        app.build_parser().parse_args(["--size", bad])
    err = capsys.readouterr().err
    assert "expected WIDTHxHEIGHT" in err and "Traceback" not in err


def test_900_by_600_with_the_entry_panel_open(qtbot, window, tmp_path):
    window.open_paths([write_log(tmp_path / "run.log")])
    wait_idle(qtbot, window, tabs=1)
    window.resize(900, 600)
    qtbot.waitUntil(lambda: window.width() == 900, timeout=support.HANG)
    assert window.entry_dock.isVisible() and window.entry_panel.entry_id is not None
    assert window.minimumSizeHint().width() <= 900
    tree = window.matches_panel.tree
    assert tree.columnWidth(0) >= tree.width() // 2  # the user's line keeps the room
    window.tabs.close_view(window.tabs.current_view())  # the first screen fits too
    assert window.minimumSizeHint().width() <= 900
