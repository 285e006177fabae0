"""One warm scan process (`core.scan_service`), seen from the window.

A plain object owned by the `ScanScheduler` on the GUI thread: it starts the child, hands it
jobs, reads its messages without blocking, and kills it when a job is stuck or the window
closes. Jobs are numbered across the whole window, so a message is never taken for another
job's.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import queue
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from triage_app.core.scan_process import ByteRange
from triage_app.core.scan_service import service_main

CONTEXT = multiprocessing.get_context("spawn")
PROCESS_NAME = "triage-scan"
_job_ids = itertools.count(1)


def next_job_id() -> int:
    return next(_job_ids)


class ScanService:
    """A running scan process with its queues; `busy` is the job it is scanning for."""

    def __init__(self, catalog_dirs: Sequence[Path | str]) -> None:
        self.catalog_dirs = [str(d) for d in catalog_dirs]
        self.jobs = CONTEXT.Queue()
        self.out = CONTEXT.Queue()
        self.cancel_value = CONTEXT.RawValue("q", 0)
        self.busy: object | None = None
        self.process = CONTEXT.Process(
            target=service_main,
            args=(self.catalog_dirs, self.jobs, self.out, self.cancel_value),
            name=PROCESS_NAME,
            daemon=True,  # never outlives the window
        )
        self.process.start()

    @property
    def pid(self) -> int | None:
        return self.process.pid

    @property
    def alive(self) -> bool:
        return self.process.exitcode is None and self.process.is_alive()

    def serves(self, catalog_dirs: Sequence[Path | str]) -> bool:
        return self.catalog_dirs == [str(d) for d in catalog_dirs]

    def submit(
        self, job_id: int, path: str, encoding: str | None, byte_range: ByteRange | None = None
    ) -> None:
        """Scan `path` (only `byte_range` of it, when given) as job `job_id`."""
        self.jobs.put((job_id, path, encoding, byte_range))

    def cancel(self, job_id: int) -> None:
        """The job stops at its next chunk (if it is running or about to)."""
        self.cancel_value.value = job_id

    def get_nowait(self) -> tuple[int, str, Any]:
        """The next message; raises `queue.Empty` (also when the child died mid-message)."""
        try:
            return self.out.get_nowait()
        except (EOFError, OSError, ValueError):
            raise queue.Empty from None

    def kill(self) -> None:
        """End the child at once (a stuck job, or the window closing)."""
        with contextlib.suppress(ValueError, AttributeError):
            if self.process.is_alive():
                self.process.kill()
            self.process.join(1.0)
        self._close_queues()

    def close(self, timeout: float = 2.0) -> None:
        """Ask the child to exit, wait up to `timeout`, then kill it."""
        with contextlib.suppress(ValueError, OSError):
            self.jobs.put(None)
            self.process.join(timeout)
        self.kill()
        with contextlib.suppress(ValueError):
            self.process.close()

    def _close_queues(self) -> None:
        for q in (self.jobs, self.out):
            q.cancel_join_thread()
            with contextlib.suppress(OSError, ValueError):
                q.close()
