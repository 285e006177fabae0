"""Keep shiboken6 6.12's reference-count slips on `None`, `True` and `False` from aborting.

On CPython 3.11 with PySide6 6.12 two binding calls hand out a reference they never took:
void C++ methods return `None` (highlighting a long code block inserts text token by token,
thousands of calls) and `SignalInstance.emit()` returns `True` (a scan emits thousands of
progress signals). Each lowers the singleton's count by one until "Fatal Python error:
none_dealloc" (or "bool_dealloc") ends the process. From CPython 3.12 on the three are
immortal and this is harmless. `protect_singletons` gives them the same effectively
unlimited count; the app (`triage_app.app.main`) and the test set-up call it once, before
any Qt call.
"""

from __future__ import annotations

import ctypes
import sys

_GUARD = 1 << 40
_applied = False


def protect_singletons() -> None:
    """Raise the counts of `None`, `True` and `False` far out of reach (idempotent).

    Only on CPython before 3.12, and only when `ob_refcnt` is where a release build keeps it
    (the first field): the change is checked through `sys.getrefcount` and undone otherwise.
    """
    global _applied
    if _applied or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    if hasattr(sys, "getobjects"):  # a Py_TRACE_REFS build: ob_refcnt is not the first field
        return
    count = ctypes.c_ssize_t.from_address(id(None))
    before = sys.getrefcount(None)
    count.value += _GUARD
    if abs(sys.getrefcount(None) - before - _GUARD) > 1000:  # not the expected layout: undo
        count.value -= _GUARD
        return
    for singleton in (True, False):
        ctypes.c_ssize_t.from_address(id(singleton)).value += _GUARD
    _applied = True
