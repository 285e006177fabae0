"""The messages of a parallel scan (`parallel_scan`, `parallel_worker`): the piece a worker
is sent to scan and what it sends back for each chunk. Pickled between processes.

A chunk's matches travel in a compact form (`pack_matches`, `unpack_matches`): on a log in
which every line matches, pickling each `LineMatch` and `Candidate` as an object (its slots
as a dict) cost the worker more than scanning some of those lines, and rebuilding them the
parent more than the rest of its work. The form is plain tuples, and a chunk's candidates are
sent once per distinct value: a retry loop that prints one error a million times has a
handful of distinct candidate tuples, which the parent builds once per chunk and shares
between the matches (candidates are immutable; `FuzzyBudget` shares them as well).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from triage_app.core.plain import Plain
from triage_app.core.results import Candidate, LineMatch

if TYPE_CHECKING:
    from triage_app.core.annotate import ChunkNotes
    from triage_app.core.events import ChunkState

# (line, text, truncated, candidates, severity, event_lines, event_text) per match, with its
# line numbers counted from the chunk's first line (0 for it) and `candidates` an index into
# the second list, which holds each distinct tuple of candidates as `Candidate._values` tuples.
PackedMatches = tuple[list[tuple], list[tuple[tuple, ...]]]


class Task(Plain):
    """One piece to scan: bytes [start, end) (end None: to the end of the file)."""

    __slots__ = (
        "id",
        "start",
        "end",
        "path",
        "identity",
        "data_start",
        "sample",
        "chunk_bytes",
        "size",
        "first_line",
        "state",
        "fuzzy",
        "known",
        "frozen",
        "limit",
        "slow",
        "annotate",
        "codec",
    )

    def __init__(
        self,
        id: int,
        start: int,
        end: int | None,
        path: str,
        identity: tuple[int, int],  # (st_dev, st_ino) of the file the parent opened
        data_start: int,  # where the first chunk starts (3 after a UTF-8 byte-order mark)
        sample: int,  # size of the first block read (`SAMPLE_BYTES`)
        chunk_bytes: int,
        size: int,  # the size the parent planned for (a worker's matcher is tuned for it)
        # The number the worker gives the piece's first line: the file's number when `state`
        # is known; else 1, and the parent renumbers (`ChunkOut.renumber`).
        first_line: int = 1,
        state: ChunkState | None = None,  # exact state at `start`; None: seed it
        fuzzy: bool = True,
        known: dict[str, list[Candidate]] | None = None,  # the file's budget so far
        frozen: bool = False,  # `known` is final: the file's budget is spent
        limit: int = 2000,
        slow: tuple[int, ...] = (),  # targets already too slow in this file
        annotate: bool = True,
        codec: str = "",  # the file's one-byte-per-character codec ("": UTF-8, read as is)
    ) -> None:
        self.id = id
        self.start = start
        self.end = end
        self.path = path
        self.identity = identity
        self.data_start = data_start
        self.sample = sample
        self.chunk_bytes = chunk_bytes
        self.size = size
        self.first_line = first_line
        self.state = state
        self.fuzzy = fuzzy
        self.known = {} if known is None else known
        self.frozen = frozen
        self.limit = limit
        self.slow = slow
        self.annotate = annotate
        self.codec = codec

    def sent(
        self,
        known: dict[str, list[Candidate]],
        frozen: bool,
        limit: int,
        slow: tuple[int, ...],
    ) -> Task:
        """A copy to send to a worker, with the file's budget and slow targets so far."""
        task = self._copy()
        task.known = known
        task.frozen = frozen
        task.limit = limit
        task.slow = slow
        return task

    def redo(self, task_id: int, state: ChunkState, first_line: int) -> Task:
        """A copy numbered `task_id` that starts from `state` at line `first_line`."""
        task = self._copy()
        task.id, task.state, task.first_line = task_id, state, first_line
        return task

    def _copy(self) -> Task:
        task = Task.__new__(Task)
        for name in Task.__slots__:
            setattr(task, name, getattr(self, name))
        return task


def pack_matches(matches: list[LineMatch], first_line: int) -> PackedMatches:
    """`matches`, found in a chunk whose first line is numbered `first_line`, in wire form.

    Candidates are told apart by value: two equal but for the type of a number (1 and 1.0)
    would both come back as the first. A scan makes no such pair (an entry's candidates
    take their numbers from the same code and record)."""
    values = Candidate._values
    distinct: dict[tuple[tuple, ...], int] = {}
    rows = []
    for match in matches:
        at = distinct.setdefault(tuple(map(values, match.candidates)), len(distinct))
        event = match.event_lines
        if event is not None:
            event = (event[0] - first_line, event[1] - first_line)
        rows.append(
            (
                match.line - first_line,
                match.text,
                match.truncated,
                at,
                match.severity,
                event,
                match.event_text,
            )
        )
    return rows, list(distinct)


def unpack_matches(packed: PackedMatches, first_line: int) -> list[LineMatch]:
    """The matches of `pack_matches`, numbered from `first_line`: equal to those packed."""
    rows, distinct = packed
    shared = [tuple([Candidate(*fields) for fields in keys]) for keys in distinct]
    return [
        LineMatch(
            line + first_line,
            text,
            truncated,
            shared[at],
            severity,
            None if event is None else (event[0] + first_line, event[1] + first_line),
            event_text,
        )
        for line, text, truncated, at, severity, event, event_text in rows
    ]


class ChunkOut(Plain):
    """One scanned chunk. Its line numbers count from `first_line`, the number the worker gave
    the chunk's first line: the file's own in a piece that started from a known state, else
    relative to the piece, and the parent shifts them (`renumber`) once it knows how many
    lines came before. `matches` are in wire form (`pack_matches`; read them with
    `line_matches`)."""

    __slots__ = ("end", "first_line", "lines", "matches", "state", "fuzzy", "notes", "slow", "seed")

    def __init__(
        self,
        end: int,  # byte offset where the chunk ends
        first_line: int,
        lines: int,
        matches: PackedMatches,
        state: ChunkState,
        fuzzy: list | int,  # speculated: [(key, had, found)]; frozen budget: lookups skipped
        notes: ChunkNotes | None,
        slow: dict[int, int],  # targets that ran past their budget, at which line
        seed: ChunkState | None = None,  # first chunk of a seeded task: the state it assumed
    ) -> None:
        self.end = end
        self.first_line = first_line
        self.lines = lines
        self.matches = matches
        self.state = state
        self.fuzzy = fuzzy
        self.notes = notes
        self.slow = slow
        self.seed = seed

    def renumber(self, first_line: int) -> None:
        """Number the chunk's lines from `first_line`: every line number it carries (matches
        and their events, unknown-error lines, slow targets) moves by the same amount (the
        packed matches count from the first line, so they move with it)."""
        offset = first_line - self.first_line
        if not offset:
            return
        if self.notes is not None:
            self.notes = self.notes.shifted(offset)
        self.slow = {index: line + offset for index, line in self.slow.items()}
        self.first_line = first_line

    def line_matches(self) -> list[LineMatch]:
        """The chunk's matches, numbered from `first_line`."""
        return unpack_matches(self.matches, self.first_line)
