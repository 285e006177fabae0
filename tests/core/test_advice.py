"""Honest numbers: a rate without a cited source is an estimate on every surface."""

from __future__ import annotations

import json
import subprocess
import sys

from triage_app.core.advice import advice_json, rate_basis, rate_text


def test_rate_basis_needs_a_source_on_the_item_itself():
    assert rate_basis({"action": "a", "success_rate": 0.9}) == "estimate"
    assert rate_basis({"action": "a", "success_rate": 0.9, "sources": []}) == "estimate"
    assert rate_basis({"action": "a", "sources": ["https://github.com/o/r/issues/1"]}) == "sourced"
    assert rate_text(0.9, {"success_rate": 0.9}) == "~90% est."
    assert rate_text(0.9, {"sources": [{"kind": "issue", "url": "https://x.org/1"}]}) == "90%"


def test_advice_json_marks_each_rate_and_keeps_items_without_rates():
    record = {
        "root_cause": "why",
        "provenance": {"sources": []},
        "dead_ends": [
            {"action": "retry", "why_fails": "still down", "fail_rate": 0.7},
            {"action": "cited", "fail_rate": 0.5, "sources": ["https://example.org/survey"]},
            "not an item",
        ],
        "workarounds": [{"action": "start it", "how": "systemctl start x"}],
    }
    doc = advice_json(record)
    assert doc["sourced"] is False
    assert [d["rate_basis"] for d in doc["dead_ends"]] == ["estimate", "sourced"]
    assert doc["workarounds"] == [
        {"action": "start it", "how": "systemctl start x", "success_rate": None, "rate_basis": None}
    ]


def test_scan_json_lists_matched_entries_with_rate_basis(tmp_path):
    log = tmp_path / "npm.log"
    log.write_text("npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\n")
    done = subprocess.run(
        [sys.executable, "-m", "triage_app", "scan", "--format", "json", str(log)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    doc = json.loads(done.stdout)
    matched = {m["entry_id"] for m in doc["files"][0]["matches"]}
    assert matched and set(doc["entries"]) == matched
    for advice in doc["entries"].values():
        for item in advice["workarounds"] + advice["dead_ends"]:
            rate = item.get("success_rate", item.get("fail_rate"))
            expected = None if rate is None else ("sourced" if item.get("sources") else "estimate")
            assert item["rate_basis"] == expected
    text = subprocess.run(
        [sys.executable, "-m", "triage_app", "scan", str(log)],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    assert "% est.)" in text  # the text report's best workaround has no cited rate
