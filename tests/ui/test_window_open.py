"""Opening logs: drops, refused drags, bad files, paste, recent files, encodings, gzip."""

from __future__ import annotations

import gzip
from pathlib import Path

from PySide6.QtCore import QMimeData, QUrl
from PySide6.QtGui import QGuiApplication

from tests.ui import window_support as support
from tests.ui.window_support import (
    HANG,
    drop_files,
    file_mime,
    send_drag_enter,
    send_drop,
    wait_idle,
    write_log,
)
from triage_app.ui.window.dialogs import Dialogs

records_dir = support.records_dir
notes_store = support.notes_store
window = support.window


def test_drop_of_two_files_opens_a_tab_each_and_finds_the_error(qtbot, window, tmp_path):
    first = write_log(tmp_path / "first.log", error_at=5)
    second = write_log(tmp_path / "second.log", error_at=9)
    mime = file_mime([first, second])

    enter = send_drag_enter(window, mime)
    assert enter.isAccepted()
    drop = send_drop(window, mime)
    assert drop.isAccepted()

    wait_idle(qtbot, window, tabs=2)
    titles = [window.tabs.tabText(window.tabs.indexOf(v)) for v in window.tabs.views()]
    assert titles == ["first.log", "second.log"]
    for doc, line in zip(window.tabs.documents(), (5, 9), strict=True):
        assert doc.line_count == 20
        assert doc.match_for_line(line).top.entry_id == "linux/test-disk-full"
        assert doc.lines_model.rowCount() == 20
    assert "20 lines" in window.status.facts.text()
    assert "utf-8" in window.status.facts.text()


def test_remote_url_is_refused_at_drag_enter(qtbot, window):
    mime = QMimeData()
    mime.setUrls([QUrl("https://example.com/build.log")])
    event = send_drag_enter(window, mime)
    assert not event.isAccepted()
    assert "Cannot drop" in window.status.currentMessage()
    assert window.tabs.log_count() == 0


def test_text_drag_is_refused_at_drag_enter(qtbot, window):
    mime = QMimeData()
    mime.setText("just some text")
    event = send_drag_enter(window, mime)
    assert not event.isAccepted()
    assert "only files" in window.status.currentMessage()


def test_dropping_a_folder_or_a_missing_file_says_so_and_changes_nothing(qtbot, window, tmp_path):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    missing = tmp_path / "missing.log"
    drop_files(window, [folder, missing])
    qtbot.waitUntil(lambda: "no such file" in window.banner.label.text(), timeout=HANG)
    assert "is a folder" in window.banner.label.text()
    assert window.banner.isVisible()
    assert window.tabs.log_count() == 0
    assert not window.tabs.pending_documents()
    assert window.stack.currentWidget() is window.empty_state


def test_dropping_a_binary_file_says_so_and_changes_nothing(qtbot, window, tmp_path):
    good = write_log(tmp_path / "good.log")
    window.open_paths([good])
    wait_idle(qtbot, window, tabs=1)
    binary = tmp_path / "model.bin"
    binary.write_bytes(bytes(range(256)) * 64)
    drop_files(window, [binary])
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=HANG)
    qtbot.waitUntil(lambda: not window.tabs.pending_documents(), timeout=HANG)
    assert "model.bin" in window.banner.label.text()
    assert window.tabs.log_count() == 1
    assert window.tabs.current_document().path == good


def test_paste_opens_an_unsaved_log_whose_file_goes_away_on_close(qtbot, window):
    QGuiApplication.clipboard().setText(
        "line one\n2026-01-01 ERROR OSError: [Errno 28] No space left on device\n"
    )
    window.actions.paste.trigger()
    wait_idle(qtbot, window, tabs=1)
    doc = window.tabs.current_document()
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Pasted log 1"
    assert doc.match_for_line(2) is not None
    temp = doc.path
    assert temp.exists()
    window.actions.close_tab.trigger()
    assert not temp.exists()
    assert window.tabs.log_count() == 0


def test_empty_clipboard_is_a_warning_not_a_tab(qtbot, window):
    QGuiApplication.clipboard().setText("")
    window.actions.paste.trigger()
    assert window.banner.isVisible()
    assert window.tabs.log_count() == 0 and not window.tabs.pending_documents()


def test_open_dialog_and_recent_files(qtbot, window, tmp_path, monkeypatch):
    log = write_log(tmp_path / "run.log")
    monkeypatch.setattr(Dialogs, "ask_open_files", classmethod(lambda cls, p, d: [str(log)]))
    window.actions.open.trigger()
    wait_idle(qtbot, window, tabs=1)
    assert window.settings.recent_files()[0] == str(log.absolute())
    window.actions.close_tab.trigger()
    assert window.empty_state.recent.count() == 1
    item = window.empty_state.recent.item(0)
    window.empty_state.recent.itemActivated.emit(item)
    wait_idle(qtbot, window, tabs=1)


def test_opening_an_open_file_again_shows_its_tab(qtbot, window, tmp_path):
    log = write_log(tmp_path / "run.log")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    assert window.open_paths([log]) == []
    assert window.tabs.log_count() == 1


