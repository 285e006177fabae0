"""New entries from a line, through the CLI: print, save, clash, picked up by the next scan."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from triage_app.core import paths
from triage_app.core.user_records import (
    UserRecordError,
    check_pattern,
    delete_user_record,
    draft_record,
    healthy_lines,
    save_user_record,
)

LINE = "2026-11-30T10:00:02Z ERROR payments-svc: ledger sync failed for account 8812: upstream 503"


def cli(*args: str):
    return subprocess.run(
        [sys.executable, "-m", "triage_app", *args], capture_output=True, text=True, timeout=120
    )


def test_draft_is_valid_once_it_has_a_root_cause(tmp_path):
    record = draft_record(LINE, root_cause="the ledger is down")
    assert record["signature"].startswith("payments-svc: ledger sync failed")
    assert record["provenance"]["sources"][0] == {"kind": "local", "quote": LINE}
    path = save_user_record(record)
    assert path.parent.parent == paths.user_records_dir()
    assert json.loads(path.read_text())["id"] == record["id"]
    with pytest.raises(UserRecordError, match="already exists"):
        save_user_record(record)
    delete_user_record(record["id"])
    assert not path.exists()


def test_an_invalid_record_is_refused_and_nothing_is_written():
    record = draft_record(LINE)  # no root cause
    with pytest.raises(UserRecordError, match="root_cause"):
        save_user_record(record)
    assert not paths.user_records_dir().exists() or not any(paths.user_records_dir().rglob("*"))


def test_check_reports_healthy_hits_and_overlaps():
    assert len(healthy_lines()) > 5000  # the shipped compact corpus
    broad = check_pattern(r"Successfully installed", lines=["x", "Successfully installed a-1"])
    assert broad.matched_lines == [2] and broad.healthy_hits
    assert check_pattern("(").error and check_pattern("x*").error


def test_cli_new_prints_saves_and_the_scan_finds_it(tmp_path):
    proc = cli("catalog", "new", "--from-line", LINE)
    assert proc.returncode == 0, proc.stderr
    record = json.loads(proc.stdout)
    assert record["id"].startswith("local/")
    proc = cli("catalog", "new", "--from-line", LINE, "--save")
    assert proc.returncode == 2 and "--root-cause" in proc.stderr
    proc = cli("catalog", "new", "--from-line", LINE, "--id", "local/ledger-sync",
               "--root-cause", "the ledger service is down", "--save")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    log = tmp_path / "svc.log"
    log.write_text("INFO ok\nERROR payments-svc: ledger sync failed for account 17: upstream 502\n")
    scan = cli("scan", "--format", "json", str(log))
    assert scan.returncode == 1, scan.stderr
    assert json.loads(scan.stdout)["files"][0]["matches"][0]["entry_id"] == "local/ledger-sync"
    again = cli("catalog", "new", "--from-line", LINE, "--id", "local/ledger-sync",
                "--root-cause", "x", "--save")  # fmt: skip
    assert again.returncode == 2 and "already exists" in again.stderr


def test_cli_new_refuses_a_pattern_that_misses_its_line():
    proc = cli("catalog", "new", "--from-line", LINE, "--regex", "something else")
    assert proc.returncode == 2 and "does not match" in proc.stderr
