"""The entry panel: what a record holds is shown, what it lacks is not, links navigate."""

from __future__ import annotations

import re
import sys

import pytest
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QLabel, QWidget

from tests.ui.knowledge_catalog import (  # noqa: F401 - fixtures
    BARE,
    CAUSE,
    GONE,
    HUB,
    LEAF,
    TWIN,
    catalog_fixture,
    entry_panel,
    store_fixture,
)
from triage_app.ui.entry.versions_table import VersionsTable
from triage_app.ui.widgets.code_block import CodeBlock, guess_language, lex
from triage_app.ui.widgets.collapsible import Collapsible
from triage_app.ui.widgets.rate_bar import RateBar
from triage_app.ui.widgets.wrap_text import WrapText


@pytest.fixture
def panel(qtbot, catalog, store):
    widget = entry_panel(catalog, store)
    qtbot.addWidget(widget)
    widget.resize(520, 900)
    return widget


def texts(widget: QWidget) -> str:
    """Every text the widget shows (labels without markup, wrapped text, code)."""
    out = [re.sub(r"<[^>]+>", " ", label.text()) for label in widget.findChildren(QLabel)]
    out += [view.toPlainText() for view in widget.findChildren(WrapText)]
    out += [block.text() for block in widget.findChildren(CodeBlock)]
    out += [bar.label for bar in widget.findChildren(RateBar)]
    return "\n".join(out).replace("\u200b", "")


def details_text(panel) -> str:
    """The entry's own sections: the summary above the graph and the body below it."""
    return texts(panel.details) + "\n" + texts(panel.body)


def test_selecting_an_entry_fills_every_section(panel, catalog):
    panel.show_entry(HUB)
    shown = details_text(panel)
    record = catalog.get(HUB).data
    assert record["signature"] in shown
    assert record["root_cause"] in shown
    for version in ("torch>=2.2", "torch<2.0", "Environment variables renamed to TORCH_NCCL_*."):
        assert version in shown
    assert "Check dmesg for the OOM killer." in shown
    for item in record["dead_ends"]:
        assert item["action"] in shown and item["why_fails"] in shown
    for item in record["workarounds"]:
        assert item["action"] in shown and item["how"] in shown
    assert "85% fail" in shown and "80% success" in shown
    # Honest numbers: only the dead end that cites a source shows a plain percentage.
    labels = [bar.label for bar in panel.findChildren(RateBar)]
    assert "85% fail" in labels
    assert "~70% fail · estimate" in labels and "~80% success · estimate" in labels
    estimates = [bar for bar in panel.findChildren(RateBar) if "estimate" in bar.label]
    assert estimates and all("no cited source" in bar.toolTip() for bar in estimates)
    assert "Reproduced" in shown and "Partly" in shown and "E_HUB_42" in shown
    tail = texts(panel.tail)
    for text in (
        "init_process_group",
        "2024-02-01",
        "Evidence: 3 reports",
        "hub collective timeout",
        "distributed",
        "vendor_ticket",
        "VT-1234",
    ):
        assert text in tail


def test_workaround_code_is_highlighted_and_copyable(panel):
    panel.show_entry(HUB)
    blocks = panel.body.findChildren(CodeBlock)
    assert [b.language for b in blocks] == ["bash", "python"]
    blocks[0].copy()
    assert QGuiApplication.clipboard().text() == blocks[0].text()
    assert blocks[0].copy_button.text() == "Copied"


def test_missing_fields_are_simply_not_shown(panel):
    panel.show_entry(BARE)
    shown = texts(panel.content)
    assert "None" not in shown and "null" not in shown
    for heading in (
        "Versions",
        "Don't try this",
        "Workarounds",
        "Operating systems",
        "Documentation",
        "Other fields",
        "Confidence",
    ):
        assert heading not in shown
    assert "Root cause of demo/bare-error." in shown


