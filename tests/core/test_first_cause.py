"""Causes before consequences: the first cause is the root error the log states."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.match_index import MatchIndex
from triage_app.core.matcher import Matcher, Target
from triage_app.core.results import Candidate, LineMatch
from triage_app.core.scan import scan_file


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher.from_catalog(load_catalog(default_catalog_dirs()))


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")
def test_real_link_failure_names_the_undefined_symbol(tmp_path, matcher) -> None:
    (tmp_path / "main.c").write_text("void missing(void);\nint main(void) { missing(); }\n")
    run = subprocess.run(
        ["gcc", "main.c", "-o", "main"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "LC_ALL": "C"},
        check=False,
    )
    assert "collect2: error: ld returned 1 exit status" in run.stderr
    log = tmp_path / "build.log"
    log.write_text(run.stderr)
    result = scan_file(log, matcher)
    assert result.first_cause is not None
    assert result.first_cause.entry_id == "cpp/undefined-reference"
    assert result.to_json()["first_cause"]["entry_id"] == "cpp/undefined-reference"


def test_real_pytest_collection_error_names_the_missing_module(tmp_path, matcher) -> None:
    (tmp_path / "test_app.py").write_text("import nonexistent_triage_dep\n\ndef test_x(): pass\n")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "test_app.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert "ImportError while importing test module" in run.stdout
    log = tmp_path / "pytest.log"
    log.write_text(run.stdout)
    result = scan_file(log, matcher)
    ids = {m.top.entry_id for m in result.matches}
    assert "python/pytest-import-error-test-module" in ids  # the summary is still reported
    assert result.first_cause.entry_id == "python/module-not-found"


def _match(line: int, entry: str, role: str = "cause", level: str | None = None) -> LineMatch:
    cand = Candidate(entry, entry, 1.0, "regex", (0, 1), 1, 0.5, role=role)
    return LineMatch(line, "x", False, (cand,), level)


def test_info_lines_never_come_first_while_an_error_matched() -> None:
    index = MatchIndex()
    index.add([_match(1, "a/info-only", level="info"), _match(2000, "cuda/out-of-memory")])
    assert index.first_cause().entry_id == "cuda/out-of-memory"
    assert [g.entry_id for g in index.groups()] == ["cuda/out-of-memory", "a/info-only"]


def test_summaries_fold_under_the_cause_and_the_graph_orders_causes() -> None:
    index = MatchIndex({"b/cause": {"c/later"}})
    index.add(
        [
            _match(1, "k8s/crashloop", role="consequence"),
            _match(5, "c/later"),
            _match(9, "b/cause"),
            _match(12, "ci/exit", role="summary"),
        ]
    )
    assert [g.entry_id for g in index.groups()] == [
        "b/cause",
        "c/later",
        "k8s/crashloop",
        "ci/exit",
    ]
    assert index.first_cause().line == 9


def test_a_summary_alone_is_the_first_cause() -> None:
    index = MatchIndex()
    index.add([_match(3, "cpp/ld-returned-1-exit-status", role="summary")])
    assert index.first_cause().entry_id == "cpp/ld-returned-1-exit-status"


def test_memory_stays_bounded_when_every_line_matches() -> None:
    index = MatchIndex(examples=5)
    for start in range(0, 100_000, 1000):
        index.add(_match(n, "x/same") for n in range(start + 1, start + 1001))
    [group] = index.groups()
    assert (group.count, group.first_line, group.last_line) == (100_000, 1, 100_000)
    assert len(group.examples) == 5 and index.matched_lines == 100_000


def test_a_variant_names_its_entry_and_which_variant() -> None:
    main = Target.compile("git/x", "fatal: x", r"fatal: x happened")
    variant = Target.compile("git/x", "fatal: x", r"致命错误：x", variant=0, lang="zh")
    found = Matcher([main, variant]).match_line("致命错误：x")
    assert found.top.entry_id == "git/x" and (found.top.variant, found.top.lang) == (0, "zh")
    assert found.to_json()["candidates"][0]["variant"] == {"index": 0, "lang": "zh"}
    both = Matcher([main, variant]).match_line("fatal: x happened / 致命错误：x")
    assert len(both.candidates) == 1  # one candidate per entry
