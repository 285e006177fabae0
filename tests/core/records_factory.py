"""Build valid records for tests, then break them one field at a time."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def make_record(entry_id: str = "python/demo-error", **overrides: Any) -> dict[str, Any]:
    domain = entry_id.split("/")[0]
    record = {
        "id": entry_id,
        "signature": "DemoError: the widget 'x' broke at step 42",
        "regex": r"DemoError: the widget '[^']+' broke at step \d+",
        "domain": domain,
        "category": "runtime_error",
        "root_cause": "The widget breaks when the step counter overflows.",
        "confidence": 0.8,
        "workarounds": [
            {
                "action": "Reset the widget",
                "success_rate": 0.9,
                "how": "widget.reset()",
                "condition": "",
                "sources": [],
            },
        ],
        "dead_ends": [
            {
                "action": "Restart",
                "why_fails": "the counter persists",
                "fail_rate": 0.9,
                "condition": "",
                "sources": [],
            },
        ],
        "examples": ["2026-01-01 ERROR DemoError: the widget 'y' broke at step 7"],
        "counter_examples": ["DemoError: the widget 'y' is fine"],
    }
    record.update(overrides)
    return record


def write_record(root: Path, record: dict[str, Any] | str, name: str | None = None) -> Path:
    """Write a record (or raw text) under root/<domain>/<slug>.json and return the path."""
    if isinstance(record, str):
        path = root / (name or "python/raw.json")
        text = record
    else:
        path = root / (name or f"{record['id']}.json")
        text = json.dumps(record, ensure_ascii=False, indent=2)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
