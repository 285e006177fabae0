"""The whole-window language (issue 13: View > Language replaces the entry panel's own
switch, applied at start and remembered) and About (version, catalogue size, content hash)."""

from __future__ import annotations

import json

from PySide6.QtWidgets import QMessageBox

from tests.ui import window_support as support
from triage_app import __version__
from triage_app.core.catalog import load_catalog
from triage_app.ui.widgets.settings import Settings
from triage_app.ui.window.language import install_language
from triage_app.ui.window.main_window import MainWindow

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def test_a_chinese_start_turns_the_whole_window_chinese(qtbot, qapp, records_dir, notes_store):
    assert install_language(qapp, "zh")
    try:
        win = MainWindow(load_catalog([records_dir]), [records_dir], notes_store)
        qtbot.addWidget(win)
        assert win.actions.find.text() == "查找(&F)…"
        menus = [a.text() for a in win.menuBar().actions()]
        assert menus[:2] == ["文件(&F)", "日志(&L)"]
        assert win.tabs.tabText(0) == "目录"
        assert win.entry_panel.language == "zh"
        assert win.language.chinese.isChecked()
        assert win.entry_panel.english_button.isHidden()  # one switch: View > Language
        assert win.entry_panel.chinese_button.isHidden()
    finally:
        install_language(qapp, "en")
    assert (
        MainWindow(load_catalog([records_dir]), [records_dir], notes_store).actions.find.text()
        == "&Find…"
    )


def test_choosing_a_language_switches_the_whole_window_now_and_is_remembered(
    qtbot, qapp, window, tmp_path
):
    """No restart: menus, docks, tabs, panels and the log view's own widgets retranslate."""
    window.open_paths([support.write_log(tmp_path / "run.log")])
    support.wait_idle(qtbot, window, tabs=1)
    view = window.tabs.current_view()

    def menus() -> list[str]:
        return [a.text() for a in window.menuBar().actions()]

    english = menus()
    assert english[:2] == ["&File", "&Log"]
    assert window.language.english.isChecked() and window.entry_panel.language == "en"
    try:
        window.language.chinese.trigger()
        qtbot.waitUntil(lambda: menus()[:2] == ["文件(&F)", "日志(&L)"])
        assert Settings().ui_language() == "zh" and window.language.chinese.isChecked()
        assert window.entry_panel.language == "zh"
        assert window.actions.find.text() == "查找(&F)…"
        assert window.language.menu.title() == "语言(&L)"
        assert window.tabs.tabText(0) == "目录"
        assert window.entry_dock.windowTitle() == "条目"
        assert window.empty_state.open_button.text() == "打开日志…"
        assert view.find_bar.edit.placeholderText() != (
            "Find in log (Enter: next, Shift+Enter: previous)"
        )
        assert "扫描完成。" in window.matches_panel.summary.text()
        assert "中文" in window.banner.label.text()
        assert view.document.title == "run.log"  # a file name is never translated
        window.language.english.trigger()
        qtbot.waitUntil(lambda: menus() == english)
        assert Settings().ui_language() == "en" and window.entry_panel.language == "en"
        assert window.entry_dock.windowTitle() == "Entry"
        assert window.empty_state.open_button.text() == "Open a log…"
        assert view.find_bar.edit.placeholderText() == (
            "Find in log (Enter: next, Shift+Enter: previous)"
        )
        assert "Scan complete." in window.matches_panel.summary.text()
    finally:
        install_language(qapp, "en")


def test_about_shows_version_entries_and_content_hash(qtbot, window, monkeypatch, records_dir):
    shown = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box) or 0)
    window.actions.about.trigger()
    [box] = shown
    text = box.text() + "\n" + box.informativeText()
    digest = window.catalog.content_hash()
    assert f"Triage {__version__}" in text
    assert f"Catalogue: 2 entries, content hash {digest}." in text
    assert len(digest) == 16 and "<" not in text  # plain text, no markup
    # The hash is the records' content: the same records give the same hash, a change another.
    assert load_catalog([records_dir]).content_hash() == digest
    record = next(records_dir.rglob("test-write-failed.json"))
    data = json.loads(record.read_text(encoding="utf-8"))
    data["root_cause"] += " Edited."
    record.write_text(json.dumps(data), encoding="utf-8")
    assert load_catalog([records_dir]).content_hash() != digest
