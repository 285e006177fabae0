"""The record fields added for real logs and sourced knowledge: provenance, variants, role,
fires_on_info, dead_ends_zh and the structured versions (DESIGN.md, "The record format")."""

from __future__ import annotations

import pytest

from tests.core.records_factory import make_record
from triage_app.core.problems import Severity
from triage_app.core.validate import validate_record

UPSTREAM = {
    "kind": "upstream",
    "repo": "demo/widget",
    "path": "src/widget.c",
    "ref": "v1.2.0",
    "quote": "DemoError: the widget '%s' broke at step %d",
}
VARIANT = {
    "regex": r"DemoError: widget \S+ failed at step \d+",
    "lang": "en",
    "versions": [{"package": "widget", "range": "<1.0", "status": "removed"}],
    "note": "wording before 1.0",
    "examples": ["DemoError: widget y failed at step 3"],
}


def errors(record):
    return [p for p in validate_record(record, "x.json") if p.severity is Severity.ERROR]


def warnings(record):
    return [p for p in validate_record(record, "x.json") if p.severity is Severity.WARNING]


def test_all_new_fields_validate_cleanly():
    record = make_record(
        provenance={
            "sources": [
                {**UPSTREAM, "quote": "DemoError: the widget 'x' broke at step 1"},
                {"kind": "issue", "url": "https://github.com/demo/widget/issues/1"},
                {"kind": "reproduced", "test": "tests/catalog/test_reproduce_python.py"},
            ]
        },
        variants=[
            VARIANT,
            {
                **VARIANT,
                "lang": "zh",
                "regex": "演示错误：部件 \\S+ 在第 \\d+ 步",
                "examples": ["演示错误：部件 y 在第 3 步"],
            },
        ],
        role="consequence",
        fires_on_info=True,
        dead_ends_zh=["重启"],
        versions=[
            {
                "version": "widget 1.x",
                "package": "widget",
                "range": ">=1.0,<2",
                "fixed_in": "2.0",
                "status": "fixed",
            }
        ],
    )
    assert validate_record(record, "x.json") == []


def test_empty_sources_is_valid_and_means_unverified():
    assert errors(make_record(provenance={"sources": []})) == []


@pytest.mark.parametrize(
    ("overrides", "field", "fragment"),
    [
        ({"role": "symptom"}, "role", "cause, consequence, summary"),
        ({"fires_on_info": "yes"}, "fires_on_info", "true or false"),
        ({"provenance": []}, "provenance", "object"),
        ({"provenance": {}}, "provenance.sources", "required"),
        ({"provenance": {"sources": [{"kind": "blog"}]}}, "provenance.sources[0].kind", "upstream"),
        ({"provenance": {"sources": [{"kind": "issue"}]}}, "provenance.sources[0].url", "required"),
        (
            {"provenance": {"sources": [{"kind": "upstream", "repo": "a/b"}]}},
            "provenance.sources[0].path",
            "required",
        ),
        (
            {"provenance": {"sources": [{"kind": "reproduced"}]}},
            "provenance.sources[0].test",
            "required",
        ),
        (
            {"provenance": {"sources": [{"kind": "doc", "url": "file:///etc/passwd"}]}},
            "provenance.sources[0].url",
            "http(s)",
        ),
        (
            {"provenance": {"sources": [{**UPSTREAM, "quote": "Something else entirely"}]}},
            "provenance.sources[0].quote",
            "neither",
        ),
        ({"variants": [{**VARIANT, "examples": []}]}, "variants[0].examples", "at least one"),
        (
            {"variants": [{**VARIANT, "examples": ["nope"]}]},
            "variants[0].examples[0]",
            "not matched",
        ),
        ({"variants": [{**VARIANT, "regex": "("}]}, "variants[0].regex", "not a valid"),
        ({"variants": [{**VARIANT, "regex": "x*"}]}, "variants[0].regex", "empty line"),
        ({"dead_ends_zh": ["一", "二"]}, "dead_ends_zh", "2 items"),
        ({"versions": [{"status": "gone"}]}, "versions[0].status", "active"),
        ({"id": "python/trailing\n"}, "id", "domain/slug"),
    ],
)
def test_bad_new_field_is_named(overrides, field, fragment):
    found = errors(make_record(**overrides))
    assert any(p.field == field and fragment in p.message for p in found), found


def test_a_quote_matched_only_by_a_variant_is_fine():
    record = make_record(
        variants=[VARIANT],
        provenance={"sources": [{**UPSTREAM, "quote": "DemoError: widget q failed at step 9"}]},
    )
    assert errors(record) == []


def test_new_fields_are_not_reported_as_unknown():
    record = make_record(provenance={"sources": []}, role="summary", fires_on_info=False)
    assert warnings(record) == []
