"""The catalogue browser: every entry with no log, typo-tolerant ranked search, filters, notes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.ui.knowledge_catalog import BARE, GONE, HUB, MODULE, catalog_fixture, store_fixture  # noqa: F401 - fixtures
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.ui.catalog.browser import CatalogBrowser
from triage_app.ui.catalog.model import ENTRY_ID_ROLE, ID, NOTE, BrowserRow, CatalogModel
from triage_app.ui.widgets.notes_service import NotesService


@pytest.fixture
def browser(qtbot, catalog, store):
    widget = CatalogBrowser(catalog, NotesService(store))
    qtbot.addWidget(widget)
    return widget


@pytest.fixture(scope="module")
def bundled():
    return load_catalog(default_catalog_dirs())


def test_the_browser_lists_every_entry_without_a_log(browser, catalog):
    assert browser.model.entry_ids() == sorted(catalog.entries)
    assert browser.count_label.text() == f"{len(catalog)} entries"


def test_the_model_passes_the_model_tester(qtmodeltester, browser, store):
    qtmodeltester.check(browser.model)
    store.add_note(HUB, "a note")
    browser.refresh_notes()
    browser.set_query("timeout", immediate=True)
    qtmodeltester.check(browser.model)
    browser.model.sort(ID, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(browser.model)


def test_an_empty_model_passes_the_model_tester(qtmodeltester):
    model = CatalogModel()
    qtmodeltester.check(model)
    model.set_rows([BrowserRow("a/b", "a", "c", "sig")])
    qtmodeltester.check(model)


def test_a_misspelled_query_ranks_the_expected_entry_first(browser):
    browser.set_query("modul not fuond eror", immediate=True)
    assert browser.model.entry_id(0) == MODULE
    browser.set_query("hub colective timout", immediate=True)
    assert browser.model.entry_id(0) == HUB


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("wachdog timout", "nccl/watchdog-timeout"),
        ("cuda out of memroy", "cuda/out-of-memory"),
        ("fsdp mismatch", "pytorch/fsdp-param-mismatch"),
        ("no space left on devise", "linux/no-space-left-on-device"),
    ],
)
def test_misspelled_queries_find_real_catalogue_entries(qtbot, store, bundled, query, expected):
    if expected not in bundled:
        pytest.skip(f"{expected} is not in the bundled catalogue")
    browser = CatalogBrowser(bundled, NotesService(store))
    qtbot.addWidget(browser)
    browser.set_query(query, immediate=True)
    assert browser.model.entry_id(0) == expected


def test_typing_updates_the_results_after_a_pause(qtbot, browser):
    browser.search_box.setText("bare eror")
    qtbot.waitUntil(lambda: browser.model.entry_id(0) == BARE, timeout=3000)
    browser.search_box.clear()
    qtbot.waitUntil(lambda: browser.model.rowCount() > 1, timeout=3000)


def test_no_match_says_so(browser):
    browser.set_query("zzzz qqqq", immediate=True)
    assert browser.model.rowCount() == 0
    assert "No entries match" in browser.count_label.text()


def test_domain_and_category_filters(browser, catalog):
    browser.domain_filter.setCurrentIndex(browser.domain_filter.findData("python"))
    assert browser.model.entry_ids() == sorted(
        i for i in catalog.entries if i.startswith("python/")
    )
    browser.domain_filter.setCurrentIndex(0)
    browser.category_filter.setCurrentIndex(browser.category_filter.findData("runtime_error"))
    assert browser.model.rowCount() == len(catalog) - 1
    browser.category_filter.setCurrentIndex(browser.category_filter.findData("build_error"))
    assert browser.model.entry_ids() == [BARE]
    assert browser.count_label.text() == f"1 of {len(catalog)} entries"


def test_entries_with_notes_are_marked_searchable_and_filterable(browser, store):
    store.add_note(HUB, "the zebracorn cluster needed NCCL_IB_DISABLE", ["a100"])
    store.add_note(GONE, "an entry that was removed")
    browser.refresh_notes()
    row = browser.model.row_of(HUB)
    assert browser.model.index(row, NOTE).data() == "✎"
    assert browser.model.index(browser.model.row_of(BARE), NOTE).data() == ""
    browser.notes_filter.setChecked(True)
    assert browser.model.entry_ids() == sorted([HUB, GONE])
    browser.notes_filter.setChecked(False)
    browser.set_query("zebracorn", immediate=True)
    assert browser.model.entry_id(0) == HUB
    assert "zebracorn" in browser.model.index(0, ID).data(Qt.ItemDataRole.ToolTipRole)


def test_selecting_a_row_emits_the_entry(qtbot, browser):
    row = browser.model.row_of(HUB)
    with qtbot.waitSignal(browser.entry_selected, timeout=1000) as blocker:
        browser.table.selectRow(row)
    assert blocker.args == [HUB]
    assert browser.model.index(row, ID).data(ENTRY_ID_ROLE) == HUB


def test_enter_in_the_search_box_opens_the_best_match(qtbot, browser):
    browser.search_box.setText("bare")
    with qtbot.waitSignal(browser.entry_selected, timeout=1000) as blocker:
        qtbot.keyClick(browser.search_box, Qt.Key.Key_Return)
    assert blocker.args == [BARE]


def test_select_entry_from_elsewhere_does_not_echo(qtbot, browser):
    with qtbot.assertNotEmitted(browser.entry_selected):
        assert browser.select_entry(HUB)
    assert browser.table.currentIndex().row() == browser.model.row_of(HUB)
    browser.set_query("hub timeout", immediate=True)  # the selection survives a new search
    assert browser.table.currentIndex().data(ENTRY_ID_ROLE) == HUB


def test_header_sorting_and_back_to_rank(browser):
    browser.set_query("error", immediate=True)
    ranked = browser.model.entry_ids()
    browser.model.sort(ID, Qt.SortOrder.AscendingOrder)
    assert browser.model.entry_ids() == sorted(ranked)
    browser.model.sort(-1)
    assert browser.model.entry_ids() == ranked
