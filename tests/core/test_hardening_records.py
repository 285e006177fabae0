"""Hardening, finding 1 (one record stops everything) and issue 9's last point (no pattern
can hang a scan): hostile records are reported and skipped, every entry point starts."""

from __future__ import annotations

import json
import os
import re
import signal

import pytest

from tests.core.records_factory import make_record, write_record
from tests.core.test_cli import run_cli
from triage_app.core import regex_budget
from triage_app.core.catalog import backtracking_warnings, load_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.regex_check import backtrack_risk, limit_problem
from triage_app.core.scan import scan_file

EVIL = make_record(
    "python/evil-backtrack",
    signature="XYZZY aaaa",
    regex="XYZZY (a+)+$",
    examples=["XYZZY aaa"],
    counter_examples=["XYZZY " + "a" * 34 + "!"],
)


def _errors_for(catalog, entry_id: str | None = None, source: str | None = None) -> list[str]:
    return [
        f"{p.field}: {p.message}"
        for p in catalog.errors
        if (entry_id is None or p.entry_id == entry_id) and (source is None or source in p.source)
    ]


def test_finding1_counter_example_that_backtracks_is_reported_and_skipped(tmp_path):
    root = tmp_path / "cat"
    write_record(root, EVIL)
    write_record(root, make_record())
    catalog = load_catalog([root])
    assert "python/demo-error" in catalog and "python/evil-backtrack" not in catalog
    [error] = _errors_for(catalog, "python/evil-backtrack")
    assert error.startswith("regex: took longer than the time budget on counter_examples[0]")


@pytest.mark.parametrize(
    ("regex", "reason"),
    [
        ("a{4294967296}", "repetition count above"),
        ("x{0,5000}y", "repetition count above"),
        ("(" * 1000 + "a" + ")" * 1000, "nests groups 1000 deep"),
        ("a" * 5000, "characters long"),
    ],
)
def test_finding1_regex_limits_are_errors_not_tracebacks(tmp_path, regex, reason):
    root = tmp_path / "cat"
    write_record(root, make_record("python/limits", regex=regex, signature="a", examples=[]))
    write_record(root, make_record())
    catalog = load_catalog([root])
    assert "python/demo-error" in catalog and "python/limits" not in catalog
    assert any(reason in e for e in _errors_for(catalog, "python/limits")), catalog.errors


def test_finding1_record_file_nested_200000_deep_is_refused(tmp_path):
    root = tmp_path / "cat"
    write_record(root, "[" * 200_000, name="python/deep.json")
    write_record(root, make_record())
    catalog = load_catalog([root])
    assert len(catalog) == 1
    assert any("nests JSON 200000 levels deep" in e for e in _errors_for(catalog, None, "deep"))


def test_finding1_record_symlink_to_dev_zero_is_refused(tmp_path):
    root = tmp_path / "cat"
    write_record(root, make_record())
    (root / "python" / "zero.json").symlink_to("/dev/zero")
    catalog = load_catalog([root])
    assert len(catalog) == 1
    assert any("not a regular file" in e for e in _errors_for(catalog, None, "zero.json"))


def test_finding1_oversized_record_file_is_refused(tmp_path):
    root = tmp_path / "cat"
    write_record(root, make_record())
    write_record(root, '{"id": "' + "x" * (2 * 1024 * 1024) + '"}', name="python/huge.json")
    catalog = load_catalog([root])
    assert any("the limit is 1,048,576" in e for e in _errors_for(catalog, None, "huge.json"))


@pytest.mark.parametrize(
    "command",
    [("scan", "LOG"), ("catalog", "list"), ("catalog", "validate", "USERDIR")],
)
def test_finding1_every_entry_point_starts_with_hostile_user_records(tmp_path, command):
    """A FIFO named x.json, a symlink to /dev/zero and a backtracking record in the user's
    catalogue folder: each command still runs (in a child with a timeout: no hang)."""
    data = tmp_path / "data"
    user = data / "records"
    write_record(user, EVIL)
    os.mkfifo(user / "python" / "fifo.json")
    (user / "python" / "zero.json").symlink_to("/dev/zero")
    log = tmp_path / "x.log"
    log.write_text("ModuleNotFoundError: No module named 'torch'\n")
    args = [str(log) if a == "LOG" else str(user) if a == "USERDIR" else a for a in command]
    done = run_cli(*args, env={"TRIAGE_DATA_DIR": str(data)})
    assert b"Traceback" not in done.stderr
    if command[0] == "scan":
        assert done.returncode == 1, done.stderr
    elif command[1] == "validate":
        out = done.stdout.decode()
        assert done.returncode == 1
        assert "fifo.json" in out and "zero.json" in out and "time budget" in out


