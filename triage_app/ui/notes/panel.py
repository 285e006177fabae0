"""The user's notes on one entry, and their marks on its workarounds and dead ends.

`MarkButtons` (shared, in `widgets.mark_buttons`) are the two toggles the entry panel puts on
every workaround and dead end; marks on actions the entry no longer lists are shown here.

Notes are saved as they are typed (see `editor`); there is no save button. Everything goes
through the notes service (which announces every change), so the same notes show whichever way the entry was reached and after a
restart. A read-only store (newer file format, write-protected file) shows a banner and keeps
every control read-only instead of failing on the first keystroke.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, Qt
from PySide6.QtGui import QCloseEvent, QGuiApplication, QHideEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from triage_app.core.notes import Mark, normalise_action
from triage_app.ui.notes.editor import NoteEditor
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.i18n import normal_language, translate
from triage_app.ui.widgets.mark_buttons import mark_words
from triage_app.ui.widgets.notes_service import NotesService, NotSavedError

TEXT = {
    "title": QT_TRANSLATE_NOOP("Notes", "My notes"),
    "add": QT_TRANSLATE_NOOP("Notes", "Add note"),
    "empty": QT_TRANSLATE_NOOP(
        "Notes", "No notes yet. Notes stay on this computer and are saved as you type."
    ),
    "read_only": QT_TRANSLATE_NOOP("Notes", "Notes are read-only: {reason}"),
    "orphans": QT_TRANSLATE_NOOP("Notes", "Your marks on actions this entry no longer lists"),
    "earlier": QT_TRANSLATE_NOOP("Notes", "Show {count} earlier notes ({hidden} not shown)"),
}

# Notes shown at once: an entry with thousands of notes shows the newest page and builds the
# editors of earlier pages only when asked (each editor is a few widgets; 10k froze the GUI).
PAGE = 50


def words_for(language: str) -> dict[str, str]:
    """The panel's words in `language` (translation context "Notes"), verdicts included."""
    words = {key: translate("Notes", text, language) for key, text in TEXT.items()}
    return {**words, **mark_words(language)}


