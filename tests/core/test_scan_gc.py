"""A scan keeps what it found out of the collector's way, and gives it back when it ends."""

from __future__ import annotations

import gc
import threading

from tests.core.records_factory import make_record, write_record
from triage_app.core.catalog_cache import open_catalog
from triage_app.core.logsource import open_log
from triage_app.core.results import ScanSummary
from triage_app.core.scan import iter_scan, scan_file


def _matcher(tmp_path):
    root = tmp_path / "records"
    write_record(root, make_record())
    return open_catalog([root]).matcher()


def _log(tmp_path, lines: int):
    log = tmp_path / "many.log"
    line = "2026-01-01 ERROR DemoError: the widget 'y' broke at step 7\n"
    log.write_text("starting\n" + line * lines, encoding="utf-8")
    return log


def test_matches_are_frozen_while_the_scan_runs_and_unfrozen_after(tmp_path, cache_dir):
    matcher = _matcher(tmp_path)
    log = _log(tmp_path, 3000)
    assert gc.get_freeze_count() == 0
    with open_log(log) as source:
        steps = iter_scan(source, matcher, ScanSummary(), chunk_bytes=16 * 1024)
        next(steps)
        assert gc.get_freeze_count() > 0  # what the first chunk kept is out of the way
        for _ in steps:
            pass
    assert gc.get_freeze_count() == 0
    result = scan_file(log, matcher)
    assert len(result.matches) == 3000 and gc.get_freeze_count() == 0


def test_a_scan_left_early_unfreezes_too(tmp_path, cache_dir):
    matcher = _matcher(tmp_path)
    log = _log(tmp_path, 3000)
    cancel = threading.Event()
    with open_log(log) as source:
        steps = iter_scan(source, matcher, ScanSummary(), chunk_bytes=16 * 1024, cancel=cancel)
        next(steps)
        steps.close()  # the caller stops reading
    assert gc.get_freeze_count() == 0
    with open_log(log) as source:
        summary = ScanSummary()
        steps = iter_scan(source, matcher, summary, chunk_bytes=16 * 1024, cancel=cancel)
        next(steps)
        cancel.set()
        list(steps)
    assert summary.cancelled and gc.get_freeze_count() == 0
