"""Quoted source and stack frames are context: they never count as emitted errors."""

from __future__ import annotations

import subprocess
import sys

from triage_app.core.context import is_context
from triage_app.core.matcher import Matcher, Target

ATTRIBUTE = Target.compile(
    "python/module-has-no-attribute",
    "AttributeError: module 'x' has no attribute 'y'",
    r"has no attribute '[^']+'",
)


def _real_traceback(tmp_path) -> list[str]:
    """A real traceback whose library frame quotes source holding the error's wording."""
    lib = tmp_path / "lib.py"
    lib.write_text(
        "def check(mod, name):\n"
        "    if not hasattr(mod, name): raise AttributeError(f\"module has no attribute '{name}'\")\n"
    )
    main = tmp_path / "main.py"
    main.write_text("import lib, os\nlib.check(os, 'nope')\n")
    run = subprocess.run(
        [sys.executable, str(main)], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert run.returncode == 1
    return run.stderr.splitlines()


def test_the_source_line_a_traceback_quotes_is_context(tmp_path) -> None:
    lines = _real_traceback(tmp_path)
    chunk = "\n".join(lines) + "\n"
    found = Matcher([ATTRIBUTE]).scan_chunk(chunk, 1)
    # The quoted `raise AttributeError(...)` source line does not match; the emitted one does.
    assert [m.text for m in found] == [lines[-1]]
    assert lines[-1].startswith("AttributeError: module has no attribute 'nope'")


def test_context_lines_across_a_chunk_boundary(tmp_path) -> None:
    lines = _real_traceback(tmp_path)
    matcher = Matcher([ATTRIBUTE])
    from triage_app.core.events import ChunkState

    state = ChunkState()
    found = []
    for number, line in enumerate(lines, 1):  # one line per chunk
        found += matcher.scan_chunk((line + "\n").encode(), number, None, state)
    assert [m.line for m in found] == [len(lines)]


def test_stack_frames_and_snippets_are_context() -> None:
    assert is_context("\tat java.lang.ClassLoader.loadClass(ClassLoader.java:424)", None)
    assert is_context("    at Object.<anonymous> (/app/index.js:3:9)", None)
    assert is_context("        /usr/local/go/src/os/exec/exec.go:453 +0x26", None)
    assert is_context("35 |                 self.head = node.next;", None)
    assert is_context("> 48 |         element={<FooterLight links={links} />}", None)
    assert is_context("    x = d['k']", '  File "/app/main.py", line 3, in <module>')
    assert not is_context("KeyError: 'k'", "    x = d['k']")
    assert not is_context("Caused by: java.lang.ClassNotFoundException: X", None)
