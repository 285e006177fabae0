"""Read-only text that wraps anywhere and is exactly as tall as its content.

QLabel wraps only between words, so a long path or a 200-character error line forces the whole
panel wider than its viewport (and the end gets cut off). This QTextEdit wraps long words too,
keeps its height equal to the laid-out document (the panel scrolls, never the text), and lets
wheel events through to the surrounding scroll area.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QSize, QSizeF, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QTextOption, QWheelEvent
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QTextEdit, QWidget


class WrapText(QTextEdit):
    """Selectable, wrapping, auto-height text; `set_plain(text)` replaces the content."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *, margin: float = 0) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.setTabChangesFocus(True)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)
        self.document().setDocumentMargin(margin)
        self.transparent_background()
        self.document().documentLayout().documentSizeChanged.connect(self._on_document_size_changed)
        if text:
            self.set_plain(text)

    def transparent_background(self) -> None:
        """Show the parent's background through the text (the default look)."""
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Base, Qt.GlobalColor.transparent)
        self.setPalette(palette)
        self.viewport().setAutoFillBackground(False)

    def set_plain(self, text: str) -> None:
        self.setPlainText(text)
        self.fit_height()

    def text(self) -> str:
        return self.toPlainText()

    def sizeHint(self) -> QSize:
        return QSize(200, self.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(60, self.height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit_height()

    def wheelEvent(self, event: QWheelEvent) -> None:
        event.ignore()  # never scrolls itself: let the panel's scroll area have it

    def _on_document_size_changed(self, _size: QSizeF) -> None:
        self.fit_height()

    def fit_height(self) -> None:
        doc = self.document()
        width = self.viewport().width()
        if width > 0 and abs(doc.textWidth() - width) > 0.5:
            doc.setTextWidth(width)
        margins = self.contentsMargins()
        height = math.ceil(doc.size().height()) + margins.top() + margins.bottom()
        if height != self.height():
            self.setFixedHeight(max(height, self.fontMetrics().height()))


class ElidedLabel(QLabel):
    """One line of text that shrinks with an ellipsis instead of widening its layout."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(20)

    def minimumSizeHint(self) -> QSize:
        return QSize(20, super().minimumSizeHint().height())

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(
            self.text(), Qt.TextElideMode.ElideMiddle, rect.width()
        )
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        painter.drawText(rect, int(self.alignment() | Qt.AlignmentFlag.AlignVCenter), text)
        painter.end()
