"""A small catalogue for the knowledge-panel tests: one rich entry with every field and links
(one to an id that is not loaded), its neighbours, a bare entry, and a few search targets.

Test modules import the fixtures `catalog_fixture` and `store_fixture` (named `catalog` and
`store` for the tests).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from triage_app.core.catalog import Catalog, load_catalog
from triage_app.core.notes import NotesStore
from triage_app.core.paths import notes_db_path

HUB = "demo/hub-timeout"
LEAF = "demo/leaf-crash"
CAUSE = "demo/cause-oom"
TWIN = "demo/twin-hang"
GONE = "demo/gone-entry"  # linked from HUB, not in the catalogue
BARE = "demo/bare-error"
MODULE = "python/module-not-found"
FANOUT = "demo/fanout"


def _record(entry_id: str, signature: str, **fields: Any) -> dict[str, Any]:
    record = {
        "id": entry_id,
        "signature": signature,
        "regex": json.dumps(signature)[1:-1].replace("(", r"\(").replace(")", r"\)")[:40],
        "domain": entry_id.split("/")[0],
        "category": "runtime_error",
        "root_cause": f"Root cause of {entry_id}.",
    }
    record.update(fields)
    return record


def records() -> list[dict[str, Any]]:
    hub = _record(
        HUB,
        "HubError: collective operation timed out after 600000 milliseconds",
        signature_zh="HubError：集合通信操作在 600000 毫秒后超时",
        subcategory="collective",
        root_cause="A peer never joined the collective because it crashed earlier.",
        root_cause_zh="某个对端从未加入集合通信，因为它更早就崩溃了。",
        root_cause_type="infrastructure",
        versions=[
            {
                "version": "torch>=2.2",
                "introduced": "2.2",
                "deprecated": None,
                "removed": None,
                "behavior_change": "Environment variables renamed to TORCH_NCCL_*.",
                "status": "active",
            },
            {
                "version": "torch<2.0",
                "introduced": None,
                "deprecated": None,
                "removed": "2.0",
                "behavior_change": None,
                "status": "removed",
            },
        ],
        os_specific={"linux": "Check dmesg for the OOM killer."},
        dead_ends=[
            {
                "action": "Raise the timeout to hours",
                "why_fails": "A crashed peer never joins; the job only hangs longer.",
                "fail_rate": 0.85,
                "condition": "a peer crashed",
                "sources": ["https://example.org/why"],
            },
            {"action": "Restart unchanged", "why_fails": "It recurs.", "fail_rate": 0.7},
        ],
        workarounds=[
            {
                "action": "Find the first real error across all ranks",
                "success_rate": 0.8,
                "how": "grep -nE 'OutOfMemoryError|Traceback' rank*.log | head",
                "condition": "",
                "sources": [],
            },
            {
                "action": "Compare shapes before wrapping",
                "success_rate": 0.6,
                "how": "import torch\nshapes = [p.shape for p in model.parameters()]",
            },
        ],
        workarounds_zh=["在所有 rank 的日志中找到第一个真正的错误", "在包装前比较形状"],
        transition_graph={
            "leads_to": [
                {"error_id": LEAF, "probability": 0.9, "condition": "async error handling on"},
                GONE,
            ],
            "preceded_by": [{"error_id": CAUSE, "probability": 0.7}],
            "frequently_confused_with": [
                {"error_id": TWIN, "probability": 0.3, "distinction": "A hang has no timeout."}
            ],
        },
        official_doc_url="https://pytorch.org/docs/stable/distributed.html",
        official_doc_section="init_process_group",
        error_code="E_HUB_42",
        verification_tier="reproduced",
        confidence=0.9,
        fix_success_rate=0.75,
        resolvable="partial",
        first_seen="2024-02-01",
        last_confirmed="2025-06-30",
        last_updated="2026-11-29",
        evidence_count=3,
        tags=["distributed", "timeout"],
        aliases=["hub collective timeout", "watchdog caught collective timeout"],
        vendor_ticket="VT-1234",
    )
    fanout = _record(
        FANOUT,
        "FanoutError: many consequences",
        transition_graph={"leads_to": [f"demo/fan-{i}" for i in range(5)]},
    )
    return [
        hub,
        _record(LEAF, "LeafError: process taken down after the collective timeout"),
        _record(CAUSE, "CUDA out of memory on one rank"),
        _record(TWIN, "TwinError: the job hangs without any message"),
        _record(BARE, "BareError: something minimal happened", category="build_error"),
        _record(
            MODULE,
            "ModuleNotFoundError: No module named 'yaml_loader'",
            aliases=["No module named", "ModuleNotFoundError"],
            tags=["import", "venv"],
        ),
        _record("python/file-not-found", "FileNotFoundError: No such file or directory"),
        _record("python/module-has-no-attribute", "AttributeError: module 'x' has no attribute"),
        _record("pip/resolution-impossible", "ResolutionImpossible: conflicting dependencies"),
        fanout,
        *[_record(f"demo/fan-{i}", f"FanError{i}: a consequence") for i in range(5)],
    ]


def write_catalog(root: Path) -> Catalog:
    for record in records():
        path = root / f"{record['id']}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    catalog = load_catalog([root])
    assert not catalog.errors, catalog.errors
    return catalog


@pytest.fixture(name="catalog")
def catalog_fixture(tmp_path_factory) -> Catalog:
    return write_catalog(tmp_path_factory.mktemp("records"))


@pytest.fixture(name="store")
def store_fixture():
    notes = NotesStore(notes_db_path())
    yield notes
    notes.close()


def entry_panel(catalog: Catalog, store: NotesStore):
    """An entry panel with its notes panel, as the window composes them (one notes service)."""
    from triage_app.ui.entry.panel import EntryPanel
    from triage_app.ui.notes.panel import NotesPanel
    from triage_app.ui.widgets.notes_service import NotesService

    notes = NotesService(store)
    return EntryPanel(catalog, notes, NotesPanel(notes))
