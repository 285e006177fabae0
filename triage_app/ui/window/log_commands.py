"""The File and Log menu commands, the first screen's buttons and file drops, as slots.

Each slot asks a dialog (`Dialogs`, monkeypatched in tests) or reads the current log, then
makes one call on the window's API or the current view. Split from `main_window`, which keeps
the layout, the API and the current log's state display.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from triage_app.ui.log.document import LogDocument
from triage_app.ui.log.view import LogView
from triage_app.ui.notes import export_import
from triage_app.ui.window.actions import fill_recent_menu
from triage_app.ui.window.dialogs import Dialogs

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow


class LogCommands(QObject):
    """Wires the window's file and log actions (and drops) to what they do."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        a = window.actions
        a.open.triggered.connect(self._on_open_triggered)
        a.open_sample.triggered.connect(window.open_sample)
        a.paste.triggered.connect(self._on_paste_triggered)
        a.reopen_encoding.triggered.connect(self._on_reopen_encoding_triggered)
        a.close_tab.triggered.connect(self._on_close_tab_triggered)
        a.export_notes.triggered.connect(self._on_export_notes_triggered)
        a.import_notes.triggered.connect(self._on_import_notes_triggered)
        a.quit.triggered.connect(window.close)
        a.find.triggered.connect(lambda: self._with_view(LogView.open_find))
        a.find_next.triggered.connect(lambda: self._with_view(LogView.find, False))
        a.find_previous.triggered.connect(lambda: self._with_view(LogView.find, True))
        a.next_match.triggered.connect(lambda: self._with_view(LogView.next_match, False))
        a.previous_match.triggered.connect(lambda: self._with_view(LogView.next_match, True))
        a.go_to_line.triggered.connect(self._on_go_to_line_triggered)
        a.only_matched.toggled.connect(self._on_only_matched_toggled)
        a.first_cause.triggered.connect(self._on_first_cause_triggered)
        a.cancel.triggered.connect(self.cancel_current)
        a.recent.aboutToShow.connect(self._on_recent_about_to_show)
        a.catalogue.triggered.connect(window.show_catalogue)
        empty = window.empty_state
        empty.open_requested.connect(self._on_open_triggered)
        empty.sample_requested.connect(window.open_sample)
        empty.paste_requested.connect(self._on_paste_triggered)
        empty.recent_requested.connect(self._on_recent_requested)
        empty.catalogue_requested.connect(window.show_catalogue)
        window.drops.files_dropped.connect(window.open_paths)
        window.drops.refused.connect(self._on_drops_refused)
        window.drops.hovering.connect(self._on_drops_hovering)
        window.tabs.document_opened.connect(self._on_tabs_document_opened)
        window.status.cancel_requested.connect(self.cancel_current)

    def cancel_current(self) -> None:
        """Stop reading and scanning the current log (Esc); what was found stays."""
        doc = self.window.tabs.current_document()
        if doc is not None and doc.busy:
            doc.cancel()
            self.window.status.showMessage(self.tr("Stopping…"), 3000)

    def _with_view(self, method, *args) -> None:  # noqa: ANN001 - an unbound LogView method
        view = self.window.tabs.current_view()
        if view is not None:
            method(view, *args)

    # -- slots ----------------------------------------------------------------------------

    def _on_open_triggered(self) -> None:
        window = self.window
        files = Dialogs.ask_open_files(window, window.settings.last_dir())
        if files:
            window.settings.set_last_dir(Path(files[0]).parent)
            window.open_paths(files)

    def _on_paste_triggered(self) -> None:
        self.window.tabs.open_clipboard()

    def _on_export_notes_triggered(self) -> None:
        export_import.export_notes(self.window, self.window.notes)

    def _on_import_notes_triggered(self) -> None:
        export_import.import_notes(self.window, self.window.notes)  # the service announces it

    def _on_recent_about_to_show(self) -> None:
        fill_recent_menu(
            self.window.actions.recent,
            self.window.settings.recent_files(),
            self._on_recent_requested,
            self._on_recent_clear_triggered,
        )

    def _on_recent_requested(self, file: str) -> None:
        window = self.window
        if not Path(file).exists():
            window.empty_state.set_recent_files(window.settings.remove_recent_file(file))
        window.open_paths([file])

    def _on_recent_clear_triggered(self) -> None:
        self.window.settings.clear_recent_files()
        self.window.empty_state.set_recent_files([])

    def _on_reopen_encoding_triggered(self) -> None:
        view = self.window.tabs.current_view()
        if view is None or view.document.info is None or view.document.owned_file:
            return
        encoding = Dialogs.ask_encoding(self.window, view.document.info.encoding)
        if encoding:
            self.window.tabs.reopen(view, encoding)

    def _on_close_tab_triggered(self) -> None:
        view = self.window.tabs.current_view()
        if view is not None:
            self.window.tabs.close_view(view)

    def _on_go_to_line_triggered(self) -> None:
        view = self.window.tabs.current_view()
        if view is None:
            return
        line = Dialogs.ask_line(self.window, view.current_line() or 1, view.document.line_count)
        if line is not None and not view.go_to_line(line):
            message = self.tr("Line {line} is not in this log (yet).").format(line=f"{line:,}")
            self.window.status.showMessage(message, 5000)

    def _on_only_matched_toggled(self, on: bool) -> None:
        self._with_view(LogView.set_only_matched, on)

    def _on_first_cause_triggered(self) -> None:
        if not self.window.matches_panel.select_first():
            message = self.tr("No known errors found in this log (yet).")
            self.window.status.showMessage(message, 5000)

    def _on_drops_hovering(self, files: int) -> None:
        self.window.empty_state.set_hovering(files)
        if files:
            self.window.status.showMessage(self.window.drops.hover_message(files), 3000)

    def _on_drops_refused(self, message: str) -> None:
        self.window.status.showMessage(message, 6000)

    def _on_tabs_document_opened(self, doc: LogDocument) -> None:
        window = self.window
        window.status.showMessage(self.tr("Opened {title}.").format(title=doc.title), 3000)
        if not doc.owned_file:
            window.empty_state.set_recent_files(window.settings.add_recent_file(doc.path))
        view = window.tabs.current_view()
        if view is not None and view.document is doc:
            view.only_matched_changed.connect(window.actions.only_matched.setChecked)
