"""A whole scan (matches, stated versions, unknown errors) is the same with Hyperscan and
with the ahocorasick_rs fallback; a tiny log never imports hyperscan."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.loggen import generate
from triage_app.core import automaton, unknown, versions
from triage_app.core import matcher as matcher_module
from triage_app.core.automaton import AHOCORASICK, HYPERSCAN, LiteralAutomaton
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.scan import scan_file

needs_hyperscan = pytest.mark.skipif(
    HYPERSCAN not in automaton.available_backends(), reason="no hyperscan wheel here"
)


def _scan_json(path, catalog, fast: type) -> dict:
    matcher = Matcher.from_catalog(catalog, fuzzy=False)
    result = scan_file(path, matcher, fuzzy=False, chunk_bytes=256 * 1024).to_json()
    result.pop("elapsed", None)
    assert isinstance(matcher._automaton._fast, fast)
    if fast is automaton._Hyperscan:  # one pass found the annotators' words too
        assert matcher._automaton._fast.names == ["unknown", "versions"]
    else:
        for search in (unknown._WORDS, versions._KEYS):
            assert isinstance(search._fast, fast)
    return result


def _fallback_copy(search: LiteralAutomaton) -> LiteralAutomaton:
    return LiteralAutomaton(search._words, search._upgrade_after, AHOCORASICK, search._hold)


@needs_hyperscan
def test_a_scan_is_the_same_with_either_backend(tmp_path, monkeypatch) -> None:
    catalog = list(load_catalog(default_catalog_dirs()))
    examples = [x for e in catalog for x in (e.signature, *e.get("examples", []))]
    extras = [
        "Python 3.11.4",
        "torch==2.1.2+cu121",
        "git version 2.39.5",
        "FATAL: the flux capacitor overheated at 88 mph",  # unknown errors
        "E0102 12:34:56.789012  4242 widget.cc:77] widget frobnication failed",
    ]
    lines = generate(20000, examples + extras * 20, error_every=40, seed=3)
    log = tmp_path / "varied.log"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")  # ~1.5 MB: rekeyed, built
    monkeypatch.setattr(matcher_module, "UPGRADE_AFTER_BYTES", 0)  # fast after 512 KB
    fast = _scan_json(log, catalog, automaton._Hyperscan)
    assert fast["matches"] and fast["unknown"] and fast["stated_versions"]
    monkeypatch.setattr(automaton, "_hyperscan", lambda: None)
    monkeypatch.setattr(unknown, "_WORDS", _fallback_copy(unknown._WORDS))
    monkeypatch.setattr(versions, "_KEYS", _fallback_copy(versions._KEYS))
    monkeypatch.setattr(automaton, "_RIDERS", {})
    assert _scan_json(log, catalog, automaton.ahocorasick_rs.BytesAhoCorasick) == fast


PROBE = """
import sys
from pathlib import Path
from triage_app.cli import main
log = Path(sys.argv[1])
log.write_text(sys.argv[2] * int(sys.argv[3]), encoding="utf-8")
main(["scan", "--format", "json", str(log)])
print("hyperscan" in sys.modules, file=sys.stderr)
"""


@needs_hyperscan
@pytest.mark.parametrize(("lines", "imported"), [(2, False), (200, False), (20000, True)])
def test_only_a_big_log_imports_hyperscan(tmp_path, lines, imported) -> None:
    text = "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\n"
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "a.log"), text, str(lines // 2)],
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **os.environ,
            "TRIAGE_CACHE_DIR": str(tmp_path / "cache"),
            "TRIAGE_DATA_DIR": str(tmp_path / "data"),
        },
    )
    assert "ERESOLVE" in proc.stdout, proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == str(imported)
    assert (tmp_path / "cache" / "hyperscan").exists() == imported  # no database file read
