"""A catalogue entry: the validated record plus its compiled pattern."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from triage_app.core import memo
from triage_app.core.plain import Plain


class Entry(Plain):
    """One error the catalogue knows. `data` is the whole record, unknown fields included.
    Treat as immutable; two entries are equal only when they are the same object."""

    __slots__ = ("data", "source", "pattern")

    def __init__(self, data: Mapping[str, Any], source: str, pattern: re.Pattern[str]) -> None:
        self.data = data
        self.source = source
        self.pattern = pattern

    def __repr__(self) -> str:
        return f"Entry(data={self.data!r}, source={self.source!r})"

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def domain(self) -> str:
        return self.data["domain"]

    @property
    def category(self) -> str:
        return self.data["category"]

    @property
    def signature(self) -> str:
        return self.data["signature"]

    @property
    def regex(self) -> str:
        return self.data["regex"]

    @property
    def root_cause(self) -> str:
        return self.data["root_cause"]

    @property
    def case_sensitive(self) -> bool:
        return bool(self.data.get("case_sensitive"))

    @property
    def confidence(self) -> float:
        value = self.data.get("confidence")
        return float(value) if value is not None else 0.0

    def get(self, name: str, default: Any = None) -> Any:
        """A field of the record; a `null` field counts as missing."""
        value = self.data.get(name)
        return default if value is None else value

    def links(self) -> list[tuple[str, str, Mapping[str, Any]]]:
        """Transition-graph links as (relation, target id, details)."""
        graph = self.get("transition_graph", {})
        out = []
        for relation in ("leads_to", "preceded_by", "frequently_confused_with"):
            for item in graph.get(relation) or []:
                if isinstance(item, str):
                    out.append((relation, item, {}))
                elif isinstance(item, Mapping) and isinstance(item.get("error_id"), str):
                    out.append((relation, item["error_id"], item))
        return out


def compile_pattern(regex: str, case_sensitive: bool) -> re.Pattern[str]:
    """Compile a record's regex the way matching uses it (lazily when the catalogue cache
    knows it compiles, see `memo`)."""
    return memo.compile_pattern(regex, 0 if case_sensitive else re.IGNORECASE)
