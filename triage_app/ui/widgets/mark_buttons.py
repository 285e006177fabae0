"""The user's verdict on one workaround or dead end: "worked for me" / "didn't work for me"."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QHBoxLayout, QToolButton, QWidget

from triage_app.ui.widgets import accents
from triage_app.ui.widgets.i18n import translate
from triage_app.ui.widgets.notes_service import NotesService, NotSavedError

MARK_TEXT = {
    "worked": QT_TRANSLATE_NOOP("Notes", "Worked for me"),
    "did_not_work": QT_TRANSLATE_NOOP("Notes", "Didn't work"),
    "did_not_work_long": QT_TRANSLATE_NOOP("Notes", "Didn't work for me"),
}


def mark_words(language: str) -> dict[str, str]:
    """The verdicts' names in `language` (translation context "Notes")."""
    return {key: translate("Notes", text, language) for key, text in MARK_TEXT.items()}


class MarkButtons(QWidget):
    """ "Worked for me" / "Didn't work for me" on one workaround or dead end; both may be off.

    A change is stored through the notes service, which announces it (`changed`).
    """

    def __init__(
        self,
        notes: NotesService,
        entry_id: str,
        action: str,
        verdict: str | None,
        language: str = "en",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._notes, self._entry_id, self._action = notes, entry_id, action
        self._verdict = verdict
        words = mark_words(language)
        self.buttons: dict[str, QToolButton] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        for verdict_name, symbol, color in (
            ("worked", "✓", accents.SUCCESS),
            ("did_not_work", "✗", accents.FAIL),
        ):
            button = QToolButton(self)
            button.setCheckable(True)
            button.setText(f"{symbol} {words[verdict_name]}")
            long_name = words.get(f"{verdict_name}_long", words[verdict_name])
            button.setToolTip(self.tr("Mark: {name} (click again to clear)").format(name=long_name))
            button.setAccessibleName(long_name)
            button.setStyleSheet(
                f"QToolButton:checked {{ background: {accents.css(accents.tint(color, self.palette(), 0.3))};"
                f" border: 1px solid {accents.css(color)}; border-radius: 3px; }}"
            )
            button.clicked.connect(self._on_button_clicked)
            layout.addWidget(button)
            self.buttons[verdict_name] = button
        layout.addStretch(1)
        if notes.read_only:
            self.setEnabled(False)
            self.setToolTip(
                self.tr("Notes are read-only: {reason}").format(reason=notes.read_only_reason)
            )
        self._sync()

    def verdict(self) -> str | None:
        return self._verdict

    def set_verdict(self, verdict: str | None) -> bool:
        """Store `verdict` (None clears it); False, with the buttons unchanged, if it failed."""
        try:
            self._notes.set_mark(self._entry_id, self._action, verdict)
        except NotSavedError as exc:
            self.setToolTip(self.tr("Not saved: {reason}").format(reason=exc))
            self._sync()
            return False
        self._verdict = verdict
        self._sync()
        return True

    def _on_button_clicked(self) -> None:
        button = self.sender()
        name = next(n for n, b in self.buttons.items() if b is button)
        self.set_verdict(None if self._verdict == name else name)

    def _sync(self) -> None:
        for name, button in self.buttons.items():
            button.setChecked(self._verdict == name)
