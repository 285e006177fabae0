"""The transition graph around one entry: causes above, consequences below, look-alikes beside.

The layout is deterministic (same entry, same picture): the selected entry in the centre,
`preceded_by` neighbours in rows above it, `leads_to` in rows below, and
`frequently_confused_with` to its left and right. Each relation has one colour (node border,
edge and legend); ids that are not in the loaded catalogue are drawn grey and dashed, never
dropped. Clicking a node emits `node_clicked(entry_id)`.
"""

from __future__ import annotations

import html
import math

from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
    QSizePolicy,
    QWidget,
)

from triage_app.core.catalog import Catalog
from triage_app.core.record_format import CONFUSED_WITH, PRECEDED_BY
from triage_app.core.related import RelatedIndex, RelatedLink
from triage_app.ui.entry.graph_items import EdgeLabel, NodeItem, arrow_head
from triage_app.ui.entry.graph_layout import COMPACT, WIDE, GraphPlan, PlacedNode, plan_graph
from triage_app.ui.entry.words import relation_words
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.i18n import normal_language

MIN_SCALE = 0.72  # smaller text is unreadable: scroll sideways instead
COMPACT_BELOW = 500  # px of width below which the compact layout is used


class GraphView(QGraphicsView):
    """The graph of one entry's neighbours; `show_entry(id)` redraws it.

    Signals:
        node_clicked(str): a neighbour node was clicked (or activated with the keyboard).
        more_requested(str): a "+N more" node was clicked; carries its relation.
    """

    node_clicked = Signal(str)
    more_requested = Signal(str)

    def __init__(
        self, catalog: Catalog, related: RelatedIndex | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._catalog = catalog
        self._related = related or RelatedIndex(catalog)
        self._entry_id: str | None = None
        self._language = "en"
        self._nodes: dict[str, NodeItem] = {}
        self._plan: GraphPlan | None = None
        self._fitting = False
        self._compact = False
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setAccessibleName("Related errors graph")
        self.setFixedHeight(160)

    # Public API -------------------------------------------------------------------------------

    @property
    def entry_id(self) -> str | None:
        return self._entry_id

    def show_entry(self, entry_id: str | None) -> None:
        self._entry_id = entry_id
        self._rebuild()

    def set_language(self, language: str) -> None:
        self._language = normal_language(language)
        self._rebuild()

    def nodes(self) -> dict[str, NodeItem]:
        """The drawn nodes by entry id (the centre included), for the panel and tests."""
        return dict(self._nodes)

    def node(self, entry_id: str) -> NodeItem | None:
        return self._nodes.get(entry_id)

    # Qt overrides -----------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self._rebuild()

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Sideways scrolling (when the graph is wider than the panel) stays here; ordinary
        vertical wheel turns scroll the panel, so the graph never traps the reader."""
        sideways = event.angleDelta().x() != 0 or bool(
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        )
        if sideways and self.horizontalScrollBar().maximum() > 0:
            super().wheelEvent(event)
        else:
            event.ignore()

    # Internals --------------------------------------------------------------------------------

    def _on_node_clicked(self, entry_id: str) -> None:
        self.node_clicked.emit(entry_id)

    def _on_node_more_clicked(self, relation: str) -> None:
        self.more_requested.emit(relation)

    def _rebuild(self) -> None:
        self._build_scene()
        self._fit()

    def _build_scene(self) -> None:
        scene = self.scene()
        scene.clear()
        self._nodes = {}
        palette = self.palette()
        scene.setBackgroundBrush(palette.color(QPalette.ColorRole.Base))
        words = relation_words(self._language)
        if self._entry_id is None:
            self._plan = None
            return
        links = self._related.links(self._entry_id)
        self._plan = plan_graph(
            self._entry_id,
            links,
            set(self._catalog.entries),
            QFontMetricsF(self.font()),
            words,
            COMPACT if self._compact else WIDE,
        )
        label_font = QFont(self.font())
        label_font.setPointSizeF(max(6.5, self.font().pointSizeF() * 0.8))
        for edge in self._plan.edges:
            self._add_edge(scene, edge.start, edge.end, edge.link, edge.label_at, label_font)
        for placed in self._plan.nodes:
            item = NodeItem(placed, palette, self.font(), self._tooltip(placed))
            item.setZValue(3)
            item.clicked.connect(self._on_node_clicked)
            item.more_clicked.connect(self._on_node_more_clicked)
            scene.addItem(item)
            if placed.kind in ("centre", "neighbour"):
                self._nodes[placed.entry_id] = item
        if not links:
            note = scene.addSimpleText(words["none"], label_font)
            note.setBrush(accents.muted_text(palette))
            rect = note.boundingRect()
            note.setPos(-rect.width() / 2, self._plan.nodes[0].height / 2 + 10)

    def _add_edge(self, scene, start, end, link: RelatedLink, label_at, font: QFont) -> None:
        missing = link.target not in self._catalog
        color = accents.MISSING if missing else accents.RELATION_COLORS[link.relation]
        pen = QPen(color, 1.4)
        if link.relation == CONFUSED_WITH or missing:
            pen.setStyle(Qt.PenStyle.DashLine)
        if link.inferred:
            faded = QColor(color)
            faded.setAlphaF(0.7)
            pen.setColor(faded)
        path = QPainterPath(QPointF(*start))
        path.lineTo(QPointF(*end))
        line = QGraphicsPathItem(path)
        line.setPen(pen)
        line.setZValue(1)
        scene.addItem(line)
        if link.relation != CONFUSED_WITH:
            scene.addItem(arrow_head(start, end, color))
        words = relation_words(self._language)
        shorter = {CONFUSED_WITH: "confused_short", PRECEDED_BY: "preceded_short"}
        key = shorter.get(link.relation, link.relation) if self._compact else link.relation
        text = words[key]  # the compact layout's labels sit closer together
        second = [f"{round(link.probability * 100)}%"] if link.probability is not None else []
        if link.condition:
            second.append(words["if"])  # the condition itself is in the tooltip and the list
        if second:
            text += "\n" + " ".join(second)
        label = EdgeLabel(text, color, self.palette(), font)
        label.setPos(QPointF(*label_at))
        label.setToolTip(self._edge_tooltip(link))
        scene.addItem(label)

    def _tooltip(self, placed: PlacedNode) -> str:
        if placed.kind == "more":
            return "<br>".join(html.escape(i) for i in placed.hidden)
        words = relation_words(self._language)
        parts = [f"<b>{html.escape(placed.entry_id)}</b>"]
        entry = self._catalog.get(placed.entry_id)
        if entry is None:
            parts.append(f"<i>{html.escape(words['missing'])}</i>")
        else:
            parts.append(html.escape(_shorten(entry.signature, 160)))
        if placed.link is not None:
            parts.append(self._edge_tooltip(placed.link))
        return "<br>".join(parts)

    def _edge_tooltip(self, link: RelatedLink) -> str:
        words = relation_words(self._language)
        head = f"{words[link.relation]} {link.target}"
        if link.probability is not None:
            head += f" ({round(link.probability * 100)}%)"
        parts = [html.escape(head)]
        if link.condition:
            parts.append("When: " + html.escape(link.condition))
        if link.distinction:
            parts.append(html.escape(link.distinction))
        if link.inferred:
            parts.append(f"<i>From {html.escape(link.source)}'s record.</i>")
        return "<p style='white-space: pre-wrap'>" + "<br>".join(parts) + "</p>"

    def _fit(self) -> None:
        """Scale to the width (never above 1:1, never below MIN_SCALE) and take the height
        that shows the whole graph; guarded, as the height change re-enters resizeEvent."""
        if self._fitting:
            return
        self._fitting = True
        try:
            compact = self._available_width() < COMPACT_BELOW
            if compact != self._compact:
                self._compact = compact
                self._build_scene()
            self._fit_now()
        finally:
            self._fitting = False

    def _available_width(self) -> int:
        return max(1, (self.viewport().width() if self.isVisible() else self.width()) - 4)

    def _fit_now(self) -> None:
        scene = self.scene()
        rect = scene.itemsBoundingRect().adjusted(-10, -10, 10, 10)
        if rect.isEmpty():
            self.setFixedHeight(0 if self._entry_id is None else 60)
            return
        scene.setSceneRect(rect)
        available = self._available_width()
        scale = max(MIN_SCALE, min(1.0, available / rect.width()))
        self.resetTransform()
        self.scale(scale, scale)
        wanted = math.ceil(rect.height() * scale) + 2 * self.frameWidth() + 4
        if scale * rect.width() > available + 1:
            wanted += self.horizontalScrollBar().sizeHint().height()
        if wanted != self.height():
            self.setFixedHeight(wanted)
        self.centerOn(rect.center())


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
