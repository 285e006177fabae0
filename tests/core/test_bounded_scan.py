"""A log in which every line matches: groups in bounded memory, the JSON document streamed.

The reference is built the old way in the same test: every match kept, re-ranked by the
annotator, grouped by `MatchIndex`, the whole document dumped at once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from tests.core.records_factory import make_record, write_record
from triage_app.cli.common import load_matcher_for_cli
from triage_app.core.advice import advice_json
from triage_app.core.catalog import load_catalog
from triage_app.core.match_index import MatchIndex
from triage_app.core.match_spool import MatchSpool
from triage_app.core.matcher import Matcher
from triage_app.core.results import Candidate, LineMatch
from triage_app.core.sanitize import for_json
from triage_app.core.scan import scan_file

ROOT = Path(__file__).resolve().parents[2]
RETRY = "2026-12-01 12:00:{s:02d} ERROR worker {w}: retry {n} failed: connection refused"


def _records() -> list[dict]:
    # Two entries that match the same text with the same literal characters: the first ranks
    # higher (confidence) until the log states a torch version inside the second's range.
    plain = make_record(
        "python/demo-refused-plain",
        signature="retry 1 failed: connection refused",
        regex=r"failed: connection refused",
        confidence=0.9,
        examples=["retry 3 failed: connection refused"],
        counter_examples=[],
    )
    versioned = make_record(
        "python/demo-refused-torch",
        signature="retry 1 failed: connection refused",
        regex=r"failed: connection refused",
        confidence=0.5,
        versions=[{"version": "2.x", "package": "torch", "range": ">=2.0", "status": "active"}],
        examples=["retry 3 failed: connection refused"],
        counter_examples=[],
    )
    return [plain, versioned, make_record()]


@pytest.fixture(scope="module")
def catalog_dir(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("catalog")
    for record in _records():
        write_record(root, record)
    return root


@pytest.fixture(scope="module")
def matcher(catalog_dir) -> Matcher:
    return Matcher.from_catalog(load_catalog([catalog_dir]))


def _runaway_log(path: Path, lines: int, *, torch_at_end: bool = True) -> Path:
    with open(path, "w", encoding="utf-8") as out:
        for n in range(1, lines + 1):
            if n % 1000 == 500:
                out.write("2026-12-01 ERROR DemoError: the widget 'gear' broke at step 17\n")
            else:
                out.write(RETRY.format(s=n % 60, w=n % 8, n=n) + "\n")
        if torch_at_end:
            out.write("Successfully installed torch-2.1.0\n")
    return path


def _old_groups(matcher: Matcher, result) -> dict:
    """Group every kept (re-ranked) match the way the CLI did before."""
    index = MatchIndex(matcher.causes)
    index.add(result.matches)
    return {(g.entry_id, g.kind): (g.count, g.first_line, g.last_line) for g in index.groups()}


@pytest.mark.slow
def test_every_line_matching_is_counted_exactly_with_capped_examples(tmp_path, matcher) -> None:
    lines = 200_000
    log = _runaway_log(tmp_path / "runaway.log", lines)
    result = scan_file(log, matcher, keep_matches=False, chunk_bytes=1 << 20)
    assert result.error is None and result.matches == []
    groups = {g.entry_id: g for g in result.groups.groups()}
    # The torch version stated on the last line moved every retry line to the versioned entry.
    assert set(groups) == {"python/demo-refused-torch", "python/demo-error"}
    retry, demo = groups["python/demo-refused-torch"], groups["python/demo-error"]
    assert demo.count == lines // 1000 and (demo.first_line, demo.last_line) == (500, 199_500)
    assert retry.count == lines - demo.count
    assert (retry.first_line, retry.last_line) == (1, lines)
    assert len(retry.examples) == 20 and len(retry.tail) == 3
    assert [m.line for m in retry.examples] == list(range(1, 21))
    assert [m.line for m in retry.tail] == [lines - 2, lines - 1, lines]
    assert retry.more == retry.count - 23
    assert all(m.top.entry_id == "python/demo-refused-torch" for m in retry.kept)
    assert result.first_cause.entry_id == "python/demo-refused-torch"
    assert result.first_cause.line == 1


@pytest.mark.parametrize("torch_at_end", [True, False])
def test_bounded_groups_equal_the_old_grouping(tmp_path, matcher, torch_at_end) -> None:
    log = _runaway_log(tmp_path / "small.log", 3000, torch_at_end=torch_at_end)
    bounded = scan_file(log, matcher, keep_matches=False, chunk_bytes=32 << 10)
    kept = scan_file(log, matcher, chunk_bytes=32 << 10)
    groups = bounded.groups.groups()
    assert {(g.entry_id, g.kind): (g.count, g.first_line, g.last_line) for g in groups} == (
        _old_groups(matcher, kept)
    )
    assert bounded.first_cause == kept.first_cause
    top = "python/demo-refused-torch" if torch_at_end else "python/demo-refused-plain"
    assert groups[0].entry_id == top
    by_line = {m.line: m for m in kept.matches}
    for group in groups:
        assert all(by_line[m.line] == m for m in group.kept)  # re-ranked like the kept ones


def test_spool_gives_back_every_field_of_every_match(tmp_path) -> None:
    one = Candidate("a/x", "sig x", 1.0, "regex", (3, 9), 6, 0.7, 1, "zh", "summary")
    two = Candidate("a/z", "sig z", 1.0, "regex", (0, 6), 6, 0.5)
    guess = Candidate("a/y", "sig y", 0.61, "fuzzy", None, 0, 0.4)
    matches = [  # candidates as the scan ranks them
        LineMatch(5, "text ✓", False, (one,)),
        LineMatch(9, "t" * 10, True, (one, two, guess), "error", (9, 11), "joined\ntext"),
        LineMatch(12, "guess", False, (guess,), "warning"),
    ]
    assert len(LineMatch.__slots__) == 7  # a new field must be spooled too
    assert len(Candidate.__slots__) == 10
    with MatchSpool(str(tmp_path)) as spool:
        spool.add(matches[:1])
        spool.add([])
        spool.add(matches[1:])
        assert [m for batch in spool.replay() for m in batch] == matches
        # The log's versions favour a/z: it comes first (literal characters being equal).
        again = [m for batch in spool.replay({"a/z": 2, "a/x": 1}) for m in batch]
    assert again[0] == matches[0] and again[2] == matches[2]
    assert again[1].candidates == (two, one, guess)
    assert spool.count == 3


def _reference_document(paths: list[Path], catalog_dir: Path) -> bytes:
    """The JSON document built the old way: every match kept, dumped in one piece."""
    catalog, matcher = load_matcher_for_cli([catalog_dir])
    files = [scan_file(p, matcher).to_json() for p in paths]
    matched = sorted({m["entry_id"] for f in files for m in f["matches"]})
    doc = {
        "files": files,
        "entries": {i: advice_json(catalog.get(i).data) for i in matched if catalog.get(i)},
        "catalog": {
            "entries": len(catalog),
            "errors": len(catalog.errors),
            "overrides": [o.to_json() for o in catalog.overrides.values()],
        },
    }
    return (for_json(json.dumps(doc, ensure_ascii=False)) + "\n").encode("utf-8")


def test_streamed_json_is_the_old_document_byte_for_byte(tmp_path, catalog_dir) -> None:
    logs = [
        _runaway_log(tmp_path / "runaway.log", 2500),
        tmp_path / "missing.log",
        ROOT / "resources" / "samples" / "sample-training-run.log",
        *sorted((ROOT / "tests" / "heldout" / "logs").glob("*.log"))[:12],
    ]
    run = subprocess.run(
        [sys.executable, "-m", "triage_app", "scan", "--format", "json", "--catalog"]
        + [str(catalog_dir), *map(str, logs)],
        capture_output=True,
        env=os.environ,
        timeout=300,
    )
    assert run.returncode == 2, run.stderr  # the missing file
    doc = json.loads(run.stdout)
    assert len(doc["files"]) == len(logs)
    assert sum(len(f["matches"]) for f in doc["files"]) > 2500
    assert run.stdout == _reference_document(logs, catalog_dir)


def _peak_bytes(log: Path, matcher: Matcher, folder: Path) -> int:
    """Peak traced memory of a bounded scan whose matches are spooled and read back."""
    tracemalloc.start()
    try:
        with MatchSpool(str(folder)) as spool:
            result = scan_file(
                log, matcher, keep_matches=False, on_matches=spool.add, chunk_bytes=16 << 10
            )
            fits = result.notes.rank_fits()
            for batch in spool.replay(fits):
                for match in batch:
                    json.dumps(result.match_json(match))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_matched_lines(tmp_path, matcher) -> None:
    small = _runaway_log(tmp_path / "small.log", 4_000)
    large = _runaway_log(tmp_path / "large.log", 16_000)
    _peak_bytes(small, matcher, tmp_path)  # warm-up: caches and lazy imports
    ratio = _peak_bytes(large, matcher, tmp_path) / _peak_bytes(small, matcher, tmp_path)
    # Keeping every match grows 4x here; chunk-sized buffers and groups do not grow.
    assert ratio < 1.3


def test_reports_say_how_many_more_lines_there_are(tmp_path, catalog_dir) -> None:
    log = _runaway_log(tmp_path / "runaway.log", 3000)
    base = [sys.executable, "-m", "triage_app", "scan", "--catalog", str(catalog_dir), str(log)]
    text = subprocess.run(base, capture_output=True, text=True, env=os.environ, timeout=300)
    assert text.returncode == 1, text.stderr
    assert "2997x" in text.stdout and "... and 2,996 more lines" in text.stdout
    markdown = subprocess.run(
        [*base, "--format", "markdown"], capture_output=True, text=True, timeout=300
    )
    assert "2997×, lines 1–3000" in markdown.stdout
    assert "… and 2,994 more lines" in markdown.stdout  # three lines shown


def test_a_failure_part_way_still_gives_a_whole_document(
    tmp_path, catalog_dir, monkeypatch, capsysbinary
) -> None:
    from triage_app.cli import main, scan_cmd

    good = _runaway_log(tmp_path / "good.log", 50)
    real = scan_cmd.scan_file

    def failing(path, *args, **kwargs):  # noqa: ANN001, ANN202 - stands in for scan_file
        if str(path).endswith("bad.log"):
            kwargs["on_matches"]([])
            raise RuntimeError("boom")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(scan_cmd, "scan_file", failing)
    bad = _runaway_log(tmp_path / "bad.log", 10)
    status = main(["scan", "--format", "json", "--catalog", str(catalog_dir), str(good), str(bad)])
    doc = json.loads(capsysbinary.readouterr().out)
    assert status == 2
    assert len(doc["files"][0]["matches"]) == 50
    assert doc["files"][1]["error"] == "the scan stopped unexpectedly (RuntimeError: boom)"
    assert doc["files"][1]["matches"] == []


def test_merged_groups_keep_the_first_and_last_lines_of_the_union() -> None:
    import random

    from triage_app.core.match_index import merged

    rng = random.Random(7)
    top = Candidate("a/x", "sig", 1.0, "regex", (0, 3), 3, 0.5)
    lines = sorted(rng.sample(range(1, 5000), 400))
    parts = [MatchIndex(examples=5, tail=3) for _ in range(3)]
    for line in lines:  # each line lands in one of three classes, as the scan would put it
        parts[rng.randrange(3)].add([LineMatch(line, "t", False, (top,), "error")])
    group = merged([p.groups()[0] for p in parts], 5, 3)
    whole = MatchIndex(examples=5, tail=3)
    whole.add(LineMatch(n, "t", False, (top,), "error") for n in lines)
    expected = whole.groups()[0]
    assert (group.count, group.first_line, group.last_line) == (400, lines[0], lines[-1])
    assert [m.line for m in group.kept] == [m.line for m in expected.kept]
    assert [m.line for m in group.kept] == lines[:5] + lines[-3:]
    assert group.more == 392
