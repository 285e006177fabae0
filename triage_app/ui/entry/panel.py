"""The entry panel: everything the catalogue and the user's notes know about one entry.

One scrolling column: the summary sections (signature, facts, root cause), the related
errors (graph and list), the body sections (versions, OS notes, dead ends, workarounds), the
user's notes, then the tail sections (documentation, dates and names, the matching pattern,
unknown fields). The sections are listed in `sections`; those a record has nothing for are
left out. Back/forward history covers navigation from the graph and
from links; the shell hears about every such jump through `entry_requested`.

A shown panel is built in slices (`section_columns`): the summary in the caller's event-loop
turn, the rest in later turns; a hidden one, or a rebuild in place (a version verdict, a theme),
at once. The same entry from another line is only retitled.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QCloseEvent, QDesktopServices, QHideEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from triage_app.core.catalog import Catalog
from triage_app.core.related import RelatedIndex
from triage_app.ui.entry.action_cards import ActionCard, card_actions
from triage_app.ui.entry.related_section import ENTRY_SCHEME, RelatedSection
from triage_app.ui.entry.section_columns import SectionColumns
from triage_app.ui.entry.sections import Context
from triage_app.ui.entry.summary import SignatureView
from triage_app.ui.entry.words import tr, word
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.notes_service import ALL, NotesService
from triage_app.ui.widgets.settings import Settings
from triage_app.ui.widgets.text import para, rule, tool_button
from triage_app.ui.widgets.wrap_text import ElidedLabel

EMPTY = QT_TRANSLATE_NOOP(
    "EntryPanel",
    "Select an error (from a log or the catalogue) to see what is known about it.",
)


class EntryPanel(QWidget):
    """Shows one entry (`show_entry`); embeds the graph and the notes of that entry.

    Signals:
        entry_requested(str): the user asked for another entry from inside the panel (graph
            node, related link, back/forward). The panel has already shown it.
    """

    entry_requested = Signal(str)

    MIN_WIDTH = 330  # the content re-flows down to about 300 px; below that it would scroll

    def sizeHint(self) -> QSize:
        return QSize(480, 700)

    def __init__(
        self,
        catalog: Catalog,
        notes: NotesService,
        notes_panel: QWidget,
        parent: QWidget | None = None,
    ) -> None:
        """`notes_panel` (the notes wing's, handed in by the shell) shows the entry's notes.

        It needs `set_entry(entry_id, actions)`, `set_language(language)` and `flush()`.
        """
        super().__init__(parent)
        self._catalog, self._notes = catalog, notes
        self.notes_panel = notes_panel
        self._related = RelatedIndex(catalog)
        self._entry_id: str | None = None
        self._seen: str | None = None
        self._language = "en"
        # "seen 3 times in 2 logs, …" for an entry id; the shell sets it (local history)
        self.history_text: Callable[[str], str | None] = lambda _entry_id: None
        # the shown log's version verdict for an entry id; the shell sets it (`version_list`)
        self.version_text: Callable[[str], str | None] = lambda _entry_id: None
        self._back: list[str] = []  # history, most recent last
        self._forward: list[str] = []
        self._restyle_pending = False
        self.builds = 0  # entries built (not retitled) since the panel was made, for tests
        self._build_widgets()
        self._build_layout()
        self._connect_signals()
        self.set_language(Settings().entry_language())
        self._display(None)

    # Construction -----------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.back_button = tool_button("◀", self.tr("Back"), self)
        self.forward_button = tool_button("▶", self.tr("Forward"), self)
        self.title = ElidedLabel("", self)
        self.notes_button = tool_button("", self.tr("Jump to my notes"), self)
        self.language_buttons = QButtonGroup(self)
        self.english_button = tool_button("EN", self.tr("Show the English text"), self)
        self.chinese_button = tool_button(
            "中文", self.tr("Show the Chinese text where the record has it"), self
        )
        for i, button in enumerate((self.english_button, self.chinese_button)):
            button.setCheckable(True)
            self.language_buttons.addButton(button, i)
        self.english_button.setChecked(True)
        self.stack = QStackedWidget(self)
        self.empty_label = QLabel(self)
        self.empty_label.setWordWrap(True)
        self.empty_label.setMargin(24)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumWidth(self.MIN_WIDTH)
        self.content = QWidget()
        # The summary (signature, facts, root cause) comes first, then how the error relates
        # to others (is this the cause or a consequence?), then versions and what to do.
        self.columns = SectionColumns(self.content)
        self.details, self.body, self.tail = self.columns.boxes()
        self.notes_panel.setParent(self.content)
        self.related = RelatedSection(self._catalog, self._related, self.content)
        self.graph = self.related.graph

    def _build_layout(self) -> None:
        bar = QHBoxLayout()
        bar.setContentsMargins(4, 4, 4, 4)
        bar.setSpacing(2)
        for widget in (self.back_button, self.forward_button):
            bar.addWidget(widget)
        bar.addWidget(self.title, 1)
        for widget in (self.notes_button, self.english_button, self.chinese_button):
            bar.addWidget(widget)
        inner = QVBoxLayout(self.content)
        inner.setContentsMargins(12, 8, 12, 16)
        inner.setSpacing(14)
        inner.addWidget(self.details)
        inner.addWidget(self.related)
        inner.addWidget(self.body)
        inner.addWidget(rule(self.content))
        inner.addWidget(self.notes_panel)
        inner.addWidget(self.tail)
        inner.addStretch(1)
        self.scroll.setWidget(self.content)
        self.stack.addWidget(self.empty_label)
        self.stack.addWidget(self.scroll)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(bar)
        layout.addWidget(self.stack, 1)

    def _connect_signals(self) -> None:
        self.back_button.clicked.connect(self._on_back_button_clicked)
        self.forward_button.clicked.connect(self._on_forward_button_clicked)
        self.notes_button.clicked.connect(self._on_notes_button_clicked)
        self.language_buttons.idClicked.connect(self._on_language_buttons_id_clicked)
        self.graph.node_clicked.connect(self._on_graph_node_clicked)
        self.graph.more_requested.connect(self._on_graph_more_requested)
        self.related.link_activated.connect(self._on_link_activated)
        self._notes.changed.connect(self._on_notes_changed)

    # Public API -------------------------------------------------------------------------------

    @property
    def notes(self) -> NotesService:
        return self._notes

    @property
    def entry_id(self) -> str | None:
        return self._entry_id

    @property
    def language(self) -> str:
        return self._language

    @property
    def seen(self) -> str | None:
        """The user's line the entry was reached from, shown as the title (None: from the
        catalogue, the signature is the title)."""
        return self._seen

    def show_entry(self, entry_id: str | None, seen: str | None = None) -> None:
        """Show `entry_id` (None: the empty state), titled with `seen`, the user's own line,
        when it comes from a log. The same id and line again change nothing."""
        if entry_id == self._entry_id and seen == self._seen:
            return
        self._seen = seen if entry_id else None
        entry = self._catalog.get(entry_id) if entry_id else None
        if entry_id == self._entry_id:  # the same entry from another line: retitle it
            return self.columns.retitle(entry, self._context) if entry else None
        if self._entry_id is not None:
            self._back.append(self._entry_id)
            self._forward.clear()
        self._display(entry_id)

    def refresh(self) -> None:
        """Rebuild the shown entry in place (the log's version verdict may have arrived)."""
        if self._entry_id is not None:
            self._display(self._entry_id, keep_scroll=True)

    def set_language(self, language: str) -> None:
        """ "en" or "zh": the `_zh` fields are shown where the record has them."""
        language = "zh" if language == "zh" else "en"
        (self.chinese_button if language == "zh" else self.english_button).setChecked(True)
        Settings().set_entry_language(language)
        if language != self._language:
            self._language = language
            self._display(self._entry_id)

    def can_go_back(self) -> bool:
        return bool(self._back)

    def can_go_forward(self) -> bool:
        return bool(self._forward)

    def go_back(self) -> None:
        if self._back:
            self._forward.append(self._entry_id) if self._entry_id else None
            self._jump(self._back.pop())

    def go_forward(self) -> None:
        if self._forward:
            self._back.append(self._entry_id) if self._entry_id else None
            self._jump(self._forward.pop())

    def navigate(self, entry_id: str) -> None:
        """Show `entry_id` as the user's choice from inside the panel, and tell the shell."""
        self.show_entry(entry_id)
        self.entry_requested.emit(entry_id)

    def reload_notes(self) -> None:
        """Re-read notes and marks (after an import); unsaved typing is saved first."""
        self._display(self._entry_id, keep_scroll=True)

    def cards(self) -> list[ActionCard]:
        """The dead-end and workaround cards on show, in order (for the shell and tests)."""
        self.finish_build()
        return list(self.columns.cards)

    def finish_build(self) -> None:
        """Build what is left of the shown entry now (`columns.queue.pending`: some is)."""
        self.columns.queue.finish()

    def open_link(self, url: str) -> bool:
        """Follow a link: `entry:<id>` navigates; http(s) opens the system browser."""
        if url.startswith(ENTRY_SCHEME):
            self.navigate(url[len(ENTRY_SCHEME) :])
            return True
        return self.open_external(url)

    @classmethod
    def open_external(cls, url: str) -> bool:
        """Open an http(s) URL in the system browser; any other scheme is refused."""
        qurl = QUrl(url)
        if qurl.scheme().lower() not in ("http", "https") or not qurl.isValid():
            return False
        return QDesktopServices.openUrl(qurl)

    # Qt overrides -----------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch rebuilds the sections (their tints and muted text derive from the
        palette); coalesced, since one switch delivers several palette events."""
        super().changeEvent(event)
        kinds = (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange)
        if event.type() in kinds and not self._restyle_pending:
            self._restyle_pending = True
            QTimer.singleShot(0, self._on_palette_settled)

    def hideEvent(self, event: QHideEvent) -> None:
        """A hidden panel is whole (as one built while hidden is); its queued steps, which
        refer to the panel, are not left holding it alive after it is closed."""
        self.finish_build()
        self.notes_panel.flush()
        super().hideEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.notes_panel.flush()
        super().closeEvent(event)

    # Slots ------------------------------------------------------------------------------------

    def _on_palette_settled(self) -> None:
        self._restyle_pending = False
        self._display(self._entry_id, keep_scroll=True)

    def _on_back_button_clicked(self) -> None:
        self.go_back()

    def _on_forward_button_clicked(self) -> None:
        self.go_forward()

    def _on_notes_button_clicked(self) -> None:
        self.finish_build()
        self.scroll.verticalScrollBar().setValue(self.notes_panel.y())

    def _on_language_buttons_id_clicked(self, button_id: int) -> None:
        self.set_language("zh" if button_id == 1 else "en")

    def _on_graph_node_clicked(self, entry_id: str) -> None:
        self.navigate(entry_id)

    def _on_graph_more_requested(self, _relation: str) -> None:
        self.related.inferred_box.set_expanded(True)
        top = self.related.y() + self.related.list_top()
        self.scroll.verticalScrollBar().setValue(top)

    def _on_link_activated(self, url: str) -> None:
        self.open_link(url)

    def _on_notes_changed(self, entry_id: str) -> None:
        if entry_id == ALL:  # an import, or another window: re-read notes and marks
            self.reload_notes()
        elif entry_id == self._entry_id:
            self._update_notes_button()

    # Internals --------------------------------------------------------------------------------

    def _jump(self, entry_id: str) -> None:
        self._seen = None  # the user's line belonged to the entry shown before
        self._display(entry_id)
        self.entry_requested.emit(entry_id)

    def _display(self, entry_id: str | None, *, keep_scroll: bool = False) -> None:
        """Build the panel for `entry_id`: the summary now, the rest queued (see the module)."""
        scroll_value = self.scroll.verticalScrollBar().value() if keep_scroll else 0
        self.columns.queue.cancel()
        self.notes_panel.flush()
        self._entry_id = entry_id
        entry = self._catalog.get(entry_id) if entry_id else None
        self.back_button.setEnabled(bool(self._back))
        self.forward_button.setEnabled(bool(self._forward))
        self.title.setText(entry_id or "")
        self.title.setToolTip(entry_id or "")
        self.columns.clear()
        if entry_id is None:
            self._show_empty()
            return
        self.builds += 1
        self.stack.setCurrentWidget(self.scroll)
        self.related.setVisible(False)  # shown by its own step (not the last entry's graph)
        self.scroll.verticalScrollBar().setValue(0)
        self.notes_panel.set_language(self._language)
        self.notes_panel.set_entry(entry_id, card_actions(entry) if entry else [])
        self._update_notes_button()
        if entry is None:
            self._fill_missing(entry_id)
        self.columns.build(
            entry,
            self._context,
            lambda: self.related.show_entry(entry_id, self._language),
            lambda: self.scroll.verticalScrollBar().setValue(scroll_value),
        )
        if keep_scroll or not self.isVisible():  # an in-place rebuild keeps its place at once
            self.finish_build()

    def _context(self, box: QWidget) -> Context:
        context = Context(
            self._language, box, self._notes, self._on_link_activated, seen=self._seen
        )
        context.history = self.history_text
        context.verdict = self.version_text
        return context

    def _show_empty(self) -> None:
        muted = self.empty_label.palette()
        muted.setColor(muted.ColorRole.WindowText, accents.muted_text(self.palette()))
        self.empty_label.setPalette(muted)
        self.empty_label.setText(tr(EMPTY, self._language))
        self.stack.setCurrentWidget(self.empty_label)
        self.notes_panel.set_entry(None)
        self.related.show_entry(None, self._language)
        self._update_notes_button()

    def _fill_missing(self, entry_id: str) -> None:
        self.columns.add_detail(SignatureView(entry_id, self.details))
        self.columns.add_detail(para(word("missing", self._language), self.details, muted=True))

    def _update_notes_button(self) -> None:
        count = 0
        if self._entry_id is not None:
            count = len(self._notes.notes_for(self._entry_id))
        self.notes_button.setText(f"✎ {count}" if count else "✎")
        tip = tr(QT_TRANSLATE_NOOP("EntryPanel", "My notes"), self._language)
        self.notes_button.setToolTip(f"{tip} ({count})" if count else tip)
        self.notes_button.setEnabled(self._entry_id is not None)
