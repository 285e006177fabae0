"""A compressed log that expands past the limit (issue 11): the window says what happened,
opens nothing, and offers "Open anyway", which reads the whole log."""

from __future__ import annotations

import bz2

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle
from triage_app.core import decompress

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window

LINES = 4000
LINE = b"2026-01-01 10:00:00 INFO " + b"all quiet " * 100 + b"\n"


def test_a_bomb_is_refused_with_open_anyway(qtbot, window, tmp_path, monkeypatch):
    monkeypatch.setattr(decompress, "RATIO_FLOOR", 1024 * 1024)  # the check from 1 MiB on
    packed = tmp_path / "huge.log.bz2"
    packed.write_bytes(bz2.compress(LINE * LINES))  # ~4 MB from a few hundred bytes
    assert len(LINE * LINES) > 1000 * packed.stat().st_size
    window.open_paths([packed])
    banner = window.banner
    qtbot.waitUntil(lambda: banner.isVisible(), timeout=HANG)
    text = banner.label.text()
    assert "huge.log.bz2 expands more than 1000 times" in text
    assert "decompression bomb" in text and "--max-expand" not in text  # no CLI flag here
    assert window.tabs.log_count() == 0
    assert banner.action_button.text() == "Open anyway"
    banner.action_button.click()
    wait_idle(qtbot, window, tabs=1)
    doc = window.tabs.current_document()
    assert doc.path == packed and doc.line_count == LINES
    assert doc.info.compression == "bzip2"
