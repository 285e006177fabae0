"""The scan process's side of the window's match record: one chunk's matches in compact form.

A scan process turns each chunk's `LineMatch` list into a `MatchBatch` (`BatchMaker`): the
matched rows and their class numbers as arrays, the classes met for the first time, the
matches still wanted as examples (at most `examples` a class) and per-class counts. The
window adds it to its `match_record.MatchRecord` without touching a `LineMatch` per line, and
the pipe carries a few bytes a line instead of a pickled object. Qt-free, plain data.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping

from triage_app.core.match_groups import ClassKey, class_key
from triage_app.core.match_index import DEFAULT_EXAMPLES
from triage_app.core.plain import Plain, Value
from triage_app.core.ranking import ranked
from triage_app.core.results import LineMatch
from triage_app.core.severity import QUIET


class ClassInfo(Value):
    """A class of matched lines, as first seen: its key and its top candidate."""

    __slots__ = ("number", "key", "entry_id", "signature", "kind", "role")

    def __init__(
        self, number: int, key: ClassKey, entry_id: str, signature: str, kind: str, role: str
    ) -> None:
        self.number = number
        self.key = key
        self.entry_id = entry_id
        self.signature = signature
        self.kind = kind
        self.role = role

    def renumbered(self, number: int) -> ClassInfo:
        """This class under another number (the receiver's numbering)."""
        return ClassInfo(number, self.key, self.entry_id, self.signature, self.kind, self.role)


# (class number, lines, first line, last line, best top score, some line was loud)
ClassCount = tuple[int, int, int, int, float, bool]


class MatchBatch(Plain):
    """One chunk's matches in compact form (plain picklable data; treat as immutable)."""

    __slots__ = ("rows", "classes", "new_classes", "examples", "counts")

    def __init__(
        self,
        rows: array,  # 0-based rows of the matched lines, ascending
        classes: array,  # the class number of each row (the sender's numbering)
        new_classes: tuple[ClassInfo, ...] = (),
        examples: tuple[LineMatch, ...] = (),  # matches of classes with room for examples
        counts: tuple[ClassCount, ...] = (),  # per class seen in this batch
    ) -> None:
        self.rows = rows
        self.classes = classes
        self.new_classes = new_classes
        self.examples = examples
        self.counts = counts

    def __len__(self) -> int:
        return len(self.rows)


class CompactProgress(Plain):
    """What a scan process sends after each chunk instead of a `ScanProgress`."""

    __slots__ = ("batch", "lines", "bytes_done", "bytes_total")

    def __init__(
        self, batch: MatchBatch, lines: int, bytes_done: int, bytes_total: int | None
    ) -> None:
        self.batch = batch
        self.lines = lines
        self.bytes_done = bytes_done
        self.bytes_total = bytes_total


def merge_progress(first: CompactProgress, second: CompactProgress) -> CompactProgress:
    """Two consecutive progress messages as one (the window handles one per poll)."""
    a, b = first.batch, second.batch
    batch = MatchBatch(
        a.rows + b.rows,
        a.classes + b.classes,
        a.new_classes + b.new_classes,
        a.examples + b.examples,
        a.counts + b.counts,
    )
    return CompactProgress(batch, second.lines, second.bytes_done, second.bytes_total)


class BatchMaker:
    """Turns batches of `LineMatch` into `MatchBatch`es, numbering classes as it meets them.

    It keeps the examples it sent (at most `examples` a class), so that `rerank` can order
    them again once the file's versions are known."""

    def __init__(self, examples: int = DEFAULT_EXAMPLES) -> None:
        self.examples = max(1, examples)
        self._numbers: dict[ClassKey, int] = {}
        self.kept: list[list[LineMatch]] = []  # per class number

    def batch(self, matches: Iterable[LineMatch]) -> MatchBatch:
        rows, classes = array("q"), array("I")
        new: list[ClassInfo] = []
        examples: list[LineMatch] = []
        counts: dict[int, list] = {}
        for match in matches:
            key = class_key(match)
            number = self._numbers.get(key)
            if number is None:
                number = self._numbers[key] = len(self.kept)
                self.kept.append([])
                top = match.top
                new.append(ClassInfo(number, key, top.entry_id, top.signature, top.kind, top.role))
            line = match.line
            rows.append(line - 1)
            classes.append(number)
            kept = self.kept[number]
            if len(kept) < self.examples:
                kept.append(match)
                examples.append(match)
            loud = match.severity not in QUIET
            score = match.candidates[0].score
            count = counts.get(number)
            if count is None:
                counts[number] = [number, 1, line, line, score, loud]
                continue
            count[1] += 1
            count[2] = min(count[2], line)
            count[3] = max(count[3], line)
            count[4] = max(count[4], score)
            count[5] = count[5] or loud
        return MatchBatch(
            rows, classes, tuple(new), tuple(examples), tuple(tuple(c) for c in counts.values())
        )

    def entry_ids(self) -> set[str]:
        """Every entry that is a candidate of some matched line."""
        return {c.entry_id for kept in self.kept for c in kept[0].candidates}

    def rerank(
        self, fits: Mapping[str, int], sourced: frozenset[str] | set[str] = frozenset()
    ) -> tuple[list[LineMatch], list[tuple[int, LineMatch]]]:
        """The kept examples whose candidates `fits` orders otherwise (re-ordered), and
        (class number, first example) of each class whose top candidate changes."""
        changed: list[LineMatch] = []
        moved: list[tuple[int, LineMatch]] = []
        for number, kept in enumerate(self.kept):
            if len(kept[0].candidates) < 2:
                continue
            again = [_ranked(m, fits, sourced) for m in kept]
            changed += [new for new, old in zip(again, kept, strict=True) if new is not old]
            if again[0].top.entry_id != kept[0].top.entry_id:
                moved.append((number, again[0]))
        return changed, moved


def _ranked(
    match: LineMatch, fits: Mapping[str, int], sourced: frozenset[str] | set[str]
) -> LineMatch:
    order = ranked(match.candidates, fits=fits, sourced=sourced)
    return match if order == match.candidates else match.with_candidates(order)
