"""The window's warm scan process: load the catalogue once, then scan log after log.

Starting a process and loading the catalogue for every log costs more than scanning a
pasted error; so the window keeps one (or a few) of these running. Qt-free on purpose: a
spawned child imports only this and the core.

Protocol (all plain picklable data):

- jobs in: `(job_id, path, encoding, byte_range)` (`byte_range`: a `scan_process.ByteRange`
  of the file to scan, or None for all of it), or None to exit;
- messages out: `(job_id, kind, payload)` with the kinds of `scan_process` ("progress",
  "done", "error"), plus `(0, "ready", pid)` once the catalogue is loaded;
- cancel: a shared integer; the running job stops at its next chunk when it holds the job's
  id (a job stuck inside one regex call is the parent's to kill; it then starts a new one).

Before each job the catalogue's key (`catalog_cache.cache_key`) is checked, so an entry the
user added or edited since is used (the catalogue is then reloaded, from the cache if a
sibling process stored it already).
"""

from __future__ import annotations

import multiprocessing
import queue
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from triage_app.core.scan_process import _settle_in_background, run_scan

IDLE_CHECK_S = 1.0  # how often an idle service checks that the window is still there


class _JobCancel:
    """`is_set()` for one job: the shared cancel value names this job."""

    def __init__(self, shared: Any, job_id: int) -> None:
        self._shared = shared
        self._job_id = job_id

    def is_set(self) -> bool:
        return self._shared.value == self._job_id


class _Tagged:
    """An output queue that prefixes each message with the job's id."""

    def __init__(self, out: Any, job_id: int) -> None:
        self._out = out
        self._job_id = job_id

    def put(self, message: tuple[str, Any]) -> None:
        self._out.put((self._job_id, *message))

    def cancel_join_thread(self) -> None:
        self._out.cancel_join_thread()


class _Loaded:
    """The catalogue and matcher the service scans with, reloaded when the key changes."""

    def __init__(self, dirs: Sequence[Path]) -> None:
        self.dirs = list(dirs)
        self.key = ""
        self.matcher: Any = None
        self.entries = 0
        self.error: str | None = None

    def refresh(self) -> None:
        from triage_app.core.catalog_cache import cache_key, open_catalog

        key = cache_key(self.dirs)
        if key == self.key and self.matcher is not None:
            return
        try:
            compiled = open_catalog(self.dirs)
            self.matcher, self.entries = compiled.matcher(), len(compiled.catalog)
            self.key, self.error = key, None
        except Exception as exc:  # noqa: BLE001 - each job reports it as one sentence
            traceback.print_exc(file=sys.stderr)
            self.error = f"the catalogue could not be loaded ({type(exc).__name__}: {exc})"


def service_main(catalog_dirs: Sequence[str], jobs: Any, out: Any, cancel: Any) -> None:
    """Entry point of the service process (a top-level function, so "spawn" can find it)."""
    parent = multiprocessing.parent_process()
    _settle_in_background()
    loaded = _Loaded([Path(d) for d in catalog_dirs])
    loaded.refresh()
    out.put((0, "ready", multiprocessing.current_process().pid))
    while True:
        try:
            job = jobs.get(timeout=IDLE_CHECK_S)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return
            continue
        if job is None:
            return
        job_id, path, encoding, byte_range = job
        tagged = _Tagged(out, job_id)
        loaded.refresh()
        if loaded.error is not None:
            tagged.put(("error", loaded.error))
            continue
        run_scan(
            path,
            encoding,
            loaded.matcher,
            loaded.entries,
            tagged,
            _JobCancel(cancel, job_id),
            byte_range,
        )
