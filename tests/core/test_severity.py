"""Line levels: detected from real log prefixes; info/debug lines fire only opted-in entries."""

from __future__ import annotations

import pytest

from triage_app.core.matcher import Matcher, Target
from triage_app.core.severity import detect, match_level


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
