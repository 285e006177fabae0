"""Shows what a finished scan adds beyond matches: the log's unknown errors (matches panel,
below the known ones) and how its versions fit the shown entry (entry panel, "Your log:
affects torch >=2.1,<2.3 (you have 2.1.2)"). Both come with the scan's `ScanDone.notes`."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from triage_app.ui.log.document import LogDocument

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow


def unknown_groups(doc: LogDocument | None) -> list[dict[str, Any]]:
    """The log's unknown errors, grouped by template (none until its scan has ended)."""
    done = doc.scan_done if doc is not None else None
    if done is None or done.notes is None:
        return []
    return list(done.notes.unknown)


def version_text(doc: LogDocument | None, entry_id: str) -> str | None:
    """The log's stated versions against the entry's `versions`, as one phrase (or None)."""
    done = doc.scan_done if doc is not None else None
    if done is None or done.notes is None:
        return None
    fit = done.notes.fits.get(entry_id)
    return fit.describe() if fit is not None else None


class ScanNotesSync(QObject):
    """Keeps the unknown errors and the version verdict on the current log."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._noted: weakref.WeakSet[LogDocument] = weakref.WeakSet()  # notes shown already
        window.entry_panel.version_text = lambda entry_id: version_text(
            window.tabs.current_document(), entry_id
        )
        window.tabs.current_document_changed.connect(self._on_tabs_current_document_changed)
        window.tabs.document_state_changed.connect(self._on_tabs_document_state_changed)
        window.matches_panel.line_requested.connect(self._on_matches_panel_line_requested)

    def _on_tabs_current_document_changed(self, doc: LogDocument | None) -> None:
        self.window.matches_panel.set_unknown(unknown_groups(doc))

    def _on_tabs_document_state_changed(self, doc: LogDocument) -> None:
        done = doc.scan_done
        if done is None or done.notes is None or doc in self._noted:
            return
        self._noted.add(doc)
        doc.apply_ranking(done)  # re-ranked by version fit
        if doc is not self.window.tabs.current_document():
            return  # shown when its tab becomes current
        self.window.matches_panel.set_unknown(unknown_groups(doc))
        entry_id = self.window.entry_panel.entry_id
        if entry_id and version_text(doc, entry_id):
            self.window.entry_panel.refresh()

    def _on_matches_panel_line_requested(self, line: int) -> None:
        view = self.window.tabs.current_view()
        if view is not None:
            view.go_to_line(line)
