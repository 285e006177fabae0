"""A test's view of the parallel scans it runs: every `ParallelScan` made, with any file split."""

from __future__ import annotations

import pytest

from triage_app.core import parallel_scan


def spy_on_scans(monkeypatch: pytest.MonkeyPatch, piece_bytes: int) -> list:
    """Every `ParallelScan` made from now on (appended as made); files of any size are split
    into pieces of `piece_bytes` (1: one read block per piece), forked even when another
    test left a thread running (which would otherwise turn these scans single-process)."""
    made = []

    class Spy(parallel_scan.ParallelScan):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(parallel_scan, "ParallelScan", Spy)
    monkeypatch.setattr(parallel_scan, "_start_method", lambda _matcher: "fork")
    monkeypatch.setattr(parallel_scan, "MIN_BYTES", 0)
    monkeypatch.setattr(parallel_scan, "PIECE_BYTES", piece_bytes)
    return made
