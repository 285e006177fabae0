"""The bundled catalogue and resources are found from a wheel install, not only a checkout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# What pyproject.toml builds the wheel from (its package, force-include and readme).
WHEEL_INPUTS = ("pyproject.toml", "README.md", "triage_app", "records", "resources")


@pytest.mark.slow
def test_wheel_install_scans_with_the_bundled_catalogue(tmp_path):
    # Only the wheel's inputs: a checkout also holds .repro/ (GBs of real tools in CI),
    # bench/out/ and caches, and copying them filled the disk of a shared machine.
    src = tmp_path / "src"
    src.mkdir()
    for name in WHEEL_INPUTS:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )
        else:
            shutil.copy2(ROOT / name, src / name)
    dist = tmp_path / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "--disable-pip-version-check",
            "-w",
            str(dist),
            str(src),
        ],
        check=True,
        timeout=600,
    )
    [wheel] = dist.glob("triage_app-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = venv / "bin" / "python"
    subprocess.run(
        [
            str(py),
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--quiet",
            "--disable-pip-version-check",
            str(wheel),
        ],
        check=True,
        timeout=600,
    )
    # Dependencies come from this test environment's site-packages (not its editable
    # triage_app: .pth files in a plain path entry are not processed), so no download.
    site = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(site, "deps-from-test-env.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    log = tmp_path / "elsewhere" / "run.log"
    log.parent.mkdir()
    log.write_text(
        "starting\n[rank2]: RuntimeError: FSDP parameter mismatch across ranks. "
        "Expected parameter 'model.fc.weight' to have shape [100, 256] but got "
        "[100, 128] on rank 2.\n"
    )
    env = {**os.environ, "TRIAGE_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.run(
        [str(venv / "bin" / "triage-app"), "scan", "--format", "json", str(log)],
        capture_output=True,
        text=True,
        cwd=log.parent,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["catalog"]["entries"] >= 1
    assert doc["files"][0]["matches"][0]["entry_id"] == "pytorch/fsdp-param-mismatch"
    where = subprocess.run(
        [
            str(py),
            "-c",
            "from triage_app.core import paths; "
            "print(paths.bundled_records_dir()); print(paths.sample_log_path())",
        ],
        capture_output=True,
        text=True,
        cwd=log.parent,
        check=True,
    )
    records_dir, sample = where.stdout.split()
    assert "_bundled" in records_dir and Path(records_dir).is_dir()
    assert Path(sample).is_file()
