"""A chunk's lines as the matcher reads them: the same line whichever way it is found."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.ansi import ANSI_RE, MAX_PASSES, strip_ansi
from triage_app.core.chunklines import (
    ByteLines,
    _strip_ansi_bytes,
    annotator_bytes,
    chunk_lines,
    newline_offsets,
)


def test_a_line_near_the_end_is_the_same_found_from_the_end_or_by_the_newline_index():
    rng = random.Random(3)
    pieces = ["", "a", "\x1b[31mxé\x1b[0m", "abc\r", "  at x.y(Z.java:1)", "Caused by: E"]
    for _trial in range(300):
        parts = [rng.choice(pieces) for _ in range(rng.randrange(0, 60))]
        data = ("\n".join(parts) + rng.choice(["", "\n"])).encode("utf-8")
        indexed = ByteLines(data)
        indexed.hay_newlines()
        for n in range(indexed.count):
            assert ByteLines(data).line(n) == indexed.line(n)


# Pieces of escape sequences, whole ones and the bytes around them: hypothesis joins them into
# lines where sequences nest, are cut short or are split by other bytes.
_PIECES = [
    "\x1b", "[", "]", "\x07", "\\", "0", "1", ";", "m", "A", "(", " ", "x", "é", "\x9b",
    "\x1b[0m", "\x1b[32m", "\x1b[2m", "\x1b[1;31m", "\x1b[2K", "\x1b]8;;x\x07", "\x1b\\", "\r",
]  # fmt: skip
_LINE = st.lists(st.sampled_from(_PIECES), max_size=24).map("".join)


@settings(max_examples=1500, deadline=None)
@given(st.lists(_LINE, max_size=6))
def test_byte_chunks_lose_the_same_sequences_as_each_line_loses_in_strip_ansi(lines):
    chunk = "\n".join(lines).encode("utf-8")
    assert _strip_ansi_bytes(chunk).decode("utf-8").split("\n") == [
        strip_ansi(line) for line in "\n".join(lines).split("\n")
    ]


def _full_passes(text: str) -> str:
    """`ANSI_RE` alone, pass after pass until stable (what `strip_ansi` must give)."""
    for _ in range(MAX_PASSES):
        stripped = ANSI_RE.sub("", text)
        if stripped == text:
            break
        text = stripped
    return text


@settings(max_examples=1500, deadline=None)
@given(_LINE)
def test_strip_ansi_quick_path_gives_what_the_full_pattern_gives(line):
    assert strip_ansi(line) == _full_passes(line)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["\x1b[0m", "\x1b[32m", "\x1b[2;3H", "ok ", "é", "\n"])))
def test_colour_only_chunks_take_the_quick_path_and_lose_every_sequence(pieces):
    chunk = "".join(pieces).encode("utf-8")
    assert _strip_ansi_bytes(chunk) == strip_ansi("".join(pieces)).encode("utf-8")
    assert b"\x1b" not in _strip_ansi_bytes(chunk)


def test_a_chunk_with_any_other_sequence_is_stripped_by_the_full_pattern():
    # "ESC ] ..." would take the text after the CSI along if the CSI went first.
    line = "a\x1b]0;t\x1b[0mb\x07c\x1b[31md"
    assert _strip_ansi_bytes(line.encode()).decode() == strip_ansi(line) == "ab\x07cd"


def test_the_matcher_and_the_annotators_read_one_chunk_object():
    lines = chunk_lines(b"\x1b[31mERROR\x1b[0m x\nok\n")
    assert chunk_lines(lines) is lines
    assert (lines.count, lines.stripped, lines.haystack) == (2, b"ERROR x\nok\n", b"error x\nok\n")
    assert annotator_bytes(lines) == (b"ERROR x\nok\n", True)
    assert annotator_bytes(b"\x1b[31mE") == (b"\x1b[31mE", False)
    text = chunk_lines("\x1b[31mÉRROR\x1b[0m\n")
    assert annotator_bytes(text) == ("ÉRROR\n".encode(), True)


def test_newline_offsets_are_every_newline_byte():
    rng = random.Random(4)
    for _trial in range(200):
        data = bytes(rng.choice(b"ab\n\r\xc3") for _ in range(rng.randrange(0, 80)))
        assert newline_offsets(data) == [i for i, byte in enumerate(data) if byte == 10]


@settings(max_examples=200, deadline=None)
@given(
    lines=st.lists(_LINE, max_size=12), end=st.sampled_from(["", "\n", "\x1b[0m"]), cut=st.data()
)
def test_the_line_count_goes_on_from_where_the_prefilter_counted(lines, end, cut):
    """`ByteLines.count` taken after a partial count (offset, newlines before it) in the
    clean bytes equals the raw chunk's lines, a trailing escape sequence making a line."""
    data = ("\n".join(lines) + end).encode("utf-8")
    expected = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    chunk = ByteLines(data)
    offset = cut.draw(st.integers(0, len(chunk.stripped)))
    chunk.counted = (offset, chunk.stripped.count(b"\n", 0, offset))
    assert chunk.count == expected
