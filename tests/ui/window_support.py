"""Shared pieces of the window tests: a small catalogue, logs, a window, synthetic drops."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QLabel, QTextBrowser, QTextEdit, QWidget

from triage_app.core.catalog import load_catalog
from triage_app.ui.window.main_window import MainWindow

HANG = 60_000  # ms: only to detect a hang, never a timing expectation

DISK_FULL = {
    "id": "linux/test-disk-full",
    "signature": "OSError: [Errno 28] No space left on device",
    "regex": r"No space left on device",
    "domain": "linux",
    "category": "resource_exhausted",
    "root_cause": "The filesystem holding the checkpoint directory ran out of free blocks.",
    "confidence": 0.9,
    "transition_graph": {"leads_to": ["linux/test-write-failed"]},
}
WRITE_FAILED = {
    "id": "linux/test-write-failed",
    "signature": "checkpoint write failed",
    "regex": r"checkpoint write failed",
    "domain": "linux",
    "category": "runtime_error",
    "root_cause": "Writing the checkpoint did not complete.",
    "confidence": 0.8,
}


def write_log(path: Path, error_at: int = 5, lines: int = 20) -> Path:
    """A small log whose line `error_at` (1-based) has the disk-full error; a consequence
    (checkpoint write failed) comes first, at line 2, to test the causal order."""
    out = []
    for n in range(1, lines + 1):
        if n == 2:
            out.append("2026-01-01 10:00:02 ERROR checkpoint write failed: step 10")
        elif n == error_at:
            out.append("2026-01-01 10:00:05 ERROR OSError: [Errno 28] No space left on device")
        else:
            out.append(f"2026-01-01 10:00:{n:02d} INFO step {n} ok")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def records_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "records" / "linux"
    folder.mkdir(parents=True)
    for record in (DISK_FULL, WRITE_FAILED):
        slug = record["id"].split("/")[1]
        (folder / f"{slug}.json").write_text(json.dumps(record), encoding="utf-8")
    return folder.parent


@pytest.fixture
def notes_store(tmp_path: Path):
    from triage_app.core.notes import NotesStore

    store = NotesStore(tmp_path / "notes.json")
    yield store
    store.close()


@pytest.fixture
def window(qtbot, records_dir: Path, notes_store) -> MainWindow:
    catalog = load_catalog([records_dir])
    win = MainWindow(catalog, [records_dir], notes_store)
    qtbot.addWidget(win)
    win.show()
    return win


def wait_idle(qtbot, window: MainWindow, tabs: int | None = None) -> None:
    """Wait until nothing is opening and every log is indexed and scanned."""

    def check() -> None:
        assert not window.tabs.pending_documents()
        if tabs is not None:
            assert window.tabs.log_count() == tabs
        assert all(not doc.busy for doc in window.tabs.documents())

    qtbot.waitUntil(check, timeout=HANG)


def file_mime(paths: list[Path]) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def _send_drag_event(widget: QWidget, event_type, mime: QMimeData):
    event = event_type(
        QPointF(30, 30),
        Qt.DropAction.CopyAction | Qt.DropAction.MoveAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, event)
    return event


def send_drag_enter(widget: QWidget, mime: QMimeData) -> QDragEnterEvent:
    return _send_drag_event(widget, QDragEnterEvent, mime)


def send_drop(widget: QWidget, mime: QMimeData) -> QDropEvent:
    return _send_drag_event(widget, QDropEvent, mime)


def visible_text(widget: QWidget) -> str:
    """Every piece of text the widget and its children show (labels, text views)."""
    parts = []
    for child in [widget, *widget.findChildren(QWidget)]:
        if isinstance(child, QLabel):
            parts.append(child.text())
        elif isinstance(child, QTextEdit | QTextBrowser):
            parts.append(child.toPlainText())
    return "\n".join(parts)


def drop_files(widget: QWidget, paths: list[Path]) -> QDropEvent:
    """Drag `paths` over `widget` and drop them, as a file manager would."""
    mime = file_mime(paths)
    send_drag_enter(widget, mime)
    return send_drop(widget, mime)


def info_lines(first: int, count: int) -> str:
    """Healthy INFO lines numbered from `first` (a followed log's growth)."""
    return "".join(f"2026-01-01 10:00:00 INFO step {n} ok\n" for n in range(first, first + count))
