"""The order of the entries that could explain one line (DESIGN.md, "The headless contract").

Most specific first: the literal characters the match consumed, then whether the entry's
version range fits the versions the log states (`version_fit.FITS` > `NO_DATA` > `MISFIT`),
then sourced before unverified (a record with `provenance.sources` is sourced), then the
entry's confidence, then its id. A fuzzy guess consumed no literal characters, so it never
ranks above a regex match that consumed any.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar

from triage_app.core.version_fit import NO_DATA


class Rankable(Protocol):
    entry_id: str
    literal_chars: int
    confidence: float


def is_sourced(record: Mapping[str, Any]) -> bool:
    """Whether a record names at least one source for its message."""
    known = getattr(record, "sourced", None)  # a `LazyRecord` knows without decoding its prose
    if isinstance(known, bool):
        return known
    provenance = record.get("provenance")
    if not isinstance(provenance, Mapping):
        return False
    sources = provenance.get("sources")
    return isinstance(sources, list) and len(sources) > 0


def rank_key(
    candidate: Rankable, *, fits: int = NO_DATA, sourced: bool = False
) -> tuple[int, int, int, float, str]:
    """Sort key of one candidate: smaller sorts first."""
    return (
        -candidate.literal_chars,
        -fits,
        -int(sourced),
        -candidate.confidence,
        candidate.entry_id,
    )


C = TypeVar("C", bound=Rankable)


def ranked(
    candidates: Iterable[C],
    *,
    fits: Mapping[str, int] | None = None,
    sourced: frozenset[str] | set[str] = frozenset(),
) -> tuple[C, ...]:
    """`candidates` best first; `fits` maps entry ids to their version fit for this log."""
    fits = fits or {}
    return tuple(
        sorted(
            candidates,
            key=lambda c: rank_key(
                c, fits=fits.get(c.entry_id, NO_DATA), sourced=c.entry_id in sourced
            ),
        )
    )
