"""Work-arounds for the Qt binding, applied once when the UI modules are imported.

shiboken6 6.12 returns `None` from void C++ methods without adding a reference. From CPython
3.12 on `None` is immortal and that is harmless; on 3.11 every such call takes one reference
from `None`, and a burst of them (highlighting a long code block inserts text token by token)
drives the count to zero and aborts the process with "none_dealloc: deallocating None". The
guard gives `None` the same effectively-unlimited count 3.12 gives it.
"""

from __future__ import annotations

import ctypes
import sys

_GUARD = 1 << 40
_applied = False


def protect_none() -> None:
    """Raise `None`'s reference count far out of reach (CPython < 3.12 only; idempotent)."""
    global _applied
    if _applied or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    if hasattr(sys, "getobjects"):  # a Py_TRACE_REFS build: ob_refcnt is not the first field
        return
    count = ctypes.c_ssize_t.from_address(id(None))  # ob_refcnt is the first field
    before = sys.getrefcount(None)
    count.value += _GUARD
    if abs(sys.getrefcount(None) - before - _GUARD) > 1000:  # not the expected layout: undo
        count.value -= _GUARD
        return
    _applied = True
