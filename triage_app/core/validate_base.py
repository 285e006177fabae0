"""The building blocks of record checking: a problem collector and checks of plain values."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from typing import Any

from triage_app.core.problems import Problem, Severity
from triage_app.core.record_format import STATUSES, VERSION_FIELDS


class _Checker:
    """Collects the problems of one record."""

    def __init__(self, record: Mapping[str, Any], source: str) -> None:
        self.record = record
        self.source = source
        self.problems: list[Problem] = []
        rid = record.get("id")
        self.entry_id = rid if isinstance(rid, str) else None

    def add(self, field: str | None, message: str, severity: Severity = Severity.ERROR) -> None:
        self.problems.append(Problem(severity, self.source, field, message, self.entry_id))

    def warn(self, field: str | None, message: str) -> None:
        self.add(field, message, Severity.WARNING)


def _type_name(value: Any) -> str:
    return {
        dict: "object",
        list: "list",
        str: "string",
        bool: "boolean",
        type(None): "null",
        int: "integer",
        float: "number",
    }.get(type(value), type(value).__name__)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _check_str(c: _Checker, field: str, value: Any, *, required: bool = False) -> bool:
    if value is None:
        if required:
            c.add(field, "is required")
        return False
    if not isinstance(value, str):
        c.add(field, f"must be a string, not {_type_name(value)}")
        return False
    if required and not value.strip():
        c.add(field, "must not be empty")
        return False
    return True


def _check_rate(c: _Checker, field: str, value: Any) -> None:
    if value is None:
        return
    if not _is_number(value):
        c.add(field, f"must be a number from 0 to 1, not {_type_name(value)}")
    elif not 0 <= value <= 1:
        c.add(field, f"must be between 0 and 1, got {value}")


def _check_date(c: _Checker, field: str, value: Any) -> None:
    if value is None or not _check_str(c, field, value):
        return
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            raise ValueError
        dt.date.fromisoformat(value)
    except ValueError:
        c.add(field, f"must be a date YYYY-MM-DD, got {value!r}")


def _check_str_list(c: _Checker, field: str, value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        c.add(field, f"must be a list of strings, not {_type_name(value)}")
        return []
    good = []
    for i, item in enumerate(value):
        if isinstance(item, str):
            good.append(item)
        else:
            c.add(f"{field}[{i}]", f"must be a string, not {_type_name(item)}")
    return good


def _check_objects(
    c: _Checker,
    field: str,
    value: Any,
    known: tuple[str, ...],
    check_item: Callable[[_Checker, str, Mapping[str, Any]], None],
) -> list[Mapping[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list):
        c.add(field, f"must be a list of objects, not {_type_name(value)}")
        return []
    items = []
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        if not isinstance(item, Mapping):
            c.add(where, f"must be an object, not {_type_name(item)}")
            continue
        for key in item:
            if key not in known:
                c.warn(f"{where}.{key}", "unknown field (kept)")
        check_item(c, where, item)
        items.append(item)
    return items


def _check_version(c: _Checker, where: str, item: Mapping[str, Any]) -> None:
    for key in VERSION_FIELDS:
        _check_str(c, f"{where}.{key}", item.get(key))
    status = item.get("status")
    if isinstance(status, str) and status not in STATUSES:
        c.add(f"{where}.status", f"must be one of {', '.join(STATUSES)}, got {status!r}")
