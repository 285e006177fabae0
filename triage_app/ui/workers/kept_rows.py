"""The rows a filter lets through, as one bit a log line (1: shown) and a count per 4,096.

An array of the rows shown costs 4 bytes a row shown: 40 MB when a filter keeps the ten
million lines of a 1 GB log (every line an error in a runaway log), and twice that while a new
filter is built beside the old. One bit a line is 1.3 MB, whatever the filter keeps. Flags (a
byte a row, 0 or 1, as `bytes.translate` gives them) are packed and unpacked by C calls
(`int(text, 2)`, `bin`); the n-th row shown is found with a bisect over the counts and a C
loop over one 4,096-row stretch, whose rows are kept while a view paints them.
"""

from __future__ import annotations

import bisect
import itertools
from array import array
from collections.abc import Iterator, Sequence
from typing import overload

CHUNK_BITS = 12
CHUNK = 1 << CHUNK_BITS  # rows a count covers (512 bytes of bits)
_TO_TEXT = bytes.maketrans(b"\x00\x01", b"01")
_TO_FLAGS = bytes.maketrans(b"01", b"\x00\x01")


def pack(flags: bytes) -> bytes:
    """Flags (0/1 bytes; a multiple of 8 of them) as bits, the first row the high bit."""
    if not flags:
        return b""
    return int(flags.translate(_TO_TEXT), 2).to_bytes(len(flags) // 8, "big")


def unpack(bits: bytes) -> bytes:
    """The flags (0/1 bytes) of `bits`, 8 a byte."""
    if not bits:
        return b""
    text = bin(int.from_bytes(bits, "big"))[2:].zfill(len(bits) * 8)
    return text.encode("ascii").translate(_TO_FLAGS)


class KeptRows(Sequence[int]):
    """Ascending source rows, given as flags (one byte per source row from 0, 1: kept)."""

    def __init__(self, flags: bytes = b"") -> None:
        self._bits = bytearray()
        self._size = 0  # source rows considered
        self._before = array("Q")  # rows kept before each chunk
        self._kept = 0
        self._cached: tuple[int, array] | None = None  # a chunk and its kept rows
        self.extend(flags)

    @property
    def considered(self) -> int:
        """Source rows whose flag is known (kept or not)."""
        return self._size

    def extend(self, flags: bytes) -> None:
        """Flags of the next source rows (0/1 bytes)."""
        self._cached = None
        loose = self._size & 7
        if loose:  # the last byte is partly filled: take it back as flags
            flags = unpack(self._bits[-1:])[:loose] + bytes(flags)
            self._kept -= self._bits[-1].bit_count()
            del self._bits[-1]
            self._size -= loose
            if not self._size & (CHUNK - 1):
                self._before.pop()  # counted again below
        done = 0
        while done < len(flags):
            if not self._size & (CHUNK - 1):
                self._before.append(self._kept)
            piece = flags[done : done + CHUNK - (self._size & (CHUNK - 1))]
            self._bits.extend(pack(piece + bytes(-len(piece) % 8)))
            self._kept += piece.count(1)
            self._size += len(piece)
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
            typecode = "I" if self._size <= 1 << 32 else "Q"
            self._cached = (chunk, array(typecode, self._rows_of(chunk)))
        return self._cached[1][n - self._before[chunk]]

    def _rows_of(self, chunk: int) -> Iterator[int]:
        first = chunk << CHUNK_BITS
        flags = unpack(self._bits[first >> 3 : (first + CHUNK) >> 3])
        return itertools.compress(range(first, min(first + CHUNK, self._size)), flags)

    def __iter__(self) -> Iterator[int]:
        return itertools.chain.from_iterable(map(self._rows_of, range(len(self._before))))

    def rank(self, source_row: int) -> int:
        """How many kept rows come before `source_row`."""
        source_row = min(max(source_row, 0), self._size)
        chunk = source_row >> CHUNK_BITS
        if chunk >= len(self._before):
            return self._kept
        whole = self._bits[(chunk << CHUNK_BITS) >> 3 : source_row >> 3]
        count = self._before[chunk] + int.from_bytes(whole, "big").bit_count()
        if source_row & 7:
            count += (self._bits[source_row >> 3] >> (8 - (source_row & 7))).bit_count()
        return count

    def as_array(self) -> array:
        """The kept rows as an array (4 or 8 bytes each: for tests and small logs)."""
        return array("I" if self._size <= 1 << 32 else "Q", self)
