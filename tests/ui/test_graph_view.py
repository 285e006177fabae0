"""The transition graph: neighbours by relation, missing ids drawn, clicks emit the id."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtWidgets import QGraphicsSceneMouseEvent

from tests.ui.knowledge_catalog import (
    CAUSE,
    FANOUT,
    GONE,
    HUB,
    LEAF,
    TWIN,
    catalog_fixture,  # noqa: F401 - the `catalog` fixture
)
from triage_app.core.related import RelatedIndex
from triage_app.ui.entry.graph_view import GraphView


def _view(qtbot, catalog, entry_id, width=700):
    view = GraphView(catalog)
    qtbot.addWidget(view)
    view.resize(width, 300)
    view.show_entry(entry_id)
    return view


def test_graph_shows_every_neighbour_with_its_relation(qtbot, catalog):
    view = _view(qtbot, catalog, HUB)
    nodes = view.nodes()
    assert set(nodes) == {HUB, LEAF, GONE, CAUSE, TWIN}
    assert nodes[HUB].node.kind == "centre"
    assert nodes[LEAF].node.relation == "leads_to"
    assert nodes[LEAF].node.link.probability == 0.9
    assert nodes[CAUSE].node.relation == "preceded_by"
    assert nodes[TWIN].node.relation == "frequently_confused_with"
    # causes above the centre, consequences below, look-alikes beside it
    assert nodes[CAUSE].y() < nodes[HUB].y() < nodes[LEAF].y()
    assert nodes[TWIN].y() == nodes[HUB].y() and nodes[TWIN].x() != nodes[HUB].x()


def test_a_narrow_view_puts_look_alikes_in_the_lower_row(qtbot, catalog):
    view = _view(qtbot, catalog, HUB, width=320)
    nodes = view.nodes()
    assert set(nodes) == {HUB, LEAF, GONE, CAUSE, TWIN}  # nothing dropped
    assert nodes[TWIN].y() == nodes[LEAF].y() > nodes[HUB].y()
    assert nodes[TWIN].node.relation == "frequently_confused_with"
    view.show()
    view.resize(700, 300)  # widening switches back to look-alikes beside the centre
    qtbot.waitUntil(lambda: view.node(TWIN).y() == view.node(HUB).y(), timeout=2000)


def test_an_id_not_in_the_catalogue_is_drawn_as_missing(qtbot, catalog):
    view = _view(qtbot, catalog, HUB)
    gone = view.node(GONE)
    assert gone is not None and gone.missing
    assert "not in the catalogue" in gone.node.lines[0]
    assert not view.node(LEAF).missing


def test_clicking_a_node_emits_its_id(qtbot, catalog):
    view = _view(qtbot, catalog, HUB)
    node = view.node(LEAF)
    press = QGraphicsSceneMouseEvent(QEvent.Type.GraphicsSceneMousePress)
    release = QGraphicsSceneMouseEvent(QEvent.Type.GraphicsSceneMouseRelease)
    for event in (press, release):
        event.setButton(Qt.MouseButton.LeftButton)
        event.setPos(QPointF(0, 0))
    with qtbot.waitSignal(view.node_clicked, timeout=1000) as blocker:
        node.mousePressEvent(press)
        node.mouseReleaseEvent(release)
    assert blocker.args == [LEAF]


def test_the_centre_node_is_not_a_link(qtbot, catalog):
    view = _view(qtbot, catalog, HUB)
    with qtbot.assertNotEmitted(view.node_clicked):
        view.node(HUB).activate()


def test_links_stated_by_other_entries_are_shown_from_this_side(qtbot, catalog):
    view = _view(qtbot, catalog, LEAF)  # LEAF's own record has no links
    hub = view.node(HUB)
    assert hub is not None and hub.node.relation == "preceded_by"
    assert hub.node.link.inferred


def test_a_crowded_band_folds_into_a_more_node(qtbot, catalog):
    view = _view(qtbot, catalog, FANOUT)
    shown = [n for n in view.nodes().values() if n.node.kind == "neighbour"]
    more = [i for i in view.scene().items() if getattr(i, "node", None) and i.node.kind == "more"]
    assert len(shown) == 3 and len(more) == 1  # four places in a row: three and "+2 more"
    assert len(more[0].node.hidden) == 2
    with qtbot.waitSignal(view.more_requested, timeout=1000) as blocker:
        more[0].activate()
    assert blocker.args == ["leads_to"]


def test_the_layout_is_deterministic(qtbot, catalog):
    first, second = _view(qtbot, catalog, HUB), _view(qtbot, catalog, HUB)
    where = {k: (n.x(), n.y()) for k, n in first.nodes().items()}
    assert where == {k: (n.x(), n.y()) for k, n in second.nodes().items()}


def test_no_entry_and_no_links_draw_nothing_to_click(qtbot, catalog):
    view = _view(qtbot, catalog, None)
    assert view.nodes() == {}
    view.show_entry("demo/bare-error")
    assert list(view.nodes()) == ["demo/bare-error"]


def test_related_index_lists_own_links_before_reverse_ones(catalog):
    links = RelatedIndex(catalog).links(HUB)
    assert [(li.relation, li.target) for li in links] == [
        ("leads_to", LEAF),
        ("leads_to", GONE),
        ("preceded_by", CAUSE),
        ("frequently_confused_with", TWIN),
    ]
    assert not any(li.inferred for li in links)
