"""Loading and validating catalogue records: every bad input named precisely, the rest loads."""

from __future__ import annotations

import pytest

from tests.core.records_factory import make_record, write_record
from triage_app.core.catalog import load_catalog
from triage_app.core.problems import Severity
from triage_app.core.validate import validate_record


def _errors(record):
    return [
        (p.field, p.message)
        for p in validate_record(record, "x.json")
        if p.severity is Severity.ERROR
    ]


def test_valid_record_has_no_problems():
    assert validate_record(make_record(), "x.json") == []


@pytest.mark.parametrize("field", ["id", "signature", "regex", "domain", "category", "root_cause"])
def test_missing_required_field(field):
    record = make_record()
    del record[field]
    assert (field, "is required") in _errors(record)


@pytest.mark.parametrize(
    ("overrides", "field", "fragment"),
    [
        ({"confidence": 1.5}, "confidence", "between 0 and 1"),
        ({"confidence": "high"}, "confidence", "must be a number"),
        ({"fix_success_rate": -0.1}, "fix_success_rate", "between 0 and 1"),
        ({"first_seen": "2024-13-01"}, "first_seen", "YYYY-MM-DD"),
        ({"last_updated": "yesterday"}, "last_updated", "YYYY-MM-DD"),
        ({"regex": "(unclosed"}, "regex", "not a valid Python regular expression"),
        ({"regex": "nothing like it"}, "regex", "own signature"),
        ({"regex": ".*"}, "regex", "empty line"),
        ({"examples": ["no match here"]}, "examples[0]", "not matched"),
        (
            {"counter_examples": ["DemoError: the widget 'q' broke at step 1"]},
            "counter_examples[0]",
            "must not be",
        ),
        ({"id": "Python/Bad_ID"}, "id", "domain/slug"),
        ({"domain": "pip"}, "domain", "id starts with"),
        ({"tags": "oom"}, "tags", "list of strings"),
        ({"case_sensitive": "yes"}, "case_sensitive", "true or false"),
        ({"resolvable": True}, "resolvable", '"true", "false" or "partial"'),
        ({"verification_tier": "checked"}, "verification_tier", "must be one of"),
        ({"evidence_count": -1}, "evidence_count", "whole number"),
        ({"official_doc_url": "docs.python.org"}, "official_doc_url", "http(s) URL"),
        ({"workarounds_zh": ["一", "二"]}, "workarounds_zh", "has 2 items"),
        (
            {"versions": [{"version": "3.11", "status": "alive"}]},
            "versions[0].status",
            "must be one of",
        ),
        (
            {"workarounds": [{"action": "x", "success_rate": 2}]},
            "workarounds[0].success_rate",
            "between 0 and 1",
        ),
        ({"dead_ends": [{"why_fails": "no action"}]}, "dead_ends[0].action", "is required"),
        (
            {"transition_graph": {"leads_to": ["not an id"]}},
            "transition_graph.leads_to[0]",
            "entry id",
        ),
        (
            {"transition_graph": {"leads_to": [{"error_id": "a/b", "probability": 3}]}},
            "transition_graph.leads_to[0].probability",
            "between 0 and 1",
        ),
        ({"os_specific": {"linux": 3}}, "os_specific", "OS name"),
    ],
)
def test_bad_field_is_named(overrides, field, fragment):
    errors = _errors(make_record(**overrides))
    assert any(f == field and fragment in m for f, m in errors), errors


def test_case_sensitive_regex_is_honoured():
    record = make_record(
        case_sensitive=True, examples=["demoerror: the widget 'y' broke at step 7"]
    )
    assert any(f == "examples[0]" for f, _ in _errors(record))


def test_unknown_fields_are_kept_with_a_warning(tmp_path):
    write_record(tmp_path, make_record(team_owner="ml-infra"))
    catalog = load_catalog([tmp_path])
    entry = catalog.get("python/demo-error")
    assert entry.data["team_owner"] == "ml-infra"
    assert any(p.field == "team_owner" and p.severity is Severity.WARNING for p in catalog.problems)


def test_bad_records_are_skipped_and_the_rest_loads(tmp_path):
    write_record(tmp_path, make_record("python/good-one"))
    write_record(tmp_path, "{not json", "python/broken.json")
    write_record(tmp_path, make_record("python/bad-regex", regex="("))
    write_record(tmp_path, "[1, 2]", "python/list.json")
    catalog = load_catalog([tmp_path])
    assert list(catalog.entries) == ["python/good-one"]
    messages = {p.source.rsplit("/", 1)[-1]: p.message for p in catalog.errors}
    assert "not valid JSON" in messages["broken.json"]
    assert "line 1, column 2" in messages["broken.json"]
    assert "regular expression" in messages["bad-regex.json"]
    assert "one JSON object" in messages["list.json"]


def test_duplicate_id_in_one_folder_is_an_error(tmp_path):
    write_record(tmp_path, make_record("python/same"))
    write_record(tmp_path, make_record("python/same"), "python/zz-copy.json")
    catalog = load_catalog([tmp_path])
    assert len(catalog) == 1
    assert any("duplicate id" in p.message for p in catalog.errors)


def test_later_folders_override_and_say_so(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    write_record(first, make_record(root_cause="old"))
    write_record(second, make_record(root_cause="new"))
    catalog = load_catalog([first, second])
    assert catalog.get("python/demo-error").root_cause == "new"
    infos = [p for p in catalog.problems if p.severity is Severity.INFO]
    assert infos and "overrides" in infos[0].message


def test_missing_link_is_a_warning_by_default_and_an_error_when_strict(tmp_path):
    write_record(tmp_path, make_record(transition_graph={"leads_to": ["cuda/nowhere"]}))
    assert len(load_catalog([tmp_path])) == 1
    assert any(
        "not in the loaded catalogue" in p.message for p in load_catalog([tmp_path]).warnings
    )
    strict = load_catalog([tmp_path], missing_links=Severity.ERROR)
    assert any("cuda/nowhere" in p.message for p in strict.errors)


def test_missing_folder_is_reported(tmp_path):
    catalog = load_catalog([tmp_path / "nope"])
    assert catalog.errors and "not found" in catalog.errors[0].message


def test_misplaced_file_is_a_warning(tmp_path):
    write_record(tmp_path, make_record("python/demo-error"), "python/other-name.json")
    catalog = load_catalog([tmp_path])
    assert len(catalog) == 1
    assert any("does not match the file's place" in p.message for p in catalog.warnings)
