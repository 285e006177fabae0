"""Helpers for tests that produce a real error and check that the scan finds it.

They drive the headless contract (`triage-app scan --format json`, DESIGN.md), so they test
the whole path a user takes: real tool output -> log file -> scan -> ranked match.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Variables that could hand a real identity or region to the AWS CLI / SDKs.
AWS_VARS = [
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_SECURITY_TOKEN",
    "AWS_PROFILE",
    "AWS_DEFAULT_PROFILE",
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "AWS_ROLE_ARN",
    "AWS_WEB_IDENTITY_TOKEN_FILE",
    "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
    "AWS_CONTAINER_CREDENTIALS_FULL_URI",
    "AWS_CONTAINER_AUTHORIZATION_TOKEN",
    "AWS_ENDPOINT_URL",
    "AWS_SDK_LOAD_CONFIG",
]


def run_tool(
    cmd: list[str] | str,
    cwd: Path,
    *,
    shell: bool = False,
    env: dict | None = None,
    timeout: float = 300,
) -> str:
    """Run a real tool that is expected to fail and return its combined stdout and stderr."""
    full_env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "NO_COLOR": "1"}
    if env:
        full_env.update(env)
    proc = subprocess.run(
        cmd,
        cwd=cwd,
        shell=shell,
        env=full_env,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
    )
    return proc.stdout + proc.stderr


def require_tool(name: str) -> str:
    """Skip the test, saying why, when the tool is not installed on this machine."""
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed on this machine")
    return path


REPRO_DIR = Path(__file__).resolve().parents[2] / ".repro"


def require_repro_tool(ecosystem: str, relative: str) -> Path:
    """Return a tool that `scripts/repro/<ecosystem>.sh` installs under `.repro/<ecosystem>/`.

    `make test` installs these first, so under CI=true a missing tool is a failure, not a skip;
    elsewhere (a bare `pytest` run) the test skips and says how to install it.
    """
    path = REPRO_DIR / ecosystem / relative
    if path.exists():
        return path
    message = f"{path} is missing: scripts/repro/{ecosystem}.sh installs it (make repro-tools)"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(message)
    pytest.skip(message)


def scan_json(log_path: Path, data_dir: Path) -> dict:
    """Scan one file through the CLI and return the parsed JSON document."""
    env = {**os.environ, "TRIAGE_DATA_DIR": str(data_dir)}
    proc = subprocess.run(
        [sys.executable, "-m", "triage_app", "scan", "--format", "json", str(log_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)


def assert_reproduced(output: str, entry_id: str, needle: str, tmp_path: Path) -> None:
    """Assert that scanning `output` finds `entry_id` first on the line holding `needle`.

    The expected line number is computed from the real output (first line containing
    `needle`, numbered like `grep -n`), never written into the test.
    """
    log = tmp_path / "real-output.log"
    log.write_text(output, encoding="utf-8")
    lines = output.split("\n")
    expected = next((i + 1 for i, line in enumerate(lines) if needle in line), None)
    assert expected is not None, f"the tool's output does not contain {needle!r}:\n{output}"
    doc = scan_json(log, tmp_path / "data")
    matches = {m["line"]: m for m in doc["files"][0]["matches"]}
    assert expected in matches, (
        f"no match on line {expected} ({lines[expected - 1]!r}); matches: "
        f"{[(m['line'], m['entry_id']) for m in matches.values()]}"
    )
    found = matches[expected]
    assert found["kind"] == "regex", found
    assert found["entry_id"] == entry_id, (
        f"line {expected} ranked {found['entry_id']} first, expected {entry_id}: "
        f"{[c['entry_id'] for c in found['candidates']]}"
    )


def check_batch(sections: list[str], cases: list[tuple[str, str]], tmp_path: Path) -> None:
    """Scan all sections as one log; each (entry id, needle) must rank first on its line.

    The expected line is the first one holding the needle, found in the real output.
    """
    output = "\n".join(sections)
    log = tmp_path / "real-output.log"
    log.write_text(output, encoding="utf-8")
    lines = output.split("\n")
    doc = scan_json(log, tmp_path / "data")
    matches = {m["line"]: m for m in doc["files"][0]["matches"]}
    problems = []
    for entry_id, needle in cases:
        line = next((i + 1 for i, text in enumerate(lines) if needle in text), None)
        if line is None:
            problems.append(f"{entry_id}: the tools printed no line holding {needle!r}")
        elif line not in matches or matches[line]["kind"] != "regex":
            problems.append(f"{entry_id}: no pattern matched line {line}: {lines[line - 1]!r}")
        elif matches[line]["entry_id"] != entry_id:
            problems.append(
                f"{entry_id}: line {line} ranked {matches[line]['entry_id']} first: "
                f"{lines[line - 1]!r}"
            )
    assert not problems, "\n".join(problems) + "\n--- output ---\n" + output
