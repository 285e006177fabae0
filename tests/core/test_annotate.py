"""Per-file additions: stated versions, verdicts, version-aware ranking, unknown errors."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from triage_app.core.annotate import EntryFacts, FileAnnotator
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.chunklines import chunk_lines
from triage_app.core.matcher import Matcher, Target


def _scan(matcher: Matcher, text: str, annotator: FileAnnotator):
    data = text.encode("utf-8")
    matches = matcher.scan_chunk(data, 1)
    annotator.feed(data, 1, matches)
    return matches, annotator.finish(matches)


def test_node_md4_crash_produced_here() -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed here")
    proc = subprocess.run(
        ["node", "-e", "require('crypto').createHash('md4')"], capture_output=True, text=True
    )
    catalog = load_catalog(default_catalog_dirs())
    entries = list(catalog)
    annotator = FileAnnotator(EntryFacts.from_records(e.data for e in entries))
    matches, notes = _scan(Matcher.from_catalog(entries), proc.stderr, annotator)
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout
    assert notes.stated == {"node": node.strip().lstrip("v")}
    ossl = [m for m in matches if m.top.entry_id == "node/err-ossl-evp-unsupported"]
    assert ossl, [m.top.entry_id for m in matches]
    versions = notes.match_versions("node/err-ossl-evp-unsupported")
    assert versions == {"stated": notes.stated, "verdict": "affected", "fixed_in": None}
    assert notes.fits["node/err-ossl-evp-unsupported"].describe().startswith("affects node >=17")
    # The crash is explained; nothing in it is an unknown error.
    assert notes.unknown == []


def _two_entry_matcher() -> Matcher:
    # Two entries whose patterns consume the same literal characters on the test line.
    return Matcher(
        [
            Target.compile("x/old-torch", "boom", r"boom in (\w+)", confidence=0.9),
            Target.compile("x/new-torch", "boom", r"boom in (\w+)", confidence=0.1),
        ]
    )


def test_version_fit_reorders_equally_specific_candidates() -> None:
    facts = EntryFacts(
        versions={
            "x/old-torch": ({"package": "torch", "range": "<2.0"},),
            "x/new-torch": ({"package": "torch", "range": ">=2.1"},),
        }
    )
    text = "PyTorch version: 2.1.2+cu121\nRuntimeError: boom in forward\n"
    matches, notes = _scan(_two_entry_matcher(), text, FileAnnotator(facts))
    assert [c.entry_id for c in matches[0].candidates] == ["x/new-torch", "x/old-torch"]
    assert notes.match_versions("x/new-torch")["verdict"] == "affected"
    assert notes.match_versions("x/old-torch")["verdict"] == "unknown"


def test_sourced_before_unverified_then_confidence() -> None:
    facts = EntryFacts(sourced=frozenset({"x/new-torch"}))
    matches, _ = _scan(_two_entry_matcher(), "boom in forward\n", FileAnnotator(facts))
    assert matches[0].top.entry_id == "x/new-torch"
    matches, _ = _scan(_two_entry_matcher(), "boom in forward\n", FileAnnotator())
    assert matches[0].top.entry_id == "x/old-torch"  # confidence decides


def test_unknown_errors_skip_explained_lines() -> None:
    text = (
        "17/06/12 10:59:16 ERROR Executor: Exception in task 0.0 in stage 0.0 (TID 0)\n"
        "java.lang.NoSuchMethodError: org.apache.commons.io.IOUtils.readFully(Ljava/io/InputStream;[B)V\n"
        "RuntimeError: boom in forward\n"
    )
    _matches, notes = _scan(_two_entry_matcher(), text, FileAnnotator())
    assert [g["first_line"] for g in notes.unknown] == [1, 2]


def test_versions_are_read_from_the_first_chunk_and_chunks_with_comparable_matches() -> None:
    facts = EntryFacts(versions={"x/new-torch": ({"package": "torch", "range": ">=2.1"},)})
    matcher = _two_entry_matcher()
    annotator = FileAnnotator(facts)
    chunks = [
        "Python 3.11.7\n",  # first chunk: read
        "pip 23.2.1 from /srv/venv/lib/python3.11/site-packages/pip (python 3.11)\n",  # skipped
        "PyTorch version: 2.1.2\nRuntimeError: boom in forward\n",  # holds a match: read
    ]
    line, matches = 1, []
    for chunk in chunks:
        found = matcher.scan_chunk(chunk.encode(), line)
        annotator.feed(chunk.encode(), line, found)
        matches.extend(found)
        line += chunk.count("\n")
    notes = annotator.finish(matches)
    assert notes.stated == {"python": "3.11.7", "torch": "2.1.2"}
    assert notes.match_versions("x/new-torch")["verdict"] == "affected"


def test_the_matchers_chunk_object_gives_the_same_notes_as_the_raw_chunk() -> None:
    """The scan hands the annotator the matcher's `Lines` (clean bytes, lowered bytes, the
    line numbers its prefilter placed); the notes are those of the raw chunk."""
    matcher = Matcher.from_catalog(load_catalog(default_catalog_dirs()))
    text = "".join(
        f"2026-01-01 12:00:{n % 60:02d} \x1b[31mERROR\x1b[0m worker {n} failed: disk {n % 3} full\n"
        f"ok {n}\nE0101 12:00:00.000000 1 x.go:1] \x1b[1mpod {n} died\x1b[0m\n"
        f"CUDA Version: 12.{n % 3}\n"
        for n in range(40)
    )
    text += "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\ntorch==2.1.2\n"
    notes = []
    for as_lines in (False, True):
        annotator = FileAnnotator(matcher.facts)
        chunk = chunk_lines(text.encode()) if as_lines else text.encode()
        found = matcher.scan_chunk(chunk, 5)
        annotator.feed(chunk, 5, found)
        notes.append(annotator.finish(found))
        if as_lines:
            assert chunk.placed  # the matcher placed lines the annotator reused
    assert notes[0] == notes[1]
    assert notes[0].unknown and notes[0].stated["cuda"]
