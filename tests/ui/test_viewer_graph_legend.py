"""Bug 4 of issue 13: after switching entries the graph was drawn over the legend until the
panel's layout caught up (about a second on a busy machine)."""

from __future__ import annotations

from tests.ui.knowledge_catalog import (  # noqa: F401 - fixtures
    CAUSE,
    FANOUT,
    HUB,
    LEAF,
    catalog_fixture,
    entry_panel,
    store_fixture,
)


def test_the_graph_never_covers_the_legend_when_the_entry_changes(qtbot, catalog, store):
    panel = entry_panel(catalog, store)
    qtbot.addWidget(panel)
    panel.resize(460, 700)
    panel.show()
    section = panel.related
    overlaps = []
    for first, then in ((LEAF, HUB), (HUB, FANOUT), (CAUSE, FANOUT), (FANOUT, LEAF)):
        panel.show_entry(first)
        qtbot.wait(50)
        panel.show_entry(then)  # nothing processed in between: this is what is painted next
        graph, legend = section.graph.geometry(), section.legend.geometry()
        if section.legend.isVisible() and graph.bottom() >= legend.top():
            overlaps.append((then, graph, legend))
    assert overlaps == []
