"""A record read from the compiled catalogue whose long prose is decoded on first use.

Most of a record's bytes are prose a scan never reads (root cause, workarounds, dead ends,
their translations, provenance). A short scan of a small log needs only the fields that build
the matcher, so the compiled catalogue (`catalog_cache`) stores each record twice: its light
fields in the index that every start parses, and the whole record as JSON in a region read
only when a prose field of that record is asked for. `LazyRecord` is that record: a read-only
mapping equal to the record as loaded from its file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

# Fields left out of the index (the bulk of the catalogue's bytes); every other field is in it.
HEAVY_FIELDS = frozenset(
    {
        "root_cause",
        "root_cause_zh",
        "workarounds",
        "workarounds_zh",
        "dead_ends",
        "dead_ends_zh",
        "provenance",
        "signature_zh",
        "counter_examples",
        "tags",
        "official_doc_url",
        "official_doc_section",
        # Read when a matcher is built (its fuzzy index and version facts are stored with it)
        # or when one entry is shown: a start from the cache never needs them.
        "examples",
        "versions",
    }
)


def light_fields(record: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of `record` the index keeps."""
    return {k: v for k, v in record.items() if k not in HEAVY_FIELDS}


class LazyRecord(Mapping[str, Any]):
    """`light` answers light fields; any heavy field, iteration or length decodes the whole
    record from what `load` returns (UTF-8 JSON, or None when it cannot be read back) once.

    `sourced` is stored with the record (whether its provenance names a source), so ranking
    does not decode every record to ask that. A region that does not decode to this record
    (a cache file altered after its checksum was written) is replaced by `reread()`, which
    reads the record from its own file.
    """

    __slots__ = ("_full", "_light", "_load", "_reread", "sourced")

    def __init__(
        self,
        light: dict[str, Any],
        load: Callable[[], bytes | None],
        sourced: bool,
        reread: Callable[[], dict[str, Any]],
    ) -> None:
        self._light = light
        self._load = load
        self._full: dict[str, Any] | None = None
        self._reread = reread
        self.sourced = sourced

    def full(self) -> dict[str, Any]:
        """The whole record (decoded now if it was not yet)."""
        full = self._full
        if full is None:
            try:
                data = self._load()
                full = json.loads(data) if data is not None else None
            except ValueError:
                full = None
            if not isinstance(full, dict) or full.get("id") != self._light.get("id"):
                try:
                    full = self._reread()
                except (OSError, ValueError):  # the file is gone or broken too: what is known
                    full = None
                if not isinstance(full, dict) or full.get("id") != self._light.get("id"):
                    full = dict(self._light)
            self._full = full
        return full

    def __getitem__(self, key: str) -> Any:
        if self._full is None and key not in HEAVY_FIELDS:
            return self._light[key]
        return self.full()[key]

    def get(self, key: str, default: Any = None) -> Any:
        if self._full is None and key not in HEAVY_FIELDS:
            return self._light.get(key, default)
        return self.full().get(key, default)

    def __contains__(self, key: object) -> bool:
        if self._full is None and key not in HEAVY_FIELDS:
            return key in self._light
        return key in self.full()

    def __iter__(self) -> Iterator[str]:
        return iter(self.full())

    def __len__(self) -> int:
        return len(self.full())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self.full() == dict(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a mapping, like dict

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (to another process) as a plain dict
        return (dict, (self.full(),))

    def __repr__(self) -> str:
        return f"LazyRecord({self._light.get('id')!r})"
