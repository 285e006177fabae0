"""Jupyter failing for real: notebooks run by nbclient on an ipykernel, nbformat validation,
a kernel that never answers, a kernel killed under jupyter_client's restarter, and the
`jupyter` command asked for a subcommand that is not installed."""

from __future__ import annotations

import json
from pathlib import Path

from . import Case, run, run_snippets

CASES: list[Case] = [
    ("jupyter/cell-execution-error", "nbclient", "An error occurred while executing"),
    ("jupyter/asyncio-run-in-running-loop", "nbclient", "RuntimeError: asyncio.run() cannot"),
    ("jupyter/cell-timeout", "nbclient", "A cell timed out"),
    ("jupyter/no-such-kernel", "nbclient", "No such kernel named"),
    ("jupyter/notebook-not-json", "nbformat", "Notebook does not appear to be JSON"),
    ("jupyter/kernel-restarting", "restarter", "KernelRestarter: restarting kernel"),
    ("jupyter/command-not-found", "cli", "Jupyter command `jupyter-notebook` not found"),
    ("jupyter/dead-kernel-error", "nbclient", "DeadKernelError: Kernel died"),
    ("jupyter/kernel-did-not-respond", "nbclient", "RuntimeError: Kernel didn't respond"),
    ("jupyter/missing-id-field-warning", "nbformat", "Cell is missing an id field"),
    ("jupyter/notebook-validation-error", "nbformat", "NotebookValidationError:"),
]


def notebook(*sources: str, minor: int = 5) -> str:
    cells = [
        {
            "cell_type": "code",
            "id": f"c{i}",
            "metadata": {},
            "outputs": [],
            "execution_count": None,
            "source": src,
        }
        for i, src in enumerate(sources)
    ]
    if minor < 5:
        for cell in cells:
            del cell["id"]
    return json.dumps(
        {
            "cells": cells,
            "metadata": {
                "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
            },
            "nbformat": 4,
            "nbformat_minor": minor,
        }
    )


NBCLIENT_PRELUDE = """
import nbformat
from nbclient import NotebookClient
def execute(path, **kw):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_name="python3", **kw).execute()
"""

NBCLIENT = {
    "error": "execute('errors.ipynb')",
    "timeout": "execute('slow.ipynb', timeout=1)",
    "dead": "execute('dies.ipynb')",
    "no-kernel": (
        "nb = nbformat.read('errors.ipynb', as_version=4)\n"
        "NotebookClient(nb, kernel_name='nosuchkernel').execute()"
    ),
    "no-answer": (
        "nb = nbformat.read('errors.ipynb', as_version=4)\n"
        "NotebookClient(nb, kernel_name='sleeper', startup_timeout=2).execute()"
    ),
}

NBFORMAT_PRELUDE = """
import nbformat
"""

NBFORMAT = {
    "not-json": "nbformat.read('broken.ipynb', as_version=4)",
    "ids": "nbformat.validate(nbformat.read('noids.ipynb', as_version=4))",
    "invalid": "nbformat.validate(nbformat.reads(open('extra.ipynb').read(), as_version=4))",
}

RESTARTER = """
import asyncio, logging, os, signal, sys
logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                    format="[%(levelname)s %(asctime)s %(name)s] %(message)s")
from jupyter_client.ioloop import AsyncIOLoopKernelManager
async def main():
    km = AsyncIOLoopKernelManager(kernel_name="python3")
    km.log = logging.getLogger("ServerApp")
    await km.start_kernel()
    km.start_restarter()
    await asyncio.sleep(1)
    os.kill(km.provisioner.process.pid, signal.SIGKILL)
    for _ in range(120):
        await asyncio.sleep(0.25)
        if km._restarter and km._restarter._restart_count:
            break
    await asyncio.sleep(1)
    km.stop_restarter()
    await km.shutdown_kernel(now=True)
asyncio.run(main())
"""


def produce(python: Path, work: Path) -> dict[str, str]:
    root = work / "jupyter"
    root.mkdir(parents=True, exist_ok=True)
    (root / "errors.ipynb").write_text(
        notebook("import asyncio\nasyncio.run(asyncio.sleep(0))"), encoding="utf-8"
    )
    (root / "slow.ipynb").write_text(notebook("import time\ntime.sleep(30)"), encoding="utf-8")
    (root / "dies.ipynb").write_text(notebook("import os\nos._exit(1)"), encoding="utf-8")
    (root / "broken.ipynb").write_text('{"cells": [\n', encoding="utf-8")
    (root / "noids.ipynb").write_text(notebook("1 + 1", minor=5).replace('"id": "c0", ', ""))
    extra = json.loads(notebook("1 + 1"))
    extra["cells"][0]["collapsed_state"] = True
    (root / "extra.ipynb").write_text(json.dumps(extra), encoding="utf-8")
    spec = root / "jpath/kernels/sleeper/kernel.json"
    spec.parent.mkdir(parents=True, exist_ok=True)
    spec.write_text(
        json.dumps(
            {
                "argv": [str(python), "-c", "import time; time.sleep(60)", "{connection_file}"],
                "display_name": "Sleeper",
                "language": "python",
            }
        ),
        encoding="utf-8",
    )
    env = {
        "JUPYTER_PATH": str(root / "jpath"),
        "JUPYTER_PLATFORM_DIRS": "1",
        "HOME": str(root),
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
    }
    out = {
        "nbclient": run_snippets(python, root, "nbclient_cases", NBCLIENT_PRELUDE, NBCLIENT, env),
        "nbformat": run_snippets(python, root, "nbformat_cases", NBFORMAT_PRELUDE, NBFORMAT, env),
    }
    (root / "restarter.py").write_text(RESTARTER, encoding="utf-8")
    out["restarter"] = run([str(python), "restarter.py"], root, env=env)
    jupyter = str(Path(python).parent / "jupyter")
    path = f"{Path(python).parent}:/usr/bin:/bin"
    out["cli"] = run([jupyter, "notebook"], root, env={**env, "PATH": path})
    return out
