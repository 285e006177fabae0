"""Helpers shared by the notes tests (this module holds no tests of its own).

Child processes run small scripts with `python -c`, so the crash and concurrency tests use real,
separate interpreters. The fault-injection hook is replaced only inside those children.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from triage_app.cli import errors as cli_errors
from triage_app.cli import notes_cmd

REPO = Path(__file__).resolve().parents[2]
HANG_TIMEOUT = 180  # seconds; only to catch a hang, never to measure anything


class StepClock:
    """A clock that advances one millisecond per call, so timestamps are distinct and known."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 11, 29, 20, 15, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(milliseconds=1)
        return self.now


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return env


def run_child(code: str, *args: str, timeout: float = HANG_TIMEOUT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def start_child(code: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        env=child_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def run_notes_cli(argv: Sequence[str]) -> int:
    """Run `triage-app <argv>` in this process, as the console script would.

    Goes through `triage_app.cli.main` once the top-level parser lists `notes`; until then it
    builds the same parser around `notes_cmd.register` and handles errors as `main` does.
    """
    from triage_app import cli

    if "notes" in getattr(cli, "SUBCOMMANDS", ()):
        return cli.main(list(argv))
    parser = argparse.ArgumentParser(prog="triage-app")
    notes_cmd.register(parser.add_subparsers(dest="command"))
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:
        return 0 if exc.code == 0 else 2
    try:
        return int(args.func(args))
    except cli_errors.CliError as exc:
        print(f"triage-app: {exc}", file=sys.stderr)
        return exc.exit_code


#: `python -c` code for a child that runs the notes CLI the same way (argv after `-c CODE`).
CLI_CHILD = """
import sys
from tests.core.test_notes_support import run_notes_cli
sys.exit(run_notes_cli(sys.argv[1:]))
"""


def file_tables(path: Path) -> dict:
    """The notes file parsed as plain JSON (fails the test if it does not parse)."""
    return json.loads(path.read_bytes())


def assert_valid_file(path: Path) -> dict:
    tables = file_tables(path)
    assert tables["meta"]["schema"]["schema_version"] == 1
    for note_id, doc in tables.get("notes", {}).items():
        assert doc["note_id"] == note_id
        assert isinstance(doc["text"], str) and isinstance(doc["tags"], list)
    return tables


def skip_unless_posix_signals() -> None:
    if os.name != "posix":
        pytest.skip("needs POSIX signals (SIGKILL) and fork")
