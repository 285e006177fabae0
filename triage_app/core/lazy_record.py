"""A record read from the compiled catalogue whose fields are decoded on first use.

Most of a record's bytes are prose a scan never reads (root cause, workarounds, dead ends,
their translations, provenance), and a short scan of a small log reads only three fields of
every record (its id, its pattern and whether the pattern is case-sensitive: enough to make
the catalogue's entries; the matcher is stored whole). So the compiled catalogue
(`catalog_cache`) stores each record three ways: those core fields in the index that every
start parses, every light field of every record in one document parsed when any record's
other light field is first asked for, and the whole record as its own document, read only
when a prose field of that record is asked for. `LazyRecord` is that record: a read-only
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


# Fields of every record that every start reads (kept in the index itself).
CORE_FIELDS = ("id", "regex", "case_sensitive")


def core_fields(record: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of `record` the index keeps for every start."""
    return {k: record[k] for k in CORE_FIELDS if k in record}


def light_fields(record: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of `record` kept in the document of light fields."""
    return {k: v for k, v in record.items() if k not in HEAVY_FIELDS}


class LazyRecord(Mapping[str, Any]):
    """`core` answers the core fields; `light` (called once, shared by a catalogue's records
    so the document is parsed once) gives the other light fields; any heavy field, iteration
    or length decodes the whole record from what `load` returns (UTF-8 JSON, or None when it
    cannot be read back) once.

    `sourced` is stored with the record (whether its provenance names a source), so ranking
    does not decode every record to ask that. A region that does not decode to this record
    (a cache file altered after its checksum was written) is replaced by `reread()`, which
    reads the record from its own file; light fields that cannot be read back are taken from
    the whole record.
    """

    __slots__ = ("_core", "_full", "_light", "_lights", "_load", "_reread", "sourced")

    def __init__(
        self,
        core: dict[str, Any],
        light: Callable[[], Any],
        load: Callable[[], bytes | None],
        sourced: bool,
        reread: Callable[[], dict[str, Any]],
    ) -> None:
        self._core = core
        self._lights = light
        self._light: dict[str, Any] | None = None
        self._load = load
        self._full: dict[str, Any] | None = None
        self._reread = reread
        self.sourced = sourced

    def full(self) -> dict[str, Any]:
        """The whole record (decoded now if it was not yet)."""
        full = self._full
        if full is None:
            wanted = self._core.get("id")
            try:
                data = self._load()
                full = json.loads(data) if data is not None else None
            except ValueError:
                full = None
            if not isinstance(full, dict) or full.get("id") != wanted:
                try:
                    full = self._reread()
                except (OSError, ValueError):  # the file is gone or broken too: what is known
                    full = None
                if not isinstance(full, dict) or full.get("id") != wanted:
                    full = dict(self._light if self._light is not None else self._core)
            self._full = full
        return full

    def _light_fields(self) -> dict[str, Any]:
        light = self._light
        if light is None:
            light = self._lights()
            if not isinstance(light, dict) or light.get("id") != self._core.get("id"):
                light = self.full()  # the shared document is damaged: this record's own
            self._light = light
        return light

    def __getitem__(self, key: str) -> Any:
        if self._full is None and key not in HEAVY_FIELDS:
            if key in CORE_FIELDS:
                return self._core[key]
            return self._light_fields()[key]
        return self.full()[key]

    def get(self, key: str, default: Any = None) -> Any:
        if self._full is None and key not in HEAVY_FIELDS:
            if key in CORE_FIELDS:
                return self._core.get(key, default)
            return self._light_fields().get(key, default)
        return self.full().get(key, default)

    def __contains__(self, key: object) -> bool:
        if self._full is None and key not in HEAVY_FIELDS:
            if key in CORE_FIELDS:
                return key in self._core
            return key in self._light_fields()
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
        return f"LazyRecord({self._core.get('id')!r})"
