"""When the user stops a log before its end, say what is on show and offer to read it again.

Stopping (Esc, or the status bar's stop button) keeps what was read and found so far; without
this notice the log would look complete ("No known errors found") while showing only part.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from triage_app.ui.log.document import LogDocument

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow


class StopNotice(QObject):
    """A warning in the banner, with a Reload button, for each log stopped early."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._told: weakref.WeakSet[LogDocument] = weakref.WeakSet()
        window.tabs.document_state_changed.connect(self._on_tabs_document_state_changed)

    def reload(self, doc: LogDocument) -> LogDocument | None:
        """Open `doc`'s file again in its tab, from the start (None if it was closed)."""
        tabs = self.window.tabs
        view = next((v for v in tabs.views() if v.document is doc), None)
        if view is None or doc.owned_file:
            return None
        started = tabs.open_paths([doc.path], doc.encoding_override, replace=view)
        return started[0] if started else None

    def _on_tabs_document_state_changed(self, doc: LogDocument) -> None:
        if doc in self._told or not doc.stopped_early:
            return
        self._told.add(doc)
        message = self.tr("{title}: {what} Reload reads the whole log again.").format(
            title=doc.title, what=doc.stopped_text()
        )
        if doc.owned_file:  # pasted text: nothing on disk to read again
            self.window.report(f"{doc.title}: {doc.stopped_text()}", "warning")
            return
        self.window.banner.show_message(
            message, "warning", action=(self.tr("Reload"), lambda: self.reload(doc))
        )
        self.window.status.showMessage(message, 10000)
