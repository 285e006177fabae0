"""The two-byte look at a seam (`seams.may_touch`) never drops a target that the look at the
bytes either side (`seams.touching`) keeps; a line's span is found with or without known
neighbours."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core import seams
from triage_app.core.chunklines import ByteLines
from triage_app.core.matcher import Matcher, Target

TARGETS = [
    Target.compile("x/watchdog", "w", r"Watchdog caught collective operation timeout"),
    Target.compile("x/heap", "h", r"Allocation failed - JavaScript heap out of memory"),
    Target.compile("x/conn", "c", r"connection (refused|reset) by peer"),
    Target.compile("x/space", "s", r"no space left on device"),
    Target.compile("x/short", "t", r"ab.*cd|x y"),
    Target.compile("x/ru", "r", r"ошибка сети"),
]
PIECES = ["Watchdog caught colle", "connection", "no space", "ctive operation timeout", "connection ", "refused", "by peer",
          "no space left", " on device", "Allocation failed -", "JavaScript heap", "ab", "cd",
          "x ", "y", " ", "ошибка", " сети", "Z", "9", "."]  # fmt: skip
MATCHER = Matcher(TARGETS)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1), st.lists(st.sampled_from(PIECES), min_size=1))
def test_the_two_byte_look_keeps_what_the_seam_look_keeps(first: list, second: list) -> None:
    a, b = "p" * 55 + "".join(first), "".join(second)  # A long enough to have been wrapped
    lines = ByteLines((a + "\n" + b + "\n").encode("utf-8"))
    end = len(a.encode("utf-8"))
    spans = {0: (0, end, set())}
    everything = list(range(len(TARGETS)))
    edges = seams.edge_bytes(lines, 0, spans)
    seam = seams.seam_bytes(lines, 0, spans)
    if edges is None or seam is None or seam is seams.NO_WRAP:
        return
    tail, head = seam
    assert edges == (chr(tail[-1]), chr(head[0]))
    assert set(seams.touching(MATCHER, everything, tail, head)) <= set(
        seams.may_touch(MATCHER, everything, *edges)
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["", "a", "bb\r", "é x", "\x1b[31mred\x1b[0m"]), max_size=80),
       st.booleans())  # fmt: skip
def test_a_line_with_no_known_neighbour_gets_its_own_span(rows: list, closed: bool) -> None:
    data = ("\n".join(rows) + ("\n" if closed else "")).encode("utf-8")
    lines = ByteLines(data)
    clean = lines.stripped.split(b"\n")
    at = 0
    for n in range(lines.count):  # both the walk back from the end and the newline index
        start, end = seams.span_of(ByteLines(data), n, {})
        assert (start, end) == (at, at + len(clean[n]))
        at = end + 1
