"""The find bar under the log: a pattern (plain text or regex), case, previous/next."""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget


class FindBar(QWidget):
    """Pattern entry for find-in-log.

    Signals:
        find_requested(bool): search for the next hit (True: backward).
        pattern_changed(): the pattern or its options changed (re-highlight hits).
        closed(): the bar was closed (Escape or the close button).
    """

    find_requested = Signal(bool)
    pattern_changed = Signal()
    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit(self)
        self.edit.setObjectName("findEdit")
        self.edit.setPlaceholderText(self.tr("Find in log (Enter: next, Shift+Enter: previous)"))
        self.edit.setClearButtonEnabled(True)
        self.regex = QCheckBox(self.tr("Regex"), self)
        self.case = QCheckBox(self.tr("Match case"), self)
        self.previous = QToolButton(self)
        self.previous.setText("▲")
        self.previous.setToolTip(self.tr("Previous (Shift+Enter)"))
        self.next = QToolButton(self)
        self.next.setText("▼")
        self.next.setToolTip(self.tr("Next (Enter)"))
        self.status = QLabel(self)
        self.status.setMinimumWidth(160)
        self.close_button = QToolButton(self)
        self.close_button.setText("✕")
        self.close_button.setToolTip(self.tr("Close (Esc)"))
        self.close_button.setAutoRaise(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        for widget in (self.edit, self.previous, self.next, self.regex, self.case, self.status):
            layout.addWidget(widget)
        layout.addWidget(self.close_button)
        layout.setStretch(0, 1)
        self._connect_signals()

    def _connect_signals(self) -> None:
        self.edit.installEventFilter(self)
        self.edit.textChanged.connect(self._on_option_changed)
        self.regex.toggled.connect(self._on_option_changed)
        self.case.toggled.connect(self._on_option_changed)
        self.previous.clicked.connect(lambda: self.find_requested.emit(True))
        self.next.clicked.connect(lambda: self.find_requested.emit(False))
        self.close_button.clicked.connect(self.close_bar)

    def open_bar(self, text: str | None = None) -> None:
        if text:
            self.edit.setText(text)
        self.show()
        self.edit.setFocus()
        self.edit.selectAll()

    def close_bar(self) -> None:
        self.hide()
        self.closed.emit()

    def pattern(self) -> re.Pattern[str] | None:
        """The compiled pattern, or None when empty or invalid (the status says why)."""
        text = self.edit.text()
        if not text:
            return None
        flags = 0 if self.case.isChecked() else re.IGNORECASE
        source = text if self.regex.isChecked() else re.escape(text)
        try:
            return re.compile(source, flags)
        except re.error as exc:
            self.set_status(self.tr("Invalid regex: {error}").format(error=exc))
            return None

    def set_status(self, text: str) -> None:
        self.status.setText(text)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close_bar()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter finds the next hit, Shift+Enter the previous one, Escape closes."""
        if watched is self.edit and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                backward = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
                self.find_requested.emit(backward)
                return True
            if event.key() == Qt.Key.Key_Escape:
                self.close_bar()
                return True
        return super().eventFilter(watched, event)

    def _on_option_changed(self, *_args: object) -> None:
        self.set_status("")
        self.pattern_changed.emit()
