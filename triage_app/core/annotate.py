"""What a scan adds to one file's matches: the versions the log states, how they fit each
matched entry, the version-aware ranking, and the unknown errors.

The scan feeds every chunk (with the matches found in it) to a `FileAnnotator` and calls
`finish` at the end of the file. Versions are only known once the whole file was read, so
candidates are re-ranked then (`ranking.ranked`); the first ranking, made while scanning,
already has every key but the version fit.

Versions are read from the file's first chunk (where runs print their environment: pip
installs, nvidia-smi, collect_env, `--version` banners) and from every chunk that holds a
match of an entry with structured `versions` (where crashes print theirs: "Node.js v20.11.0"
after an uncaught exception, "NCCL version 2.18.1" in torch's NCCL errors). Other chunks are
not read for versions: a 300 MB log with no such match costs one chunk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from triage_app.core.chunklines import Lines
from triage_app.core.plain import Plain, Value
from triage_app.core.ranking import is_sourced, ranked
from triage_app.core.results import LineMatch
from triage_app.core.unknown import UnknownCollector, UnknownRecorder, error_level
from triage_app.core.version_fit import VersionFit, judge
from triage_app.core.versions import VersionCollector, VersionRecorder


class EntryFacts(Plain):
    """What ranking and verdicts need of each entry: its `versions` items (variants'
    included) and whether it is sourced. Treat as immutable."""

    __slots__ = ("versions", "sourced")

    def __init__(
        self,
        versions: Mapping[str, tuple[Any, ...]] | None = None,
        sourced: frozenset[str] = frozenset(),
    ) -> None:
        self.versions = {} if versions is None else versions
        self.sourced = sourced

    def comparable(self, entry_id: str) -> bool:
        """Whether the entry has a `versions` item naming a package."""
        return any(
            isinstance(item, Mapping) and item.get("package")
            for item in self.versions.get(entry_id, ())
        )

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any]]) -> EntryFacts:
        versions: dict[str, tuple[Any, ...]] = {}
        sourced = set()
        for record in records:
            items = list(record.get("versions") or [])
            for variant in record.get("variants") or []:
                if isinstance(variant, Mapping):
                    items.extend(variant.get("versions") or [])
            if items:
                versions[record["id"]] = tuple(items)
            if is_sourced(record):
                sourced.add(record["id"])
        return cls(versions, frozenset(sourced))


class Annotations(Value):
    """The per-file additions of the JSON contract (equal when every field is)."""

    __slots__ = ("stated", "fits", "unknown", "unknown_overflow")
    __hash__ = None  # type: ignore[assignment] - holds dicts

    def __init__(
        self,
        stated: dict[str, str] | None = None,
        fits: dict[str, VersionFit] | None = None,  # by entry id
        unknown: list[dict[str, Any]] | None = None,
        unknown_overflow: int = 0,
    ) -> None:
        self.stated = {} if stated is None else stated
        self.fits = {} if fits is None else fits
        self.unknown = [] if unknown is None else unknown
        self.unknown_overflow = unknown_overflow

    def rank_fits(self) -> dict[str, int]:
        """Entry id -> the version-fit ranking key (`ranking.ranked`'s `fits`)."""
        return {entry_id: fit.fits for entry_id, fit in self.fits.items()}

    def match_versions(self, entry_id: str) -> dict[str, Any]:
        """A match's `versions` item: `{"stated", "verdict", "fixed_in"}`."""
        return self.fits.get(entry_id, VersionFit()).to_json()


class ChunkNotes(Plain):
    """What one chunk adds to a file's annotations, read in a worker process of a parallel
    scan (`FileAnnotator.digest`) and absorbed in file order by the file's annotator."""

    __slots__ = ("versions", "errors")

    def __init__(
        self,
        versions: list[tuple[str, str, int]] | None = None,
        errors: list[tuple[int, str, bool]] | None = None,  # (line, text, matched)
    ) -> None:
        self.versions = [] if versions is None else versions
        self.errors = [] if errors is None else errors

    def shifted(self, offset: int) -> ChunkNotes:
        """These notes with every line number moved by `offset` (versions carry none)."""
        errors = [(line + offset, text, matched) for line, text, matched in self.errors]
        return ChunkNotes(self.versions, errors)


class FileAnnotator:
    """Collects one file's versions and unknown errors while it is scanned."""

    def __init__(
        self,
        facts: EntryFacts | None = None,
        is_error_level: Callable[[str], bool] = error_level,
    ) -> None:
        self.facts = facts or EntryFacts()
        self.versions = VersionCollector()
        self.unknown = UnknownCollector(is_error_level)
        self._chunks = 0
        self._comparable: dict[str, bool] = {}
        self._recorders: tuple[VersionRecorder, UnknownRecorder] | None = None  # `digest`

    def feed(
        self, chunk: str | bytes | Lines, first_line: int, matches: Sequence[LineMatch]
    ) -> None:
        """One chunk of whole lines starting at `first_line`, and the matches found in it
        (pass the matcher's `Lines` of it when there is one: its clean bytes are reused)."""
        if self._chunks == 0 or any(self._wants_versions(m) for m in matches):
            self.versions.feed_chunk(chunk)
        self._chunks += 1
        explained = set()
        for match in matches:
            first, last = match.event_lines or (match.line, match.line)
            explained.update(range(first, last + 1))
        self.unknown.feed_chunk(chunk, first_line, explained)

    def digest(
        self,
        chunk: str | bytes | Lines,
        first_line: int,
        matches: Sequence[LineMatch],
        *,
        file_start: bool,
    ) -> ChunkNotes:
        """What `feed` would take from this chunk, without taking it: absorbing the notes of
        every chunk in file order (`absorb`) leaves the same state as feeding them.
        `file_start`: this is the file's first chunk (whose versions are always read)."""
        if self._recorders is None:
            self._recorders = (VersionRecorder(), UnknownRecorder(self.unknown.is_error_level))
        versions, unknown = self._recorders
        if file_start or any(self._wants_versions(m) for m in matches):
            versions.feed_chunk(chunk)
        explained = set()
        for match in matches:
            first, last = match.event_lines or (match.line, match.line)
            explained.update(range(first, last + 1))
        unknown.feed_chunk(chunk, first_line, explained)
        notes = ChunkNotes(versions.kept, unknown.kept)
        versions.kept, unknown.kept = [], []
        return notes

    def absorb(self, notes: ChunkNotes) -> None:
        """Take a chunk's `digest`, in file order."""
        self._chunks += 1
        self.versions.replay(notes.versions)
        self.unknown.replay(notes.errors)

    def _wants_versions(self, match: LineMatch) -> bool:
        for candidate in match.candidates:
            entry_id = candidate.entry_id
            if entry_id not in self._comparable:
                self._comparable[entry_id] = self.facts.comparable(entry_id)
            if self._comparable[entry_id]:
                return True
        return False

    def finish(
        self, matches: list[LineMatch] | None = None, *, entry_ids: Iterable[str] = ()
    ) -> Annotations:
        """Judge the matched entries against the stated versions; re-rank `matches` in place.

        A scan that keeps no matches (`match_groups.MatchGroups`) names the candidate
        entries in `entry_ids` instead and ranks its own matches with `rank_fits`."""
        stated = self.versions.versions
        matches = matches if matches is not None else []
        fits: dict[str, VersionFit] = {}
        for entry_id in entry_ids:
            if entry_id not in fits:
                fits[entry_id] = judge(self.facts.versions.get(entry_id), stated)
        for match in matches:
            for candidate in match.candidates:
                if candidate.entry_id not in fits:
                    fits[candidate.entry_id] = judge(
                        self.facts.versions.get(candidate.entry_id), stated
                    )
        keys = {entry_id: fit.fits for entry_id, fit in fits.items()}
        for index, match in enumerate(matches):
            order = ranked(match.candidates, fits=keys, sourced=self.facts.sourced)
            if order != match.candidates:
                matches[index] = match.with_candidates(order)
        return Annotations(stated, fits, self.unknown.to_json(), self.unknown.overflow)
