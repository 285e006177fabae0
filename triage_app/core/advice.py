"""What an entry advises, with honest rates: a rate without a cited source is an estimate.

A dead end's `fail_rate` or a workaround's `success_rate` is "sourced" only when the item
itself lists `sources` (an issue thread, a survey, a changelog); otherwise it is the
catalogue author's estimate and every surface (window, text report, shared report, JSON)
says so instead of showing it as a measured percentage.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from triage_app.core.ranking import is_sourced

RateBasis = Literal["sourced", "estimate"]


def rate_basis(item: Mapping[str, Any]) -> RateBasis:
    sources = item.get("sources")
    return "sourced" if isinstance(sources, list) and sources else "estimate"


def rate_text(rate: float, item: Mapping[str, Any]) -> str:
    """'90%' when sourced, '~90% est.' otherwise."""
    percent = f"{rate:.0%}"
    return percent if rate_basis(item) == "sourced" else f"~{percent} est."


def _rate(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _item_json(item: Mapping[str, Any], rate_field: str, text_field: str) -> dict[str, Any]:
    doc: dict[str, Any] = {"action": str(item.get("action") or "")}
    if item.get(text_field):
        doc[text_field] = str(item[text_field])
    if item.get("condition"):
        doc["condition"] = str(item["condition"])
    rate = _rate(item.get(rate_field))
    doc[rate_field] = rate
    doc["rate_basis"] = rate_basis(item) if rate is not None else None
    sources = item.get("sources")
    if isinstance(sources, list) and sources:
        doc["sources"] = sources
    return doc


def advice_json(record: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON summary of one matched entry (scan --format json, `entries`)."""
    return {
        "root_cause": str(record.get("root_cause") or ""),
        "verification_tier": record.get("verification_tier"),
        "sourced": is_sourced(record),
        "dead_ends": [
            _item_json(i, "fail_rate", "why_fails")
            for i in record.get("dead_ends") or []
            if isinstance(i, Mapping) and i.get("action")
        ],
        "workarounds": [
            _item_json(i, "success_rate", "how")
            for i in record.get("workarounds") or []
            if isinstance(i, Mapping) and i.get("action")
        ],
    }
