"""A section that folds: a heading button with an arrow over a body widget.

The open/closed state is remembered per `key` for the session (in `Settings`), so a section
the user opened stays open as they move from entry to entry.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSizePolicy, QToolButton, QVBoxLayout, QWidget

from triage_app.ui.widgets.settings import Settings


class Collapsible(QWidget):
    """`title` as a toggle over `body`; collapsed unless `expanded` (or opened before)."""

    def __init__(
        self,
        title: str,
        body: QWidget,
        parent: QWidget | None = None,
        *,
        key: str = "",
        expanded: bool = False,
    ) -> None:
        super().__init__(parent)
        self._key = key
        self.toggle = QToolButton(self)
        self.toggle.setText(title)
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        font = self.toggle.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.toggle.setFont(font)
        self.body = body
        body.setParent(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.toggle)
        layout.addWidget(body)
        self.toggle.toggled.connect(self._on_toggle_toggled)
        self.set_expanded(Settings().expanded(key, expanded) if key else expanded)

    def is_expanded(self) -> bool:
        return self.toggle.isChecked()

    def set_expanded(self, expanded: bool) -> None:
        self.toggle.setChecked(expanded)
        self._apply(expanded)

    def _on_toggle_toggled(self, checked: bool) -> None:
        if self._key:
            Settings().set_expanded(self._key, checked)
        self._apply(checked)

    def _apply(self, expanded: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        self.body.setVisible(expanded)
