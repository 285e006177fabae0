"""Line times read from a log's first characters (`core.timestamps`), against a plain
reading with `calendar.timegm` of every stated field."""

from __future__ import annotations

import calendar

from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.timestamps import stamp, stamp_and_year

MONTHS = [m for m in calendar.month_abbr if m]


def _plain(y: int, mo: int, d: int, h: int, mi: int, s: int, fraction: str) -> float | None:
    if not (1 <= mo <= 12 and 1 <= d <= 31 and h < 24 and s < 61):
        return None
    try:
        seconds = calendar.timegm((y, mo, d, h, mi, s, 0, 0, 0))
    except (ValueError, OverflowError):
        return None
    return seconds + (float(f"0.{fraction}") if fraction else 0.0)


fields = st.tuples(
    st.integers(0, 9999),  # year, including ones timegm cannot place
    st.integers(0, 13),
    st.integers(0, 32),
    st.integers(0, 25),
    st.integers(0, 59),
    st.integers(0, 61),
    st.text("0123456789", max_size=9),
)


@settings(max_examples=300, deadline=None)
@given(fields, st.sampled_from(["iso", "iso-t", "slash", "glog", "syslog"]), st.integers(1, 9999))
def test_each_format_gives_the_seconds_of_its_fields(parts, form, year):
    y, mo, d, h, mi, s, fraction = parts
    if form == "iso":
        line = f"{y:04d}-{mo:02d}-{d:02d} {h:02d}:{mi:02d}:{s:02d}"
    elif form == "iso-t":
        line = f"[rank3]: {y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}"
    elif form == "slash":
        line = f"{y:04d}/{mo:02d}/{d:02d} {h:02d}:{mi:02d}:{s:02d}"
    elif form == "glog":
        line, y = f"E{mo:02d}{d:02d} {h:02d}:{mi:02d}:{s:02d}", year
    else:
        mo = max(1, min(mo, 12))
        fraction = ""  # syslog states none
        line, y = f"{MONTHS[mo - 1]} {d:2d} {h:02d}:{mi:02d}:{s:02d}", year
    if fraction and form != "syslog":
        line += ("," if form == "iso" else ".") + fraction
    line += " ERROR something failed"
    want = _plain(y, mo, d, h, mi, s, fraction)
    got, stated = stamp_and_year(line, year)
    assert got == want and stamp(line, year) == want
    assert stated == (y if form in ("iso", "iso-t", "slash") else None)


def test_a_line_without_a_time_has_none():
    assert stamp_and_year("Traceback (most recent call last):", 2026) == (None, None)
    assert stamp("  at a.B(C.java:12)") is None
