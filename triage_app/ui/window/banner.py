"""A non-modal message bar above the log area: errors and warnings that need no dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

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
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.close_button.clicked.connect(self._on_close_button_clicked)
        self.kind = "info"
        self.messages: list[str] = []
        self.dark = False
        self.hide()

    def show_message(self, text: str, kind: str = "error") -> None:
        if self.isHidden() or kind != self.kind:
            self.messages = []
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
