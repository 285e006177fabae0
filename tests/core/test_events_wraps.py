"""Hard-wrapped lines: real messages wrapped at several widths are found on their first line."""

from __future__ import annotations

import random

import pytest

from tests.support.loggen import generate
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.events import ChunkState, reference_scan
from triage_app.core.matcher import Matcher
from triage_app.core.wraps import seam_ok


def _watchdog() -> str:
    """A real NCCL watchdog line: the catalogue entry's own (sourced) example."""
    entry = load_catalog(default_catalog_dirs()).get("nccl/watchdog-timeout")
    return entry.get("examples")[1]


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher.from_catalog(load_catalog(default_catalog_dirs()), fuzzy=False)


def _wrap(line: str, width: int) -> list[str]:
    return [line[i : i + width] for i in range(0, len(line), width)]


def _scan(matcher: Matcher, lines: list[str], chunk_lines: int) -> dict:
    out, state = {}, ChunkState()
    for start in range(0, len(lines), chunk_lines):
        chunk = ("\n".join(lines[start : start + chunk_lines]) + "\n").encode()
        for m in matcher.scan_chunk(chunk, start + 1, None, state):
            out[m.line] = m
    return out


@pytest.mark.parametrize("width", [75, 80, 100, 120, 140])
def test_a_wrapped_watchdog_timeout_is_found_on_its_first_line(matcher, width) -> None:
    pieces = _wrap(_watchdog(), width)
    lines = ["epoch 3 step 200 loss 1.93", *pieces, "epoch 3 step 201 loss 1.92"]
    found = _scan(matcher, lines, 1000)
    assert found[2].top.entry_id == "nccl/watchdog-timeout"
    assert found[2].text == pieces[0]
    assert 3 not in found or found[3].top.entry_id != "nccl/watchdog-timeout"


def test_a_wrap_across_a_chunk_boundary(matcher) -> None:
    pieces = _wrap(_watchdog(), 80)
    lines = ["step 1", *pieces]
    found = _scan(matcher, lines, 2)  # the first piece ends a chunk, the second starts one
    assert found[2].top.entry_id == "nccl/watchdog-timeout"
    assert found[2].event_lines == (2, 3)


def test_wrap_that_ate_the_space(matcher) -> None:
    line = _watchdog()
    cut = line.index(" operation timeout")
    first, second = line[:cut], line[cut + 1 :]  # the space at the wrap is lost
    found = _scan(matcher, [first, second], 100)
    assert found[1].top.entry_id == "nccl/watchdog-timeout"
    assert found[1].event_text == first + " " + second


def test_new_records_are_not_continuations() -> None:
    long = "x" * 90
    assert seam_ok(long, "ctive operation timeout")
    assert not seam_ok(long, "2026-01-05 10:00:00 INFO next record")
    assert not seam_ok(long, "2026/01/05 10:00:00 redis: dial tcp: connection refused")  # Go's log
    assert not seam_ok(long, "    at frame")
    assert not seam_ok(long, "INFO: next")
    assert not seam_ok("short", "continuation")


def test_wrapped_generated_log_is_exact(matcher) -> None:
    """Engine == every pattern on every line and every joinable pair, on a log whose error
    lines are wrapped at several widths (chunks of odd sizes, so pairs cross boundaries)."""
    catalog = load_catalog(default_catalog_dirs())
    errors = [e.signature for e in catalog] + [x for e in catalog for x in e.get("examples", [])]
    rng = random.Random(7)
    lines = []
    for line in generate(4000, errors, error_every=13, seed=11):
        width = rng.choice([60, 75, 80, 100, 120, 140, 0])
        lines += _wrap(line, width) if width and len(line) > width else [line]
    expected = reference_scan(matcher, lines)
    got = _scan(matcher, lines, 337)
    assert any(m.event_lines for m in expected.values())
    summary = {n: {c.entry_id for c in m.candidates} for n, m in got.items()}
    want = {n: {c.entry_id for c in m.candidates} for n, m in expected.items()}
    missing = {n: want[n] - summary.get(n, set()) for n in want if want[n] - summary.get(n, set())}
    extra = {n: summary[n] - want.get(n, set()) for n in summary if summary[n] - want.get(n, set())}
    assert not missing and not extra, (
        f"missing {dict(list(missing.items())[:5])}; extra {dict(list(extra.items())[:5])}"
    )
