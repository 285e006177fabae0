"""The core and the CLI import no Qt: a checked rule, not a hope."""

from __future__ import annotations

import os
import subprocess
import sys

PROBE = """
import sys, importlib, pkgutil
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "PySide6" or name.startswith("PySide6."):
            raise ImportError("Qt is not allowed here: " + name)
sys.meta_path.insert(0, Block())
import triage_app.core, triage_app.cli
for pkg in (triage_app.core, triage_app.cli):
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        importlib.import_module(info.name)
from triage_app.cli import main
main(["catalog", "list"])
assert not [m for m in sys.modules if m.startswith("PySide6")]
print("qt-free")
"""


def test_core_and_cli_never_import_qt():
    proc = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("qt-free")


SCAN_PROBE = """
import sys
from triage_app.cli import main
status = main(["scan", sys.argv[1]])
print("scanned", status, "dataclasses" in sys.modules)
"""


def test_a_short_scan_imports_no_dataclasses(tmp_path):
    """`dataclasses` (and the `inspect`, `ast`... it brings) costs ~15 ms at each start and
    every dataclass ~0.5 ms more: the scan path's data classes are plain (`core/plain`)."""
    log = tmp_path / "two.log"
    log.write_text("starting job\nTraceback: java.lang.OutOfMemoryError: Java heap space\n")
    env = {**os.environ, "TRIAGE_CACHE_DIR": str(tmp_path / "cache")}
    for run in ("cold cache", "warm cache"):
        proc = subprocess.run(
            [sys.executable, "-c", SCAN_PROBE, str(log)],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        assert proc.returncode == 0, proc.stderr
        assert "java/out-of-memory-heap" in proc.stdout, proc.stdout
        assert proc.stdout.splitlines()[-1] == "scanned 1 False", (run, proc.stdout[-2000:])
