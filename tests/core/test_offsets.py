"""Line offsets in about 4 bytes each: the same values as a plain list, at any size."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.offsets import BLOCK, Offsets


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 1 << 34), max_size=300), st.lists(st.integers(1, 40), max_size=6))
def test_offsets_equal_the_plain_list(gaps, cuts):
    values, at = [], 0
    for gap in gaps:
        at += gap
        values.append(at)
    store, done = Offsets(), 0
    for cut in [*cuts, len(values)]:  # added in batches of any size
        store.extend(values[done : done + cut])
        done += cut
    store.extend(values[done:])
    assert len(store) == len(values)
    assert [store[n] for n in range(len(values))] == values
    if values:
        assert store[-1] == values[-1]


def test_many_blocks_stay_at_four_bytes_an_offset_and_wide_gaps_widen():
    rng = random.Random(5)
    values, at = [], 3
    for _ in range(3 * BLOCK + 17):
        at += rng.randint(1, 200)
        values.append(at)
    store = Offsets(values[:10])
    store.extend(values[10:])
    assert [store[n] for n in (0, BLOCK - 1, BLOCK, 2 * BLOCK + 5, -1)] == [
        values[0],
        values[BLOCK - 1],
        values[BLOCK],
        values[2 * BLOCK + 5],
        values[-1],
    ]
    assert store._wide is None and store._low.itemsize == 4
    store.extend([values[-1] + (5 << 32)])  # a block spanning more than 4 GB
    assert store[-1] == values[-1] + (5 << 32) and store[BLOCK] == values[BLOCK]
    try:
        store[len(values) + 1]
    except IndexError:
        pass
    else:
        raise AssertionError("out of range")