def test_unknown_fields_are_shown_in_other_fields(panel):
    panel.show_entry(HUB)
    other = [c for c in panel.tail.findChildren(Collapsible) if c.toggle.text() == "Other fields"]
    assert len(other) == 1 and other[0].is_expanded()
    assert "VT-1234" in texts(other[0])


def test_chinese_switch_shows_the_zh_fields(panel, catalog):
    panel.show_entry(HUB)
    panel.set_language("zh")
    shown = details_text(panel)
    record = catalog.get(HUB).data
    assert record["root_cause_zh"] in shown
    assert all(text in shown for text in record["workarounds_zh"])
    # A signature is what a program prints: shown as printed, its Chinese labelled as such.
    assert record["signature"] in shown
    [note] = [
        label
        for label in panel.findChildren(QLabel, "signatureTranslation")
        if label.toolTip() == record["signature_zh"]
    ]
    assert note.text().startswith("译文")
    assert "别这样做" in shown  # headings follow the language
    panel.show_entry(BARE)  # no _zh fields: the English text is shown
    assert "BareError: something minimal happened" in details_text(panel)
    assert not panel.findChildren(QLabel, "signatureTranslation")
    panel.set_language("en")
    assert panel.english_button.isChecked()
    panel.show_entry(HUB)  # in English no translation is added
    assert not panel.findChildren(QLabel, "signatureTranslation")


def test_no_entry_shows_an_empty_state(panel):
    panel.show_entry(None)
    assert panel.stack.currentWidget() is panel.empty_label
    assert "Select an error" in panel.empty_label.text()


def test_an_id_not_in_the_catalogue_says_so_and_still_shows_its_notes(panel, store):
    store.add_note(GONE, "kept although the entry was removed")
    panel.show_entry(GONE)
    assert panel.stack.currentWidget() is panel.scroll
    assert "not in the loaded catalogue" in details_text(panel)
    assert [e.text() for e in panel.notes_panel.editors()] == [
        "kept although the entry was removed"
    ]
    assert panel.graph.node(HUB) is not None  # HUB links to it: the graph shows that side


def test_clicking_a_graph_node_opens_that_entry_with_history(qtbot, panel):
    panel.show_entry(HUB)
    with qtbot.waitSignal(panel.entry_requested, timeout=1000) as blocker:
        panel.graph.node(LEAF).activate()
    assert blocker.args == [LEAF]
    assert panel.entry_id == LEAF and panel.can_go_back()
    with qtbot.waitSignal(panel.entry_requested, timeout=1000) as blocker:
        panel.go_back()
    assert blocker.args == [HUB] and panel.entry_id == HUB
    panel.go_forward()
    assert panel.entry_id == LEAF
    panel.show_entry(LEAF)  # the shell echoing the request changes nothing
    assert panel.can_go_back() and not panel.can_go_forward()


def test_related_links_navigate_and_list_every_neighbour(qtbot, panel):
    panel.show_entry(HUB)
    listed = panel.related.own_list.text()
    for target in (LEAF, GONE, CAUSE, TWIN):
        assert target in listed
    assert "A hang has no timeout." in listed
    with qtbot.waitSignal(panel.entry_requested, timeout=1000) as blocker:
        panel.open_link(f"entry:{TWIN}")
    assert blocker.args == [TWIN]


def test_only_web_links_open_in_the_browser(monkeypatch, panel):
    opened = []
    monkeypatch.setattr(
        QDesktopServices, "openUrl", lambda url: opened.append(url.toString()) or True
    )
    assert panel.open_link("https://pytorch.org/docs/stable/distributed.html")
    assert not panel.open_link("file:///etc/passwd")
    assert not panel.open_link("javascript:alert(1)")
    assert opened == ["https://pytorch.org/docs/stable/distributed.html"]


