"""The window's record of a log's matches in bounded memory: which lines matched, and groups.

A `LineMatch` costs about 0.7 KB; a 1 GB log in which every line matches has some 15 million
of them, so the window cannot keep them all. It keeps instead:

- per matched line, its row and its class (`match_groups.class_key`: lines that any ranking
  orders alike) in two parallel compact arrays, about 5 bytes a line: enough to mark and
  highlight the line, to step through every matched line, to show only matched lines and to
  draw the scroll bar's marks;
- per class, its count, first and last line, best score, loudness and the first `examples`
  matches (the rest are counted, not kept): a class's top candidate names its group;
- the groups by top entry in a `MatchIndex` (counts, first and last line, examples; the
  first-cause order the CLI reports).

The scan process does the per-line work (`match_batch.BatchMaker`): it sends one `MatchBatch` per chunk
(rows and class ids as arrays, new classes, the examples still wanted, per-class counts),
so neither the pipe nor the window handles every `LineMatch`. A line that is not an example
is described by its class (`placeholder`); its full match can be judged again on demand.

Qt-free; the ids a scan process gives its classes are its own (`MatchRecord.add_batch`
translates them), so one record can take several scans (a followed log's new lines).
"""

from __future__ import annotations

import bisect
import contextlib
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence

from triage_app.core.cycling import next_wrapping
from triage_app.core.match_batch import BatchMaker, ClassInfo, MatchBatch
from triage_app.core.match_groups import ClassKey, class_key
from triage_app.core.match_index import DEFAULT_EXAMPLES, GroupStats, MatchIndex
from triage_app.core.plain import Plain
from triage_app.core.results import Candidate, LineMatch


def _line_of(match: LineMatch) -> int:
    return match.line


_WIDER = {"B": "H", "H": "I", "I": "Q"}


def _extended(values: array, more: Iterable[int]) -> array:
    """`values` with `more` appended: the same array, or a wider copy when a value does not
    fit its type (past 255 classes, 65,535 classes, 2**32 rows)."""
    more = more if isinstance(more, array) else array("Q", more)
    while True:
        size = len(values)
        try:
            values.extend(more if more.typecode == values.typecode else iter(more))
            return values
        except OverflowError:
            del values[size:]  # what was appended before the value that did not fit
            values = array(_WIDER[values.typecode], values)


def _inserted(values: array, at: int, value: int) -> array:
    while True:
        try:
            values.insert(at, value)
            return values
        except OverflowError:
            values = array(_WIDER[values.typecode], values)


class _Class(Plain):
    __slots__ = (
        "info",
        "stats",  # this class's lines (examples capped)
        "top",  # set when ranking by version fit changed the top entry
    )

    def __init__(self, info: ClassInfo, stats: GroupStats, top: Candidate | None = None) -> None:
        self.info = info
        self.stats = stats
        self.top = top

    @property
    def group_key(self) -> tuple[str, str]:
        if self.top is not None:
            return (self.top.entry_id, self.top.kind)
        return (self.info.entry_id, self.info.kind)


