"""Shared by the ML reproduction drivers, which run under the `.repro/ml/` interpreter.

Each driver is a script holding named cases; every case does, for real, what a user does when
the error happens, and lets the library print what it prints. The driver writes a marker line
before each case so that the test can cut its output into one chunk per case. An exception a
case raises is printed with `traceback.print_exc()`, the text Python prints for an uncaught
exception, and the next case runs.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable

MARK = "@@reproml-case "


def run_cases(cases: dict[str, Callable[[], object]], argv: list[str]) -> None:
    """Run the cases named in argv (all of them when none is named), in order."""
    for name in argv or list(cases):
        print(MARK + name, flush=True)
        try:
            cases[name]()
        except Exception:
            traceback.print_exc()
        sys.stdout.flush()
        sys.stderr.flush()
