"""Property tests: any bytes give lines or a documented refusal, and line counts are right."""

from __future__ import annotations

import gzip

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from triage_app.core.logsource import LogError, open_log

_settings = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

line_text = st.text(
    # NUL is left out: "\\xff\\xfe\\x00\\x00" is both a UTF-32 BOM and UTF-16 BOM + NUL.
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r\x00"),
    max_size=40,
)
endings = st.sampled_from(["\n", "\r\n"])


def _expected_count(data: bytes) -> int:
    """grep -c '' on bytes: newline count plus one for unterminated trailing text."""
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


@_settings
@given(data=st.binary(max_size=4000), compress=st.booleans())
def test_random_bytes_never_raise_anything_but_a_refusal(tmp_path, data, compress):
    path = tmp_path / "random.log"
    path.write_bytes(gzip.compress(data) if compress else data)
    try:
        with open_log(path) as source:
            lines = list(source.lines())
    except LogError as exc:
        assert str(exc)
        return
    if source.info.encoding in ("utf-8", "utf-8-sig") or source.info.encoding.startswith("cp"):
        assert len(lines) == _expected_count(data.removeprefix(b"\xef\xbb\xbf"))


@_settings
@given(
    lines=st.lists(st.tuples(line_text, endings), max_size=30),
    trailing=st.booleans(),
    codec=st.sampled_from(["utf-8", "utf-16", "utf-16-le", "utf-16-be", "utf-8-sig", "utf-32"]),
)
def test_unicode_logs_round_trip_with_exact_line_count(tmp_path, lines, trailing, codec):
    text = "".join(t + e for t, e in lines)
    if trailing:
        text += "tail"
    path = tmp_path / "text.log"
    path.write_bytes(text.encode(codec))
    try:
        with open_log(path) as source:
            got = list(source.lines())
    except LogError:
        # Only a refusal as binary is allowed, and only when the text itself is mostly
        # control characters (the documented rule).
        assert sum(ord(c) < 32 for c in text) > 0.05 * max(1, len(text))
        return
    expected = [t for t, _e in lines] + (["tail"] if trailing else [])
    bomless = codec in ("utf-16-le", "utf-16-be")
    if bomless and (len(text) < 4 or sum(c.isascii() for c in text) < 0.8 * len(text)):
        return  # BOM-less UTF-16 is recognised by the NUL bytes of mostly-ASCII text only
    assert got == expected
