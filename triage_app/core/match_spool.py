"""Matches parked on disk until the file's versions are known, then read back in line order.

A match's JSON item carries `versions` and its candidates' final order, which depend on the
versions stated anywhere in the file (`annotate`). To write every match without holding them
all, the scan writes each batch here as compact tuples: every candidate's per-entry part
(id, signature, kind, confidence, variant, language, role) is stored once per file and
referred to by number. `replay` reads the batches back one at a time and ranks each line's
candidates again with the file's version fits.

The spool is an anonymous temporary file (deleted when closed, or when the process dies)
written and read only by this process, in `marshal` format (plain values; loading it runs
no code). Memory: one batch of `BATCH` matches at a time.
"""

from __future__ import annotations

import marshal
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from types import TracebackType
from typing import IO

from triage_app.core.ranking import ranked
from triage_app.core.results import Candidate, LineMatch

BATCH = 2048  # matches per stored batch

_Static = tuple[str, str, str, float, int | None, str | None, str]


class MatchSpool:
    """Write batches of matches, then `replay` them once, in the order written."""

    def __init__(self, folder: str | None = None) -> None:
        # Closed by `close` / the context manager: the spool outlives this call.
        self._file: IO[bytes] = tempfile.TemporaryFile(prefix="triage-spool-", dir=folder)  # noqa: SIM115
        self._statics: list[_Static] = []
        self._numbers: dict[_Static, int] = {}
        self.count = 0

    def add(self, matches: Iterable[LineMatch]) -> None:
        """Park one batch (in line order)."""
        rows = [self._row(m) for m in matches]
        for start in range(0, len(rows), BATCH):  # `replay` holds one such batch at a time
            block = marshal.dumps(rows[start : start + BATCH])
            self._file.write(len(block).to_bytes(8, "little") + block)
        self.count += len(rows)

    def _row(self, match: LineMatch) -> tuple:
        candidates = tuple(
            (self._number(c), c.score, c.span, c.literal_chars) for c in match.candidates
        )
        return (
            match.line,
            match.text,
            match.truncated,
            match.severity,
            match.event_lines,
            match.event_text,
            candidates,
        )

    def _number(self, c: Candidate) -> int:
        static = (c.entry_id, c.signature, c.kind, c.confidence, c.variant, c.lang, c.role)
        number = self._numbers.get(static)
        if number is None:
            number = self._numbers[static] = len(self._statics)
            self._statics.append(static)
        return number

    def replay(
        self,
        fits: Mapping[str, int] | None = None,
        sourced: frozenset[str] | set[str] = frozenset(),
    ) -> Iterator[list[LineMatch]]:
        """The parked batches, each line's candidates ranked with `fits` (entry id -> version
        fit) and `sourced`, as `annotate.FileAnnotator.finish` ranks kept matches."""
        self._file.flush()
        self._file.seek(0)
        while size := int.from_bytes(self._file.read(8), "little"):
            rows = marshal.loads(self._file.read(size))  # (marshal.load reads a file slowly)
            yield [self._match(row, fits, sourced) for row in rows]

    def _match(
        self, row: tuple, fits: Mapping[str, int] | None, sourced: frozenset[str] | set[str]
    ) -> LineMatch:
        line, text, truncated, severity, event_lines, event_text, rows = row
        candidates = tuple(self._candidate(*c) for c in rows)
        match = LineMatch(line, text, truncated, candidates, severity, event_lines, event_text)
        if len(candidates) > 1:
            order = ranked(candidates, fits=fits, sourced=sourced)
            if order != candidates:
                match = match.with_candidates(order)
        return match

    def _candidate(
        self, number: int, score: float, span: tuple[int, int] | None, literal_chars: int
    ) -> Candidate:
        entry_id, signature, kind, confidence, variant, lang, role = self._statics[number]
        return Candidate(
            entry_id, signature, score, kind, span, literal_chars, confidence, variant, lang, role
        )

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> MatchSpool:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
