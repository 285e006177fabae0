"""The program's own patterns, made from stored programs, are the patterns `re.compile` makes
(`own_regex`), and a stored file that is not ours is never used."""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
import subprocess
import sys
from re import _compiler

import pytest

import triage_app.core
from triage_app.core import own_regex, sre_program

pytestmark = pytest.mark.skipif(
    sre_program.flagged_program("a", 0) is None, reason="not an interpreter whose programs are kept"
)


def _every_core_pattern() -> list[tuple[object, int]]:
    """Every pattern the core's modules compile with `own_regex` at import."""
    for info in pkgutil.walk_packages(triage_app.core.__path__, "triage_app.core."):
        importlib.import_module(info.name)
    return list(own_regex._asked)


def _what_re_hands_sre(pattern, flags: int, monkeypatch) -> tuple:
    """The arguments `re.compile` passes to `_sre.compile` for this pattern."""
    seen = []
    real = _compiler._sre.compile

    def spy(*args):
        seen.append(args)
        return real(*args)

    monkeypatch.setattr(_compiler._sre, "compile", spy)
    _compiler.compile(pattern, flags)
    monkeypatch.undo()
    (args,) = seen
    return args


def test_every_own_pattern_made_from_its_program_is_what_re_compile_makes(monkeypatch):
    keys = _every_core_pattern()
    assert len(keys) > 80  # the level words, the miners' masks, redaction, version rules...
    assert any(isinstance(p, bytes) for p, _f in keys)
    for pattern, flags in keys:
        final, program = sre_program.flagged_program(pattern, flags)
        code, groups, groupindex, indexgroup = program
        expected = _what_re_hands_sre(pattern, flags, monkeypatch)
        words = sre_program.array(sre_program._CODE, code).tolist()
        assert (pattern, final, words, groups, groupindex, indexgroup) == expected, pattern
        made = sre_program.made(pattern, final, program)
        real = re.compile(pattern, flags)
        assert (made.pattern, made.flags, made.groups, made.groupindex) == (
            real.pattern,
            real.flags,
            real.groups,
            real.groupindex,
        )


@pytest.fixture
def fresh_store(monkeypatch, cache_dir):
    """A process state with nothing loaded and nothing asked for yet."""
    monkeypatch.setattr(own_regex, "_stored", None)
    monkeypatch.setattr(own_regex, "_asked", {})
    monkeypatch.setattr(own_regex, "_save_at_exit", True)  # no atexit hook from a test
    return cache_dir


def test_a_saved_pattern_comes_back_from_its_program(fresh_store, monkeypatch):
    first = own_regex.compile(r"(?P<level>ERROR|WARN)\s+(\d+)", re.IGNORECASE)
    assert own_regex.save()
    monkeypatch.setattr(own_regex, "_stored", None)
    compiled = []
    monkeypatch.setattr(re, "compile", lambda *a: compiled.append(a) or None)
    again = own_regex.compile(r"(?P<level>ERROR|WARN)\s+(\d+)", re.IGNORECASE)
    assert compiled == []  # made from the stored program, not parsed
    assert (again.pattern, again.flags, again.groupindex) == (
        first.pattern,
        first.flags,
        first.groupindex,
    )
    assert again.search("x error  42").groups() == ("error", "42")


@pytest.mark.parametrize("damage", ["foreign", "truncated", "not-programs"])
def test_a_store_that_is_not_ours_is_not_used(fresh_store, monkeypatch, damage):
    own_regex.compile(r"disk (full|quota)", 0)
    assert own_regex.save()
    path = own_regex.store_path()
    raw = path.read_bytes()
    if damage == "foreign":  # the same bytes under another user's key
        monkeypatch.setenv("TRIAGE_DATA_DIR", str(fresh_store / "someone-else"))
    elif damage == "truncated":
        path.write_bytes(raw[:-7])
    else:
        from triage_app.core.sealed import write_sealed

        write_sealed(path, own_regex.HEAD, b"\x00not marshal")
    monkeypatch.setattr(own_regex, "_stored", None)
    made = own_regex.compile(r"disk (full|quota)", 0)
    assert made.search("no: disk quota").group(1) == "quota"  # compiled by `re` instead
    assert own_regex._stored == {}


def test_no_cache_reads_and_writes_nothing(fresh_store, monkeypatch):
    monkeypatch.setenv("TRIAGE_NO_CACHE", "1")
    assert own_regex.compile(r"a+b", 0).fullmatch("aab")
    own_regex.save()
    assert not own_regex.store_path().exists()


PROBE = """
import re, sys
from re import _compiler
parsed = []
real = _compiler.compile
_compiler.compile = lambda p, f=0: parsed.append((p, f)) or real(p, f)
from triage_app.cli import main
code = main(["scan", sys.argv[1]])
from triage_app.core import own_regex
own = set(own_regex._asked)
print(len([key for key in parsed if key in own]), len(own))
"""


def test_the_second_scan_parses_none_of_the_programs_own_patterns(tmp_path):
    log = tmp_path / "two.log"
    log.write_text("starting job\nTraceback: java.lang.OutOfMemoryError: Java heap space\n")
    env = {**os.environ, "TRIAGE_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("TRIAGE_NO_CACHE", None)
    runs = []
    for _ in range(2):
        proc = subprocess.run(
            [sys.executable, "-c", PROBE, str(log)],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
        assert proc.returncode == 0, proc.stderr
        runs.append([int(n) for n in proc.stdout.split()[-2:]])
    (first_parsed, asked), (second_parsed, asked_again) = runs
    assert asked_again > 30  # (the first run also builds the catalogue: a few more modules)
    assert first_parsed >= asked * 0.9  # nothing stored yet: parsed by `re` (a few share text)
    assert second_parsed == 0
