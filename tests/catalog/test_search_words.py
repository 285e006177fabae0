"""Fuzzy search finds the entry a user means from the few words they type, typos included."""

from __future__ import annotations

import time

import pytest

from tests.core.records_factory import make_record, write_record
from triage_app.core import paths
from triage_app.core.catalog import Catalog, load_catalog
from triage_app.core.lookup import lookup
from triage_app.core.search import CatalogSearch


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog([paths.bundled_records_dir()])


@pytest.fixture(scope="module")
def search(catalog: Catalog) -> CatalogSearch:
    return CatalogSearch(catalog)


def _ranked(search: CatalogSearch, query: str, n: int = 5) -> list[str]:
    return [hit.entry_id for hit in search.search(query, limit=n)]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("cuda oom", "cuda/out-of-memory"),
        ("CUDA out of memory", "cuda/out-of-memory"),
        ("eresolve", "npm/eresolve"),
        ("ERESOLVE", "npm/eresolve"),
        ("crashloop", "kubernetes/crashloopbackoff"),
        ("CrashLoopBackOff", "kubernetes/crashloopbackoff"),
        ("module not found", "python/module-not-found"),
        ("ModuleNotFoundError", "python/module-not-found"),
        ("no module named", "python/module-not-found"),
        ("permission denied publickey", "network/ssh-permission-denied-publickey"),
        ("segfault", "linux/segmentation-fault"),
        ("disk full", "linux/no-space-left-on-device"),
        ("oomkilled", "kubernetes/oomkilled"),
        ("nccl timeout", "nccl/watchdog-timeout"),
        ("cannot find module", "node/cannot-find-module"),
        # what people type in a hurry
        ("eresolv", "npm/eresolve"),
        ("crashlop", "kubernetes/crashloopbackoff"),
        ("crash loop", "kubernetes/crashloopbackoff"),
        ("nccl timout", "nccl/watchdog-timeout"),
        ("modul not found", "python/module-not-found"),
        ("permision denied publickey", "network/ssh-permission-denied-publickey"),
        ("cuda out of memroy", "cuda/out-of-memory"),
        ("segfalt", "linux/segmentation-fault"),
    ],
)
def test_words_users_type_find_the_entry_first(
    search: CatalogSearch, query: str, expected: str
) -> None:
    ranked = _ranked(search, query)
    assert ranked and ranked[0] == expected, f"{query!r} ranks {ranked}"


def test_oom_finds_out_of_memory_entries(search: CatalogSearch, catalog: Catalog) -> None:
    hits = search.search("oom", limit=10)
    assert hits, "nothing found for 'oom'"
    top = catalog.get(hits[0].entry_id)
    names = " ".join([top.id, *top.get("aliases", []), *top.get("tags", [])]).lower()
    assert "oom" in names or "out of memory" in names, hits[0]
    assert "cuda/out-of-memory" in [h.entry_id for h in hits[:3]], hits[:3]
    # every OOM-looking hit before anything that is not about memory
    assert all("oom" in h.entry_id or "memory" in h.entry_id for h in hits[:5]), hits[:5]


def test_chinese_words_find_the_entry(search: CatalogSearch) -> None:
    assert "cuda/out-of-memory" in _ranked(search, "CUDA 显存不足", 3)


def test_nonsense_and_filler_find_nothing(search: CatalogSearch) -> None:
    for query in ("zzzz qqqq", "", "   ", "a", "the", "of the"):
        assert search.search(query) == [], query


def test_scores_are_ranked_and_bounded(search: CatalogSearch) -> None:
    hits = search.search("connection refused", limit=None)
    assert hits
    assert all(0.6 <= h.score <= 1.0 for h in hits)
    keys = [round(h.score, 2) for h in hits]
    assert keys == sorted(keys, reverse=True)
    assert len({h.entry_id for h in hits}) == len(hits)


def test_limit_and_min_score(search: CatalogSearch) -> None:
    assert len(search.search("error", limit=3)) <= 3
    strict = search.search("nccl timout", min_score=0.95)
    assert all(h.score >= 0.95 for h in strict)


def test_an_entrys_own_signature_finds_it_first(search: CatalogSearch, catalog: Catalog) -> None:
    """Pasting an entry's canonical line into the search box finds that entry first."""
    problems = []
    for entry in catalog:
        ranked = _ranked(search, entry.signature, 3)
        if not ranked or ranked[0] != entry.id:
            problems.append(f"{entry.id}: its signature ranks {ranked}: {entry.signature!r}")
    assert not problems, "\n".join(problems)


def test_notes_are_searchable(catalog: Catalog) -> None:
    notes = {"cuda/out-of-memory": ["we hit this on the A100 nodes; workaround 2 worked"]}
    search = CatalogSearch(catalog, notes=notes)
    hits = search.search("A100 nodes workaround")
    assert hits and hits[0].entry_id == "cuda/out-of-memory" and hits[0].field == "note"


def test_search_is_fast(search: CatalogSearch, catalog: Catalog) -> None:
    queries = ["oom", "cuda oom", "crashlop", "module not found", "permission denied publickey"]
    start = time.thread_time()
    for query in queries * 4:
        search.search(query)
    per_query = (time.thread_time() - start) / (len(queries) * 4)
    assert per_query < 0.1, f"{per_query * 1000:.0f} ms per query"
    start = time.thread_time()
    search.search(" ".join(entry.root_cause for entry in list(catalog)[:20]))
    assert time.thread_time() - start < 1.0


def test_lookup_prefers_a_near_exact_wording_over_weak_matches(tmp_path) -> None:
    root = tmp_path / "catalog"
    write_record(root, make_record())
    catalog = load_catalog([paths.bundled_records_dir(), root])
    found = lookup("DemoErorr: the widgt broke at stepp", catalog)
    assert found and found[0].entry_id == "python/demo-error", found[:3]
    assert found[0].kind == "fuzzy"
    exact = lookup("DemoError: the widget 'z' broke at step 3", catalog)
    assert (exact[0].entry_id, exact[0].kind) == ("python/demo-error", "regex")
