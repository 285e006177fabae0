"""`scan --history`: add what this scan found to the local history (never log contents)."""

from __future__ import annotations

import functools
import os
import sqlite3

from triage_app.cli.output import print_error
from triage_app.core.catalog import Catalog
from triage_app.core.grouping import causal_links
from triage_app.core.scan import FileResult


def record_history(results: list[FileResult], catalog: Catalog) -> None:
    from triage_app.core.history import History
    from triage_app.core.paths import history_db_path

    links = functools.cache(lambda: causal_links(catalog))  # only if a result has no groups
    try:
        with History(history_db_path()) as history:
            if history.problem:
                print_error(history.problem)
            for result in results:
                if result.error:
                    continue
                groups = [g for g in result.group_index(links).groups() if g.kind == "regex"]
                if not groups:
                    continue
                first = result.first_cause.entry_id if result.first_cause else None
                history.record_scan(
                    os.path.basename(result.path),
                    _size(result.path),
                    [g.entry_id for g in groups],
                    first or groups[0].entry_id,
                )
    except (OSError, sqlite3.Error) as exc:
        print_error(f"history not recorded: {exc}")


def _size(path: str) -> int | None:
    try:
        return os.path.getsize(path)
    except OSError:
        return None
