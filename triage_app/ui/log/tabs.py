"""The open logs: one tab (a `LogView` over a `LogDocument`) per log, and how they open.

A log gets its tab only once it has opened; a file that cannot be read (a folder, a binary,
a missing file, a broken archive) is reported through `problem` and changes nothing else.
"""

from __future__ import annotations

import functools
import os
import tempfile
import weakref
from collections.abc import Iterable, Mapping
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QTabBar, QTabWidget, QWidget
from shiboken6 import isValid

from triage_app.core.logsource import LogError, check_path
from triage_app.ui.log.document import LogDocument
from triage_app.ui.log.view import LogView
from triage_app.ui.workers.indexing import refused_expansion
from triage_app.ui.workers.scan import ScanScheduler


class LogTabs(QTabWidget):
    """Tabs of open logs.

    Signals:
        document_opened(LogDocument): a log opened and got its tab (now current).
        document_state_changed(LogDocument): progress, phase or line count changed.
        current_document_changed(object): the current tab's document, or None.
        problem(str, str): a message for the user and its kind ("error", "warning").
        expansion_refused(str, str): a compressed log (path) expands past the limit (what
            happened): a decompression bomb, or a real huge log the user may open anyway.
        status(str): a passing message for the status bar.
    """

    document_opened = Signal(object)
    document_state_changed = Signal(object)
    current_document_changed = Signal(object)
    problem = Signal(str, str)
    expansion_refused = Signal(str, str)
    status = Signal(str)

    def __init__(
        self,
        catalog_dirs: list[Path],
        causes: Mapping[str, Iterable[str]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("logTabs")
        self.setTabsClosable(True)
        self.setMovable(True)
        self.setDocumentMode(True)
        self.catalog_dirs = catalog_dirs
        self.causes = causes
        self.scheduler = ScanScheduler(limit=2, parent=self)
        self.dark = False
        self._pending: list[LogDocument] = []
        self._paste_count = 0
        # The order files were asked for; tabs keep it whichever finishes opening first.
        self._started = 0
        self._start_order: weakref.WeakKeyDictionary[LogDocument, int] = weakref.WeakKeyDictionary()
        self.tabCloseRequested.connect(self._on_tab_close_requested)
        self.currentChanged.connect(self._on_current_changed)

    # -- queries --------------------------------------------------------------------------

    def views(self) -> list[LogView]:
        """The log tabs, left to right (fixed tabs such as the catalogue are not logs)."""
        return [w for i in range(self.count()) if isinstance(w := self.widget(i), LogView)]

    def documents(self) -> list[LogDocument]:
        return [view.document for view in self.views()]

    def log_count(self) -> int:
        return len(self.views())

    def add_fixed_tab(self, widget: QWidget, title: str) -> None:
        """A tab that is not a log and cannot be closed (the catalogue), first in the row."""
        self.insertTab(0, widget, title)
        self.tabBar().setTabButton(0, QTabBar.ButtonPosition.RightSide, None)
        self.tabBar().setTabButton(0, QTabBar.ButtonPosition.LeftSide, None)

    def pending_documents(self) -> list[LogDocument]:
        """Logs still opening (closed ones are forgotten)."""
        self._pending = [doc for doc in self._pending if not doc.closed]
        return list(self._pending)

    def current_view(self) -> LogView | None:
        widget = self.currentWidget()
        return widget if isinstance(widget, LogView) else None

    def current_document(self) -> LogDocument | None:
        view = self.current_view()
        return view.document if view is not None else None

    # -- opening and closing --------------------------------------------------------------

    def open_paths(
        self,
        files: Iterable[str | Path],
        encoding: str | None = None,
        replace: LogView | None = None,
    ) -> list[LogDocument]:
        """Start opening `files`; each gets a tab once it is open, or a clear message."""
        started = []
        for file in files:
            path = Path(file)
            try:
                check_path(path)
            except LogError as exc:
                self.problem.emit(str(exc), "error")
                continue
            if encoding is None and replace is None and self._show_if_open(path):
                continue
            started.append(self._start(path, encoding=encoding, replace=replace))
        return started

    def open_text(self, text: str) -> LogDocument | None:
        """Open `text` (pasted) as a new unsaved log, kept in a temporary file."""
        if not text.strip():
            self.problem.emit(self.tr("The clipboard holds no text to open as a log."), "warning")
            return None
        self._paste_count += 1
        handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - deleted with the document
            prefix=f"triage-{os.getpid()}-pasted-",
            suffix=".log",
            delete=False,  # see lineindex
        )
        with handle:
            handle.write(text.encode("utf-8"))
        title = self.tr("Pasted log {number}").format(number=self._paste_count)
        return self._start(Path(handle.name), encoding="utf-8", title=title, owned=True)

    def open_owned(self, path: Path, title: str) -> LogDocument:
        """Open a UTF-8 file the window made (a merged timeline); deleted when closed."""
        return self._start(path, encoding="utf-8", title=title, owned=True)

    def open_clipboard(self) -> list[LogDocument]:
        """Copied files open as files; copied text opens as a new unsaved log."""
        clipboard = QGuiApplication.clipboard()
        mime = clipboard.mimeData()
        if mime is not None and mime.hasUrls() and all(u.isLocalFile() for u in mime.urls()):
            return self.open_paths([u.toLocalFile() for u in mime.urls()])
        doc = self.open_text(clipboard.text())
        return [doc] if doc is not None else []

    def reopen(self, view: LogView, encoding: str) -> LogDocument | None:
        """Open the view's log again with `encoding`; its tab is replaced once that worked."""
        started = self.open_paths([view.document.path], encoding=encoding, replace=view)
        return started[0] if started else None

    def close_view(self, view: LogView) -> None:
        index = self.indexOf(view)
        view.shutdown()
        if index >= 0:
            self.removeTab(index)
        view.document.close()
        view.document.deleteLater()
        view.deleteLater()

    def close_all(self) -> None:
        """Close every log and stop every scan, waiting for the scan processes to exit."""
        for doc in self._pending:
            doc.close()
        self._pending.clear()
        for view in self.views():
            self.close_view(view)
        self.scheduler.shutdown()

    def set_dark(self, dark: bool) -> None:
        self.dark = dark
        for view in self.views():
            view.set_dark(dark)

    def _start(
        self,
        path: Path,
        *,
        encoding: str | None = None,
        title: str | None = None,
        owned: bool = False,
        replace: LogView | None = None,
    ) -> LogDocument:
        doc = LogDocument(
            path,
            catalog_dirs=self.catalog_dirs,
            causes=self.causes,
            scheduler=self.scheduler,
            encoding=encoding,
            title=title,
            owned_file=owned,
            parent=self,
        )
        doc.opened.connect(functools.partial(self._on_document_opened, doc, replace))
        doc.failed.connect(functools.partial(self._on_document_failed, doc))
        doc.state_changed.connect(functools.partial(self.document_state_changed.emit, doc))
        doc.scan_failed.connect(functools.partial(self._on_document_scan_failed, doc))
        self._pending.append(doc)
        self._started += 1
        self._start_order[doc] = self._started
        self.status.emit(self.tr("Opening {title}…").format(title=doc.title))
        doc.start()
        return doc

    def _show_if_open(self, path: Path) -> bool:
        for view in self.views():
            doc = view.document
            if not doc.owned_file and doc.path.resolve() == path.resolve():
                self.setCurrentWidget(view)
                self.status.emit(self.tr("{name} is already open.").format(name=path.name))
                return True
        return False

    # -- slots ----------------------------------------------------------------------------

    def _on_document_opened(self, doc: LogDocument, replace: LogView | None) -> None:
        if doc in self._pending:
            self._pending.remove(doc)
        view = LogView(doc, self)
        view.set_dark(self.dark)
        view.status.connect(self.status)
        tip = str(doc.path) if not doc.owned_file else self.tr("Pasted text (not saved)")
        at = -1
        if replace is not None and isValid(replace):  # it may have been closed meanwhile
            at = self.indexOf(replace)
        if at >= 0:
            self.insertTab(at, view, doc.title)
            self.close_view(replace)
            self.setCurrentIndex(at)
        else:
            at = self.insertTab(self._place_in_start_order(doc), view, doc.title)
            self.setCurrentIndex(at)
        self.setTabToolTip(at, tip)
        if doc.warning:
            self.problem.emit(f"{doc.title}: {doc.warning}", "warning")
        self.document_opened.emit(doc)

    def _place_in_start_order(self, doc: LogDocument) -> int:
        """Tabs follow the order in which files were dropped, not the order they finished opening."""
        mine = self._start_order.get(doc, self._started)
        for index in range(self.count()):
            widget = self.widget(index)
            if isinstance(widget, LogView) and self._start_order.get(widget.document, 0) > mine:
                return index
        return self.count()

    def _on_document_failed(self, doc: LogDocument, message: str) -> None:
        if doc in self._pending:
            self._pending.remove(doc)
        doc.close()
        doc.deleteLater()
        what = refused_expansion(doc.path)
        if what is not None:
            self.expansion_refused.emit(str(doc.path), what)
            return
        self.problem.emit(message, "error")

    def _on_document_scan_failed(self, doc: LogDocument, message: str) -> None:
        self.problem.emit(f"{doc.title}: {message}", "error")

    def add_closable_tab(self, widget: QWidget, title: str) -> None:
        """A tab that is not a log but can be closed (a batch result); shown at once."""
        self.setCurrentIndex(self.addTab(widget, title))

    def _on_tab_close_requested(self, index: int) -> None:
        widget = self.widget(index)
        if isinstance(widget, LogView):
            self.close_view(widget)
        elif widget is not None:
            self.removeTab(index)
            closing = getattr(widget, "close_job", None)
            if callable(closing):
                closing()
            widget.deleteLater()

    def _on_current_changed(self, _index: int) -> None:
        self.current_document_changed.emit(self.current_document())
