"""A merged timeline of several logs (8 ranks, 3 nodes): one tab, lines in time order.

File > Open logs as one timeline… (or Log > Merge open logs into one timeline) merges the
files on a thread (`core.timeline`), then opens the result like any log, so it is scanned
as one and its likely first cause is the first across all of them. The gutter numbers each
line as "file line" of the log it came from.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from triage_app.core.timeline import Timeline
from triage_app.ui.log.document import LogDocument
from triage_app.ui.window.dialogs import Dialogs
from triage_app.ui.workers.timeline import Merged, TimelineJob

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow

LABEL_CHARS = 14  # of a file's name in the gutter


def short_names(names: list[str]) -> list[str]:
    """Gutter labels: each file's name without log/compression extensions, capped."""
    out = []
    for name in names:
        for ext in (".gz", ".bz2", ".xz", ".log", ".txt", ".out", ".err"):
            name = name.removesuffix(ext)
        out.append(name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1] + "…")
    return out


class TimelineActions(QObject):
    """The two ways to make a timeline, the merge job, and the tab it opens."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.open_files = QAction(self.tr("Open logs as one &timeline…"), window)
        self.open_files.setShortcut(QKeySequence("Ctrl+Shift+T"))
        self.open_files.setStatusTip(self.tr("Merge several logs of one job by their timestamps"))
        self.merge_open = QAction(self.tr("&Merge open logs into one timeline"), window)
        window.addAction(self.open_files)
        self.open_files.triggered.connect(self._on_open_files_triggered)
        self.merge_open.triggered.connect(self._on_merge_open_triggered)
        self._timelines: weakref.WeakKeyDictionary[LogDocument, Timeline] = (
            weakref.WeakKeyDictionary()
        )
        self._job: TimelineJob | None = None
        self._insert_actions()
        window.tabs.document_opened.connect(self._on_tabs_document_opened)

    def _insert_actions(self) -> None:
        actions = self.window.actions
        for top in self.window.menuBar().actions():
            menu = top.menu()
            if menu is not None and actions.paste in menu.actions():
                menu.insertAction(actions.paste, self.open_files)
            if menu is not None and actions.only_matched in menu.actions():
                menu.addAction(self.merge_open)

    def merge(self, paths: list[Path]) -> TimelineJob | None:
        """Merge `paths` (two or more) into a new timeline tab, in the background."""
        if len(paths) < 2:
            self.window.report(self.tr("A timeline needs two or more logs."), "warning")
            return None
        if self._job is not None:
            self._job.cancel()
        job = TimelineJob(paths, self)
        job.progress.connect(self._on_job_progress)
        job.result.connect(self._on_job_result)
        job.failed.connect(self._on_job_failed)
        job.finished.connect(job.deleteLater)
        self._job = job
        job.start()
        self.window.status.showMessage(self.tr("Merging {count} logs…").format(count=len(paths)))
        return job

    def timeline_of(self, doc: LogDocument) -> Timeline | None:
        return self._timelines.get(doc)

    # -- slots ----------------------------------------------------------------------------

    def _on_open_files_triggered(self) -> None:
        files = Dialogs.ask_open_files(self.window, self.window.settings.last_dir())
        if files:
            self.merge([Path(f) for f in files])

    def _on_merge_open_triggered(self) -> None:
        docs = [d for d in self.window.tabs.documents() if not d.owned_file]
        self.merge([d.path for d in docs])

    def _on_job_progress(self, lines: int) -> None:
        if self.sender() is self._job:
            self.window.status.showMessage(
                self.tr("Merging… {lines} lines").format(lines=f"{lines:,}"), 2000
            )

    def _on_job_result(self, merged: Merged) -> None:
        if self.sender() is not self._job:
            merged.path.unlink(missing_ok=True)
            return
        self._job = None
        timeline = merged.timeline
        title = self.tr("Timeline of {count} logs").format(count=len(timeline.files))
        doc = self.window.tabs.open_owned(merged.path, title)
        self._timelines[doc] = timeline
        unstamped = [
            name for name, n in zip(timeline.files, timeline.stamped, strict=True) if not n
        ]
        if unstamped:
            text = self.tr("{names}: no timestamps found; their lines come first in the timeline.")
            self.window.report(text.format(names=", ".join(unstamped)), "warning")

    def _on_job_failed(self, message: str) -> None:
        if self.sender() is self._job:
            self._job = None
            self.window.report(message, "error")

    def _on_tabs_document_opened(self, doc: LogDocument) -> None:
        timeline = self._timelines.get(doc)
        view = next((v for v in self.window.tabs.views() if v.document is doc), None)
        if timeline is None or view is None:
            return
        labels = short_names(timeline.files)
        view.delegate.set_origins(
            lambda row: (
                (labels[timeline.sources[row]], timeline.lines[row])
                if row < len(timeline.sources)
                else ("", row + 1)
            ),
            max(len(label) for label in labels),
        )
        tabs = self.window.tabs
        tabs.setTabToolTip(tabs.indexOf(view), "\n".join(timeline.files))
        view.table.viewport().update()
