"""A small painted bar for a rate (0..1): fail rates, success rates, confidence."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from triage_app.ui.widgets import accents

KIND_COLORS = {"fail": accents.FAIL, "success": accents.SUCCESS, "neutral": accents.NEUTRAL}


class RateBar(QWidget):
    """A rounded track filled to `value`, with the label (e.g. "95% fail") drawn after it.

    The bar never grows taller than one line of text, so it sits beside a heading; the label is
    also the accessible name and tooltip, so the number is never only a colour.
    """

    TRACK_WIDTH = 72

    def __init__(
        self,
        value: float,
        kind: str = "neutral",
        label: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._value = min(max(float(value), 0.0), 1.0)
        self._color = KIND_COLORS.get(kind, accents.NEUTRAL)
        self._label = label if label is not None else f"{round(self._value * 100)}%"
        self.setToolTip(self._label)
        self.setAccessibleName(self._label)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    @property
    def value(self) -> float:
        return self._value

    @property
    def label(self) -> str:
        return self._label

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        width = self.TRACK_WIDTH + 6 + metrics.horizontalAdvance(self._label) + 2
        return QSize(width, metrics.height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        height = self.height()
        bar_h = max(6.0, height * 0.45)
        track = QRectF(0.5, (height - bar_h) / 2, self.TRACK_WIDTH - 1, bar_h)
        radius = bar_h / 2
        palette = self.palette()
        back = QColor(palette.color(QPalette.ColorRole.WindowText))
        back.setAlphaF(0.14)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(back)
        painter.drawRoundedRect(track, radius, radius)
        if self._value > 0:
            fill = QRectF(track)
            fill.setWidth(max(bar_h, track.width() * self._value))
            painter.setBrush(self._color)
            painter.drawRoundedRect(fill, radius, radius)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        text_rect = QRectF(self.TRACK_WIDTH + 6, 0, self.width() - self.TRACK_WIDTH - 6, height)
        painter.drawText(
            text_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self._label
        )
        painter.end()
