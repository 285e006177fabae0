"""The level filter's compact stores against plain lists: line times in ~4 bytes a line
(`Stamps`) and the rows a filter keeps as a byte a line (`KeptRows`)."""

from __future__ import annotations

import bisect
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.ui.workers.kept_rows import CHUNK, KeptRows
from triage_app.ui.workers.stamps import BLOCK, Stamps, micros

T0 = 1_764_000_000.0  # 2025-11-24, a day the logs state

steps = st.one_of(
    st.just(math.nan),
    st.floats(min_value=0, max_value=0.999),  # many lines a second
    st.floats(min_value=0, max_value=3 * 3600),  # a sparse log: wider than 32-bit steps
)


def stamps_of(values: list[float]) -> Stamps:
    stamps = Stamps()
    stamps.extend(values)
    return stamps


@settings(max_examples=40, deadline=None)
@given(st.lists(steps, max_size=3 * BLOCK, min_size=1), st.integers(0, 3 * BLOCK), st.data())
def test_stamps_keep_each_time_to_the_microsecond(gaps, repeat, data):
    """Times as a log gives them (carried forward, NaN before the first, jumps back when
    another clock writes): each read back to the microsecond, and the rows in a range."""
    values, now = [], T0
    for n, gap in enumerate(gaps * (1 + repeat // len(gaps))):
        if math.isnan(gap):
            values.append(math.nan if not values or n % 7 else values[-1])
        else:
            now += gap if n % 11 else -gap
            values.append(now)
    stamps = stamps_of(values)
    assert len(stamps) == len(values)
    for n in data.draw(st.lists(st.integers(0, len(values) - 1), max_size=50)):
        got, want = stamps[n], values[n]
        assert math.isnan(got) if math.isnan(want) else micros(got) == micros(want)
    known = [v for v in values if not math.isnan(v)] or [T0]
    low = data.draw(st.floats(min(known) - 10, max(known) + 10))
    high = data.draw(st.floats(low, max(known) + 20))
    start = data.draw(st.integers(0, len(values)))
    end = data.draw(st.integers(start, len(values)))
    lo, hi = micros(low), micros(high)
    assert list(stamps.in_range(start, end, low, high)) == [
        int(not math.isnan(v) and lo <= micros(v) <= hi) for v in values[start:end]
    ]


def test_a_sparse_block_widens_alone_and_the_first_time_is_found():
    values = [math.nan] * 10 + [T0 + n / 4 for n in range(BLOCK - 10)]  # block 0: steps
    values += [T0 + n * 3600.0 for n in range(BLOCK)]  # block 1: hours apart
    values += [values[-1] + n / 4 for n in range(BLOCK)]  # block 2: steps again
    stamps = stamps_of(values)
    assert stamps.first() == T0 and math.isnan(stamps[0]) and stamps[-1] == values[-1]
    assert list(stamps._wide) == [1] and [stamps[n] for n in range(len(values))][10:] == values[10:]
    assert list(stamps.in_range(0, 12, T0, T0 + 1)) == [0] * 10 + [1, 1]
    assert Stamps().first() is None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(0, 1), max_size=2 * CHUNK + 5), max_size=4), st.data())
def test_kept_rows_are_the_rows_flagged(pieces, data):
    kept = KeptRows()
    for piece in pieces:
        kept.extend(bytes(piece))
    flags = [f for piece in pieces for f in piece]
    rows = [n for n, flag in enumerate(flags) if flag]
    assert len(kept) == len(rows) and list(kept) == rows and list(kept.as_array()) == rows
    assert list(KeptRows.adopt(bytearray(flags))) == rows
    if rows:
        for n in data.draw(st.lists(st.integers(-len(rows), len(rows) - 1), max_size=20)):
            assert kept[n] == rows[n]
    for source in data.draw(st.lists(st.integers(-2, len(flags) + 2), max_size=20)):
        assert kept.rank(source) == bisect.bisect_left(rows, source)
