"""Where the transition graph's nodes, edges and labels go (pure geometry, no scene).

One row of causes above the centre, one row of consequences below, look-alikes in columns to
the left and right. Straight edges from the centre to a second row would run through the first
row's nodes, so a band holds at most `ROW_CAPACITY` nodes; the rest collapse into one "+N more"
node (the panel's list below the graph names every link).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF

from triage_app.core.record_format import CONFUSED_WITH, LEADS_TO, PRECEDED_BY, RELATIONS
from triage_app.core.related import RelatedLink

NODE_WIDTH = 124.0
CENTRE_WIDTH = 140.0
H_GAP = 14.0  # between nodes in a row
V_GAP = 50.0  # between the centre and a row (room for a two-line edge label)
SIDE_GAP = 78.0  # between the centre and a side column
SIDE_V_GAP = 12.0
ROW_CAPACITY = 4
SIDE_CAPACITY = 4
_PART = re.compile(r"[^-_./]+[-_./]?|[-_./]")


@dataclass
class PlacedNode:
    """A node's place and text. `kind`: centre, neighbour or more (a "+N more" stand-in)."""

    entry_id: str
    kind: str
    relation: str
    x: float
    y: float
    width: float
    height: float
    lines: list[str]
    missing: bool = False
    link: RelatedLink | None = None
    hidden: list[str] = field(default_factory=list)


@dataclass
class PlacedEdge:
    link: RelatedLink
    start: tuple[float, float]
    end: tuple[float, float]
    label_at: tuple[float, float]


@dataclass
class GraphPlan:
    nodes: list[PlacedNode]
    edges: list[PlacedEdge]


@dataclass(frozen=True)
class Geometry:
    """Sizes for one layout; `COMPACT` fits a narrow dock (look-alikes join the lower row)."""

    node: float = NODE_WIDTH
    centre: float = CENTRE_WIDTH
    h_gap: float = H_GAP
    capacity: int = ROW_CAPACITY
    sides: bool = True


WIDE = Geometry()
COMPACT = Geometry(node=104.0, centre=116.0, h_gap=10.0, capacity=3, sides=False)


