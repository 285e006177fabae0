"""`triage-app catalog import`: peer canon records into records/imported/, checked, never overriding.

The canon objects below are written by this team in the peer catalogue's published shape
(error / environment / verdict / dead_ends / workarounds / transition_graph / metadata).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from triage_app.core import paths
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.peer_import import PeerImportError, import_canons, imported_dir


def canon(canon_id: str, signature: str, regex: str, **extra) -> dict:
    record = {
        "schema_version": "1.0.0",
        "id": canon_id,
        "url": f"https://deadends.dev/{canon_id}",
        "error": {
            "signature": signature,
            "regex": regex,
            "domain": canon_id.split("/")[0],
            "category": "connection_error",
            "first_seen": "2023-01-01",
            "last_confirmed": "2026-02-11",
        },
        "environment": {
            "runtime": {"name": "python", "version_range": ">=3.11,<3.13"},
            "os": "linux",
        },
        "verdict": {
            "resolvable": "true",
            "fix_success_rate": 0.8,
            "confidence": 0.9,
            "last_updated": "2026-02-11",
            "summary": "Nothing listens on the host and port the client connects to.",
        },
        "dead_ends": [
            {
                "action": "Retry in a loop",
                "why_fails": "The server is still down",
                "fail_rate": 0.7,
                "sources": ["https://docs.python.org/3/library/exceptions.html"],
            }
        ],
        "workarounds": [
            {"action": "Start the server first", "success_rate": 0.9, "how": "systemctl start app"}
        ],
        "transition_graph": {
            "leads_to": [{"error_id": "python/timeouterror/py311-linux", "probability": 0.2}]
        },
        "metadata": {"evidence_count": 320, "review_status": "auto_generated"},
    }
    record.update(extra)
    return record


REFUSED = canon(
    "python/connectionrefusederror/py311-linux",
    "ConnectionRefusedError: [Errno 111] Connection refused",
    r"ConnectionRefusedError: \[Errno 111\] Connection refused",
)


def write_json(path: Path, data) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def bundled():
    return load_catalog(default_catalog_dirs())


def outcome_of(report, entry_id):
    return next(o for o in report.outcomes if o.entry_id == entry_id)


def test_a_canon_record_becomes_an_unverified_user_entry_the_scan_uses(tmp_path):
    source = write_json(tmp_path / "in" / "refused.json", REFUSED)
    report = import_canons(source, bundled())
    assert [o.status for o in report.outcomes] == ["imported"]
    path = imported_dir() / "python" / "connectionrefusederror-py311-linux.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["id"] == "python/connectionrefusederror-py311-linux"
    assert record["provenance"]["sources"] == []
    assert "deadends.dev" in record["provenance"]["note"]
    assert record["verification_tier"] == "ai_generated"
    assert record["confidence"] <= 0.6  # unsourced: capped like our own
    assert record["versions"] == [
        {"package": "python", "range": ">=3.11,<3.13", "status": "active"}
    ]
    assert (
        record["transition_graph"]["leads_to"][0]["error_id"] == "python/timeouterror-py311-linux"
    )
    assert "evidence_count" not in record  # the peer's count is not our evidence
    catalog = load_catalog(default_catalog_dirs())
    assert catalog.get(record["id"]) is not None
    hits = Matcher.from_catalog(catalog).match_line(
        "... ConnectionRefusedError: [Errno 111] Connection refused"
    )
    assert hits is not None
    ids = [c.entry_id for c in hits.candidates]
    assert record["id"] in ids
    assert "network/connection-refused" in ids  # the bundled entry still explains the line


@pytest.mark.parametrize(
    ("regex", "signature", "reason"),
    [
        (r"Connection reset by peer", "ConnectionRefusedError: refused", "own signature"),
        (r"(\d+) \w+", "12 apples", "no literal"),
        (r"Traceback(\s*\w+)+\s*!", "Traceback a b !", "backtrack"),
        (r"[(", "x", "regex"),
    ],
)
def test_bad_patterns_are_skipped_with_the_reason(tmp_path, regex, signature, reason):
    source = write_json(
        tmp_path / "bad.json", canon("python/bad-one/py311-linux", signature, regex)
    )
    report = import_canons(source, bundled())
    [outcome] = report.outcomes
    assert outcome.status == "skipped"
    assert reason in outcome.reason
    assert not imported_dir().exists() or not any(imported_dir().rglob("*.json"))


def test_a_pattern_that_matches_healthy_output_is_skipped(tmp_path):
    from triage_app.core.user_records import healthy_lines

    line = next(h for h in healthy_lines() if "Successfully installed" in h)
    record = canon("pip/installed/py311-linux", line, r"Successfully installed \S+")
    report = import_canons(write_json(tmp_path / "healthy.json", record), bundled())
    [outcome] = report.outcomes
    assert outcome.status == "skipped" and "healthy output" in outcome.reason


def test_an_id_the_bundled_catalogue_has_is_never_overridden(tmp_path):
    catalog = bundled()
    existing = catalog.get("python/key-error")
    assert existing is not None
    record = canon("python/key-error", "KeyError: 'user_id'", r"KeyError: '\w+'")
    report = import_canons(write_json(tmp_path / "k.json", record), catalog)
    [outcome] = report.outcomes
    assert outcome.status == "skipped" and "never overridden" in outcome.reason
    # Even a file placed there by hand (or imported before the bundled entry existed) loses.
    from triage_app.core.peer_canon import convert

    converted = convert({**record, "id": "python/key-error"})
    write_json(imported_dir() / "python" / "key-error.json", converted)
    reloaded = load_catalog(default_catalog_dirs())
    assert reloaded.get("python/key-error").source == existing.source
    assert any("imports never override" in p.message for p in reloaded.problems)


def test_jsonl_with_a_broken_line_imports_the_rest_and_says_where(tmp_path):
    second = canon(
        "python/brokenpipeerror/py311-linux",
        "BrokenPipeError: [Errno 32] Broken pipe",
        r"BrokenPipeError: \[Errno 32\] Broken pipe",
    )
    source = tmp_path / "canons.jsonl"
    source.write_text(json.dumps(REFUSED) + "\n{not json\n\n" + json.dumps(second) + "\n")
    report = import_canons(source, bundled())
    statuses = {o.where.rsplit(":", 1)[1]: o.status for o in report.outcomes}
    assert statuses == {"1": "imported", "2": "skipped", "4": "imported"}
    assert "not valid JSON" in report.skipped[0].reason


def test_reimport_is_unchanged_then_updated_and_duplicates_are_reported(tmp_path):
    source = write_json(tmp_path / "one.json", REFUSED)
    import_canons(source, bundled())
    again = import_canons(source, load_catalog(default_catalog_dirs()))
    assert [o.status for o in again.outcomes] == ["unchanged"]
    changed = {**REFUSED, "verdict": {**REFUSED["verdict"], "summary": "The port is closed."}}
    write_json(source, [changed, changed])
    report = import_canons(source, load_catalog(default_catalog_dirs()))
    assert [o.status for o in report.outcomes] == ["updated", "skipped"]
    assert "same id" in report.outcomes[1].reason


def test_dry_run_writes_nothing_and_bundled_folder_is_refused(tmp_path):
    source = write_json(tmp_path / "one.json", REFUSED)
    report = import_canons(source, bundled(), dry_run=True)
    assert [o.status for o in report.outcomes] == ["imported"]
    assert not imported_dir().exists()
    with pytest.raises(PeerImportError, match="bundled"):
        import_canons(source, bundled(), target_root=paths.bundled_records_dir() / "imported")
    with pytest.raises(PeerImportError, match="no such file"):
        import_canons(tmp_path / "missing", bundled())


def test_cli_reports_counts_and_reasons(tmp_path):
    folder = tmp_path / "canons"
    write_json(folder / "python" / "refused.json", REFUSED)
    write_json(folder / "python" / "nolit.json", canon("python/x/py", "12 apples", r"(\d+) \w+"))
    (folder / "python" / "broken.json").write_text("{", encoding="utf-8")
    env = {**os.environ}
    cmd = [sys.executable, "-m", "triage_app", "catalog", "import"]
    done = subprocess.run([*cmd, str(folder)], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "1 imported, 0 updated, 0 unchanged, 2 skipped" in done.stdout
    assert "no literal" in done.stdout and "not valid JSON" in done.stdout
    as_json = subprocess.run(
        [*cmd, "--format", "json", str(folder)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    doc = json.loads(as_json.stdout)
    assert doc["counts"] == {"imported": 0, "updated": 0, "unchanged": 1, "skipped": 2}
    missing = subprocess.run(
        [*cmd, str(tmp_path / "nope")], capture_output=True, text=True, env=env
    )
    assert missing.returncode == 2 and "no such file or folder" in missing.stderr
    assert "Traceback" not in missing.stderr
