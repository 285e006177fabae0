"""The entry panel is built in slices across event-loop turns, and not rebuilt for nothing.

A followed log jumps to its first cause as matches arrive; building the whole panel in one turn
held the window 100-300 ms (issue 13: no stall over 100 ms while following).
"""

from __future__ import annotations

import gc
import re
import weakref

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from tests.ui.knowledge_catalog import (  # noqa: F401 - fixtures
    BARE,
    CAUSE,
    FANOUT,
    GONE,
    HUB,
    LEAF,
    catalog_fixture,
    entry_panel,
    store_fixture,
)
from triage_app.ui.entry.summary import SignatureView
from triage_app.ui.widgets.code_block import CodeBlock
from triage_app.ui.widgets.wrap_text import WrapText


def shown(panel) -> tuple[list[str], list[str]]:
    """The panel's widgets (class names) and every text it shows, each sorted."""
    names = [type(w).__name__ for w in panel.content.findChildren(QWidget)]
    out = [re.sub(r"<[^>]+>", " ", label.text()) for label in panel.findChildren(QLabel)]
    out += [view.toPlainText() for view in panel.findChildren(WrapText)]
    out += [block.text() for block in panel.findChildren(CodeBlock)]
    return sorted(names), sorted(out)


def settle(qtbot, panel) -> None:
    qtbot.waitUntil(lambda: not panel.columns.queue.pending, timeout=5000)
    qtbot.wait(20)  # the replaced widgets' deferred deletion


def built_at_once(qtbot, catalog, store, entry_id: str) -> tuple[list[str], str]:
    """The panel for `entry_id` built in one go (a hidden panel is)."""
    panel = entry_panel(catalog, store)
    qtbot.addWidget(panel)
    panel.resize(520, 900)
    panel.show_entry(entry_id)
    assert not panel.columns.queue.pending
    panel.show()
    qtbot.wait(20)
    return shown(panel)


@pytest.fixture
def panel(qtbot, catalog, store):
    widget = entry_panel(catalog, store)
    qtbot.addWidget(widget)
    widget.resize(520, 900)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_the_same_entry_again_is_not_rebuilt(qtbot, panel):
    panel.show_entry(HUB, seen="RuntimeError: NCCL watchdog timeout on rank 3")
    settle(qtbot, panel)
    builds, cards = panel.builds, panel.cards()
    panel.show_entry(HUB, seen="RuntimeError: NCCL watchdog timeout on rank 3")
    assert panel.builds == builds and not panel.columns.queue.pending
    # another line of the same entry (a follow scan found more): only the title changes
    panel.show_entry(HUB, seen="RuntimeError: NCCL watchdog timeout on rank 5")
    assert panel.builds == builds and not panel.columns.queue.pending
    assert panel.cards() == cards  # the very same card widgets
    settle(qtbot, panel)
    titles = [t for t in panel.findChildren(SignatureView, "seenLine") if t.isVisible()]
    assert [t.text() for t in titles] == ["RuntimeError: NCCL watchdog timeout on rank 5"]
    panel.show_entry(LEAF)
    assert panel.builds == builds + 1


def test_a_sliced_build_ends_as_a_build_at_once(qtbot, panel, catalog, store):
    for entry_id in (HUB, BARE, GONE):
        expected = built_at_once(qtbot, catalog, store, entry_id)
        panel.show_entry(entry_id)
        if entry_id != GONE:  # (a missing entry has nothing but its summary to build)
            assert panel.columns.queue.pending  # the summary now, the rest in later turns
        settle(qtbot, panel)
        assert shown(panel) == expected
        assert panel.columns.queue.turns >= 1
        graph, legend = panel.related.graph, panel.related.legend
        if legend.isVisible():  # bug 4 of issue 13: the graph never drawn over the legend
            assert graph.geometry().bottom() < legend.geometry().top()


def test_a_sliced_build_takes_several_turns_of_little_work(qtbot, panel):
    panel.show_entry(HUB)
    assert not panel.body.findChildren(CodeBlock)  # the cards come in a later turn
    settle(qtbot, panel)
    assert panel.columns.queue.turns > 1
    assert [b.language for b in panel.body.findChildren(CodeBlock)] == ["bash", "python"]


def test_a_newer_request_during_a_build_wins(qtbot, panel, catalog, store):
    expected = built_at_once(qtbot, catalog, store, LEAF)
    panel.show_entry(HUB)
    qtbot.wait(0)  # a slice of HUB may have run
    panel.show_entry(LEAF)
    settle(qtbot, panel)
    assert panel.entry_id == LEAF
    assert shown(panel) == expected
    assert catalog.get(HUB).signature not in "\n".join(shown(panel)[1])


def test_cards_asked_for_mid_build_are_all_there(qtbot, panel):
    panel.show_entry(HUB)
    assert panel.columns.queue.pending
    assert len(panel.cards()) == len(catalog_cards(panel))
    assert not panel.columns.queue.pending


def catalog_cards(panel) -> list:
    entry = panel._catalog.get(HUB)
    return [*entry.get("dead_ends", []), *entry.get("workarounds", [])]


def test_the_related_step_lays_its_section_out_at_once(qtbot, panel):
    """Bug 4 of issue 13 within a sliced build: right after the related section is filled
    (before the event loop runs the layout requests), the graph is not over the legend."""
    section = panel.related
    overlaps = []
    for first, then in ((LEAF, HUB), (HUB, FANOUT), (CAUSE, FANOUT), (FANOUT, LEAF)):
        panel.show_entry(first)
        qtbot.wait(50)
        panel.show_entry(then)
        panel.finish_build()  # every step now, the event loop not run in between
        graph, legend = section.graph.geometry(), section.legend.geometry()
        if section.legend.isVisible() and graph.bottom() >= legend.top():
            overlaps.append((then, graph, legend))
    assert overlaps == []


def test_a_closed_panel_is_freed_without_the_garbage_collector(qtbot, catalog, store):
    """Queued steps refer to the panel: closing it mid-build finishes them, and no step is a
    reference cycle (the collector would clear the panel's widgets' attributes while Qt
    still sends them events)."""
    gc.collect()
    gc.disable()
    try:
        widget = entry_panel(catalog, store)
        widget.resize(520, 900)
        widget.show()
        widget.show_entry(HUB)
        assert widget.columns.queue.pending
        widget.close()
        assert not widget.columns.queue.pending
        freed = weakref.ref(widget)
        del widget
        assert freed() is None
    finally:
        gc.enable()


def test_a_rebuild_in_place_keeps_its_place_at_once(qtbot, panel):
    """A version verdict arriving (refresh) rebuilds the shown entry where the user reads it:
    built at once, so the view never jumps to the top and back."""
    panel.resize(520, 400)
    panel.show_entry(HUB)
    settle(qtbot, panel)
    bar = panel.scroll.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    place, builds = bar.value(), panel.builds
    assert place > 0
    panel.refresh()
    assert not panel.columns.queue.pending and panel.builds == builds + 1
    assert bar.value() == place
