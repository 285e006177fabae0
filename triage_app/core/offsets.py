"""Ascending byte offsets (a log's line starts) in about 4 bytes each instead of 8.

A 1 GB log has some 10-15 million lines; 8 bytes an offset is 80-120 MB of the window's
memory budget. Offsets are stored in blocks of 65,536: one 64-bit base per block and, per
offset, 32 bits above its block's base. A block whose offsets span 4 GB or more (lines of
65 KB each on average) turns the whole store into plain 64-bit offsets.

Thread-safe for one writer and any number of readers, like `lineindex.LineIndex`: a block's
base is stored before its offsets, and each batch of offsets is added in one C call.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

BLOCK_BITS = 16
BLOCK = 1 << BLOCK_BITS


class Offsets:
    """A growing sequence of ascending non-negative offsets: `extend`, `len`, `[n]`."""

    def __init__(self, values: Sequence[int] = ()) -> None:
        self._bases = array("Q")
        self._low = array("I")
        self._wide: array | None = None  # plain 64-bit offsets, once a block did not fit
        self.extend(values)

    def __len__(self) -> int:
        wide = self._wide
        return len(wide) if wide is not None else len(self._low)

    def __getitem__(self, n: int) -> int:
        wide = self._wide
        if wide is not None:
            return wide[n]
        low = self._low
        size = len(low)
        if n < 0:
            n += size
        if not 0 <= n < size:
            raise IndexError("offset index out of range")
        return self._bases[n >> BLOCK_BITS] + low[n]

    def extend(self, values: Sequence[int]) -> None:
        if self._wide is not None:
            self._wide.extend(values)
            return
        done, total = 0, len(values)
        while done < total:
            size = len(self._low)
            block = size >> BLOCK_BITS
            piece = values[done : done + (block + 1) * BLOCK - size]
            if size == block * BLOCK:  # a new block starts with this offset
                self._bases.append(piece[0])
            base = self._bases[block]
            try:
                low = array("I", [value - base for value in piece])
            except OverflowError:
                self._widen()
                self.extend(values[done:])
                return
            self._low.extend(low)
            done += len(piece)

    def _widen(self) -> None:
        wide = array("Q", (self[n] for n in range(len(self._low))))
        self._wide = wide
