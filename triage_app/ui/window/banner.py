"""A non-modal message bar above the log area: errors and warnings that need no dialog."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

_STYLES = {
    "error": ("#fdecea", "#8e1b10", "#f5c2bc", "#4a1c1a", "#ffb4ab", "#7a2e28"),
    "warning": ("#fff4d6", "#6b4a00", "#f0d68a", "#3d3214", "#f2cc60", "#6b5a22"),
    "info": ("#e8f1fd", "#0b3d91", "#b9d3f7", "#15273d", "#9ecbff", "#284a73"),
}


class MessageBanner(QFrame):
    """Shows one or more message lines until closed; new messages of the same kind add up.

    Signals:
        dismissed(): the user closed the banner.
    """

    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageBanner")
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton(self)
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip(self.tr("Dismiss"))
        self.action_button = QPushButton(self)  # a way out the message offers (Reload)
        self.action_button.hide()
        self._action: Callable[[], None] | None = None
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.action_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.close_button.clicked.connect(self._on_close_button_clicked)
        self.action_button.clicked.connect(self._on_action_button_clicked)
        self.kind = "info"
        self.messages: list[str] = []
        self.dark = False
        self.hide()

    def show_message(
        self,
        text: str,
        kind: str = "error",
        action: tuple[str, Callable[[], None]] | None = None,
    ) -> None:
        """Add `text`; `action` (a button's text and what it does) replaces any earlier one."""
        if self.isHidden() or kind != self.kind:
            self.messages = []
            self._action = None
        if action is not None:
            self._action = action[1]
            self.action_button.setText(action[0])
        self.action_button.setVisible(self._action is not None)
        self.kind = kind
        if text not in self.messages:
            self.messages = (self.messages + [text])[-6:]
        self.label.setText("\n".join(self.messages))
        self._apply_style()
        self.show()

    def set_dark(self, dark: bool) -> None:
        self.dark = dark
        self._apply_style()

    def clear(self) -> None:
        self.messages = []
        self._action = None
        self.action_button.hide()
        self.hide()

    def _apply_style(self) -> None:
        light_bg, light_fg, light_border, dark_bg, dark_fg, dark_border = _STYLES[self.kind]
        bg, fg, border = (
            (dark_bg, dark_fg, dark_border) if self.dark else (light_bg, light_fg, light_border)
        )
        self.setStyleSheet(
            f"#messageBanner {{ background: {bg}; border: 1px solid {border}; border-radius: 4px; }}"
            f"#messageBanner QLabel {{ color: {fg}; }}"
        )

    def _on_close_button_clicked(self) -> None:
        self.clear()
        self.dismissed.emit()

    def _on_action_button_clicked(self) -> None:
        action = self._action
        self.clear()
        if action is not None:
            action()