class NotesPanel(QWidget):
    """Every note on one entry, an Add button, and marks on actions the entry no longer lists.

    Changes are announced by the notes service (`changed`), not by this widget.
    """

    def __init__(self, notes: NotesService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._notes = notes
        self._entry_id: str | None = None
        self._actions: set[str] = set()
        self._language = "en"
        self._editors: list[NoteEditor] = []
        self._earlier: list = []  # older notes not yet shown (oldest first)
        self.title = QLabel(self)
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.title.setFont(font)
        self.add_button = QPushButton(self)
        self.earlier_button = QPushButton(self)
        self.earlier_button.setFlat(True)
        self.earlier_button.setObjectName("notesEarlierButton")
        self.banner = QLabel(self)
        self.banner.setWordWrap(True)
        self.banner.setObjectName("notesReadOnlyBanner")
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        for label in (self.title, self.banner, self.hint):  # ids and reasons come from files
            label.setTextFormat(Qt.TextFormat.PlainText)
        self._editor_box = QVBoxLayout()
        self._editor_box.setSpacing(8)
        self.orphans = QWidget(self)
        self._orphan_box = QVBoxLayout(self.orphans)
        self._orphan_box.setContentsMargins(0, 4, 0, 0)
        self._build_layout()
        self._connect_signals()
        self._apply_language()
        self.set_entry(None)

    def _build_layout(self) -> None:
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        top.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addWidget(self.hint)
        layout.addWidget(self.earlier_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(self._editor_box)
        layout.addWidget(self.orphans)

    def _connect_signals(self) -> None:
        self.add_button.clicked.connect(self._on_add_button_clicked)
        self.earlier_button.clicked.connect(self.show_earlier)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.flush)
        if isinstance(app, QGuiApplication):
            app.applicationStateChanged.connect(self._on_app_state_changed)

    # Public API -------------------------------------------------------------------------------

    @property
    def notes(self) -> NotesService:
        return self._notes

    @property
    def entry_id(self) -> str | None:
        return self._entry_id

    def set_entry(self, entry_id: str | None, actions: Iterable[str] = ()) -> None:
        """Show the notes of `entry_id` (saving the previous entry's pending edits first).

        `actions` are the entry's current workaround and dead-end actions; marks on any other
        action are listed at the end, so a catalogue update never hides a mark.
        """
        self.flush()
        self._entry_id = entry_id
        self._actions = {normalise_action(a) for a in actions}
        self.reload()

    def set_language(self, language: str) -> None:
        self._language = normal_language(language)
        self._apply_language()
        self._rebuild_orphans()

    def editors(self) -> list[NoteEditor]:
        return list(self._editors)

    def add_note(self, text: str = "", tags: Iterable[str] = ()) -> NoteEditor | None:
        """Open a new note for editing (focused); given text is saved at once."""
        if self._entry_id is None or self._notes.read_only:
            return None
        editor = self._add_editor(None)
        if text or tags:
            editor.set_text(text)
            editor.set_tags(list(tags))
            editor.save()
        editor.text_edit.setFocus()
        self._refresh_hint()
        return editor

    def flush(self) -> bool:
        """Save every pending edit now; True when nothing is left unsaved."""
        return all([editor.save() for editor in self._editors])

    def reload(self) -> None:
        """Re-read this entry's notes and marks from the store (after an import, or a change
        made by another window); pending edits are saved first, so nothing typed is lost."""
        self.flush()
        for editor in self._editors:
            editor.setParent(None)
            editor.deleteLater()
        self._editors = []
        notes = self._notes.notes_for(self._entry_id) if self._entry_id is not None else []
        self._earlier = notes[:-PAGE] if len(notes) > PAGE else []
        for note in notes[-PAGE:]:
            self._add_editor(note)
        self._refresh_banner()
        self._refresh_hint()
        self._rebuild_orphans()

    def show_earlier(self) -> None:
        """Build the editors of the next page of older notes, above the ones shown."""
        page, self._earlier = self._earlier[-PAGE:], self._earlier[:-PAGE]
        for position, note in enumerate(page):
            self._add_editor(note, position=position)
        self._refresh_hint()

    @classmethod
    def confirm_delete(cls, parent: QWidget, preview: str) -> bool:
        """Ask before deleting a note (tests monkeypatch this)."""
        answer = QMessageBox.question(
            parent,
            QCoreApplication.translate("NotesPanel", "Delete note"),
            QCoreApplication.translate("NotesPanel", "Delete this note?") + f"\n\n{preview}",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    # Qt overrides -----------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._refresh_banner()  # its tint follows the theme

    def hideEvent(self, event: QHideEvent) -> None:
        self.flush()
        super().hideEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.flush()
        super().closeEvent(event)

    # Slots ------------------------------------------------------------------------------------

    def _on_add_button_clicked(self) -> None:
        self.add_note()

    def _on_editor_saved(self, _entry_id: str) -> None:
        self._refresh_hint()

    def _on_editor_delete_requested(self) -> None:
        editor = self.sender()
        if isinstance(editor, NoteEditor):
            self.delete_editor(editor)

    def _on_app_state_changed(self, state: Qt.ApplicationState) -> None:
        if state != Qt.ApplicationState.ApplicationActive or self._entry_id is None:
            return
        if self._notes.refresh() and not any(editor.is_dirty() for editor in self._editors):
            self.reload()

    def _on_orphan_clear_clicked(self, mark: Mark) -> None:
        try:
            self._notes.set_mark(mark.entry_id, mark.action_text, None)
        except NotSavedError as exc:
            self.hint.setText(self.tr("Not saved: {reason}").format(reason=exc))
            return
        self._rebuild_orphans()

    # Internals --------------------------------------------------------------------------------

    def delete_editor(self, editor: NoteEditor) -> bool:
        """Delete a note after confirmation (an empty draft goes without asking)."""
        preview = editor.text().strip()
        if preview and not self.confirm_delete(self, preview[:200]):
            return False
        if editor.note is not None:
            try:
                self._notes.delete_note(editor.note)
            except NotSavedError as exc:
                editor.status.setText(self.tr("Not deleted: {reason}").format(reason=exc))
                return False
        self._editors.remove(editor)
        editor.setParent(None)
        editor.deleteLater()
        self._refresh_hint()
        return True

    def _add_editor(self, note, position: int | None = None) -> NoteEditor:
        editor = NoteEditor(self._notes, self._entry_id, note, self)
        editor.saved.connect(self._on_editor_saved)
        editor.delete_requested.connect(self._on_editor_delete_requested)
        if position is None:
            self._editor_box.addWidget(editor)
            self._editors.append(editor)
        else:
            self._editor_box.insertWidget(position, editor)
            self._editors.insert(position, editor)
        return editor

    def _apply_language(self) -> None:
        words = words_for(self._language)
        self.add_button.setText(words["add"])
        self._refresh_hint()

    def _refresh_hint(self) -> None:
        words = words_for(self._language)
        count = sum(1 for e in self._editors if e.note is not None) + len(self._earlier)
        hidden = len(self._earlier)
        self.earlier_button.setVisible(hidden > 0)
        if hidden:
            self.earlier_button.setText(
                words["earlier"].format(count=min(PAGE, hidden), hidden=f"{hidden:,}")
            )
        self.title.setText(f"{words['title']} ({count:,})" if count else words["title"])
        error = self._notes.read_error
        unreadable = self.tr("Cannot read the notes: {reason}").format(reason=error)
        self.hint.setText(unreadable if error else words["empty"])
        self.hint.setVisible(bool(error) or (not self._editors and not self._notes.read_only))
        self.add_button.setEnabled(not self._notes.read_only and self._entry_id is not None)

    def _refresh_banner(self) -> None:
        reason = self._notes.read_only_reason
        self.banner.setVisible(reason is not None)
        if reason:
            color = accents.WARN
            self.banner.setText("⚠ " + words_for(self._language)["read_only"].format(reason=reason))
            self.banner.setStyleSheet(
                f"QLabel#notesReadOnlyBanner {{ background: "
                f"{accents.css(accents.tint(color, self.palette(), 0.25))}; border: 1px solid "
                f"{accents.css(color)}; border-radius: 4px; padding: 6px; }}"
            )

    def _rebuild_orphans(self) -> None:
        while self._orphan_box.count():
            item = self._orphan_box.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        marks = []
        if self._entry_id is not None:
            stored = self._notes.marks_for(self._entry_id)
            marks = [mark for key, mark in stored.items() if key not in self._actions]
        self.orphans.setVisible(bool(marks))
        if not marks:
            return
        words = words_for(self._language)
        heading = QLabel(words["orphans"], self.orphans)
        heading.setWordWrap(True)
        self._orphan_box.addWidget(heading)
        for mark in sorted(marks, key=lambda m: m.action):
            row = QHBoxLayout()
            symbol = "✓" if mark.verdict == "worked" else "✗"
            verdict = words.get(f"{mark.verdict}_long", words[mark.verdict])
            label = QLabel(f"{symbol} {mark.action_text} — {verdict}", self.orphans)
            label.setTextFormat(Qt.TextFormat.PlainText)  # imported text: never HTML
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            clear = QToolButton(self.orphans)
            clear.setText(self.tr("Clear"))
            clear.setEnabled(not self._notes.read_only)
            clear.clicked.connect(lambda _=False, m=mark: self._on_orphan_clear_clicked(m))
            row.addWidget(label, 1)
            row.addWidget(clear, 0, Qt.AlignmentFlag.AlignTop)
            holder = QWidget(self.orphans)
            holder.setLayout(row)
            row.setContentsMargins(0, 0, 0, 0)
            self._orphan_box.addWidget(holder)
