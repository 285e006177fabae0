"""The window's scan process entry point: Qt-free (a spawned child imports only it) and
reporting a whole scan as queue messages."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import queue, sys, threading
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "PySide6" or name.startswith("PySide6") or name.startswith("shiboken"):
            raise ImportError("Qt is not allowed here: " + name)
sys.meta_path.insert(0, Block())
from triage_app.core.catalog import default_catalog_dirs
from triage_app.core.paths import sample_log_path
from triage_app.core.scan_process import ScanDone, scan_main
out = queue.Queue()
scan_main(str(sample_log_path()), None, [str(d) for d in default_catalog_dirs([])], out,
          threading.Event())
messages = []
while not out.empty():
    messages.append(out.get())
kinds = [kind for kind, _ in messages]
assert kinds[-1] == "done" and set(kinds[:-1]) == {"progress"}, kinds
done = messages[-1][1]
assert isinstance(done, ScanDone) and not done.cancelled and done.lines > 0, done
batches = [p.batch for kind, p in messages if kind == "progress"]  # compact: a whole log
found = {m.top.entry_id for b in batches for m in b.examples}
assert "cuda/out-of-memory" in found, sorted(found)
assert sum(len(b) for b in batches) == sum(c[1] for b in batches for c in b.counts) > 0
assert not [m for m in sys.modules if m.startswith(("PySide6", "shiboken"))]
assert "dataclasses" not in sys.modules  # its classes are plain (`core/plain`)
print("qt-free", done.lines)
"""


def test_the_scan_process_runs_a_whole_scan_without_qt():
    proc = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("qt-free")
