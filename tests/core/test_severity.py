"""Line levels: detected from real log prefixes; info/debug lines fire only opted-in entries."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.matcher import Matcher, Target
from triage_app.core.severity import _LEVEL_RE, PREFIX, detect, level_match, match_level


@pytest.mark.parametrize(
    ("line", "level"),
    [
        ("ERROR:root:something failed", "error"),  # Python logging default format
        ("2024-05-08 08:47:31,261 - trainer - WARNING - slow step", "warning"),
        ("2023-06-21 07:39:30.573 | INFO     | __main__:init:100 - Initializing", "info"),
        ("19/04/25 22:57:21 WARN DependencyUtils: Local jar does not exist", "warning"),
        ("2024-01-01 12:00:00,123 ERROR [main] com.example.App - boom", "error"),
        ("E0101 12:00:00.123456    1234 reflector.go:138] failed to list", "error"),
        ("I0101 12:00:00.123456    1234 server.go:42] serving", "info"),
        ("<3>kernel: oops", "error"),
        ("<6>kernel: eth0 up", "info"),
        ("<7>kernel: noise", "debug"),
        ("2024-01-01T00:00:00.0000000Z ##[error]Process completed with exit code 1.", "error"),
        ("::warning file=a.py::unused import", "warning"),
        ("host:1:2 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>", "info"),
        ("host:1:2 [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed", "warning"),
        ('{"level":"error","msg":"x"}', "error"),
        ("time=2024-01-01 level=debug msg=tick", "debug"),
        ("npm ERR! code ERESOLVE", "error"),
        ("npm notice New minor version of npm available!", "info"),
        ("error[E0382]: borrow of moved value: `m`", "error"),
        ("src/main.c:3:10: fatal error: foo.h: No such file or directory", "error"),
        ("warning: unused variable `x`", "warning"),
        ("  Warning  BackOff  21s  kubelet  Back-off restarting failed container", "warning"),
        ("  Normal   Pulled   12m  kubelet  Successfully pulled image", "info"),
        ("Traceback (most recent call last):", None),
        ("KeyError: 'x'", None),
    ],
)
def test_detects_the_level_a_line_states(line: str, level: str | None) -> None:
    assert detect(line)[0] == level


def test_a_level_word_inside_the_message_does_not_count() -> None:
    text = "ValueError: cannot parse INFO field"
    assert match_level(text, text.index("ValueError")) is None


NCCL_PLUGIN = (
    "node1:2041:2041 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) returned 11 : "
    "libnccl-net.so: cannot open shared object file: No such file or directory"
)
LIBRARY = Target.compile(
    "linux/shared-library-not-found",
    "error while loading shared libraries: libx.so: cannot open shared object file",
    r"cannot open shared object file",
)


def test_info_lines_fire_only_entries_that_opt_in() -> None:
    assert Matcher([LIBRARY]).match_line(NCCL_PLUGIN) is None
    opted = Target.compile(
        LIBRARY.id, LIBRARY.signature, LIBRARY.pattern.pattern, fires_on_info=True
    )
    found = Matcher([opted]).match_line(NCCL_PLUGIN)
    assert found is not None and found.severity == "info"
    plain = "python: error while loading shared libraries: libx.so: cannot open shared object file"
    found = Matcher([LIBRARY]).match_line(plain)
    assert found is not None and found.severity is None  # no level stated: still matchable


def test_bundled_catalogue_ignores_the_nccl_plugin_line_but_not_a_real_error() -> None:
    from triage_app.core.catalog import default_catalog_dirs, load_catalog

    matcher = Matcher.from_catalog(load_catalog(default_catalog_dirs()), fuzzy=True)
    assert matcher.match_line(NCCL_PLUGIN) is None
    real = "ImportError: libcudart.so.12: cannot open shared object file: No such file or directory"
    found = matcher.match_line(real)
    assert found is not None and found.kind == "regex"
    json_doc = found.to_json()
    assert json_doc["severity"] is None and json_doc["event_lines"] is None


# Pieces that make up level prefixes, and the characters around them.
_PIECES = [
    "ERROR",
    "ERR",
    "WARN",
    "WARNING",
    "INFO",
    "DEBUG",
    "FATAL",
    "CRITICAL",
    "CRIT",
    "SEVERE",
    "EMERG",
    "ALERT",
    "PANIC",
    "NOTICE",
    "TRACE",
    "VERBOSE",
    "level",
    "lvl",
    "severity",
    "levelname",
    "npm ",
    "ERR!",
    "error",
    "warning",
    "fatal error",
    "notice",
    "::",
    "##[",
    "<3>",
    "E0101",
    " 12:00:00",
    ":12:",
    "3:",
    "E   ",
    "Normal",
    "Warning",
    "  ",
    " ",
    "=",
    ":",
    '"',
    "[",
    "]",
    "(",
    ")",
    "|",
    ",",
    ";",
    "!",
    "-",
    "x",
    "\t",
    "BackOff ",
    "é",
]


def _facts(found: re.Match[str] | None) -> tuple | None:
    if found is None:
        return None
    return found.start(), found.end(), found.lastgroup, found.group(found.lastgroup or 0)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=30), st.integers(0, 200))
def test_the_level_match_is_the_one_pattern_search(pieces: list[str], pad: int) -> None:
    """`level_match` looks at the start and then searches the rest with a faster pattern; it
    must find what one search with the whole pattern finds (the definition)."""
    body = "".join(pieces)
    for text in (body, "x" * pad + body, " " * (pad % 7) + body, body[pad % 5 :]):
        assert _facts(level_match(text)) == _facts(_LEVEL_RE.search(text, 0, PREFIX))
