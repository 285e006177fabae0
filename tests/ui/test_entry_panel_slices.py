"""The entry panel is built in slices across event-loop turns, and not rebuilt for nothing.

A followed log jumps to its first cause as matches arrive; building the whole panel in one turn
held the window 100-300 ms (issue 13: no stall over 100 ms while following).
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from tests.ui.knowledge_catalog import (  # noqa: F401 - fixtures
    BARE,
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
