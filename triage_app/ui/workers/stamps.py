"""Line times (`core.timestamps` seconds) in 2 or 4 bytes a line instead of a float's 8.

A 1 GB log has some 10 million lines: 80 MB of floats would break the window's memory budget
(issue 12: < 300 MB). Times are kept to the microsecond (a float of today's epoch seconds holds
about a quarter of one), in blocks of 4,096 lines. A full block keeps its smallest time and,
per line, its distance from it in the coarsest unit that loses nothing (a second, a
millisecond or a microsecond: logs write times to one of them), in 16 bits when they fit (a
block of millisecond times within 65 s, of whole seconds within 18 h), else 32, else 64; the
last, growing block keeps plain 64-bit microseconds.

Not the scheme of `core.offsets`: times are not ascending and a line can have none (NaN).
One writer (`extend`); readers on other threads ask for rows below `len` only.
"""

from __future__ import annotations

import itertools
import math
import operator
from array import array
from collections.abc import Sequence

BLOCK_BITS = 12
BLOCK = 1 << BLOCK_BITS
NONE = -(1 << 63)  # a line without a time (NaN), in the growing block's microseconds
UNITS = (1_000_000, 1000, 1)  # microseconds in a second, a millisecond, a microsecond
WIDTHS = (("H", 0xFFFF), ("I", 0xFFFF_FFFF))  # and the sentinel (no time) of each


def micros(seconds: float) -> int:
    """`seconds` in whole microseconds (how they are kept and compared)."""
    return round(seconds * 1e6)


class _Block:
    """4,096 times: `base + step * unit` microseconds, `missing` for a line without one."""

    __slots__ = ("base", "unit", "steps", "missing", "low", "high")

    def __init__(self, values: array) -> None:
        known = [v for v in values if v != NONE]
        self.low, self.high = _bounds(known)  # the earliest and latest (None: no time)
        self.base = self.low if self.low is not None else 0
        self.unit = next(u for u in UNITS if not any(map(operator.mod, known, itertools.repeat(u))))
        span = ((self.high or 0) - self.base) // self.unit
        typecode, self.missing = next(((t, m) for t, m in WIDTHS if span < m), ("q", NONE))
        if typecode == "q":
            self.base, self.unit, self.steps = 0, 1, values
            return
        base, unit, missing = self.base, self.unit, self.missing
        self.steps = array(typecode, [missing if v == NONE else (v - base) // unit for v in values])

    def micros(self, at: int) -> int:
        step = self.steps[at]
        return NONE if step == self.missing else self.base + step * self.unit

    def bounds(self, low: int, high: int) -> tuple[int, int]:
        """The steps that mean `low` to `high` microseconds (the missing mark never in)."""
        if self.missing == NONE:
            return max(low, NONE + 1), high
        return max(-(-(low - self.base) // self.unit), 0), min(
            (high - self.base) // self.unit, self.missing - 1
        )


class Stamps:
    """A growing sequence of times (float seconds or NaN): `extend`, `len`, `[n]`, and which
    rows of a stretch fall in a range (`in_range`, in C loops)."""

    def __init__(self) -> None:
        self._blocks: list[_Block] = []
        self._open = array("q")  # the growing block's microseconds (NONE: no time)
        self._size = 0  # set last: rows below it are readable from any thread

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, n: int) -> float:
        if n < 0:
            n += self._size
        if not 0 <= n < self._size:
            raise IndexError("stamp index out of range")
        value = self.micros_at(n)
        return math.nan if value == NONE else value / 1e6

    def micros_at(self, n: int) -> int:
        """Row `n`'s time in microseconds (`NONE`: it has none); `n` below `len`."""
        growing = self._open  # before the blocks: the writer closes a block, then replaces it
        block = n >> BLOCK_BITS
        if block < len(self._blocks):
            return self._blocks[block].micros(n & (BLOCK - 1))
        return growing[n & (BLOCK - 1)]

    def extend(self, seconds: Sequence[float]) -> None:
        """Add the times of the next rows (NaN: none)."""
        values = [NONE if t != t else round(t * 1e6) for t in seconds]
        done = 0
        while done < len(values):
            piece = values[done : done + BLOCK - len(self._open)]
            self._open.extend(piece)
            done += len(piece)
            if len(self._open) == BLOCK:
                self._blocks.append(_Block(self._open))
                self._open = array("q")
            self._size += len(piece)

    def span(self) -> tuple[float, float] | None:
        """The earliest and latest time stated (None: none yet): a log's last line need not
        be its latest (a retry loop's clock, several writers)."""
        growing = self._open  # before the blocks, as in `micros_at`
        bounds = [(b.low, b.high) for b in list(self._blocks) if b.low is not None]
        low, high = _bounds([v for v in growing if v != NONE])
        if low is not None:
            bounds.append((low, high))
        if not bounds:
            return None
        return min(b[0] for b in bounds) / 1e6, max(b[1] for b in bounds) / 1e6

    def in_range(self, start: int, end: int, low: float, high: float) -> bytearray:
        """Per row from `start` to `end` (below `len`), 1 when its time is within `low` to
        `high` (inclusive, to the microsecond; a row without a time: 0). C loops, a slice a
        block."""
        low_us, high_us = micros(low), micros(high)
        out = bytearray()
        while start < end:
            growing = self._open
            block = start >> BLOCK_BITS
            at, stop = start & (BLOCK - 1), min(end - (block << BLOCK_BITS), BLOCK)
            if block < len(self._blocks):
                kept = self._blocks[block]
                values = kept.steps[at:stop]
                lo, hi = kept.bounds(low_us, high_us)
            else:
                values = growing[at:stop]
                lo, hi = max(low_us, NONE + 1), high_us
            out.extend(
                map(
                    operator.and_,
                    map(operator.le, itertools.repeat(lo), values),
                    map(operator.ge, itertools.repeat(hi), values),
                )
            )
            start += stop - at
        return out


def _bounds(known: list[int]) -> tuple[int, int] | tuple[None, None]:
    return (min(known), max(known)) if known else (None, None)
