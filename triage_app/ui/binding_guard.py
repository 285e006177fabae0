"""Keep shiboken6 6.12's reference-count slips on `True`/`False` from aborting the window.

On CPython 3.11 with PySide6 6.12, `SignalInstance.emit()` returns `True` without adding the
reference it hands out (measured: each emit lowers `sys.getrefcount(True)` by one). `True`
starts with a few thousand references, so a scan that emits a few thousand progress signals
ends in "Fatal Python error: bool_dealloc". From CPython 3.12 on, `True`, `False` and `None`
are immortal and this is harmless. The guard gives them an effectively unlimited count, as
3.12 does; `compat.protect_none` (the entry panel's) covers `None` the same way.
"""

from __future__ import annotations

import ctypes
import sys

from triage_app.ui.compat import protect_none

_GUARD = 1 << 40
_applied = False


def protect_singletons() -> None:
    """Raise the counts of `True`, `False` (and `None`) out of reach; idempotent, 3.11 only."""
    global _applied
    protect_none()
    if _applied or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    for singleton in (True, False):
        ctypes.c_ssize_t.from_address(id(singleton)).value += _GUARD  # ob_refcnt comes first
    _applied = True