def _reference(matcher: Matcher, lines: list[str]) -> list[tuple[int, str]]:
    out = []
    for n, line in enumerate(lines, 1):
        found = matcher.match_line(line, n, fuzzy=False)
        for c in found.candidates if found else ():
            out.append((n, c.entry_id))
    return out


def test_issue9_nested_quantifier_pattern_does_not_hang_scan_and_is_reported(tmp_path):
    """`^(a+)+$` from a user record over a 2 KB log: reported (entry, line), skipped for the
    file; every other entry's matches are what they are without it."""
    root = tmp_path / "cat"
    write_record(root, make_record())
    evil = make_record("python/evil-scan", regex="^(a+)+$", signature="aaa", examples=["aaa"])
    evil["counter_examples"] = []
    write_record(root, evil)
    demo = "2026 ERROR DemoError: the widget 'x' broke at step 3"
    lines = ["a" * 30 + "!"] * 3 + [demo] + ["b" * 30 + "!"] * 55 + ["a" * 31 + "!", demo]
    log = tmp_path / "slow.log"
    log.write_text("\n".join(lines) + "\n")
    assert log.stat().st_size < 2500
    catalog = load_catalog([root])
    result = scan_file(log, Matcher.from_catalog(catalog), fuzzy=False)
    assert result.slow_patterns == [("python/evil-scan", 1)]
    assert "python/evil-scan took too long on line 1" in result.warning
    got = [(m.line, c.entry_id) for m in result.matches for c in m.candidates]
    without = load_catalog([root])
    del without.entries["python/evil-scan"]
    assert (
        got
        == _reference(Matcher.from_catalog(without), lines)
        == [(4, "python/demo-error"), (61, "python/demo-error")]
    )
    doc = result.to_json()
    assert doc["slow_patterns"] == [{"entry_id": "python/evil-scan", "line": 1}]


def test_issue9_scan_cli_with_catastrophic_user_pattern_finishes(tmp_path):
    data = tmp_path / "data"
    evil = make_record("python/evil-cli", regex="^(a+)+$", signature="aaa", examples=["aaa"])
    evil["counter_examples"] = []
    write_record(data / "records", evil)
    log = tmp_path / "slow.log"
    log.write_text(("a" * 40 + "!\n") * 50)
    done = run_cli("scan", "--format", "json", str(log), env={"TRIAGE_DATA_DIR": str(data)})
    doc = json.loads(done.stdout)
    assert doc["files"][0]["slow_patterns"] == [{"entry_id": "python/evil-cli", "line": 1}]


def test_issue9_budget_interrupts_a_search_and_restores_the_previous_timer():
    seen = []
    previous = signal.signal(signal.SIGVTALRM, lambda *_: seen.append(1))
    try:
        with regex_budget.budget():
            regex_budget.start()
            with pytest.raises(regex_budget.PatternTimeoutError):
                re.search(r"^(a+)+$", "a" * 40 + "!")
            regex_budget.stop()
        assert signal.getsignal(signal.SIGVTALRM) is not regex_budget._on_tick
        assert signal.getitimer(signal.ITIMER_VIRTUAL) == (0.0, 0.0)
    finally:
        signal.signal(signal.SIGVTALRM, previous)


@pytest.mark.parametrize(
    "regex",
    [r"^(a+)+$", r"(\w+\s?)+$", r"(a|a)*b", r"(a|aa)*b", r"\d+\d+x", r".*\s*=", r"(x+x+)+y"],
)
def test_issue9_static_check_flags_catastrophic_shapes(regex):
    assert backtrack_risk(regex, re.IGNORECASE)


@pytest.mark.parametrize(
    "regex",
    [r"(?:[^,]+,)+x", r"(?:\s*,\s*\w+)*\)", r"error: (.*) failed", r"(?:\w+\.)+\w+Error"],
)
def test_issue9_static_check_passes_safe_shapes(regex):
    assert backtrack_risk(regex, re.IGNORECASE) is None
    assert limit_problem(regex) is None


def test_issue9_catalog_validate_warns_about_backtracking(tmp_path):
    root = tmp_path / "cat"
    risky = make_record("python/risky", regex=r"DemoError: (\w+\s?)+$", signature="DemoError: a b")
    risky["examples"], risky["counter_examples"] = ["DemoError: x y"], []
    write_record(root, risky)
    done = run_cli("catalog", "validate", str(root))
    assert done.returncode == 0
    assert "python/risky.json: regex: can backtrack catastrophically" in done.stdout.decode()


def test_issue9_bundled_catalogue_has_no_backtracking_shapes():
    from triage_app.core import paths

    catalog = load_catalog([paths.bundled_records_dir()])
    assert [str(p) for p in backtracking_warnings(catalog)] == []