def plan_graph(
    entry_id: str,
    links: list[RelatedLink],
    known: set[str],
    metrics: QFontMetricsF,
    words: Mapping[str, str],
    geometry: Geometry = WIDE,
) -> GraphPlan:
    """Place the centre, every shown neighbour and every edge; deterministic for equal input."""
    height = math.ceil(metrics.height() * 2.85 + 10)
    g = geometry
    lines = node_lines(entry_id, entry_id in known, g.centre - 18, metrics, words)
    centre = PlacedNode(entry_id, "centre", "centre", 0.0, 0.0, g.centre, height, lines)
    centre.missing = entry_id not in known
    plan = GraphPlan([centre], [])
    bands = {
        relation: _ordered([li for li in links if li.relation == relation])
        for relation in RELATIONS
    }
    side = bands[CONFUSED_WITH] if g.sides else []
    if not g.sides:
        bands[LEADS_TO] += bands[CONFUSED_WITH]
    side_rows = max(1, math.ceil(min(len(side), SIDE_CAPACITY) / 2))
    middle = side_rows * height + (side_rows - 1) * SIDE_V_GAP
    row_y = middle / 2 + V_GAP + height / 2
    place = _Placer(plan, centre, known, height, metrics, words, g.node)
    for relation, y in ((PRECEDED_BY, -row_y), (LEADS_TO, row_y)):
        shown, hidden = _split(bands[relation], g.capacity)
        count = len(shown) + (1 if hidden else 0)
        for i in range(count):
            x = (i - (count - 1) / 2) * (g.node + g.h_gap)
            place(relation, x, y, shown[i] if i < len(shown) else None, hidden)
    shown, hidden = _split(side, SIDE_CAPACITY)
    count = len(shown) + (1 if hidden else 0)
    side_x = g.centre / 2 + SIDE_GAP + g.node / 2
    for i in range(count):
        x = -side_x if i % 2 == 0 else side_x
        y = (i // 2 - (side_rows - 1) / 2) * (height + SIDE_V_GAP)
        place(CONFUSED_WITH, x, y, shown[i] if i < len(shown) else None, hidden)
    return plan


@dataclass
class _Placer:
    """Adds one neighbour (or the "+N more" stand-in) and its edge to a plan."""

    plan: GraphPlan
    centre: PlacedNode
    known: set[str]
    height: float
    metrics: QFontMetricsF
    words: Mapping[str, str]
    width: float

    def __call__(
        self, band: str, x: float, y: float, link: RelatedLink | None, hidden: list[RelatedLink]
    ) -> None:
        if link is None:
            relation = hidden[0].relation
            label = f"+{len(hidden)} {self.words['more']}"
            node = PlacedNode(
                "",
                "more",
                relation,
                x,
                y,
                self.width,
                self.height,
                [self.words[relation], label],
                hidden=[h.target for h in hidden],
            )
            self.plan.nodes.append(node)
            return
        missing = link.target not in self.known
        lines = node_lines(link.target, not missing, self.width - 14, self.metrics, self.words)
        node = PlacedNode(
            link.target,
            "neighbour",
            link.relation,
            x,
            y,
            self.width,
            self.height,
            lines,
            missing=missing,
            link=link,
        )
        self.plan.nodes.append(node)
        start = _clip((0.0, 0.0), (x, y), self.centre.width, self.centre.height)
        end = _clip((x, y), (0.0, 0.0), node.width, node.height)
        if band == PRECEDED_BY:  # causes point at the centre
            start, end = end, start
        label_at = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        self.plan.edges.append(PlacedEdge(link, start, end, label_at))


def _ordered(links: list[RelatedLink]) -> list[RelatedLink]:
    """The entry's own links first, then by probability (highest first), then by id."""
    return sorted(links, key=lambda li: (li.inferred, -(li.probability or 0.0), li.target))


def _split(links: list[RelatedLink], capacity: int) -> tuple[list[RelatedLink], list[RelatedLink]]:
    if len(links) <= capacity:
        return links, []
    return links[: capacity - 1], links[capacity - 1 :]


def _clip(origin: tuple[float, float], toward: tuple[float, float], w: float, h: float):
    """Where the line from a box's centre toward a point leaves the box (plus a small gap)."""
    dx, dy = toward[0] - origin[0], toward[1] - origin[1]
    if dx == 0 and dy == 0:
        return origin
    scale = min(
        (w / 2 + 3) / abs(dx) if dx else math.inf,
        (h / 2 + 3) / abs(dy) if dy else math.inf,
    )
    return (origin[0] + dx * scale, origin[1] + dy * scale)


def node_lines(
    entry_id: str, known: bool, width: float, metrics: QFontMetricsF, words: Mapping[str, str]
) -> list[str]:
    """[caption, line, line?]: the domain (or "not in the catalogue") and the wrapped rest."""
    domain, _, slug = entry_id.partition("/")
    if not known:
        return [words["missing"], *wrap_id(entry_id, width, metrics, 2)]
    if not slug:
        return ["", *wrap_id(entry_id, width, metrics, 2)]
    return [domain, *wrap_id(slug, width, metrics, 2)]


def wrap_id(text: str, width: float, metrics: QFontMetricsF, max_lines: int) -> list[str]:
    """Break an id at `-`, `_`, `.` or `/` into at most `max_lines` lines; elide the rest."""
    lines: list[str] = []
    current = ""
    for part in _PART.findall(text):
        if current and metrics.horizontalAdvance(current + part) > width:
            lines.append(current)
            current = part
        else:
            current += part
    lines.append(current)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], "".join(lines[max_lines - 1 :])]
    return [metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in lines]
