"""The matcher: exact against every-regex-every-line, ranked as DESIGN.md says, calibrated."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.support.loggen import generate
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.events import ChunkState, reference_scan
from triage_app.core.grouping import group_matches
from triage_app.core.matcher import MATCH_CAP, Matcher, Target
from triage_app.core.results import Candidate, LineMatch

WORKLOAD = next(
    (
        folder / "shared" / "data" / "workload-signatures.jsonl"
        for folder in Path(__file__).resolve().parents
        if (folder / "shared" / "data" / "workload-signatures.jsonl").exists()
    ),
    Path(__file__).resolve().parents[2].parent / "shared" / "data" / "workload-signatures.jsonl",
)


def _reference(lines: list[str], matcher: Matcher) -> dict[int, set[str]]:
    """Every regex on every line, decoded record and wrap-joined pair, judged as the scan
    judges them (`events.reference_scan`)."""
    found = reference_scan(matcher, lines)
    return {n: {c.entry_id for c in m.candidates} for n, m in found.items()}


def _scan(lines: list[str], matcher: Matcher, chunk_lines: int = 997) -> dict[int, set[str]]:
    """Scan in chunks, as text and as UTF-8 bytes; both ways must agree."""
    as_text = _scan_as(lines, matcher, chunk_lines, lambda chunk: chunk)
    as_bytes = _scan_as(lines, matcher, chunk_lines, lambda chunk: chunk.encode("utf-8"))
    assert as_text == as_bytes
    return as_text


def _scan_as(lines, matcher, chunk_lines, convert) -> dict[int, set[str]]:
    out, state = {}, ChunkState()
    for start in range(0, len(lines), chunk_lines):
        chunk = "\n".join(lines[start : start + chunk_lines]) + "\n"
        for m in matcher.scan_chunk(convert(chunk), start + 1, None, state):
            ids = {c.entry_id for c in m.candidates if c.kind == "regex"}
            if ids:
                out[m.line] = ids
    return out


def _workload_matcher(limit: int | None = None) -> tuple[Matcher, list[str]]:
    if not WORKLOAD.exists():
        pytest.skip("shared workload file not present")
    targets, signatures = [], []
    for row in WORKLOAD.read_text(encoding="utf-8").splitlines()[:limit]:
        record = json.loads(row)
        try:
            targets.append(Target.compile(record["id"], record["signature"], record["regex"]))
        except re.error:
            continue
        signatures.append(record["signature"])
    return Matcher(targets), signatures


def test_bundled_catalogue_scan_is_exact():
    catalog = load_catalog(default_catalog_dirs())
    matcher = Matcher.from_catalog(catalog, fuzzy=False)
    errors = [e.signature for e in catalog] + [x for e in catalog for x in e.get("examples", [])]
    lines = generate(30000, errors, error_every=97, seed=3)
    expected = _reference(lines, matcher)
    assert expected, "the generated log should contain known errors"
    assert _scan(lines, matcher) == expected


def test_workload_scan_is_exact():
    matcher, signatures = _workload_matcher()
    lines = generate(2000, signatures, error_every=20, seed=5)
    assert _scan(lines, matcher) == _reference(lines, matcher)


def test_ranking_puts_the_precise_pattern_first():
    broad = Target.compile("ci/anything-error", "error", r".*error.*", confidence=0.99)
    precise = Target.compile(
        "python/module-not-found",
        "ModuleNotFoundError: No module named 'x'",
        r"ModuleNotFoundError: No module named '[^']+'",
        confidence=0.5,
    )
    matcher = Matcher([broad, precise])
    found = matcher.match_line("ModuleNotFoundError: No module named 'torch'")
    assert [c.entry_id for c in found.candidates] == [
        "python/module-not-found",
        "ci/anything-error",
    ]
    assert found.candidates[0].literal_chars > found.candidates[1].literal_chars
    assert "literal characters" in found.candidates[0].why


def test_ties_fall_back_to_confidence_then_id():
    a = Target.compile("x/b", "boom", r"boom", confidence=0.5)
    b = Target.compile("x/a", "boom", r"boom", confidence=0.5)
    c = Target.compile("x/c", "boom", r"boom", confidence=0.9)
    found = Matcher([a, b, c]).match_line("boom")
    assert [x.entry_id for x in found.candidates] == ["x/c", "x/a", "x/b"]


def test_ansi_is_removed_and_span_points_into_the_text():
    target = Target.compile("x/oom", "CUDA out of memory", r"CUDA out of memory")
    matcher = Matcher([target])
    [found] = matcher.scan_chunk("ok\n\x1b[31mRuntimeError: CUDA out of memory\x1b[0m\r\n", 10)
    assert found.line == 11
    assert found.text == "RuntimeError: CUDA out of memory"
    start, end = found.top.span
    assert found.text[start:end] == "CUDA out of memory"


def test_long_lines_are_capped_and_say_so():
    target = Target.compile("x/late", "late marker", r"late marker")
    matcher = Matcher([target])
    early = "late marker " + "x" * (MATCH_CAP * 2)
    late = "x" * (MATCH_CAP * 2) + " late marker"
    found = matcher.scan_chunk(early + "\n" + late + "\n", 1)
    assert [(m.line, m.truncated, len(m.text)) for m in found] == [(1, True, MATCH_CAP)]


def test_case_sensitive_entries():
    target = Target.compile("x/cs", "ERROR X", r"ERROR X", case_sensitive=True)
    matcher = Matcher([target])
    assert matcher.scan_chunk("error x\nERROR X\n", 1)[0].line == 2


def test_fuzzy_guess_for_an_unexplained_error_line():
    target = Target.compile(
        "python/widget-broke",
        "WidgetError: the widget 'x' broke at step 4",
        r"WidgetError: the widget '[^']+' broke at step \d+",
    )
    from triage_app.core.fuzzy import FuzzyIndex

    index = FuzzyIndex([("python/widget-broke", ["WidgetError: the widget 'x' broke at step 4"])])
    matcher = Matcher([target], index)
    found = matcher.match_line('WidgetError: the widget "y" broke on step 9')
    assert found is not None and found.kind == "fuzzy"
    assert found.top.span is None and 0.85 <= found.top.score < 1


def test_healthy_generated_log_stays_clean_with_fuzzy_on():
    catalog = load_catalog(default_catalog_dirs())
    matcher = Matcher.from_catalog(catalog)
    lines = generate(20000, seed=11)
    chunk = "\n".join(lines) + "\n"
    from triage_app.core.matcher import FuzzyBudget

    assert matcher.scan_chunk(chunk, 1, FuzzyBudget()) == []


def test_grouping_counts_and_orders_by_cause():
    def m(line, entry, kind="regex"):
        return LineMatch(line, "t", False, (Candidate(entry, "s", 1.0, kind, None),))

    matches = [
        m(10, "nccl/timeout"),
        m(20, "nccl/timeout"),
        m(30, "cuda/oom"),
        m(5, "x/guess", "fuzzy"),
        m(40, "other/thing"),
    ]
    groups = group_matches(matches, {"cuda/oom": {"nccl/timeout"}})
    assert [(g.entry_id, g.count, g.first_line, g.last_line) for g in groups] == [
        ("cuda/oom", 1, 30, 30),
        ("nccl/timeout", 2, 10, 20),
        ("other/thing", 1, 40, 40),
        ("x/guess", 1, 5, 5),
    ]


@pytest.mark.parametrize(
    "line", ["claſs error", "\u212aill switch", "fıle missing", "F\u0130LE missing"]
)
def test_bytes_path_matches_what_ignorecase_matches(line):
    """Non-ASCII letters that IGNORECASE equates with ASCII ones: the UTF-8 bytes path falls
    back to folded text for the chunk, so nothing that `re` would match is lost."""
    targets = [
        Target.compile("x/class", "class error", r"class error"),
        Target.compile("x/kill", "kill switch", r"kill switch"),
        Target.compile("x/file", "file missing", r"file missing"),
    ]
    matcher = Matcher(targets)
    chunk = f"ok\n{line}\n"
    expected = {t.id for t in targets if t.pattern.search(line)}
    assert expected, "the sample must be one IGNORECASE matches"
    for data in (chunk, chunk.encode("utf-8")):
        found = matcher.scan_chunk(data, 1)
        assert [(m.line, {c.entry_id for c in m.candidates}) for m in found] == [(2, expected)]
