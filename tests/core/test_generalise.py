"""A new entry from a line: the generated pattern matches its line and the same error with
other values, and nothing in the healthy corpus. Lines come from the catalogue's examples
(real tool output) and the healthy corpus."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from triage_app.core import paths
from triage_app.core.catalog import load_catalog
from triage_app.core.generalise import generalise, strip_prefix, suggest_id

BENIGN = Path(__file__).resolve().parents[1] / "catalog" / "benign"
SAMPLE = 160

_OTHER = {
    "number": lambda rng, old: str(rng.randint(0, 10 ** max(1, len(re.sub(r"\D", "", old))))),
    "quoted": lambda rng, old: old[0] + rng.choice(["other_name", "x", "Zeta 2"]) + old[-1],
    "path": lambda rng, old: rng.choice(["/srv/other/dir/file.txt", "/tmp/x/y", r"C:\work\a.b"]),
    "file": lambda rng, old: rng.choice(["other.py", "lib_x.so", "conf.yaml"]),
    "url": lambda rng, old: "https://example.org/other/path?q=1",
    "hex": lambda rng, old: ("0x" if old.lower().startswith("0x") else "") + "deadbeef12",
    "uuid": lambda rng, old: "123e4567-e89b-42d3-a456-426614174000",
    "ip": lambda rng, old: "192.168.7.42" + (":8443" if ":" in old else ""),
    "timestamp": lambda rng, old: "2031-07-04T01:02:03Z" if "T" in old else "2031-07-04",
}


def _variant(rng: random.Random, g) -> str:
    out, pos = [], 0
    for start, end, kind in g.values:
        out.append(g.message[pos:start])
        out.append(_OTHER[kind](rng, g.message[start:end]))
        pos = end
    out.append(g.message[pos:])
    return "".join(out)


@pytest.fixture(scope="module")
def example_lines() -> list[str]:
    catalog = load_catalog([paths.bundled_records_dir()])
    lines = sorted({ex for entry in catalog for ex in entry.get("examples", []) if len(ex) > 12})
    rng = random.Random(4)
    return rng.sample(lines, min(SAMPLE, len(lines)))


@pytest.fixture(scope="module")
def healthy_lines() -> list[str]:
    lines = []
    for path in sorted(BENIGN.glob("*.log")):
        lines += path.read_text(encoding="utf-8", errors="replace").splitlines()
    return lines


def test_generated_patterns_match_their_line_and_other_values(example_lines):
    rng = random.Random(9)
    assert len(example_lines) >= 100
    bad = []
    for line in example_lines:
        g = generalise(line)
        pattern = re.compile(g.regex, re.IGNORECASE)
        if not pattern.search(line):
            bad.append(("own line", line, g.regex))
            continue
        for _ in range(3):
            other = _variant(rng, g)
            if not pattern.search(other):
                bad.append(("variant", other, g.regex))
    assert not bad, "\n".join(map(str, bad[:15]))


def test_generated_patterns_are_prefilterable_and_not_trivial(example_lines):
    weak = [line for line in example_lines if not generalise(line).prefilterable]
    assert len(weak) <= len(example_lines) * 0.05, weak


def test_generated_patterns_match_nothing_healthy(example_lines, healthy_lines):
    fired = []
    for line in example_lines:
        pattern = re.compile(generalise(line).regex, re.IGNORECASE)
        hits = [h for h in healthy_lines if pattern.search(h)]
        if hits:
            fired.append((line, hits[:2]))
    assert len(healthy_lines) > 10_000
    assert not fired, "\n".join(map(str, fired[:10]))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("2026-11-30T10:00:02.123Z ERROR boom: it broke", "boom: it broke"),
        (
            "Nov 29 08:07:35 build-01 kernel[12]: Out of memory: Killed process 1",
            "Out of memory: Killed process 1",
        ),
        ("E1129 12:00:00.123456   12345 reflector.go:138] failed to list", "failed to list"),
        ("##[error]Process completed with exit code 1.", "Process completed with exit code 1."),
        ("[rank3]: RuntimeError: CUDA error", "RuntimeError: CUDA error"),
        ("\x1b[31mERROR\x1b[0m: thing failed", "thing failed"),
    ],
)
def test_prefix_is_dropped(line, message):
    assert strip_prefix(line) == message


def test_error_codes_stay_literal_and_ids_are_readable():
    g = generalise("error[E0382]: borrow of moved value: `v`")
    assert "E0382" in g.regex
    assert not re.search(g.regex, "error[E0499]: borrow of moved value: `v`")
    assert suggest_id("npm ERR! code ERESOLVE", "npm") == "npm/npm-err-code-eresolve"
