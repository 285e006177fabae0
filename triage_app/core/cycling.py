"""Stepping through sorted rows or lines with wrap-around (matches, bookmarks)."""

from __future__ import annotations

import bisect
from collections.abc import Sequence


def next_wrapping(values: Sequence[int], value: int, backward: bool = False) -> int | None:
    """The item of sorted `values` after (or before) `value`, wrapping; None when empty."""
    if not values:
        return None
    if backward:
        at = bisect.bisect_left(values, value) - 1
        return values[at] if at >= 0 else values[-1]
    at = bisect.bisect_right(values, value)
    return values[at] if at < len(values) else values[0]
