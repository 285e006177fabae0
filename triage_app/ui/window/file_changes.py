"""Logs that change on disk while open: follow mode, Reload (F5) and the notices.

Each log view's `LogFollower` reports what happened to its file. Following, a truncated or
rotated file is opened again at once (and followed on); otherwise the banner says what
changed and offers Reload. Reload reads the file again in the same tab and keeps the user's
place: the current line, or the bottom while following.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from shiboken6 import isValid

from triage_app.core.filewatch import Change
from triage_app.ui.log.document import LogDocument
from triage_app.ui.log.view import LogView

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow


class FileChanges(QObject):
    """Follow and Reload for the current log, and what to say when a file changes."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        # A reloaded log's new document -> (line to go back to, follow it).
        self._places: weakref.WeakKeyDictionary[LogDocument, tuple[int | None, bool]] = (
            weakref.WeakKeyDictionary()
        )
        actions = window.actions
        actions.follow.toggled.connect(self._on_follow_toggled)
        actions.reload.triggered.connect(self._on_reload_triggered)
        window.tabs.document_opened.connect(self._on_tabs_document_opened)
        window.tabs.current_document_changed.connect(self._on_tabs_current_document_changed)

    def reload(self, view: LogView) -> LogDocument | None:
        """Read `view`'s log again in its tab, keeping the place; None for pasted text."""
        if not isValid(view) or view not in self.window.tabs.views():
            return None  # closed (or reloaded) meanwhile
        doc = view.document
        if doc.owned_file:
            self.window.status.showMessage(self.tr("Pasted text cannot be reloaded."), 5000)
            return None
        following = view.follower.following
        line = None if following and view.at_bottom() else view.current_line()
        started = self.window.tabs.open_paths([doc.path], doc.encoding_override, replace=view)
        if not started:
            return None
        self._places[started[0]] = (line, following)
        return started[0]

    # -- slots ----------------------------------------------------------------------------

    def _on_follow_toggled(self, on: bool) -> None:
        view = self.window.tabs.current_view()
        if view is None or view.follower.following == on:
            return
        if not view.set_following(on):
            self.window.actions.follow.setChecked(False)
            self.window.status.showMessage(
                self.tr("Only a plain file on disk can be followed (not pasted or compressed)."),
                6000,
            )

    def _on_reload_triggered(self) -> None:
        view = self.window.tabs.current_view()
        if view is not None:
            self.reload(view)

    def _on_tabs_document_opened(self, doc: LogDocument) -> None:
        view = next((v for v in self.window.tabs.views() if v.document is doc), None)
        if view is None:
            return
        view.follower.changed.connect(lambda change, v=view: self._on_file_changed(v, change))
        line, following = self._places.pop(doc, (None, False))
        if line is not None or following:
            self.window.entry_sync.keep_place(doc)  # no jump to the first cause
        if line is not None:
            view.restore_line(line)
        if following:
            view.set_following(True)
        if view is self.window.tabs.current_view():
            self.window.actions.follow.setChecked(following)

    def _on_tabs_current_document_changed(self, _doc: object) -> None:
        view = self.window.tabs.current_view()
        self.window.actions.follow.setChecked(bool(view and view.follower.following))

    def _on_file_changed(self, view: LogView, change: Change) -> None:
        title = view.document.title
        if view.follower.following and change in (Change.TRUNCATED, Change.REPLACED):
            text = (
                self.tr("{title} was truncated on disk: reopened from its start, still following.")
                if change is Change.TRUNCATED
                else self.tr("{title} was replaced on disk (rotated): now following the new file.")
            )
            self.window.report(text.format(title=title), "info")
            self.reload(view)
            return
        texts = {
            Change.GREW: self.tr("{title} has grown on disk. Follow shows new lines as they come."),
            Change.TRUNCATED: self.tr(
                "{title} was truncated on disk: lines past its new end are gone. Reload reads "
                "what is there now."
            ),
            Change.REPLACED: self.tr(
                "{title} was replaced on disk (rotated or rewritten): this is the old file. "
                "Reload opens the new one."
            ),
            Change.DELETED: self.tr(
                "{title} was deleted on disk; what was read stays on show until you close it."
            ),
            Change.MODIFIED: self.tr("{title} was written again on disk. Reload shows it now."),
        }
        text = texts[change].format(title=title)
        if change is Change.DELETED:
            self.window.report(text, "warning")
        elif change is Change.GREW:
            self.window.banner.show_message(
                text, "info", action=(self.tr("Follow"), lambda: self._follow(view))
            )
        else:
            self.window.banner.show_message(
                text, "warning", action=(self.tr("Reload"), lambda: self.reload(view))
            )
        self.window.status.showMessage(text, 10000)

    def _follow(self, view: LogView) -> None:
        if not isValid(view) or view not in self.window.tabs.views():
            return
        if view is self.window.tabs.current_view():
            self.window.actions.follow.setChecked(True)
        else:
            view.set_following(True)
