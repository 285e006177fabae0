"""An entry's neighbours in the transition graph, including links recorded on the other side.

A record lists what *it* leads to, is preceded by and is confused with; many entries are only
named by others (`nccl/watchdog-timeout` lists `cuda/out-of-memory` as a cause, not the other
way round). The panel shows both: the entry's own links first, then the reverse of other
entries' links, marked as such. Qt-free, built once per catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from triage_app.core.catalog import Catalog
from triage_app.core.record_format import RELATIONS
from triage_app.core.record_format import REVERSE_RELATION as _REVERSE


@dataclass(frozen=True)
class RelatedLink:
    """One neighbour of an entry, as seen from that entry.

    `source` is the id of the record that states the link: the entry itself, or (for a
    reverse link) the neighbour.
    """

    relation: str
    target: str
    probability: float | None
    condition: str
    distinction: str
    source: str

    @property
    def inferred(self) -> bool:
        return self.source == self.target


class RelatedIndex:
    """Answers `links(entry_id)` from the catalogue's own and reverse transition-graph links."""

    def __init__(self, catalog: Catalog) -> None:
        self._catalog = catalog
        self._incoming: dict[str, list[RelatedLink]] = {}
        for entry in catalog:
            for relation, target, details in entry.links():
                if target == entry.id:
                    continue
                link = _link(_REVERSE[relation], entry.id, details, source=entry.id)
                self._incoming.setdefault(target, []).append(link)

    def links(self, entry_id: str | None) -> list[RelatedLink]:
        """Own links in record order, then reverse links not already stated, by relation."""
        if not entry_id:
            return []
        out: list[RelatedLink] = []
        seen: set[tuple[str, str]] = set()
        entry = self._catalog.get(entry_id)
        for relation, target, details in entry.links() if entry else ():
            if target != entry_id and (relation, target) not in seen:
                seen.add((relation, target))
                out.append(_link(relation, target, details, source=entry_id))
        incoming = sorted(
            self._incoming.get(entry_id, ()),
            key=lambda link: (RELATIONS.index(link.relation), link.target),
        )
        for link in incoming:
            if (link.relation, link.target) not in seen:
                seen.add((link.relation, link.target))
                out.append(link)
        return out


def _link(relation: str, target: str, details: Mapping[str, Any], *, source: str) -> RelatedLink:
    probability = details.get("probability")
    if not isinstance(probability, int | float) or isinstance(probability, bool):
        probability = None
    return RelatedLink(
        relation,
        target,
        float(probability) if probability is not None else None,
        str(details.get("condition") or "").strip(),
        str(details.get("distinction") or "").strip(),
        source,
    )
