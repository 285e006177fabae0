"""The graph's scene items: entry nodes (the click path), edge labels and arrow heads."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPathItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
)

from triage_app.ui.entry.graph_layout import PlacedNode
from triage_app.ui.widgets import accents


class NodeItem(QGraphicsObject):
    """One entry in the graph. `activate()` is the click path (mouse release, Enter key).

    Signals:
        clicked(str): a neighbour node was activated; carries its entry id.
        more_clicked(str): a "+N more" node was activated; carries its relation.
    """

    clicked = Signal(str)
    more_clicked = Signal(str)

    def __init__(self, node: PlacedNode, palette: QPalette, font: QFont, tooltip: str) -> None:
        super().__init__()
        self.node = node
        self._palette = palette
        self._font = font
        self._hover = False
        self.setPos(node.x, node.y)
        self.setToolTip(tooltip)
        self.setAcceptHoverEvents(self.clickable)
        if self.clickable:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable)

    @property
    def entry_id(self) -> str:
        return self.node.entry_id

    @property
    def missing(self) -> bool:
        return self.node.missing

    @property
    def clickable(self) -> bool:
        return self.node.kind in ("neighbour", "more")

    def activate(self) -> None:
        if self.node.kind == "neighbour":
            self.clicked.emit(self.node.entry_id)
        elif self.node.kind == "more":
            self.more_clicked.emit(self.node.relation)

    def boundingRect(self) -> QRectF:
        w, h = self.node.width, self.node.height
        return QRectF(-w / 2 - 2, -h / 2 - 2, w + 4, h + 4)

    def paint(self, painter: QPainter, _option: QStyleOptionGraphicsItem, _widget=None) -> None:
        w, h = self.node.width, self.node.height
        rect = QRectF(-w / 2, -h / 2, w, h)
        base = self._palette.color(QPalette.ColorRole.Base)
        text = self._palette.color(QPalette.ColorRole.Text)
        color = accents.MISSING if self.missing else accents.RELATION_COLORS[self.node.relation]
        pen = QPen(color, 2.4 if (self._hover or self.node.kind == "centre") else 1.4)
        if self.missing or self.node.kind == "more":
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(pen)
        strength = 0.05 if self.missing else (0.3 if self.node.kind == "centre" else 0.14)
        painter.setBrush(QBrush(accents.tint(color, self._palette, strength) if color else base))
        painter.drawRoundedRect(rect, 6, 6)
        self._paint_text(painter, rect.adjusted(6, 4, -6, -4), text)

    def _paint_text(self, painter: QPainter, rect: QRectF, text: QColor) -> None:
        small = QFont(self._font)
        small.setPointSizeF(max(6.5, self._font.pointSizeF() * 0.85))
        bold = QFont(self._font)
        bold.setBold(self.node.kind == "centre")
        if self.missing:
            bold.setItalic(True)
        lines = self.node.lines
        small_m, bold_m = QFontMetricsF(small), QFontMetricsF(bold)
        total = small_m.height() + bold_m.height() * (len(lines) - 1)
        y = rect.center().y() - total / 2
        center = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        painter.setFont(small)
        painter.setPen(accents.blend(text, self._palette.color(QPalette.ColorRole.Base), 0.35))
        painter.drawText(QRectF(rect.left(), y, rect.width(), small_m.height()), center, lines[0])
        y += small_m.height()
        painter.setFont(bold)
        painter.setPen(accents.blend(text, accents.MISSING, 0.5) if self.missing else text)
        for line in lines[1:]:
            painter.drawText(QRectF(rect.left(), y, rect.width(), bold_m.height()), center, line)
            y += bold_m.height()

    def hoverEnterEvent(self, event) -> None:
        self._hover = True
        self.update()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:
        self._hover = False
        self.update()
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept() if self.clickable else event.ignore()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.clickable and self.boundingRect().contains(event.pos()):
            self.activate()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.activate()
        else:
            super().keyPressEvent(event)


class EdgeLabel(QGraphicsItem):
    """A relation name and probability on a small box of the background colour."""

    def __init__(self, text: str, color: QColor, palette: QPalette, font: QFont) -> None:
        super().__init__()
        self._lines = text.split("\n")
        self._color, self._palette, self._font = color, palette, font
        metrics = QFontMetricsF(font)
        width = max(metrics.horizontalAdvance(line) for line in self._lines) + 8
        self._rect = QRectF(-width / 2, 0, width, metrics.height() * len(self._lines) + 2)
        self._rect.moveCenter(QPointF(0, 0))
        self.setZValue(2)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, _option: QStyleOptionGraphicsItem, _widget=None) -> None:
        back = QColor(self._palette.color(QPalette.ColorRole.Base))
        back.setAlphaF(0.9)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(back)
        painter.drawRoundedRect(self._rect, 3, 3)
        painter.setFont(self._font)
        painter.setPen(self._color)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, "\n".join(self._lines))


def arrow_head(start, end, color: QColor) -> QGraphicsPathItem:
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    size = 8.0
    tip = QPointF(*end)
    left = QPointF(end[0] - size * math.cos(angle - 0.45), end[1] - size * math.sin(angle - 0.45))
    right = QPointF(end[0] - size * math.cos(angle + 0.45), end[1] - size * math.sin(angle + 0.45))
    path = QPainterPath()
    path.addPolygon(QPolygonF([tip, left, right, tip]))
    item = QGraphicsPathItem(path)
    item.setPen(QPen(Qt.PenStyle.NoPen))
    item.setBrush(color)
    item.setZValue(1)
    return item
