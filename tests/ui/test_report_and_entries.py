"""The window's File > Export report…, Log > New entry from this line…, and history."""

from __future__ import annotations

from tests.ui import window_support as support
from tests.ui.window_support import HANG, wait_idle, write_log
from triage_app.core import paths
from triage_app.core.history import History
from triage_app.ui.catalog.new_entry_dialog import NewEntryDialog
from triage_app.ui.log.report_dialog import ReportDialog
from triage_app.ui.window.dialogs import Dialogs

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def _open(qtbot, window, tmp_path):
    log = write_log(tmp_path / "train.log", error_at=5)
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    qtbot.waitUntil(lambda: window.tabs.current_document().scan_done is not None, timeout=HANG)
    return log


def test_scans_are_recorded_in_the_history_unless_turned_off(qtbot, window, tmp_path):
    assert window.actions.record_history.isChecked()
    _open(qtbot, window, tmp_path)

    def recorded():
        with History(paths.history_db_path()) as history:
            seen = history.entry("linux/test-disk-full")
            assert seen is not None and seen.times == 1

    qtbot.waitUntil(recorded, timeout=HANG)
    window.actions.record_history.setChecked(False)
    assert not window.settings.record_history()


def test_export_report_opens_a_preview_of_the_current_log(qtbot, window, tmp_path, monkeypatch):
    opened = []
    monkeypatch.setattr(ReportDialog, "open", lambda self: opened.append(self))
    _open(qtbot, window, tmp_path)
    window.actions.export_report.trigger()
    assert len(opened) == 1
    dialog = opened[0]
    qtbot.waitUntil(lambda: "hidden" in dialog.summary.text(), timeout=HANG)
    text = dialog.preview.toPlainText()
    assert "linux/test-disk-full" in text and "No space left on device" in text


def test_new_entry_needs_a_line_then_uses_it(qtbot, window, tmp_path, monkeypatch):
    opened = []
    monkeypatch.setattr(NewEntryDialog, "open", lambda self: opened.append(self))
    window.actions.new_entry.trigger()
    assert not opened  # no log: a message instead
    _open(qtbot, window, tmp_path)
    window.tabs.current_view().go_to_line(7)
    window.actions.new_entry.trigger()
    assert len(opened) == 1
    assert opened[0].line.endswith("INFO step 7 ok")
    opened[0].entry_saved.emit("local/x")
    assert paths.user_records_dir() in window.tabs.catalog_dirs


def test_clear_history_asks_first(qtbot, window, monkeypatch):
    with History(paths.history_db_path()) as history:
        history.record_scan("a.log", 1, ["x/one"])
    monkeypatch.setattr(Dialogs, "confirm", classmethod(lambda cls, *a: False))
    window.actions.clear_history.trigger()
    with History(paths.history_db_path()) as history:
        assert history.entry("x/one") is not None
    monkeypatch.setattr(Dialogs, "confirm", classmethod(lambda cls, *a: True))
    window.actions.clear_history.trigger()
    with History(paths.history_db_path()) as history:
        assert history.entry("x/one") is None


def test_entry_panel_shows_the_history(qtbot, window, tmp_path):
    _open(qtbot, window, tmp_path)
    with History(paths.history_db_path()) as history:
        history.record_scan("other.log", 1, ["linux/test-disk-full"])
    window.show_entry("linux/test-write-failed")  # the panel rebuilds on a change of entry
    window.show_entry("linux/test-disk-full")
    qtbot.waitUntil(lambda: "Seen " in _panel_text(window), timeout=HANG)
    assert ", last on " in _panel_text(window)


def _panel_text(window) -> str:
    from PySide6.QtWidgets import QLabel

    return " ".join(label.text() for label in window.entry_panel.findChildren(QLabel))


def test_provenance_section_names_sources_or_says_unverified(qtbot):
    from PySide6.QtWidgets import QWidget

    from tests.core.records_factory import make_record
    from triage_app.core.entry import Entry, compile_pattern
    from triage_app.ui.entry.provenance_section import provenance
    from triage_app.ui.entry.sections import Context

    parent = QWidget()
    qtbot.addWidget(parent)
    context = Context("en", parent, None, lambda url: None)

    def text(sources):
        record = make_record(provenance={"sources": sources})
        entry = Entry(record, "x.json", compile_pattern(record["regex"], False))
        return provenance(entry, context).text()

    assert "Unverified" in text([])
    shown = text(
        [
            {"kind": "upstream", "repo": "a/b", "path": "src/x.c", "ref": "v1.2.3"},
            {"kind": "issue", "url": "https://github.com/a/b/issues/1"},
            {"kind": "reproduced", "test": "tests/catalog/test_x.py::test_y"},
        ]
    )
    assert "printed by a/b: src/x.c @ v1.2.3" in shown
    assert 'href="https://github.com/a/b/issues/1"' in shown and "Unverified" not in shown
    assert "href" not in text([{"kind": "issue", "url": "javascript:alert(1)"}])  # text, no link
