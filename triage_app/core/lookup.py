"""Rank entries for one message a user pasted: exact pattern matches, then close wording."""

from __future__ import annotations

from triage_app.core.catalog import Catalog
from triage_app.core.matcher import Matcher
from triage_app.core.results import Candidate
from triage_app.core.search import CatalogSearch

LOOKUP_MIN_SCORE = 0.7


def lookup(message: str, catalog: Catalog, *, limit: int = 10) -> list[Candidate]:
    """Best explanations of `message` (one or several lines), best first."""
    matcher = Matcher.from_catalog(catalog)
    best: dict[str, Candidate] = {}
    for line in message.splitlines() or [message]:
        match = matcher.match_line(line, fuzzy=False)
        for cand in match.candidates if match else ():
            if cand.entry_id not in best or _key(cand) < _key(best[cand.entry_id]):
                best[cand.entry_id] = cand
    ranked = sorted(best.values(), key=_key)
    if len(ranked) < limit:
        for hit in CatalogSearch(catalog).search(
            message.strip()[:500], limit=limit, min_score=LOOKUP_MIN_SCORE
        ):
            if hit.entry_id not in best:
                entry = catalog.get(hit.entry_id)
                best[hit.entry_id] = Candidate(
                    hit.entry_id, entry.signature, hit.score, "fuzzy", None, 0, entry.confidence
                )
                ranked.append(best[hit.entry_id])
    return ranked[:limit]


def _key(c: Candidate) -> tuple:
    return (c.kind != "regex", -c.literal_chars, -c.score, -c.confidence, c.entry_id)
