"""CatalogSearch: typos still find the entry, and the entry with all the typed words wins."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from triage_app.core.search import CatalogSearch


@dataclass
class _Entry:
    id: str
    signature: str
    root_cause: str = "Something went wrong."
    data: dict[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        value = self.data.get(name)
        return default if value is None else value


ENTRIES = [
    _Entry(
        "pytorch/fsdp-param-mismatch",
        "RuntimeError: FSDP parameter mismatch across ranks.",
        data={"aliases": ["FSDP parameter mismatch"], "tags": ["fsdp", "shape mismatch"]},
    ),
    _Entry(
        "cuda/nvidia-smi-failed",
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.",
        data={"aliases": ["Driver/library version mismatch"], "tags": ["nvidia-smi", "driver"]},
    ),
    _Entry("jax/jaxlib-version-mismatch", "RuntimeError: jaxlib version 0.4.1 is too old"),
    _Entry(
        "nccl/watchdog-timeout",
        "Watchdog caught collective operation timeout",
        data={"tags": ["watchdog", "timeout", "nccl"]},
    ),
    _Entry(
        "nccl/taking-process-down",
        "Some NCCL operations have failed or timed out. Taking the entire process down.",
        data={"tags": ["watchdog", "timeout", "sigabrt"]},
    ),
    _Entry(
        "python/module-not-found",
        "ModuleNotFoundError: No module named 'yaml_loader'",
        data={"aliases": ["No module named", "ModuleNotFoundError"], "tags": ["import"]},
    ),
    _Entry("python/file-not-found", "FileNotFoundError: [Errno 2] No such file or directory"),
]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("fsdp mismatch", "pytorch/fsdp-param-mismatch"),  # "mismatch" alone ties three entries
        ("wachdog timout", "nccl/watchdog-timeout"),  # both typed words are in the id
        ("modulenotfounderor", "python/module-not-found"),
        ("ModuleNotFoundError: No module named 'torch'", "python/module-not-found"),
    ],
)
def test_the_entry_with_every_typed_word_ranks_first(query, expected):
    assert CatalogSearch(ENTRIES).search(query)[0].entry_id == expected


def test_nonsense_finds_nothing_and_scores_stay_in_range():
    search = CatalogSearch(ENTRIES)
    assert search.search("zzzz qqqq") == []
    assert search.search("") == []
    assert all(0 < hit.score <= 1 for hit in search.search("mismatch"))


def test_note_texts_are_searchable():
    search = CatalogSearch(ENTRIES, notes={"python/file-not-found": ["zebracorn cluster"]})
    [hit] = search.search("zebracorn", limit=1)
    assert (hit.entry_id, hit.field) == ("python/file-not-found", "note")