class MatchRecord:
    """Every matched line of one log in compact form, and its groups (see the module doc).

    `rows`, `classes` and `fuzzy_rows` may be replaced by wider arrays as they grow: read
    them from the record each time, do not hold them."""

    def __init__(
        self, causes: Mapping[str, Iterable[str]] | None = None, examples: int = DEFAULT_EXAMPLES
    ) -> None:
        self.causes = causes or {}
        self.examples = max(1, examples)
        self.rows = array("I")  # 0-based, ascending
        self.classes = array("B")  # parallel to rows: the record's class numbers (widens)
        self.fuzzy_rows = array("I")  # the rows whose top candidate is a fuzzy guess
        self._numbers: dict[ClassKey, int] = {}
        self._classes: list[_Class] = []
        self._groups: dict[tuple[str, str], GroupStats] = {}
        self._index: MatchIndex | None = None
        self._kept: dict[int, LineMatch] = {}  # 1-based line -> kept example
        self._maker = BatchMaker(self.examples)  # numbers classes for `add_matches`
        self._maker_table: list[int] = []

    def __len__(self) -> int:
        return len(self.rows)

    # -- adding ---------------------------------------------------------------------------

    def add_matches(self, matches: Iterable[LineMatch]) -> tuple[int, int]:
        """Add full matches (a followed log's new lines, tests); see `add_batch`. Lines
        recorded already are left out."""
        fresh = {m.line: m for m in matches if not self.has_row(m.line - 1)}
        fresh = [fresh[line] for line in sorted(fresh)]
        return self.add_batch(self._maker.batch(fresh), self._maker_table)

    def add_batch(self, batch: MatchBatch, table: list[int]) -> tuple[int, int]:
        """Add one batch of a scan. `table` maps that scan's class numbers to the record's:
        start each scan with an empty list, which grows here. A row recorded already keeps
        its class. Returns (the first index of `rows` that changed, how many were added)."""
        for info in batch.new_classes:
            table.append(self._class_number(info))
        classes = batch.classes
        if any(table[i] != i for i in range(len(table))):
            classes = array("I", map(table.__getitem__, classes))
        first, added = self._extend(batch.rows, classes)
        for number, count, first_line, last_line, score, loud in batch.counts:
            cls = self._classes[table[number]]
            _count(cls.stats, count, first_line, last_line, score, loud)
            group = self._group_for(cls)
            before = (group.loud, group.first_line)
            _count(group, count, first_line, last_line, score, loud)
            if before != (group.loud, group.first_line):
                self._index = None
        for match in batch.examples:
            self._keep(match)
        return first, added

    def _class_number(self, info: ClassInfo) -> int:
        number = self._numbers.get(info.key)
        if number is None:
            number = self._numbers[info.key] = len(self._classes)
            stats = GroupStats(info.entry_id, info.signature, info.kind, info.role)
            self._classes.append(_Class(info.renumbered(number), stats))
        return number

    def _group_for(self, cls: _Class) -> GroupStats:
        key = cls.group_key
        group = self._groups.get(key)
        if group is None:
            top = cls.top
            if top is not None:
                group = GroupStats(top.entry_id, top.signature, top.kind, top.role)
            else:
                info = cls.info
                group = GroupStats(info.entry_id, info.signature, info.kind, info.role)
            self._groups[key] = group
            self._index = None
        return group

    def _keep(self, match: LineMatch) -> None:
        cls = self._classes[self._numbers[class_key(match)]]
        if match.line in self._kept or len(cls.stats.examples) >= self.examples:
            return
        self._kept[match.line] = match
        bisect.insort(cls.stats.examples, match, key=_line_of)
        group = self._group_for(cls)
        bisect.insort(group.examples, match, key=_line_of)
        if len(group.examples) > self.examples:
            del group.examples[self.examples :]

    def _extend(self, rows: array, classes: array) -> tuple[int, int]:
        start = len(self.rows)
        if not rows:
            return start, 0
        fuzzy = {c.info.number for c in self._classes if c.info.kind != "regex"}
        ascending = all(a < b for a, b in zip(rows, rows[1:], strict=False))
        if ascending and (not self.rows or rows[0] > self.rows[-1]):
            self.rows = _extended(self.rows, rows)
            self.classes = _extended(self.classes, classes)
            if fuzzy:
                self.fuzzy_rows = _extended(
                    self.fuzzy_rows, [r for r, c in zip(rows, classes, strict=True) if c in fuzzy]
                )
            return start, len(rows)
        first, added = start, 0
        for row, number in zip(rows, classes, strict=True):
            at = bisect.bisect_left(self.rows, row)
            if at < len(self.rows) and self.rows[at] == row:
                continue
            self.rows = _inserted(self.rows, at, row)
            self.classes = _inserted(self.classes, at, number)
            if number in fuzzy:
                self.fuzzy_rows = _inserted(
                    self.fuzzy_rows, bisect.bisect_left(self.fuzzy_rows, row), row
                )
            first, added = min(first, at), added + 1
        return first, added

    def rerank(
        self, changed: Sequence[LineMatch], moved: Sequence[tuple[int, LineMatch]], table: list[int]
    ) -> None:
        """Apply a scan's ranking by version fit (`BatchMaker.rerank`): kept examples with
        re-ordered candidates, and classes (that scan's numbers) whose top entry changed."""
        for match in changed:
            before = self._kept.get(match.line)
            if before is not None:  # its class is the one of the order it was found in
                self._kept[match.line] = match
                cls = self._classes[self._numbers[class_key(before)]]
                cls.stats.examples = [
                    match if m.line == match.line else m for m in cls.stats.examples
                ]
        for number, first in moved:
            cls = self._classes[table[number]]
            cls.top = first.top
        self._regroup()

    def _regroup(self) -> None:
        """Build the groups again from the classes (their top entries changed)."""
        by_key: dict[tuple[str, str], list[GroupStats]] = {}
        for cls in self._classes:
            by_key.setdefault(cls.group_key, []).append(cls)
        self._groups = {}
        for key, members in by_key.items():
            top = members[0].top
            lead = members[0].info
            group = (
                GroupStats(top.entry_id, top.signature, top.kind, top.role)
                if top is not None
                else GroupStats(lead.entry_id, lead.signature, lead.kind, lead.role)
            )
            for cls in members:
                s = cls.stats
                if s.count:
                    _count(group, s.count, s.first_line, s.last_line, s.best_score, s.loud)
            kept = sorted(
                (self._kept.get(m.line, m) for c in members for m in c.stats.examples), key=_line_of
            )
            group.examples = kept[: self.examples]
            self._groups[key] = group
        self._index = None

    # -- questions ------------------------------------------------------------------------

    def index(self) -> MatchIndex:
        """The groups by top entry, in first-cause order (`groups()`, `first_cause()`)."""
        if self._index is None:
            index = MatchIndex(self.causes, examples=self.examples)
            for group in self._groups.values():
                if group.count:
                    index.add_group(group)
            self._index = index
        return self._index

    def group(self, entry_id: str, kind: str) -> GroupStats | None:
        """The group of `entry_id`'s lines of `kind` (None before its first line)."""
        return self._groups.get((entry_id, kind))

    def next_in_group(self, entry_id: str, kind: str, after_row: int) -> int | None:
        """The first row after `after_row` whose group is (`entry_id`, `kind`)."""
        start = bisect.bisect_right(self.rows, after_row)
        found = []
        for number, cls in enumerate(self._classes):
            if cls.group_key == (entry_id, kind):
                with contextlib.suppress(ValueError):
                    found.append(self.classes.index(number, start))
        return self.rows[min(found)] if found else None

    def kept(self) -> list[LineMatch]:
        """Every kept example, in line order."""
        return [self._kept[n] for n in sorted(self._kept)]

    def class_at(self, row: int) -> int | None:
        at = bisect.bisect_left(self.rows, row)
        if at < len(self.rows) and self.rows[at] == row:
            return self.classes[at]
        return None

    def has_row(self, row: int) -> bool:
        at = bisect.bisect_left(self.rows, row)
        return at < len(self.rows) and self.rows[at] == row

    def match_at(self, line: int) -> LineMatch | None:
        """The match on 1-based `line`: the kept one, else a `placeholder`; None if none."""
        kept = self._kept.get(line)
        if kept is not None:
            return kept
        number = self.class_at(line - 1)
        return None if number is None else self.placeholder(line, number)

    def placeholder(self, line: int, number: int) -> LineMatch:
        """What the record knows of a line it did not keep: its class's top entry and kind
        (no text, no span, `is_placeholder` true); the rest is judged again on demand."""
        cls = self._classes[number]
        top = cls.top
        if top is None:
            info = cls.info
            top = Candidate(
                info.entry_id, info.signature, cls.stats.best_score, info.kind, None, role=info.role
            )  # type: ignore[arg-type]
        else:
            top = top.with_span(None)
        return LineMatch(line, "", False, (top,))

    def next_row(self, row: int, backward: bool = False) -> int | None:
        """The matched row after (or before) `row`, wrapping around; None without any."""
        return next_wrapping(self.rows, row, backward)

    def kinds_between(self, lo: int, hi: int) -> tuple[bool, bool]:
        """(some regex match, some fuzzy guess) among rows lo <= row < hi."""
        every = bisect.bisect_left(self.rows, hi) - bisect.bisect_left(self.rows, lo)
        fuzzy = bisect.bisect_left(self.fuzzy_rows, hi) - bisect.bisect_left(self.fuzzy_rows, lo)
        return every > fuzzy, fuzzy > 0


def is_placeholder(match: LineMatch) -> bool:
    """`match` stands for a line whose full match the record did not keep."""
    return not match.text and match.top.span is None and not match.event_text


def _count(group: GroupStats, count: int, first: int, last: int, score: float, loud: bool) -> None:
    group.first_line = first if not group.count else min(group.first_line, first)
    group.last_line = max(group.last_line, last)
    group.count += count
    group.best_score = max(group.best_score, score)
    group.loud = group.loud or loud


class MatchedLines(Mapping[int, LineMatch]):
    """A read-only mapping 1-based line -> match over a record (`MatchRecord.match_at`)."""

    def __init__(self, record: MatchRecord) -> None:
        self._record = record

    def __getitem__(self, line: int) -> LineMatch:
        found = self._record.match_at(line)
        if found is None:
            raise KeyError(line)
        return found

    def __contains__(self, line: object) -> bool:
        return isinstance(line, int) and self._record.has_row(line - 1)

    def __iter__(self) -> Iterator[int]:
        return (row + 1 for row in self._record.rows)

    def __len__(self) -> int:
        return len(self._record)
