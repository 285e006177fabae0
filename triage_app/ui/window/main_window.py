"""The main window: layout, the wiring in `_connect_signals`, and thin slots.

Centre: tabs (the catalogue, then one per log; the first screen while none is open) over the
matches panel. Right dock: the entry panel. Status bar: the log's facts and progress.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QMainWindow,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from triage_app.core import paths
from triage_app.core.catalog import Catalog
from triage_app.core.grouping import causal_links
from triage_app.core.notes import NotesStore
from triage_app.ui.catalog.browser import CatalogBrowser
from triage_app.ui.entry.panel import EntryPanel
from triage_app.ui.log.document import LogDocument
from triage_app.ui.log.matches_panel import MatchesPanel
from triage_app.ui.log.phase import Phase
from triage_app.ui.log.tabs import LogTabs
from triage_app.ui.notes.panel import NotesPanel
from triage_app.ui.widgets.notes_service import NotesService
from triage_app.ui.widgets.retranslate import retranslate_tree
from triage_app.ui.widgets.settings import Settings
from triage_app.ui.window import batch_tabs, report_and_entries
from triage_app.ui.window.actions import build_actions
from triage_app.ui.window.banner import MessageBanner
from triage_app.ui.window.bookmark_actions import BookmarkActions
from triage_app.ui.window.context_menus import ContextMenus
from triage_app.ui.window.dialogs import Dialogs
from triage_app.ui.window.drops import FileDropFilter
from triage_app.ui.window.empty_state import EmptyState
from triage_app.ui.window.entry_sync import EntrySync
from triage_app.ui.window.expansion_notice import ExpansionNotice
from triage_app.ui.window.file_changes import FileChanges
from triage_app.ui.window.filter_actions import FilterActions
from triage_app.ui.window.language import LanguageActions
from triage_app.ui.window.log_commands import LogCommands
from triage_app.ui.window.scan_notes import ScanNotesSync
from triage_app.ui.window.shortcuts import Shortcuts
from triage_app.ui.window.status_bar import StatusBar
from triage_app.ui.window.stop_notice import StopNotice
from triage_app.ui.window.theme import ThemeManager
from triage_app.ui.window.timeline import TimelineActions

STATE_REFRESH_MS = 200  # status bar and panel summary while a log is being read


class MainWindow(QMainWindow):
    """The Triage window. `open_paths`, `open_text` and `tabs` are its working API."""

    def __init__(
        self,
        catalog: Catalog,
        catalog_dirs: list[Path],
        notes_store: NotesStore,
        theme: ThemeManager | None = None,
        parent: QWidget | None = None,
        *,
        restore_layout: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Triage")
        self.catalog = catalog
        self.notes_store = notes_store
        self.notes = NotesService(notes_store, self)
        self.theme = theme
        self.settings = Settings()
        self.tabs = LogTabs(catalog_dirs, causal_links(catalog), self)
        self.actions = build_actions(self)
        self._build_widgets()
        self._build_docks()
        self.drops = FileDropFilter(self)
        self.setAcceptDrops(True)
        self.installEventFilter(self.drops)
        self._state_timer = QTimer(self, singleShot=True, interval=STATE_REFRESH_MS)
        self._shown_phase: Phase | None = None  # of the log the status bar last showed
        self._retranslate_timer = QTimer(self, singleShot=True, interval=0)
        self._retranslate_timer.timeout.connect(self.retranslate)
        self.commands = LogCommands(self)
        self._connect_signals()
        self.extras = report_and_entries.ReportAndEntries(self)
        self.entry_sync = EntrySync(self)  # after _connect_signals: needs the panel's new model
        self.scan_notes = ScanNotesSync(self)  # unknown errors and version verdicts
        self.stop_notice = StopNotice(self)
        self.file_changes = FileChanges(self)
        self.filter_actions = FilterActions(self)
        self.bookmark_actions = BookmarkActions(self)
        self.language = LanguageActions(self)
        self.expansion_notice = ExpansionNotice(self)
        self.timeline = TimelineActions(self)
        self.context_menus = ContextMenus(self)
        self.shortcuts = Shortcuts(self)
        self._restore_state(restore_layout)
        self._on_tabs_current_document_changed(None)

    # -- construction ---------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.banner = MessageBanner(self)
        self.empty_state = EmptyState(self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty_state)
        self.stack.addWidget(self.tabs)
        self.matches_panel = MatchesPanel(self)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setObjectName("logSplitter")
        self.splitter.addWidget(self.stack)
        self.splitter.addWidget(self.matches_panel)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(4, 4, 4, 0)
        layout.setSpacing(4)
        layout.addWidget(self.banner)
        layout.addWidget(self.splitter)
        self.setCentralWidget(central)
        self.status = StatusBar(self)
        self.setStatusBar(self.status)

    def _build_docks(self) -> None:
        notes_panel = NotesPanel(self.notes)
        self.entry_panel = EntryPanel(self.catalog, self.notes, notes_panel, self)
        self.browser = CatalogBrowser(self.catalog, self.notes, self)
        self.tabs.add_fixed_tab(self.browser, self.tr("Catalogue"))
        self.entry_dock = QDockWidget(self.tr("Entry"), self)
        self.entry_dock.setObjectName("entryDock")
        self.entry_dock.setWidget(self.entry_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.entry_dock)
        self.resizeDocks([self.entry_dock], [470], Qt.Orientation.Horizontal)
        toggle = self.entry_dock.toggleViewAction()
        toggle.setShortcut("Alt+2")
        self.actions.view_menu.addAction(toggle)

    def _connect_signals(self) -> None:
        a = self.actions
        a.theme_system.triggered.connect(lambda: self.set_theme_mode("system"))
        a.theme_light.triggered.connect(lambda: self.set_theme_mode("light"))
        a.theme_dark.triggered.connect(lambda: self.set_theme_mode("dark"))
        a.about.triggered.connect(
            lambda: Dialogs.about(self, len(self.catalog), self.catalog.content_hash())
        )
        self.tabs.document_state_changed.connect(self._on_tabs_document_state_changed)
        self._state_timer.timeout.connect(self._on_state_timer_timeout)
        self.tabs.current_document_changed.connect(self._on_tabs_current_document_changed)
        self.tabs.problem.connect(self.report)
        self.tabs.status.connect(lambda text: self.status.showMessage(text, 5000))
        self.browser.entry_selected.connect(self._on_browser_entry_selected)
        self.entry_panel.entry_requested.connect(self._on_entry_panel_entry_requested)
        if self.theme is not None:
            self.theme.theme_changed.connect(self._on_theme_theme_changed)

    def _restore_state(self, layout: bool) -> None:
        """Geometry, docks and splitter as the user left them (or the defaults); theme."""
        s = self.settings
        geometry, state, splitter = (
            (s.geometry(), s.window_state(), s.splitter_state()) if layout else (None, None, None)
        )
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1480, 900)
        if state is not None:
            self.restoreState(state)
        if splitter is None or not self.splitter.restoreState(splitter):
            self.splitter.setSizes([620, 240])
        self.empty_state.set_recent_files(s.recent_files())
        mode = self.theme.mode if self.theme is not None else "system"
        checked = {"light": self.actions.theme_light, "dark": self.actions.theme_dark}
        checked.get(mode, self.actions.theme_system).setChecked(True)
        self._apply_dark(self.theme.dark if self.theme is not None else False)

    # -- API ------------------------------------------------------------------------------

    def open_paths(self, files: list[str | Path], encoding: str | None = None) -> list[LogDocument]:
        """Open log files (each in its own tab) and batch outputs (a results tab each)."""
        logs = batch_tabs.open_batch_results(self, files)
        return self.tabs.open_paths(logs, encoding)

    def open_text(self, text: str) -> LogDocument | None:
        return self.tabs.open_text(text)

    def open_sample(self) -> None:
        self.open_paths([paths.sample_log_path()])

    def show_catalogue(self) -> None:
        """Bring the catalogue tab forward (also when no log is open)."""
        self.stack.setCurrentWidget(self.tabs)
        self.tabs.setCurrentWidget(self.browser)
        self.browser.search_box.setFocus()

    def report(self, message: str, kind: str = "error") -> None:
        """Tell the user about a problem (banner and status bar); nothing else changes."""
        self.banner.show_message(message, kind)
        self.status.showMessage(message, 10000)

    def set_theme_mode(self, mode: str) -> None:
        self.settings.set_theme(mode)
        if self.theme is not None:
            self.theme.set_mode(mode)

    def show_entry(
        self, entry_id: str | None, *, from_browser: bool = False, seen: str | None = None
    ) -> None:
        """Show an entry in the entry panel (and select it in the catalogue browser); `seen`:
        the user's line it was reached from."""
        self.entry_panel.show_entry(entry_id, seen)
        if not from_browser:
            self.browser.select_entry(entry_id)
        if entry_id and self.entry_dock.isHidden():
            self.entry_dock.show()

    def retranslate(self) -> None:
        """Show every text in the language now installed (View > Language, no restart)."""
        retranslate_tree([self])
        self._on_tabs_current_document_changed(self.tabs.current_document())  # state texts

    def changeEvent(self, event: QEvent) -> None:
        timer = getattr(self, "_retranslate_timer", None)  # (None while being built)
        if event.type() == QEvent.Type.LanguageChange and timer and not timer.isActive():
            timer.start()  # once for the translators removed and installed
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.entry_panel.notes_panel.flush() and not Dialogs.confirm_discard_notes(self):
            return event.ignore()  # a note could not be saved (full disk?): keep it
        self.settings.save_layout(self.saveGeometry(), self.saveState(), self.splitter.saveState())
        self.tabs.close_all()  # (a close event is accepted unless ignored)

    # -- helpers --------------------------------------------------------------------------

    def _apply_dark(self, dark: bool) -> None:
        self.tabs.set_dark(dark)
        self.banner.set_dark(dark)
        self.empty_state.set_dark(dark)

    # -- slots ----------------------------------------------------------------------------

    def _on_tabs_document_state_changed(self, doc: LogDocument) -> None:
        if doc is not self.tabs.current_document():
            return
        if doc.busy or doc.phase is self._shown_phase:
            # Progress, or a followed log growing: a few updates a second are plenty.
            if not self._state_timer.isActive():
                self._state_timer.start()
        else:  # a new phase (scanned, failed): at once
            self._state_timer.stop()
            self._on_state_timer_timeout()

    def _on_state_timer_timeout(self) -> None:
        doc = self.tabs.current_document()
        self._shown_phase = doc.phase if doc is not None else None
        if doc is not None:
            self.status.show_document(doc)
            self.matches_panel.set_state(doc.phase_text(), doc.finished)

    def _on_tabs_current_document_changed(self, doc: LogDocument | None) -> None:
        has_log = doc is not None
        if self.tabs.log_count():
            self.stack.setCurrentWidget(self.tabs)
        elif (
            self.tabs.currentWidget() is not self.browser
            or self.stack.currentWidget() is not self.tabs
        ):
            self.stack.setCurrentWidget(self.empty_state)
        self.matches_panel.setVisible(has_log)
        self.matches_panel.set_model(doc.matches_model if doc is not None else None)
        if doc is not None:
            self.matches_panel.set_state(doc.phase_text(), doc.finished)
        else:
            self.matches_panel.set_state(self.tr("No log open."))
        self.status.show_document(doc)
        self._shown_phase = doc.phase if doc is not None else None
        for action in self.actions.log_actions():
            action.setEnabled(has_log)
        view = self.tabs.current_view()
        self.actions.only_matched.setChecked(bool(view and view.only_matched))
        self.setWindowTitle(f"{doc.title} — Triage" if doc is not None else "Triage")

    def _on_browser_entry_selected(self, entry_id: str) -> None:
        self.show_entry(entry_id, from_browser=True)

    def _on_entry_panel_entry_requested(self, entry_id: str) -> None:
        self.browser.select_entry(entry_id)  # the panel already shows it

    def _on_theme_theme_changed(self, dark: bool) -> None:
        self._apply_dark(dark)
