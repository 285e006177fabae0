"""The core and the CLI import no Qt: a checked rule, not a hope."""

from __future__ import annotations

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
