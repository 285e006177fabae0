"""The rows a filter lets through, as one byte a log line (1: shown) and a count per 4,096.

An array of the rows shown costs 4 bytes a row shown: 40 MB when a filter keeps the ten
million lines of a 1 GB log (every line an error in a runaway log), and twice that while a new
filter is built beside the old. One byte a line is a quarter of that at most, and the flags
come straight out of C calls (`bytes.translate`). The n-th row shown is found with a bisect
over the counts and a C loop over one 4,096-byte stretch.
"""

from __future__ import annotations

import bisect
import itertools
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

CHUNK_BITS = 12
CHUNK = 1 << CHUNK_BITS


class KeptRows(Sequence[int]):
    """Ascending source rows, given as flags (one byte per source row from 0, 1: kept)."""

    def __init__(self, flags: Iterable[int] = b"") -> None:
        self._flags = bytearray()
        self._before = array("Q")  # rows kept before each chunk
        self._kept = 0
        self._cached: tuple[int, array] | None = None  # a chunk and its kept rows
        self.extend(flags)

    @classmethod
    def adopt(cls, flags: bytearray) -> KeptRows:
        """Rows kept by `flags`, which the new object owns from now on (no copy)."""
        kept = cls()
        kept._flags = flags
        counts = (flags.count(1, at, at + CHUNK) for at in range(0, len(flags), CHUNK))
        kept._before = array("Q", itertools.accumulate(counts, initial=0))
        kept._kept = kept._before.pop()  # the last is the total
        return kept

    @property
    def considered(self) -> int:
        """Source rows whose flag is known (kept or not)."""
        return len(self._flags)

    def extend(self, flags: Iterable[int]) -> None:
        """Flags of the next source rows."""
        flags = flags if isinstance(flags, bytes | bytearray) else bytes(flags)
        self._cached = None
        done = 0
        while done < len(flags):
            at = len(self._flags)
            if at & (CHUNK - 1) == 0:
                self._before.append(self._kept)
            piece = flags[done : done + CHUNK - (at & (CHUNK - 1))]
            self._flags.extend(piece)
            self._kept += piece.count(1)
            done += len(piece)

    def __len__(self) -> int:
        return self._kept

    @overload
    def __getitem__(self, n: int) -> int: ...
    @overload
    def __getitem__(self, n: slice) -> array: ...
    def __getitem__(self, n: int | slice) -> int | array:
        if isinstance(n, slice):
            return self.as_array()[n]
        if n < 0:
            n += self._kept
        if not 0 <= n < self._kept:
            raise IndexError("kept row index out of range")
        chunk = bisect.bisect_right(self._before, n) - 1
        if self._cached is None or self._cached[0] != chunk:
            first = chunk << CHUNK_BITS
            stretch = self._flags[first : first + CHUNK]
            typecode = "I" if first + CHUNK <= 1 << 32 else "Q"
            rows = array(typecode, itertools.compress(range(first, first + len(stretch)), stretch))
            self._cached = (chunk, rows)  # a view paints rows of one or two chunks
        return self._cached[1][n - self._before[chunk]]

    def __iter__(self) -> Iterator[int]:
        return itertools.compress(itertools.count(), self._flags)

    def rank(self, source_row: int) -> int:
        """How many kept rows come before `source_row`."""
        source_row = min(max(source_row, 0), len(self._flags))
        chunk = source_row >> CHUNK_BITS
        if chunk >= len(self._before):
            return self._kept
        return self._before[chunk] + self._flags.count(1, chunk << CHUNK_BITS, source_row)

    def as_array(self) -> array:
        """The kept rows as an array (4 or 8 bytes each: for tests and small logs)."""
        typecode = "I" if len(self._flags) <= 1 << 32 else "Q"
        return array(typecode, itertools.compress(range(len(self._flags)), self._flags))
