"""The scan process's main function. Qt-free on purpose: a spawned child imports only this.

CPython's `re` holds the GIL for a whole search, seconds for a broad pattern over a big chunk,
so the window scans in a separate process. The child loads the catalogue from the same folders
as the window, runs `iter_scan` and puts one message per chunk on `out`:

- `("progress", ScanProgress)`: the chunk's matches and how far the scan has come;
- `("done", ScanDone)`: the scan ended (completely or cancelled);
- `("error", str)`: the log could not be read (a sentence for the user).

It stops at the next chunk when `cancel` is set or the parent process has gone away.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHILD_CHUNK_BYTES = 1024 * 1024  # small chunks: matches stream in, cancel reacts quickly


def _die_with_parent() -> None:
    """Linux: the kernel kills this process when the window dies (even by SIGKILL), so a scan
    can never be orphaned; elsewhere the check between chunks ends it."""
    if not sys.platform.startswith("linux") or multiprocessing.parent_process() is None:
        return  # not Linux, or not a child process (a test calling scan_main directly)
    with contextlib.suppress(OSError, AttributeError):
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL)
        parent = multiprocessing.parent_process()
        if parent is not None and not parent.is_alive():  # it died before prctl took effect
            os._exit(0)


def _with_slow_patterns(warning: str | None, slow: list[tuple[str, int]]) -> str | None:
    """The scan's warning, plus a sentence per pattern that ran past its time budget."""
    notes = [
        f"the pattern of {entry_id} took too long on line {line} and was skipped for the rest "
        "of this log"
        for entry_id, line in slow
    ]
    return "; ".join([*([warning] if warning else []), *notes]) or None


@dataclass(frozen=True)
class ScanDone:
    """The end of a scan, as the child saw it."""

    lines: int
    cancelled: bool
    warning: str | None
    fuzzy_skipped: int
    catalog_entries: int


def scan_main(
    path: str,
    encoding: str | None,
    catalog_dirs: Sequence[str],
    out: Any,
    cancel: Any,
) -> None:
    """Entry point of the scan process (a top-level function, so "spawn" can find it)."""
    from triage_app.core.catalog_cache import open_catalog
    from triage_app.core.logsource import LogError, open_log
    from triage_app.core.results import ScanSummary
    from triage_app.core.scan import iter_scan

    parent = multiprocessing.parent_process()
    _die_with_parent()
    if hasattr(os, "nice"):  # background work: the window's own thread comes first
        with contextlib.suppress(OSError):
            os.nice(5)
    try:
        compiled = open_catalog([Path(d) for d in catalog_dirs])
        catalog, matcher = compiled.catalog, compiled.matcher()
        summary = ScanSummary()
        with open_log(path, encoding=encoding) as source:
            for progress in iter_scan(
                source, matcher, summary, cancel=cancel, chunk_bytes=CHILD_CHUNK_BYTES
            ):
                out.put(("progress", progress))
                if parent is not None and not parent.is_alive():
                    # Nobody reads the queue any more: exit without waiting to flush it.
                    out.cancel_join_thread()
                    return
        out.put(
            (
                "done",
                ScanDone(
                    summary.lines,
                    summary.cancelled or cancel.is_set(),
                    _with_slow_patterns(summary.warning, summary.slow_patterns),
                    summary.fuzzy_skipped,
                    len(catalog),
                ),
            )
        )
    except LogError as exc:
        out.put(("error", str(exc)))
    except Exception as exc:  # noqa: BLE001 - reported to the window as one sentence
        traceback.print_exc(file=sys.stderr)
        out.put(("error", f"the scan stopped unexpectedly ({type(exc).__name__}: {exc})"))
