"""A scan that knows its log is big builds the faster DFA up front (results unchanged)."""

from __future__ import annotations

from triage_app.core.automaton import UPGRADE_AFTER_BYTES
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.scan import scan_file


def test_expect_bytes_upgrades_only_for_big_logs(tmp_path):
    matcher = Matcher.from_catalog(load_catalog(default_catalog_dirs()), fuzzy=False)
    automaton = matcher._automaton
    matcher.expect_bytes(None)
    matcher.expect_bytes(UPGRADE_AFTER_BYTES - 1)
    assert not automaton.is_dfa
    log = tmp_path / "small.log"
    log.write_text("npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\n")
    before = scan_file(log, matcher, fuzzy=False).to_json()
    assert not automaton.is_dfa  # a small file keeps the cheap automaton
    matcher.expect_bytes(UPGRADE_AFTER_BYTES)
    assert automaton.is_dfa
    assert scan_file(log, matcher, fuzzy=False).to_json() == before
