"""Line times (`core.timestamps` seconds) in about 4 bytes a line instead of a float's 8.

A 1 GB log has some 10 million lines: 80 MB of floats would break the window's memory budget
(issue 12: < 300 MB). Times are kept to the microsecond (a float of today's epoch seconds holds
about a quarter of one), in blocks of 4,096 lines: one 64-bit base per block and, per line, a
signed 32-bit step from it (+-35 minutes). A block whose times spread wider (fewer than two
lines a second) keeps 64-bit microseconds of its own; its 32-bit slots stay unused.

Not the block scheme of `core.offsets`: times are not ascending, a line can have none (NaN),
and one far-off block widens only itself. One writer; readers ask for rows already written.
"""

from __future__ import annotations

import itertools
import math
import operator
from array import array
from collections.abc import Sequence

BLOCK_BITS = 12
BLOCK = 1 << BLOCK_BITS
NONE = -(1 << 31)  # a line without a time (NaN): below every step a range asks for
TOP = (1 << 31) - 1
UNSET = -(1 << 63)  # a block's base before its first time


def micros(seconds: float) -> int:
    """`seconds` in whole microseconds (how they are kept and compared)."""
    return round(seconds * 1e6)


class Stamps:
    """A growing sequence of times (float seconds or NaN): `append`, `len`, `[n]`, and which
    rows of a slice fall in a range (`in_range`, in C loops)."""

    def __init__(self) -> None:
        self._bases = array("q")
        self._steps = array("i")
        self._wide: dict[int, array] = {}  # block -> its microseconds (NONE: no time)

    def __len__(self) -> int:
        return len(self._steps)

    def __getitem__(self, n: int) -> float:
        size = len(self._steps)
        if n < 0:
            n += size
        if not 0 <= n < size:
            raise IndexError("stamp index out of range")
        value = self.micros_at(n)
        return math.nan if value == NONE else value / 1e6

    def micros_at(self, n: int) -> int:
        """Row `n`'s time in microseconds (`NONE`: it has none); `n` in range."""
        block = n >> BLOCK_BITS
        wide = self._wide.get(block)
        if wide is not None:
            return wide[n & (BLOCK - 1)]
        step = self._steps[n]
        return NONE if step == NONE else self._bases[block] + step

    def append(self, seconds: float) -> None:
        n = len(self._steps)
        block = n >> BLOCK_BITS
        if n & (BLOCK - 1) == 0:
            self._bases.append(UNSET)
        if math.isnan(seconds):
            value = NONE
        else:
            value = micros(seconds)
            if self._bases[block] == UNSET:
                self._bases[block] = value
        wide = self._wide.get(block)
        if wide is not None:
            wide.append(value)
            self._steps.append(NONE)
            return
        step = value if value == NONE else value - self._bases[block]
        if NONE < step <= TOP or step == NONE:
            self._steps.append(step)
            return
        # This block spreads wider than 32 bits allow: it keeps 64-bit microseconds.
        first = block << BLOCK_BITS
        base = self._bases[block]
        wide = array("q", (s if s == NONE else base + s for s in self._steps[first:]))
        wide.append(value)
        self._wide[block] = wide
        self._steps.append(NONE)

    def extend(self, seconds: Sequence[float]) -> None:
        """`append` each, a block's worth in one C call where they fit (no NaN, 32 bits)."""
        done = 0
        while done < len(seconds):
            n = len(self._steps)
            block = n >> BLOCK_BITS
            if not n & (BLOCK - 1) or block in self._wide or self._bases[block] == UNSET:
                self.append(seconds[done])  # a block's first time sets its base
                done += 1
                continue
            piece = seconds[done : done + BLOCK - (n & (BLOCK - 1))]
            base = self._bases[block]
            try:
                steps = array("i", [round(t * 1e6) - base for t in piece])
            except (ValueError, OverflowError):  # NaN, or wider than 32 bits
                steps = array("i", [NONE])
            if min(steps) == NONE:
                for value in piece:
                    self.append(value)
            else:
                self._steps.extend(steps)
            done += len(piece)

    def first(self) -> float | None:
        """The first time stated (None: none yet)."""
        for block, base in enumerate(self._bases):
            if base != UNSET:
                start = block << BLOCK_BITS
                return next(t for t in map(self.__getitem__, range(start, start + BLOCK)) if t == t)
        return None

    def in_range(self, start: int, end: int, low: float, high: float) -> bytearray:
        """Per row from `start` to `end`, 1 when its time is within `low`..`high` (inclusive,
        to the microsecond; a row without a time: 0). C loops, one slice per block."""
        low_us, high_us = micros(low), micros(high)
        out = bytearray()
        while start < end:
            block = start >> BLOCK_BITS
            stop = min(end, (block + 1) << BLOCK_BITS)
            wide = self._wide.get(block)
            if wide is not None:
                values = wide[start - (block << BLOCK_BITS) : stop - (block << BLOCK_BITS)]
                lo, hi = max(low_us, NONE + 1), high_us
            else:
                values = self._steps[start:stop]
                base = self._bases[block]
                if base == UNSET:  # no time in this block yet
                    out.extend(bytes(stop - start))
                    start = stop
                    continue
                lo = min(max(low_us - base, NONE + 1), TOP + 1)
                hi = min(max(high_us - base, NONE), TOP)
            out.extend(
                map(
                    operator.and_,
                    map(operator.le, itertools.repeat(lo), values),
                    map(operator.ge, itertools.repeat(hi), values),
                )
            )
            start = stop
        return out