def test_gzip_log_opens_like_any_other(qtbot, window, tmp_path):
    plain = write_log(tmp_path / "plain.log")
    packed = tmp_path / "build.log.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    window.open_paths([packed])
    wait_idle(qtbot, window, tabs=1)
    doc = window.tabs.current_document()
    assert doc.info.compression == "gzip"
    assert doc.line_count == 20
    assert doc.match_for_line(5) is not None
    assert "gzip" in window.status.facts.text()
    temp = doc._temp_path
    assert temp is not None and temp.exists()
    window.tabs.close_view(window.tabs.current_view())
    assert not temp.exists()


def test_a_compressed_log_is_decompressed_once_and_scanned_from_that_copy(
    qtbot, window, tmp_path, monkeypatch
):
    from triage_app.core import lineindex
    from triage_app.ui.log import document

    decompressions: list[int] = []
    scanned: list[Path] = []
    real_decompress, real_job = lineindex.decompress_to, document.ScanJob

    def counting_decompress(*args, **kwargs):
        decompressions.append(1)
        return real_decompress(*args, **kwargs)

    def recording_job(path, *args, **kwargs):
        scanned.append(Path(path))
        return real_job(path, *args, **kwargs)

    monkeypatch.setattr("triage_app.ui.workers.indexing.decompress_to", counting_decompress)
    monkeypatch.setattr(document, "ScanJob", recording_job)
    packed = tmp_path / "build.log.gz"
    packed.write_bytes(gzip.compress(write_log(tmp_path / "plain.log").read_bytes()))
    window.open_paths([packed])
    wait_idle(qtbot, window, tabs=1)
    doc = window.tabs.current_document()
    assert doc.match_for_line(5) is not None
    assert decompressions == [1] and scanned == [doc._temp_path]


def test_reopen_with_encoding_replaces_the_tab(qtbot, window, tmp_path, monkeypatch):
    log = tmp_path / "latin.log"
    log.write_bytes("caf\xe9 ERROR No space left on device\n".encode("cp1252"))
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    monkeypatch.setattr(Dialogs, "ask_encoding", classmethod(lambda cls, p, cur: "utf-16"))
    window.actions.reopen_encoding.trigger()
    wait_idle(qtbot, window, tabs=1)
    assert window.tabs.current_document().info.encoding == "utf-16"
    monkeypatch.setattr(Dialogs, "ask_encoding", classmethod(lambda cls, p, cur: "cp1252"))
    window.actions.reopen_encoding.trigger()
    wait_idle(qtbot, window, tabs=1)
    doc = window.tabs.current_document()
    assert doc.info.encoding == "cp1252"
    assert doc.lines_model.text(0).startswith("café")


def test_unknown_encoding_is_reported_and_the_tab_stays(qtbot, window, tmp_path, monkeypatch):
    log = write_log(tmp_path / "run.log")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    before = window.tabs.current_view()
    monkeypatch.setattr(Dialogs, "ask_encoding", classmethod(lambda cls, p, cur: "klingon"))
    window.actions.reopen_encoding.trigger()
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=HANG)
    assert "klingon" in window.banner.label.text()
    qtbot.waitUntil(lambda: not window.tabs.pending_documents(), timeout=HANG)
    assert window.tabs.current_view() is before


def test_window_state_and_theme_are_remembered(qtbot, window, tmp_path):
    window.resize(1000, 700)
    window.set_theme_mode("dark")
    window.close()
    from triage_app.ui.widgets.settings import Settings

    settings = Settings()
    assert settings.geometry() is not None
    assert settings.splitter_state() is not None
    assert settings.theme() == "dark"


def test_sample_log_from_the_first_screen(qtbot, window):
    window.empty_state.sample_button.click()
    wait_idle(qtbot, window, tabs=1)
    assert window.tabs.tabText(window.tabs.currentIndex()) == "sample-training-run.log"
    assert window.tabs.current_document().line_count > 100


def test_closing_a_tab_while_it_is_reopened_keeps_the_new_one(qtbot, window, tmp_path):
    log = write_log(tmp_path / "run.log")
    window.open_paths([log])
    wait_idle(qtbot, window, tabs=1)
    old = window.tabs.current_view()
    doc = window.tabs.reopen(old, "latin-1")
    window.tabs.close_view(old)
    wait_idle(qtbot, window, tabs=1)
    assert window.tabs.current_document() is doc
    assert doc.info.encoding == "iso8859-1"


def test_tabs_keep_drop_order_when_the_first_file_opens_last(qtbot, window, tmp_path):
    """A big compressed log dropped first finishes opening after a small one; its tab stays first."""
    import gzip

    big = tmp_path / "big.log.gz"
    with gzip.open(big, "wt", encoding="utf-8") as handle:
        for number in range(80_000):
            handle.write(f"2026-12-01 10:00:00 INFO step {number} loss {number % 97}\n")
    small = write_log(tmp_path / "small.log", error_at=3)

    mime = file_mime([big, small])
    assert send_drag_enter(window, mime).isAccepted()
    assert send_drop(window, mime).isAccepted()
    wait_idle(qtbot, window, tabs=2)
    titles = [window.tabs.tabText(window.tabs.indexOf(v)) for v in window.tabs.views()]
    assert titles == ["big.log.gz", "small.log"]