def test_marks_on_workarounds_and_dead_ends_are_stored(qtbot, panel, store):
    panel.show_entry(HUB)
    cards = panel.cards()
    assert [c.kind for c in cards] == ["dead_ends", "dead_ends", "workarounds", "workarounds"]
    with qtbot.waitSignal(panel.notes.changed, timeout=1000):
        cards[2].marks.buttons["worked"].click()
    cards[0].marks.set_verdict("did_not_work")
    marks = store.marks_for(HUB)
    assert marks["find the first real error across all ranks"].verdict == "worked"
    assert marks["raise the timeout to hours"].verdict == "did_not_work"
    cards[2].marks.buttons["worked"].click()  # a second click clears the mark
    assert "find the first real error across all ranks" not in store.marks_for(HUB)
    panel.show_entry(LEAF)
    panel.show_entry(HUB)
    assert panel.cards()[0].marks.buttons["did_not_work"].isChecked()


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("pip install -U torch\n# then retry", "bash"),
        ("import os\nos.environ['X'] = '1'", "python"),
        ("permissions:\n  contents: write", "yaml"),
        ('{"dns": ["8.8.8.8"]}', "json"),
        ("ALTER TABLE users ADD COLUMN age INTEGER;", "sql"),
        ("Make every rank build the same model before wrapping it.", "text"),
        ("", "text"),
    ],
)
def test_the_code_language_is_guessed(text, language):
    assert guess_language(text) == language


@pytest.mark.parametrize(
    "odd", ["\x00\x01", "\ud800 lone surrogate", "$(((", "x" * 20000, "\t\n\r"]
)
def test_odd_how_text_never_raises(qtbot, odd):
    shown = "".join(value for _token, value in lex(odd, guess_language(odd)))
    assert shown == odd.replace("\r\n", "\n").replace("\r", "\n")  # pygments ends lines in \n
    block = CodeBlock(odd)
    qtbot.addWidget(block)
    assert block.text() == odd


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_panel_fits_a_narrow_dock(panel, language):
    """Long identifiers wrap and sections re-flow: nothing forces a horizontal scroll."""
    panel.set_language(language)
    panel.show_entry(HUB)
    assert panel.content.minimumSizeHint().width() <= 320


def test_versions_are_a_table_when_wide_and_blocks_when_narrow(qtbot, panel):
    panel.show_entry(HUB)
    panel.resize(700, 900)
    panel.show()
    table = panel.body.findChildren(VersionsTable)[0]
    qtbot.waitUntil(lambda: table.is_table, timeout=2000)
    panel.resize(300, 900)
    qtbot.waitUntil(lambda: not table.is_table, timeout=2000)
    assert "removed 2.0" in texts(table)


def test_the_language_choice_is_remembered(qtbot, catalog, store):
    first = entry_panel(catalog, store)
    qtbot.addWidget(first)
    first.set_language("zh")
    again = entry_panel(catalog, store)
    qtbot.addWidget(again)
    assert again.language == "zh" and again.chinese_button.isChecked()


def test_a_theme_switch_recolours_the_panel(qtbot, qapp, panel):
    from triage_app.ui.window.theme import _palette

    panel.show_entry(HUB)
    before = qapp.palette()
    try:
        qapp.setPalette(_palette(True))
        qtbot.waitUntil(lambda: not panel._restyle_pending, timeout=2000)

        def muted_is_light() -> bool:
            labels = [w for w in panel.details.findChildren(QLabel) if w.text() == "Confidence"]
            return bool(labels) and labels[0].palette().windowText().color().lightnessF() > 0.55

        qtbot.waitUntil(muted_is_light, timeout=2000)
    finally:
        qapp.setPalette(before)


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from CPython 3.12 on")
def test_void_qt_calls_cannot_exhaust_none(qtbot):
    """shiboken6 6.12 takes a reference from None on every void call on CPython 3.11; a long
    highlighted code block used to abort the process. The UI modules guard against it."""
    block = CodeBlock("x = 1\n" * 3000)  # thousands of insertText calls
    qtbot.addWidget(block)
    assert sys.getrefcount(None) > 1 << 39
