"""A chunk's lines as the matcher reads them: the same line whichever way it is found."""

from __future__ import annotations

import random

from triage_app.core.chunklines import ByteLines, newline_offsets


def test_a_line_near_the_end_is_the_same_found_from_the_end_or_by_the_newline_index():
    rng = random.Random(3)
    pieces = ["", "a", "\x1b[31mxé\x1b[0m", "abc\r", "  at x.y(Z.java:1)", "Caused by: E"]
    for _trial in range(300):
        parts = [rng.choice(pieces) for _ in range(rng.randrange(0, 60))]
        data = ("\n".join(parts) + rng.choice(["", "\n"])).encode("utf-8")
        indexed = ByteLines(data)
        indexed._hay_newlines = newline_offsets(indexed.haystack)
        for n in range(indexed.count):
            assert ByteLines(data).line(n) == indexed.line(n)
