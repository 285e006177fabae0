"""One note, edited in place and saved by itself: after a pause in typing, on focus loss, and
whenever the panel flushes (switching entries, hiding, closing, quitting).

A new note is a draft until it has text; then it is added to the store and updated from then
on. A failed save keeps the text in the editor and says why; the next change or flush retries.
"""

from __future__ import annotations

import math
from datetime import datetime

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from triage_app.core.notes import Note
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.notes_service import NotesService, NotSavedError

SAVE_DELAY_MS = 800
translate = QCoreApplication.translate


class GrowingTextEdit(QTextEdit):
    """Plain-text editing that grows with its content (3 to 16 lines), then scrolls."""

    MIN_LINES, MAX_LINES = 3, 16

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptRichText(False)
        self.setTabChangesFocus(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.document().documentLayout().documentSizeChanged.connect(self._on_layout_size_changed)
        self._fit()

    def sizeHint(self) -> QSize:
        return QSize(200, self.height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def _on_layout_size_changed(self, _size) -> None:
        self._fit()

    def _fit(self) -> None:
        line = self.fontMetrics().lineSpacing()
        content = math.ceil(self.document().size().height())
        low, high = line * self.MIN_LINES, line * self.MAX_LINES
        frame = 2 * self.frameWidth() + 2
        height = min(max(content, low), high) + frame
        if height != self.height():
            self.setFixedHeight(height)


class NoteEditor(QFrame):
    """Edits one note (or a draft). Signals carry the entry id so the panel can re-emit them.

    Signals:
        saved(str): the note was added, changed or found unchanged after an edit.
        delete_requested(): the user pressed Delete (the panel confirms and deletes).
    """

    saved = Signal(str)
    delete_requested = Signal()

    def __init__(
        self, notes: NotesService, entry_id: str, note: Note | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("noteEditor")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._notes, self._entry_id, self._note = notes, entry_id, note
        self._saved_text = note.text if note else ""
        self._saved_tags = list(note.tags) if note else []
        self.text_edit = GrowingTextEdit(self)
        self.text_edit.setPlaceholderText(
            self.tr("Write a note: what you tried, what worked, where…")
        )
        self.text_edit.setPlainText(self._saved_text)
        self.tags_edit = QLineEdit(", ".join(self._saved_tags), self)
        self.tags_edit.setPlaceholderText("tags, separated by commas")
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.delete_button = QToolButton(self)
        self.delete_button.setText(self.tr("Delete"))
        self.delete_button.setToolTip(self.tr("Delete this note"))
        self._status: tuple[str | None, bool] = (None, False)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SAVE_DELAY_MS)
        self._build_layout()
        self._connect_signals()
        self.set_read_only(notes.read_only)
        self._show_status()

    def _build_layout(self) -> None:
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.delete_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 4)
        layout.setSpacing(4)
        layout.addWidget(self.text_edit)
        layout.addWidget(self.tags_edit)
        layout.addLayout(bottom)

    def _connect_signals(self) -> None:
        self.text_edit.textChanged.connect(self._on_text_edit_text_changed)
        self.tags_edit.textEdited.connect(self._on_tags_edit_text_edited)
        self.tags_edit.editingFinished.connect(self._on_tags_edit_editing_finished)
        self.delete_button.clicked.connect(self._on_delete_button_clicked)
        self._timer.timeout.connect(self._on_timer_timeout)
        self.text_edit.installEventFilter(self)

    # Public API -------------------------------------------------------------------------------

    @property
    def note(self) -> Note | None:
        """The stored note (None while this is an unsaved draft)."""
        return self._note

    @property
    def entry_id(self) -> str:
        return self._entry_id

    def text(self) -> str:
        return self.text_edit.toPlainText()

    def tags(self) -> list[str]:
        return list(dict.fromkeys(t.strip() for t in self.tags_edit.text().split(",") if t.strip()))

    def set_text(self, text: str) -> None:
        """Replace the text as if typed (the save is scheduled, not immediate)."""
        self.text_edit.setPlainText(text)

    def set_tags(self, tags: list[str]) -> None:
        self.tags_edit.setText(", ".join(tags))
        self._schedule()

    def is_dirty(self) -> bool:
        return self.text() != self._saved_text or self.tags() != self._saved_tags

    def set_read_only(self, read_only: bool) -> None:
        self.text_edit.setReadOnly(read_only)
        self.tags_edit.setReadOnly(read_only)
        self.delete_button.setEnabled(not read_only)

    def save(self) -> bool:
        """Write pending changes now; True when nothing is left unsaved."""
        self._timer.stop()
        if not self.is_dirty() or self._notes.read_only:
            return not self.is_dirty()
        if not self.text().strip():
            if self._note is not None:
                self._show_status(
                    self.tr("Empty notes are not saved: delete the note instead."), True
                )
            return self._note is None and not self.tags()
        try:
            self._note = self._notes.save_note(self._entry_id, self._note, self.text(), self.tags())
        except NotSavedError as exc:
            self._show_status(self.tr("Not saved: {reason}").format(reason=exc), True)
            return False
        self._saved_text, self._saved_tags = self._note.text, list(self._note.tags)
        self._show_status()
        self.saved.emit(self._entry_id)
        return not self.is_dirty()

    # Slots ------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._show_status(*self._status)  # the muted colour follows the theme

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.text_edit and event.type() == QEvent.Type.FocusOut:
            self.save()
        return super().eventFilter(watched, event)

    def _on_text_edit_text_changed(self) -> None:
        self._schedule()

    def _on_tags_edit_text_edited(self, _text: str) -> None:
        self._schedule()

    def _on_tags_edit_editing_finished(self) -> None:
        self.save()

    def _on_delete_button_clicked(self) -> None:
        self.delete_requested.emit()

    def _on_timer_timeout(self) -> None:
        self.save()

    # Internals --------------------------------------------------------------------------------

    def _schedule(self) -> None:
        if self.is_dirty():
            self._show_status(self.tr("Editing…"))
            self._timer.start()

    def _show_status(self, message: str | None = None, error: bool = False) -> None:
        self._status = (message, error)
        palette = self.status.palette()
        color = accents.FAIL if error else accents.muted_text(self.palette())
        palette.setColor(palette.ColorRole.WindowText, color)
        self.status.setPalette(palette)
        if message is None:
            message = _describe(self._note)
        self.status.setText(message)


def _describe(note: Note | None) -> str:
    if note is None:
        return translate("NoteEditor", "New note: saved as you type.")
    added = _local(note.created)
    if note.updated[:16] != note.created[:16]:
        text = translate("NoteEditor", "Added {added} · edited {edited} · saved")
        return text.format(added=added, edited=_local(note.updated))
    return translate("NoteEditor", "Added {added} · saved").format(added=added)


def _local(stamp: str) -> str:
    """An ISO-8601 UTC stamp as local `YYYY-MM-DD HH:MM` (the stamp itself if unreadable)."""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")
