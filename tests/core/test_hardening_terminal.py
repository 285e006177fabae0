"""Hardening, finding 2 (terminal escape injection) and finding 8 (exit status, odd names,
codecs): every CLI command prints text that cannot drive a terminal, JSON that is exact."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.core.records_factory import make_record, write_record
from tests.core.test_cli import ERROR_LINE, run_cli
from triage_app.core.ansi import strip_ansi
from triage_app.core.matcher import Matcher, Target
from triage_app.core.sanitize import for_clipboard, for_json, for_terminal

OSC52 = "\x1b\x1b[0m]52;c;ZWNobyBwd25lZA==\x07"  # survives one pass of a one-pass stripper
HOSTILE = (
    OSC52,
    "\x1b[2J",
    "\x1b]8;;file:///etc/passwd\x1b\\click\x1b]8;;\x1b\\",
    "\x08\x08\x08",
    "\x9b2J",  # 8-bit CSI
    "\x9d52;c;eA==\x9c",  # 8-bit OSC
    "\x1b[201~",  # ends a bracketed paste
    "\u202e",  # right-to-left override
    "\r",
)
# What a terminal would obey, in any of its forms, as bytes on the wire.
_DANGEROUS_BYTES = re.compile(
    rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]"
)
_SGR = re.compile(rb"\x1b\[[0-9;]*m")


def _assert_inert(out: bytes) -> None:
    """No control byte except our own colour codes (SGR), newlines and tabs."""
    rest = _SGR.sub(b"", out).replace(b"\r\n", b"\n")
    assert not _DANGEROUS_BYTES.search(rest), rest[:400]


def _hostile_catalog(root):
    bad = "".join(HOSTILE)
    record = make_record(
        "python/hostile-text",
        root_cause=f"Cause {bad} end",
        signature=f"HostileError: boom {bad}",
        category=f"runtime_error{OSC52}",
        regex=r"HostileError: boom",
        examples=["HostileError: boom"],
        counter_examples=[],
    )
    record["workarounds"][0]["action"] = f"Act {bad}"
    record["workarounds"][0]["how"] = f"how {bad}"
    write_record(root, record)
    write_record(root, make_record())
    # A file name that a warning (id vs place) prints.
    write_record(root, make_record("python/named"), name="python/named\x1b]52;c;eA==\x07.json")
    return root


def _hostile_log(tmp_path, name="x.log"):
    lines = [f"noise {h} HostileError: boom" for h in HOSTILE] + [f"{OSC52}{ERROR_LINE}"]
    path = tmp_path / name
    path.write_bytes("\n".join(lines).encode("utf-8") + b"\n")
    return path


def test_finding2_strip_ansi_loops_until_stable():
    assert "\x1b" not in strip_ansi(OSC52 + "text")
    assert strip_ansi("\x1b\x1b\x1b[0m[0m]52;c;x\x07ok") == "ok"


def test_finding2_matcher_byte_path_strips_like_the_text_path():
    matcher = Matcher([Target.compile("a/b", "s", r"pwned")])
    line = "x \x1b\x1b[0m]52;c;pwned\x07 y"
    assert matcher.scan_chunk(line.encode(), 1) == matcher.scan_chunk(line, 1) == []
    [found] = matcher.scan_chunk(f"{line} pwned".encode(), 1)
    assert "\x1b" not in found.text


@pytest.mark.parametrize("hostile", HOSTILE)
def test_finding2_sanitiser_shows_controls_visibly(hostile):
    out = for_terminal(f"a{hostile}b")
    _assert_inert(out.encode())
    assert "\x1b" not in for_clipboard(f"a{hostile}b")
    assert "\u202e" not in for_clipboard(f"a{hostile}b")


def test_finding2_scan_text_output_is_inert_on_a_real_terminal(tmp_path):
    """Through a pty, as a user sees it: colours on, nothing else gets through."""
    catalog = _hostile_catalog(tmp_path / "cat")
    log = _hostile_log(tmp_path, "evil\x1b]52;c;eA==\x07name.log")
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "triage_app", "scan", "--catalog", str(catalog), str(log)],
        stdout=child,
        stderr=child,
        env={k: v for k, v in os.environ.items() if k != "NO_COLOR"} | {"TERM": "xterm"},
    )
    os.close(child)
    out = b""
    while True:
        ready, _, _ = select.select([main], [], [], 120)
        if not ready:
            break
        try:
            data = os.read(main, 65536)
        except OSError:
            break
        if not data:
            break
        out += data
    proc.wait(timeout=120)
    os.close(main)
    assert proc.returncode == 1, out
    assert _SGR.search(out), "colour codes expected on a terminal"
    _assert_inert(out)
    assert b"python/hostile-text" in out and b"\\x1b]52" not in out.split(b"\n")[0][:5]
    assert b"\\u202e" in out  # the bidi override is shown, not obeyed


@pytest.mark.parametrize(
    "command",
    [
        ("scan", "--catalog", "CAT", "LOG"),
        ("lookup", "--catalog", "CAT", "HostileError: boom \x1b]52;c;eA==\x07"),
        ("catalog", "list", "--catalog", "CAT"),
        ("catalog", "validate", "CAT"),
    ],
)
def test_finding2_every_command_prints_inert_text(tmp_path, command):
    catalog = _hostile_catalog(tmp_path / "cat")
    record = make_record("python/bad-\x1b[2J", signature="x\x1b]52;c;eA==\x07")
    write_record(catalog, record, name="python/bad.json")
    log = _hostile_log(tmp_path)
    args = [str(catalog) if a == "CAT" else str(log) if a == "LOG" else a for a in command]
    done = run_cli(*args)
    assert done.returncode in (0, 1), done.stderr
    _assert_inert(done.stdout)
    _assert_inert(done.stderr)


def test_finding2_notes_list_prints_inert_text(tmp_path):
    done = run_cli("notes", "add", "python/x", f"note {OSC52} \u202e\x9b2J")
    assert done.returncode == 0, done.stderr
    listed = run_cli("notes", "list")
    assert b"note " in listed.stdout
    _assert_inert(listed.stdout)


def test_finding2_json_is_exact_but_escapes_c1_and_bidi(tmp_path):
    catalog = _hostile_catalog(tmp_path / "cat")
    log = tmp_path / "c1.log"
    text = "HostileError: boom \x85 \u202e \x9b2J \x7f"
    log.write_bytes(text.encode() + b"\n")
    done = run_cli("scan", "--format", "json", "--catalog", str(catalog), str(log))
    assert done.returncode == 1
    _assert_inert(done.stdout)
    [match] = json.loads(done.stdout)["files"][0]["matches"]
    assert match["text"] == strip_ansi(text)
    assert for_json('"\u0085\u202e"') == '"\\u0085\\u202e"'


def test_finding8_unexpected_failure_prints_one_line_and_exits_2(monkeypatch, capsys, tmp_path):
    from triage_app import cli
    from triage_app.cli import scan_cmd

    def boom(*_args, **_kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(scan_cmd, "scan_file", boom)
    log = tmp_path / "a.log"
    log.write_text("x\n")
    assert cli.main(["scan", str(log)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "disk on fire" in err and "Traceback" not in err


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_finding8_non_utf8_file_name_in_c_locale(tmp_path, fmt):
    name = os.fsdecode(b"bad\xff.log")
    log = tmp_path / name
    log.write_text(ERROR_LINE + "\n")
    catalog = tmp_path / "cat"
    write_record(catalog, make_record())
    env = {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    done = run_cli("scan", "--format", fmt, "--catalog", str(catalog), str(log), env=env)
    assert done.returncode == 1, done.stderr
    assert b"Traceback" not in done.stderr
    if fmt == "json":
        doc = json.loads(done.stdout)
        assert doc["files"][0]["path"] == str(log)
        assert os.fsencode(doc["files"][0]["path"]).endswith(b"bad\xff.log")
    else:
        assert b"bad\\xff.log" in done.stdout


@pytest.mark.parametrize("codec", ["rot13", "hex", "base64", "bz2_codec", "idna", "undefined"])
def test_finding8_non_text_codec_is_refused_with_one_line(tmp_path, codec):
    log = tmp_path / "a.log"
    log.write_text(ERROR_LINE + "\n")
    done = run_cli("scan", "--encoding", codec, str(log))
    assert done.returncode == 2
    err = done.stderr.decode()
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "not a text encoding" in err or "cannot decode" in err


@given(st.lists(st.integers(0, 0xFFFF).map(chr)).map("".join))  # lone surrogates too
def test_for_json_escapes_exactly_the_unsafe_characters(text):
    """The one-pass regex gives what a per-character table look-up gives, surrogates too."""
    expected = "".join(
        f"\\u{ord(ch):04x}"
        if ord(ch) == 0x7F
        or 0x80 <= ord(ch) < 0xA0
        or 0xD800 <= ord(ch) < 0xE000
        or ord(ch) in (0x061C, 0x200E, 0x200F, 0x2028, 0x2029)
        or 0x202A <= ord(ch) <= 0x202E
        or 0x2066 <= ord(ch) <= 0x2069
        else ch
        for ch in text
    )
    assert for_json(text) == expected
