"""Drive a Dask cluster over many logs: a local one by default, an existing one when asked.

Work goes out in small groups of files (one task per group keeps Dask's per-task cost small
next to a small log's scan) and comes back as each group finishes, in completion order. A
group whose worker died is retried by Dask on another worker; a group that fails for good
gives each of its files an `error` line, so a batch never stops on one bad input.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from contextlib import ExitStack

from triage_app.fleet import SCHEMA
from triage_app.fleet.tasks import CatalogPayload, ResultLine, result_line, scan_group

MAX_GROUP = 256


class FleetUnavailableError(Exception):
    """Dask is not installed, or the cluster cannot be reached (the message says which)."""


def import_dask():
    """`distributed`, or FleetUnavailableError saying how to install it."""
    try:
        import distributed
    except ImportError as exc:
        raise FleetUnavailableError(
            "batch needs Dask: pip install 'triage-app[fleet]' (dask and distributed)"
        ) from exc
    return distributed


def group_inputs(inputs: Sequence[str], workers: int) -> list[list[str]]:
    """About two groups per worker, at most MAX_GROUP files each, in input order.

    Few large groups: a task costs Dask tens of milliseconds on a busy machine, a small log
    about one millisecond to scan.
    """
    size = max(1, min(MAX_GROUP, len(inputs) // max(1, workers * 2)))
    return [list(inputs[i : i + size]) for i in range(0, len(inputs), size)]


def run_batch(
    inputs: Sequence[str],
    payload: CatalogPayload,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
) -> Iterator[ResultLine]:
    """Yield one result line per input as results arrive (completion order)."""
    distributed = import_dask()
    if not inputs:
        return
    with ExitStack() as stack:
        client = stack.enter_context(_client(distributed, scheduler, workers))
        count = len(client.scheduler_info().get("workers", {})) or (workers or 1)
        shared = client.scatter(payload, broadcast=True, hash=False)
        groups = group_inputs(inputs, count)
        futures = {
            client.submit(scan_group, shared, group, pure=False, retries=1): group
            for group in groups
        }
        try:
            for future in distributed.as_completed(futures):
                group = futures.pop(future)
                yield from _results_of(future, group)
        finally:
            for future in futures:
                future.cancel()


def _results_of(future, group: list[str]) -> Iterator[ResultLine]:
    try:
        docs = future.result()
    except Exception as exc:  # the whole group failed for good (e.g. its worker kept dying)
        reason = f"the worker scanning it failed: {type(exc).__name__}: {exc}"
        for path in group:
            yield result_line(
                {
                    "schema": SCHEMA,
                    "path": path,
                    "lines": 0,
                    "encoding": None,
                    "compression": None,
                    "error": reason,
                    "matches": [],
                    "first_cause": None,
                }
            )
        return
    yield from docs


def _client(distributed, scheduler: str | None, workers: int | None):
    if scheduler:
        try:
            return distributed.Client(scheduler, timeout="10s")
        except (OSError, TimeoutError) as exc:
            raise FleetUnavailableError(f"--scheduler {scheduler}: cannot connect ({exc})") from exc
    count = workers or os.cpu_count() or 1
    cluster = distributed.LocalCluster(
        n_workers=count,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    client = distributed.Client(cluster)
    return _Owned(client, cluster)


class _Owned:
    """A client whose local cluster starts and stops with the command."""

    def __init__(self, client, cluster) -> None:
        self.client, self.cluster = client, cluster

    def __enter__(self):
        return self.client

    def __exit__(self, *exc: object) -> None:
        self.client.close()
        self.cluster.close()
