"""Hardening, finding 9 (smaller): a user entry that overrides a bundled one is marked in
the scan output, with whether the bundled entry changed since."""

from __future__ import annotations

import json

import pytest

from tests.core.records_factory import make_record, write_record
from tests.core.test_cli import run_cli
from triage_app.core import paths
from triage_app.core.catalog import load_catalog


def _bundled(entry_id: str = "python/module-not-found"):
    catalog = load_catalog([paths.bundled_records_dir()])
    return catalog.get(entry_id)


@pytest.mark.parametrize(("own_date", "changed"), [("2000-01-01", True), ("2999-01-01", False)])
def test_finding9_user_override_is_marked_in_text_and_json(tmp_path, own_date, changed):
    bundled = _bundled()
    assert bundled.get("last_updated"), "the test needs a dated bundled entry"
    mine = dict(bundled.data)
    mine["root_cause"] = "My own explanation."
    mine["last_updated"] = own_date
    data = tmp_path / "data"
    write_record(data / "records", mine)
    log = tmp_path / "x.log"
    log.write_text("ModuleNotFoundError: No module named 'yaml'\n")
    env = {"TRIAGE_DATA_DIR": str(data)}
    doc = json.loads(run_cli("scan", "--format", "json", str(log), env=env).stdout)
    [override] = doc["catalog"]["overrides"]
    assert override["entry_id"] == bundled.id
    assert override["replaced_changed_since"] is changed
    assert override["own_last_updated"] == own_date
    text = " ".join(run_cli("scan", str(log), env=env).stdout.decode().split())
    assert "your entry replaces the bundled 'python/module-not-found'" in text
    assert ("the bundled entry was updated on" in text) is changed
    assert "My own explanation." in text


def test_finding9_no_overrides_without_user_entries(tmp_path):
    log = tmp_path / "x.log"
    log.write_text("ModuleNotFoundError: No module named 'yaml'\n")
    doc = json.loads(run_cli("scan", "--format", "json", str(log)).stdout)
    assert doc["catalog"]["overrides"] == []


def test_finding9_id_with_trailing_newline_is_refused(tmp_path):
    write_record(tmp_path, make_record("python/trailing\n"), name="python/trailing.json")
    catalog = load_catalog([tmp_path])
    assert len(catalog) == 0
    assert any(p.field == "id" for p in catalog.errors)
