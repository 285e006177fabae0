"""Real failures of Python web and data libraries, for tests/catalog/test_reproduce_pylibs.py.

Each module here makes one family of libraries fail for real with the interpreter that
scripts/repro/pylibs.sh installs under .repro/pylibs/: `produce(python, work)` returns what the
tools printed, one section per run, and `CASES` lists (entry id, section, needle): the entry
that must rank first on the first line of that section holding the needle.
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path

Case = tuple[str, str, str]


def write(path: Path, text: str) -> Path:
    """Write dedented text to path, creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def snippets_script(prelude: str, snippets: dict[str, str]) -> str:
    """One script that runs each snippet in turn and prints its traceback, as Python would.

    Running many failures in one interpreter keeps the suite fast; each traceback is the one
    the interpreter prints for an uncaught exception (traceback.print_exc()).
    """
    parts = [
        "import sys, traceback\n",
        textwrap.dedent(prelude),
    ]
    for name, code in snippets.items():
        body = textwrap.indent(textwrap.dedent(code).strip("\n"), "    ")
        parts.append(
            f"\nprint('--- case {name}', file=sys.stderr, flush=True)\n"
            f"def case_{name.replace('-', '_')}():\n{body}\n"
            f"try:\n    case_{name.replace('-', '_')}()\nexcept BaseException:\n"
            "    traceback.print_exc()\n"
            "sys.stdout.flush(); sys.stderr.flush()\n"
        )
    return "".join(parts)


def run_snippets(
    python: Path,
    work: Path,
    name: str,
    prelude: str,
    snippets: dict[str, str],
    env: dict[str, str] | None = None,
) -> str:
    """Write the snippets to work/name.py and run them; return what they printed."""
    script = work / f"{name}.py"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text(snippets_script(prelude, snippets), encoding="utf-8")
    return run([str(python), "-W", "default", script.name], work, env=env)


def run(
    cmd: list[str],
    cwd: Path,
    env: dict[str, str] | None = None,
    timeout: float = 180,
    stdin: str = "",
) -> str:
    """Run a tool expected to fail; return stdout and stderr interleaved as a terminal shows."""
    full_env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "NO_COLOR": "1"}
    full_env["PYTHONUNBUFFERED"] = "1"
    full_env.pop("VIRTUAL_ENV", None)
    full_env.update(env or {})
    proc = subprocess.run(
        cmd,
        cwd=cwd,
        env=full_env,
        input=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        timeout=timeout,
    )
    return proc.stdout
