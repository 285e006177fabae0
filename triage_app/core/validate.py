"""Check one record against the record format in DESIGN.md.

Every finding names the field and says what is wrong, so a person can fix the file. Errors mean
the record cannot be used (it is skipped); warnings mean it loads but something is off. Unknown
fields are kept and warned about, never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from triage_app.core import own_regex
from triage_app.core.problems import Problem, Severity
from triage_app.core.record_format import (
    BOOLEANS,
    DATES,
    DEAD_END_FIELDS,
    DOMAINS,
    KNOWN_FIELDS,
    LINK_FIELDS,
    OPTIONAL_STRINGS,
    RATES,
    RELATIONS,
    RESOLVABLE,
    ROLES,
    SOURCE_FIELDS,
    SOURCE_KINDS,
    TIERS,
    VERSION_FIELDS,
    WORKAROUND_FIELDS,
)
from triage_app.core.validate_base import (
    _check_date,
    _check_objects,
    _check_rate,
    _check_str,
    _check_str_list,
    _check_version,
    _Checker,
    _type_name,
)
from triage_app.core.validate_regex import check_regex, check_variants, quote_matched

ID_RE = own_regex.compile(r"^[a-z0-9-]+/[a-z0-9-]+\Z")


def _check_action_item(rate_field: str, text_field: str) -> Callable[..., None]:
    def check(c: _Checker, where: str, item: Mapping[str, Any]) -> None:
        _check_str(c, f"{where}.action", item.get("action"), required=True)
        _check_str(c, f"{where}.{text_field}", item.get(text_field))
        _check_str(c, f"{where}.condition", item.get("condition"))
        _check_rate(c, f"{where}.{rate_field}", item.get(rate_field))
        _check_sources(c, f"{where}.sources", item.get("sources"), quotes_matched_by=None)

    return check


def _check_sources(
    c: _Checker, where: str, value: Any, quotes_matched_by: list[re.Pattern[str]] | None
) -> None:
    """A list of sources: each a URL string (older records) or a source object.

    With `quotes_matched_by`, each source's `quote` (the line exactly as that source prints
    it) must be matched by one of the patterns: the entry's own or one of its variants'.
    """
    if value is None:
        return
    if not isinstance(value, list):
        c.add(where, f"must be a list, not {_type_name(value)}")
        return
    for i, item in enumerate(value):
        here = f"{where}[{i}]"
        if isinstance(item, str):
            continue
        if not isinstance(item, Mapping):
            c.add(here, f"must be a URL or a source object, not {_type_name(item)}")
            continue
        for key in item:
            if key not in SOURCE_FIELDS:
                c.warn(f"{here}.{key}", "unknown field (kept)")
        for key in SOURCE_FIELDS:
            _check_str(c, f"{here}.{key}", item.get(key))
        kind = item.get("kind")
        if kind not in SOURCE_KINDS:
            c.add(f"{here}.kind", f"must be one of {', '.join(SOURCE_KINDS)}, got {kind!r}")
            continue
        needed = {"upstream": ("repo", "path"), "issue": ("url",), "doc": ("url",)}
        for key in needed.get(kind, ()):
            if not item.get(key):
                c.add(f"{here}.{key}", f"is required for a source of kind {kind!r}")
        if kind == "reproduced" and not item.get("test"):
            c.add(f"{here}.test", "is required for a source of kind 'reproduced'")
        url = item.get("url")
        if isinstance(url, str) and url and not re.match(r"https?://[^\s/]+\.[^\s]+$", url):
            c.add(f"{here}.url", f"must be an http(s) URL, got {url!r}")
        quote = item.get("quote")
        if quotes_matched_by and isinstance(quote, str) and quote:
            matched = quote_matched(quotes_matched_by, quote)
            if matched is None:
                c.add(f"{here}.quote", "took longer than the time budget to match")
            elif not matched:
                c.add(f"{here}.quote", f"is matched by neither the regex nor a variant: {quote!r}")


def _check_provenance(c: _Checker, value: Any, patterns: list[re.Pattern[str]]) -> None:
    if value is None:
        return
    if not isinstance(value, Mapping):
        c.add("provenance", f"must be an object with a list 'sources', not {_type_name(value)}")
        return
    for key in value:
        if key not in ("sources", "note"):
            c.warn(f"provenance.{key}", "unknown field (kept)")
    _check_str(c, "provenance.note", value.get("note"))
    sources = value.get("sources")
    if sources is None:
        c.add("provenance.sources", "is required (an empty list means unverified)")
        return
    _check_sources(c, "provenance.sources", sources, quotes_matched_by=patterns)


def _check_graph(c: _Checker, value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, Mapping):
        c.add("transition_graph", f"must be an object, not {_type_name(value)}")
        return
    for key in value:
        if key not in RELATIONS:
            c.warn(f"transition_graph.{key}", "unknown relation (kept)")
    for relation in RELATIONS:
        links = value.get(relation)
        if links is None:
            continue
        if not isinstance(links, list):
            c.add(f"transition_graph.{relation}", "must be a list")
            continue
        for i, link in enumerate(links):
            where = f"transition_graph.{relation}[{i}]"
            if isinstance(link, str):
                target = link
            elif isinstance(link, Mapping):
                target = link.get("error_id")
                _check_rate(c, f"{where}.probability", link.get("probability"))
                _check_str(c, f"{where}.condition", link.get("condition"))
                _check_str(c, f"{where}.distinction", link.get("distinction"))
                for key in link:
                    if key not in LINK_FIELDS:
                        c.warn(f"{where}.{key}", "unknown field (kept)")
            else:
                c.add(where, f"must be an entry id or an object, not {_type_name(link)}")
                continue
            if not isinstance(target, str) or not ID_RE.match(target):
                c.add(where, f"must name an entry id like 'domain/slug', got {target!r}")


def _check_identity(c: _Checker, record: Mapping[str, Any]) -> None:
    rid = record.get("id")
    if _check_str(c, "id", rid, required=True) and not ID_RE.match(rid):
        c.add("id", f"must look like 'domain/slug' (lowercase a-z, 0-9, '-'), got {rid!r}")
    domain = record.get("domain")
    if _check_str(c, "domain", domain, required=True):
        if isinstance(rid, str) and ID_RE.match(rid) and rid.split("/")[0] != domain:
            c.add("domain", f"is {domain!r} but the id starts with {rid.split('/')[0]!r}")
        if domain not in DOMAINS:
            c.warn("domain", f"{domain!r} is not one of the catalogue's domains")
    for key in ("signature", "category", "root_cause"):
        _check_str(c, key, record.get(key), required=True)


def validate_record(record: Any, source: str) -> list[Problem]:
    """All problems of one parsed record (an empty list means it is valid)."""
    if not isinstance(record, Mapping):
        return [
            Problem(
                Severity.ERROR,
                source,
                None,
                f"a record file must hold one JSON object, not a {_type_name(record)}",
            )
        ]
    c = _Checker(record, source)
    _check_identity(c, record)
    for key in OPTIONAL_STRINGS:
        _check_str(c, key, record.get(key))
    url = record.get("official_doc_url")
    if isinstance(url, str) and not re.match(r"https?://[^\s/]+\.[^\s]+$", url):
        c.add("official_doc_url", f"must be an http(s) URL, got {url!r}")
    for key in BOOLEANS:
        flag = record.get(key)
        if flag is not None and not isinstance(flag, bool):
            c.add(key, f"must be true or false, not {_type_name(flag)}")
    for key in RATES:
        _check_rate(c, key, record.get(key))
    for key in DATES:
        _check_date(c, key, record.get(key))
    for key in ("workarounds_zh", "dead_ends_zh", "tags", "aliases"):
        _check_str_list(c, key, record.get(key))
    _check_objects(c, "versions", record.get("versions"), VERSION_FIELDS, _check_version)
    dead_ends = _check_objects(
        c,
        "dead_ends",
        record.get("dead_ends"),
        DEAD_END_FIELDS,
        _check_action_item("fail_rate", "why_fails"),
    )
    workarounds = _check_objects(
        c,
        "workarounds",
        record.get("workarounds"),
        WORKAROUND_FIELDS,
        _check_action_item("success_rate", "how"),
    )
    zh = record.get("workarounds_zh")
    if isinstance(zh, list) and zh and len(zh) != len(workarounds):
        c.add("workarounds_zh", f"has {len(zh)} items but workarounds has {len(workarounds)}")
    zh = record.get("dead_ends_zh")
    if isinstance(zh, list) and zh and len(zh) != len(dead_ends):
        c.add("dead_ends_zh", f"has {len(zh)} items but dead_ends has {len(dead_ends)}")
    os_specific = record.get("os_specific")
    if os_specific is not None and not (
        isinstance(os_specific, Mapping) and all(isinstance(v, str) for v in os_specific.values())
    ):
        c.add("os_specific", "must be an object mapping an OS name to a note")
    _check_graph(c, record.get("transition_graph"))
    _check_enums(c, record)
    pattern = check_regex(c, record)
    variants = check_variants(c, record.get("variants"))
    _check_provenance(c, record.get("provenance"), [*([pattern] if pattern else []), *variants])
    for key in record:
        if key not in KNOWN_FIELDS:
            c.warn(key, "unknown field (kept and shown)")
    return c.problems


def _check_enums(c: _Checker, record: Mapping[str, Any]) -> None:
    tier = record.get("verification_tier")
    if tier is not None and tier not in TIERS:
        c.add("verification_tier", f"must be one of {', '.join(TIERS)}, got {tier!r}")
    resolvable = record.get("resolvable")
    if resolvable is not None and resolvable not in RESOLVABLE:
        c.add("resolvable", f'must be the string "true", "false" or "partial", got {resolvable!r}')
    role = record.get("role")
    if role is not None and role not in ROLES:
        c.add("role", f"must be one of {', '.join(ROLES)}, got {role!r}")
    count = record.get("evidence_count")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 0):
        c.add("evidence_count", f"must be a whole number >= 0, got {count!r}")
