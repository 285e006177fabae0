"""Keeps the entry panel, the matches panel and the log view on the same log and line.

Each log remembers the match it last showed (the user's choice, or its likely first cause).
Switching tabs shows that log's entry, or an empty panel when it has none yet: an entry from
another log is never left on show. Until the user picks a line or a match in a log, the log
goes to its likely first cause as soon as the scan finds one (and again when the scan ends,
should the order have changed meanwhile).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from triage_app.core.results import LineMatch
from triage_app.ui.log.document import LogDocument

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow


class EntrySync(QObject):
    """The shell's link between the current log, the matches panel and the entry panel."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._shown: weakref.WeakKeyDictionary[LogDocument, int] = weakref.WeakKeyDictionary()
        self._picked: weakref.WeakSet[LogDocument] = weakref.WeakSet()  # the user chose
        self._auto = False  # selecting the first cause ourselves
        self._syncing = False  # moving the view to a match chosen in the panel
        tabs = window.tabs
        tabs.current_document_changed.connect(self._on_tabs_current_document_changed)
        tabs.document_state_changed.connect(self._on_tabs_document_state_changed)
        tabs.document_opened.connect(self._on_tabs_document_opened)
        window.matches_panel.match_selected.connect(self._on_matches_panel_match_selected)

    def picked_by_user(self, doc: LogDocument) -> bool:
        """The user chose a line or a match in `doc` (no more automatic jumps there)."""
        return doc in self._picked

    def keep_place(self, doc: LogDocument) -> None:
        """Never jump to `doc`'s first cause (a reloaded log goes back to the user's line)."""
        self._picked.add(doc)

    def show_first_cause(self, doc: LogDocument) -> bool:
        """Select `doc`'s likely first cause (it must be the current log); True if it has one."""
        self._auto = True
        try:
            return self.window.matches_panel.select_first()
        finally:
            self._auto = False

    # -- slots ----------------------------------------------------------------------------

    def _on_tabs_document_opened(self, doc: LogDocument) -> None:
        for view in self.window.tabs.views():
            if view.document is doc:
                view.line_selected.connect(self._on_view_line_selected)

    def _on_tabs_current_document_changed(self, doc: LogDocument | None) -> None:
        if doc is None:
            if not self.window.tabs.log_count():  # the last log closed
                self.window.show_entry(None)
            return  # the catalogue tab: its own selection shows in the panel
        line = self._shown.get(doc) if doc in self._picked else None
        match = doc.match_for_line(line) if line is not None else None
        if match is not None:
            self._show(doc, match)
            self.window.matches_panel.select_line(match.line)
        elif not self.show_first_cause(doc):
            self.window.show_entry(None)

    def _on_tabs_document_state_changed(self, doc: LogDocument) -> None:
        """Jump to the first cause the scan found, while the user has chosen nothing."""
        if doc is not self.window.tabs.current_document() or doc in self._picked:
            return
        model = doc.matches_model
        first = model.first_cause()
        if first is None:
            return
        shown = self._shown.get(doc)
        if shown is None or (not doc.busy and shown != first[1]):
            self.show_first_cause(doc)

    def _on_matches_panel_match_selected(self, entry_id: str, line: int) -> None:
        doc = self.window.tabs.current_document()
        if doc is None:
            return
        if not self._auto:
            self._picked.add(doc)
        match = doc.match_for_line(line)
        self._shown[doc] = line
        self.window.show_entry(entry_id, seen=doc.seen_text(match) if match else None)
        view = self.window.tabs.current_view()
        if view is not None:
            self._syncing = True
            try:
                view.go_to_line(line)
            finally:
                self._syncing = False

    def _on_view_line_selected(self, line: int) -> None:
        """Show the entry of a matched line and select it in the matches panel."""
        doc = self.window.tabs.current_document()
        if doc is None or self._syncing:
            return
        self._picked.add(doc)
        match = doc.match_for_line(line)
        if match is not None:
            self._shown[doc] = line
            self._show(doc, match)
            self.window.matches_panel.select_line(line)

    def _show(self, doc: LogDocument, match: LineMatch) -> None:
        self.window.show_entry(match.top.entry_id, seen=doc.seen_text(match))
