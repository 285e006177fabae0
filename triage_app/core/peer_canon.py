"""Convert one deadends.dev "ErrorCanon" record into this catalogue's record format.

The peer catalogue nests what we keep flat: `error` (signature, regex, domain, category,
dates), `environment` (runtime name and version range, OS), `verdict` (summary, resolvable,
rates, confidence), `dead_ends`, `workarounds`, `transition_graph` and `metadata`. Everything
converted is unverified here: the message text was not traced to a tool that prints it, so
`provenance.sources` is empty, the tier is `ai_generated`, the confidence is capped like our
own unsourced entries, and the peer's rates stay estimates (their per-item `sources` are kept
as the references the peer gave, not as measurements).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from triage_app.core import own_regex
from triage_app.core.version_fit import in_range

PEER_NAME = "deadends.dev"
# Our confidence ceiling for an entry whose message has no source (tests/catalog quality bar).
UNSOURCED_CONFIDENCE = 0.6
# The peer's domain slugs that this catalogue names differently (DESIGN.md "domains").
DOMAIN_ALIASES = {
    "cicd": "ci",
    "networking": "network",
    "github-actions": "ci",
    "k8s": "kubernetes",
}
_DATE = own_regex.compile(r"\d{4}-\d{2}-\d{2}$")
_SLUG_JUNK = own_regex.compile(r"[^a-z0-9]+")


class CanonError(ValueError):
    """The object is not a canon record this converter understands (the message says why)."""


def _slug(text: str) -> str:
    return _SLUG_JUNK.sub("-", text.lower()).strip("-")


def convert_id(canon_id: str) -> str:
    """`python/keyerror/py311-linux` or `python/keyerror_py311-linux` -> `python/keyerror-py311-linux`."""
    parts = [p for p in canon_id.strip().split("/") if p.strip()]
    if len(parts) < 2:
        raise CanonError(f"id {canon_id!r} is not 'domain/name'")
    domain = _slug(parts[0])
    domain = DOMAIN_ALIASES.get(domain, domain)
    slug = _slug("-".join(parts[1:]))
    if not domain or not slug:
        raise CanonError(f"id {canon_id!r} has no usable domain or name")
    return f"{domain}/{slug}"


def _text(value: Any) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def _rate(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if 0 <= value <= 1 else None


def _date(value: Any) -> str | None:
    text = _text(value)
    return text if text and _DATE.match(text) else None


def _resolvable(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    text = _text(value)
    return text.lower() if text and text.lower() in ("true", "false", "partial") else None


def _urls(value: Any) -> list[str]:
    if not isinstance(value, list):
        return []
    return [
        u.strip() for u in value if isinstance(u, str) and re.match(r"https?://\S+$", u.strip())
    ]


def _items(value: Any, rate_field: str, text_field: str) -> list[dict[str, Any]]:
    """Dead ends or workarounds, keeping only fields of the right type."""
    out = []
    for item in value if isinstance(value, list) else []:
        if not isinstance(item, Mapping) or not _text(item.get("action")):
            continue
        converted: dict[str, Any] = {"action": _text(item["action"])}
        if _text(item.get(text_field)):
            converted[text_field] = _text(item[text_field])
        if _rate(item.get(rate_field)) is not None:
            converted[rate_field] = _rate(item[rate_field])
        if _text(item.get("condition")):
            converted["condition"] = _text(item["condition"])
        if _urls(item.get("sources")):
            converted["sources"] = _urls(item.get("sources"))
        out.append(converted)
    return out


def _links(graph: Any) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    if not isinstance(graph, Mapping):
        return out
    for relation in ("leads_to", "preceded_by", "frequently_confused_with"):
        items = []
        for item in graph.get(relation) or []:
            target = item.get("error_id") if isinstance(item, Mapping) else item
            if not isinstance(target, str):
                continue
            try:
                link: dict[str, Any] = {"error_id": convert_id(target)}
            except CanonError:
                continue
            if isinstance(item, Mapping):
                if _rate(item.get("probability")) is not None:
                    link["probability"] = _rate(item["probability"])
                for key in ("condition", "distinction"):
                    if _text(item.get(key)):
                        link[key] = _text(item[key])
            items.append(link)
        if items:
            out[relation] = items
    return out


def _versions(environment: Any) -> tuple[list[dict[str, Any]], str | None]:
    """A structured version item from the runtime range, or a note why there is none."""
    runtime = environment.get("runtime") if isinstance(environment, Mapping) else None
    if not isinstance(runtime, Mapping):
        return [], None
    name, spec = _text(runtime.get("name")), _text(runtime.get("version_range"))
    if not name or not spec:
        return [], None
    if in_range("1", spec, name) is None:
        return [], f"its version range {spec!r} for {name} could not be read"
    return [{"package": name.lower(), "range": spec, "status": "active"}], None


def convert(canon: Any) -> dict[str, Any]:
    """One canon object -> one record (not yet validated); CanonError when it cannot be."""
    if not isinstance(canon, Mapping):
        raise CanonError(f"is a JSON {type(canon).__name__}, not an object")
    error = canon.get("error")
    if not isinstance(error, Mapping):
        raise CanonError("has no 'error' object (not a deadends.dev canon record)")
    canon_id = _text(canon.get("id"))
    if canon_id is None:
        raise CanonError("has no 'id'")
    signature, regex = _text(error.get("signature")), error.get("regex")
    if signature is None or not isinstance(regex, str) or not regex:
        raise CanonError(f"{canon_id}: has no error.signature or error.regex")
    entry_id = convert_id(canon_id)
    verdict = canon.get("verdict") if isinstance(canon.get("verdict"), Mapping) else {}
    environment = canon.get("environment")
    versions, version_note = _versions(environment)
    url = _text(canon.get("url"))
    note = (
        f"Imported from {PEER_NAME} (canon id {canon_id}"
        + (f", {url}" if url else "")
        + "). The message text was not traced to a tool that prints it, and the rates are the "
        "peer's estimates." + (f" Not imported: {version_note}." if version_note else "")
    )
    record: dict[str, Any] = {
        "id": entry_id,
        "signature": signature,
        "regex": regex,
        "domain": entry_id.split("/")[0],
        "category": _text(error.get("category")) or "runtime_error",
        "root_cause": _text(verdict.get("summary")) or "",
        "dead_ends": _items(canon.get("dead_ends"), "fail_rate", "why_fails"),
        "workarounds": _items(canon.get("workarounds"), "success_rate", "how"),
        "transition_graph": _links(canon.get("transition_graph")),
        "verification_tier": "ai_generated",
        "examples": [signature],
        "provenance": {"sources": [], "note": note},
        "tags": ["imported", PEER_NAME],
        "locale": "en",
    }
    if versions:
        record["versions"] = versions
    os_name = _text(environment.get("os")) if isinstance(environment, Mapping) else None
    if os_name:
        record["tags"].append(_slug(os_name))
    if _resolvable(verdict.get("resolvable")):
        record["resolvable"] = _resolvable(verdict.get("resolvable"))
    if _rate(verdict.get("fix_success_rate")) is not None:
        record["fix_success_rate"] = _rate(verdict["fix_success_rate"])
    confidence = _rate(verdict.get("confidence"))
    record["confidence"] = min(confidence if confidence is not None else 0.5, UNSOURCED_CONFIDENCE)
    for ours, theirs in (
        ("first_seen", error.get("first_seen")),
        ("last_confirmed", error.get("last_confirmed")),
        ("last_updated", verdict.get("last_updated")),
    ):
        if _date(theirs):
            record[ours] = _date(theirs)
    return record
