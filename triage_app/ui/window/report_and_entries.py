"""The shell's part in three features that span wings: File > Export report…, Log > New
entry from this line…, and recording what scans found in the local history."""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from collections.abc import Iterator

from PySide6.QtCore import QObject

from triage_app.core import paths
from triage_app.core.history import History
from triage_app.core.match_index import FirstCause
from triage_app.core.scan import FileResult
from triage_app.ui.catalog.new_entry_dialog import NewEntryDialog
from triage_app.ui.log.document import LogDocument
from triage_app.ui.log.phase import Phase
from triage_app.ui.log.report_dialog import ReportDialog
from triage_app.ui.widgets.dialog_title import fit_title
from triage_app.ui.window.dialogs import Dialogs

MAX_TEST_LINES = 200_000


def file_result(doc: LogDocument) -> FileResult:
    """What the window knows of a scanned log, shaped like the CLI's result."""
    cause = doc.matches_model.first_cause()
    info = getattr(doc, "info", None)
    return FileResult(
        path=doc.title,
        lines=doc.line_count,
        encoding=info.encoding if info else None,
        compression=info.compression if info else None,
        matches=doc.record.kept(),  # the lines kept as examples; `groups` counts them all
        groups=doc.record.index(),
        first_cause=FirstCause(cause[1], cause[0]) if cause else None,
    )


def log_lines(doc: LogDocument) -> Iterator[str]:
    """The document's lines for a live pattern test (called on a worker thread); stops
    quietly when the log is closed meanwhile (the test then covers what was read)."""
    index = getattr(doc, "index", None)
    if index is None:
        return
    count = min(len(index), MAX_TEST_LINES)
    for start in range(0, count, 5000):
        try:
            batch = index.lines(start, min(count, start + 5000))
        except (ValueError, OSError):
            return
        yield from batch


class ReportAndEntries(QObject):
    """Connected by the main window; holds no state but the window."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self._recorded: set[int] = set()
        a = window.actions
        a.export_report.triggered.connect(self.export_report)
        a.new_entry.triggered.connect(self.new_entry)
        a.record_history.setCheckable(True)
        a.record_history.setChecked(window.settings.record_history())
        a.record_history.toggled.connect(window.settings.set_record_history)
        a.clear_history.triggered.connect(self.clear_history)
        window.tabs.document_state_changed.connect(self._on_tabs_document_state_changed)
        window.entry_panel.history_text = self.history_text

    def history_text(self, entry_id: str) -> str | None:
        """'seen 3 times in 2 logs, last on 1 Dec' (a small indexed query on the GUI thread)."""
        path = paths.history_db_path()
        if not path.is_file():
            return None
        try:
            with History(path) as history:
                seen = history.entry(entry_id)
        except (OSError, sqlite3.Error):
            return None
        if seen is None:
            return None
        text = seen.summary()
        return text[:1].upper() + text[1:]

    def _on_tabs_document_state_changed(self, doc: LogDocument) -> None:
        if doc.phase is Phase.SCANNED and id(doc) not in self._recorded:
            self._recorded.add(id(doc))
            self.record_history(doc)

    def clear_history(self) -> None:
        if not Dialogs.confirm(
            self.window,
            self.tr("Clear history"),
            self.tr("Forget which known errors past scans found?"),
        ):
            return
        try:
            with History(paths.history_db_path()) as history:
                history.clear()
        except (OSError, sqlite3.Error) as exc:
            self.window.report(self.tr("History not cleared: %1").replace("%1", str(exc)))
            return
        self.window.report(self.tr("History cleared."), "info")

    def export_report(self) -> None:
        docs = [d for d in self.window.tabs.documents() if getattr(d, "index", None) is not None]
        if not docs:
            self.window.report(self.tr("Open a log first: the report describes open logs."), "info")
            return
        current = self.window.tabs.current_document()
        chosen = [current] if current in docs else docs
        dialog = ReportDialog(
            [file_result(d) for d in chosen],
            self.window.catalog,
            self.window.notes_store,
            self.window,
        )
        fit_title(dialog).open()

    def new_entry(self) -> None:
        view = self.window.tabs.current_view()
        doc = self.window.tabs.current_document()
        line_no = view.current_line() if view is not None else None
        if doc is None or line_no is None or getattr(doc, "index", None) is None:
            self.window.report(
                self.tr("Click the error line in a log first, then choose New entry."), "info"
            )
            return
        dialog = NewEntryDialog(
            doc.index.line(line_no - 1), self.window.catalog, lambda: log_lines(doc), self.window
        )
        dialog.entry_saved.connect(self._on_entry_saved)
        fit_title(dialog).open()

    def _on_entry_saved(self, entry_id: str) -> None:
        user = paths.user_records_dir()
        if user not in self.window.tabs.catalog_dirs:
            self.window.tabs.catalog_dirs.append(user)
        self.window.report(
            self.tr("Saved %1 to your catalogue; logs opened from now on use it.").replace(
                "%1", entry_id
            ),
            "info",
        )

    def record_history(self, doc: LogDocument) -> None:
        """Record a scanned log's entries in the local history, off the GUI thread."""
        if not self.window.settings.record_history():
            return
        result = file_result(doc)
        entries = list(dict.fromkeys(m.top.entry_id for m in result.matches if m.kind == "regex"))
        if not entries:
            return
        first = result.first_cause.entry_id if result.first_cause else None
        try:
            size = os.path.getsize(doc.path)
        except OSError:
            size = None
        threading.Thread(
            target=_record, args=(doc.title, size, entries, first), daemon=True
        ).start()


def _record(name: str, size: int | None, entries: list[str], first: str | None) -> None:
    try:
        with History(paths.history_db_path()) as history:
            history.record_scan(name, size, entries, first)
    except (OSError, sqlite3.Error) as exc:
        # history is a convenience: a locked or broken file never disturbs the window
        logging.getLogger(__name__).warning("history not recorded: %s", exc)
