"""Lines read a stretch at a time (`LineIndex.lines`) are the lines read one by one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.lineindex import LineIndex

pieces = st.lists(
    st.sampled_from(
        [
            b"INFO ok",
            b"ERROR \xff\xfe bad bytes",
            "caf\u00e9 \u6bb5\u9519\u8bef".encode(),
            b"",
            b"\r",
            b"x" * 300,
        ]
    ),
    max_size=40,
)
endings = st.sampled_from([b"\n", b"\r\n"])


@settings(max_examples=60, deadline=None)
@given(pieces, endings, st.booleans(), st.data())
def test_a_stretch_of_lines_is_each_line_as_read_alone(
    tmp_path_factory, lines, ending, open_end, data
):
    body = ending.join(lines) + (b"" if open_end else ending if lines else b"")
    path = tmp_path_factory.mktemp("idx") / "a.log"
    path.write_bytes(body)
    index = LineIndex(path, "utf-8").build_all()
    try:
        start = data.draw(st.integers(-2, len(index) + 1))
        stop = data.draw(st.integers(start, len(index) + 2))
        want = [index.line(n) for n in range(max(0, start), min(stop, len(index)))]
        assert index.lines(start, stop) == want
    finally:
        index.close()


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_a_partly_built_index_reads_only_what_it_knows(tmp_path, encoding):
    path = tmp_path / "b.log"
    path.write_bytes("".join(f"line {n}\n" for n in range(5000)).encode(encoding))
    index = LineIndex(path, encoding)
    steps = index.build(chunk_bytes=4096)
    next(steps)
    known = len(index)
    assert 0 < known < 5000
    assert index.lines(0, 10_000) == [f"line {n}" for n in range(known)]
    index.close()
