"""The level filter's compact stores against plain lists: line times in 2 to 8 bytes a line
(`Stamps`) and the rows a filter keeps as a bit a line (`KeptRows`)."""

from __future__ import annotations

import bisect
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.ui.workers.kept_rows import CHUNK, KeptRows, pack, unpack
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
    stated = [micros(v) for v in values if not math.isnan(v)]
    span = stamps.span()
    assert (span and (micros(span[0]), micros(span[1]))) == (
        stated and (min(stated), max(stated))
    ) or (not stated and span is None)
    known = [v for v in values if not math.isnan(v)] or [T0]
    low = data.draw(st.floats(min(known) - 10, max(known) + 10))
    high = data.draw(st.floats(low, max(known) + 20))
    start = data.draw(st.integers(0, len(values)))
    end = data.draw(st.integers(start, len(values)))
    lo, hi = micros(low), micros(high)
    assert list(stamps.in_range(start, end, low, high)) == [
        int(not math.isnan(v) and lo <= micros(v) <= hi) for v in values[start:end]
    ]


def test_each_full_block_takes_the_coarsest_unit_and_narrowest_width_that_fit():
    millis = [T0 + n / 1000 for n in range(BLOCK)]  # 4 s of milliseconds
    hours = [T0 + n * 3600.0 for n in range(BLOCK)]  # whole seconds, 170 days
    micro = [T0 + n * 0.6 + 1e-6 for n in range(BLOCK)]  # microseconds, 40 minutes
    years = [T0 + n * 86400.0 * 20 + 1e-6 for n in range(BLOCK)]  # 224 years: 64 bits
    values = [math.nan] * 10 + millis[10:] + hours + micro + years + millis[:5]
    stamps = stamps_of(values)
    assert len(stamps) == len(values) and math.isnan(stamps[0])
    earliest, latest = stamps.span()  # the first line is not the earliest, the last not the latest
    assert (micros(earliest), micros(latest)) == (micros(hours[0]), micros(years[-1]))
    assert [micros(stamps[n]) for n in range(10, len(values))] == [micros(v) for v in values[10:]]
    kinds = [(b.unit, b.steps.typecode) for b in stamps._blocks]
    assert kinds == [(1000, "H"), (1_000_000, "I"), (1, "I"), (1, "q")]
    assert list(stamps.in_range(0, 13, T0, T0 + 0.0115)) == [0] * 10 + [1, 1, 0]
    assert Stamps().span() is None and stamps_of([math.nan] * (BLOCK + 3)).span() is None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(0, 1), max_size=2 * CHUNK + 5), max_size=4), st.data())
def test_kept_rows_are_the_rows_flagged(pieces, data):
    kept = KeptRows()
    for piece in pieces:
        kept.extend(bytes(piece))
    flags = [f for piece in pieces for f in piece]
    rows = [n for n, flag in enumerate(flags) if flag]
    assert len(kept) == len(rows) and list(kept) == rows and list(kept.as_array()) == rows
    assert unpack(pack(bytes(flags + [0] * (-len(flags) % 8))))[: len(flags)] == bytes(flags)
    assert kept.considered == len(flags)
    if rows:
        for n in data.draw(st.lists(st.integers(-len(rows), len(rows) - 1), max_size=20)):
            assert kept[n] == rows[n]
    for source in data.draw(st.lists(st.integers(-2, len(flags) + 2), max_size=20)):
        assert kept.rank(source) == bisect.bisect_left(rows, source)
