"""Fuzzy search over the catalogue: what a user types in the browser or pastes to `lookup`.

Each entry is known by several texts (id, signature, aliases, tags, root cause, and optionally
the user's notes); the best-scoring text decides the entry's score, with weights that prefer
names over prose.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rapidfuzz import fuzz, process, utils

MIN_SCORE = 0.6
_WEIGHTS = {
    "id": 1.0,
    "alias": 1.0,
    "tag": 0.95,
    "signature": 0.95,
    "error_code": 1.0,
    "root_cause": 0.8,
    "note": 0.9,
}


@dataclass(frozen=True)
class SearchHit:
    """An entry found by a query, with the field that matched best."""

    entry_id: str
    score: float
    field: str
    text: str


class CatalogSearch:
    """Index the texts of every entry once; answer queries in a few milliseconds."""

    def __init__(self, entries: Iterable, notes: Mapping[str, Iterable[str]] | None = None):
        self._owners: list[tuple[str, str, str]] = []
        self._choices: list[str] = []
        for entry in entries:
            self._add(entry.id, "id", entry.id.replace("/", " ").replace("-", " "))
            self._add(entry.id, "signature", entry.signature)
            self._add(entry.id, "root_cause", entry.root_cause)
            if entry.get("error_code"):
                self._add(entry.id, "error_code", str(entry.get("error_code")))
            for alias in entry.get("aliases", []):
                self._add(entry.id, "alias", alias)
            for tag in entry.get("tags", []):
                self._add(entry.id, "tag", tag)
        for entry_id, texts in (notes or {}).items():
            for text in texts:
                self._add(entry_id, "note", text)

    def _add(self, entry_id: str, field: str, text: str) -> None:
        processed = utils.default_process(text)
        if processed:
            self._owners.append((entry_id, field, text))
            self._choices.append(processed)

    def search(
        self, query: str, *, limit: int | None = 50, min_score: float = MIN_SCORE
    ) -> list[SearchHit]:
        """Entries ranked for `query`, best first (ties by id)."""
        q = utils.default_process(query)
        if not q:
            return []
        scorer = fuzz.WRatio if len(q) > 3 else fuzz.ratio
        found = process.extract(
            q, self._choices, scorer=scorer, limit=None, score_cutoff=min_score * 100 * 0.8
        )
        best: dict[str, SearchHit] = {}
        for _choice, raw, index in found:
            entry_id, field, text = self._owners[index]
            score = raw / 100 * _WEIGHTS[field]
            if score >= min_score and (entry_id not in best or score > best[entry_id].score):
                best[entry_id] = SearchHit(entry_id, score, field, text)
        ranked = sorted(best.values(), key=lambda h: (-h.score, h.entry_id))
        return ranked[:limit] if limit else ranked
