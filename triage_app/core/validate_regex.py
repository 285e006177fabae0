"""Checks of a record's patterns: limits, compilation, and its examples under a time budget.

A pattern is first held to the limits of `regex_check` (length, nesting, repetition counts), so
compiling it can neither overflow nor recurse without end. Every search of an example, a
counter-example, the signature or a source quote then runs under the per-call budget of
`regex_budget`: a pattern that backtracks catastrophically on one of them is an error (the
record is skipped) instead of a hang.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from triage_app.core import regex_budget
from triage_app.core.entry import compile_pattern
from triage_app.core.record_format import VARIANT_FIELDS, VERSION_FIELDS
from triage_app.core.regex_budget import PatternTimeoutError
from triage_app.core.regex_check import limit_problem
from triage_app.core.validate_base import (
    _check_objects,
    _check_str,
    _check_str_list,
    _check_version,
    _Checker,
    _type_name,
)


class _TooSlowError(Exception):
    pass


def search_within_budget(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """`pattern.search(text)`, raising _TooSlowError when it runs past the per-call budget."""
    with regex_budget.budget():
        regex_budget.start()
        try:
            return pattern.search(text)
        except PatternTimeoutError:
            raise _TooSlowError from None
        finally:
            regex_budget.stop()


def _compile(c: _Checker, field: str, regex: str, case_sensitive: bool) -> re.Pattern[str] | None:
    problem = limit_problem(regex, 0 if case_sensitive else re.IGNORECASE)
    if problem:
        c.add(field, problem)
        return None
    try:
        pattern = compile_pattern(regex, case_sensitive)
    except (re.error, OverflowError, RecursionError, ValueError) as exc:
        c.add(field, f"is not a valid Python regular expression: {exc}")
        return None
    if pattern.search("") is not None:
        c.add(field, "matches an empty line, so it would fire on every line")
        return None
    return pattern


def _slow(c: _Checker, field: str, where: str) -> None:
    c.add(
        field,
        f"took longer than the time budget on {where}: it backtracks catastrophically "
        "(nested or adjacent repeats over the same characters); the record is skipped",
    )


def _check_texts(
    c: _Checker, field: str, pattern: re.Pattern[str], texts: list[tuple[str, str, bool]]
) -> bool:
    """Each (where, text, must_match); False when the pattern ran out of time."""
    for where, text, must_match in texts:
        try:
            found = search_within_budget(pattern, text) is not None
        except _TooSlowError:
            _slow(c, field, where)
            return False
        if found != must_match:
            if must_match:
                c.add(where, f"is not matched by the {_noun(field)}: {text!r}")
            else:
                c.add(where, f"is matched by the regex but must not be: {text!r}")
    return True


def _noun(field: str) -> str:
    return "variant" if field.startswith("variants") else "regex"


def check_variants(c: _Checker, value: Any) -> list[re.Pattern[str]]:
    """Other wordings of the error, each proven by its own examples; their compiled patterns."""
    compiled: list[re.Pattern[str]] = []
    if value is None:
        return compiled
    if not isinstance(value, list):
        c.add("variants", f"must be a list of objects, not {_type_name(value)}")
        return compiled
    for i, item in enumerate(value):
        where = f"variants[{i}]"
        if not isinstance(item, Mapping):
            c.add(where, f"must be an object, not {_type_name(item)}")
            continue
        for key in item:
            if key not in VARIANT_FIELDS:
                c.warn(f"{where}.{key}", "unknown field (kept)")
        for key in ("lang", "note"):
            _check_str(c, f"{where}.{key}", item.get(key))
        case = item.get("case_sensitive")
        if case is not None and not isinstance(case, bool):
            c.add(f"{where}.case_sensitive", f"must be true or false, not {_type_name(case)}")
        _check_objects(c, f"{where}.versions", item.get("versions"), VERSION_FIELDS, _check_version)
        regex = item.get("regex")
        if not _check_str(c, f"{where}.regex", regex, required=True):
            continue
        pattern = _compile(c, f"{where}.regex", regex, bool(case))
        if pattern is None:
            continue
        examples = _check_str_list(c, f"{where}.examples", item.get("examples"))
        if not examples:
            c.add(f"{where}.examples", "a variant needs at least one example it matches")
        texts = [(f"{where}.examples[{j}]", t, True) for j, t in enumerate(examples)]
        if _check_texts(c, f"{where}.regex", pattern, texts):
            compiled.append(pattern)
    return compiled


def check_regex(c: _Checker, record: Mapping[str, Any]) -> re.Pattern[str] | None:
    """The record's own pattern, checked against its signature, examples, counter-examples."""
    regex = record.get("regex")
    if not _check_str(c, "regex", regex, required=True):
        return None
    pattern = _compile(c, "regex", regex, bool(record.get("case_sensitive")))
    if pattern is None:
        return None
    signature = record.get("signature")
    if isinstance(signature, str) and signature:
        try:
            if search_within_budget(pattern, signature) is None:
                c.add("regex", "does not match the record's own signature")
        except _TooSlowError:
            _slow(c, "regex", "the signature")
            return None
    examples = _check_str_list(c, "examples", record.get("examples"))
    texts = [(f"examples[{i}]", t, True) for i, t in enumerate(examples)]
    counter = _check_str_list(c, "counter_examples", record.get("counter_examples"))
    texts += [(f"counter_examples[{i}]", t, False) for i, t in enumerate(counter)]
    return pattern if _check_texts(c, "regex", pattern, texts) else None


def quote_matched(patterns: list[re.Pattern[str]], quote: str) -> bool | None:
    """Whether one of `patterns` matches `quote`; None when one ran out of time."""
    try:
        return any(search_within_budget(p, quote) for p in patterns)
    except _TooSlowError:
        return None
