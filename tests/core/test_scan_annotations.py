"""`triage-app scan` end to end: versions per match, unknown errors per file, exit status."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.core.records_factory import make_record, write_record
from tests.core.test_cli import run_cli

# Spark executors that died of a NoSuchMethodError, as quoted in harsha2010/magellan#115 and
# sorenmacbeth/flambo#134. Which of these lines the catalogue knows changes as it grows; the
# tests check the contract: every error-level line that no match explains is in `unknown`.
SPARK = (
    "17/06/12 10:59:16 ERROR Executor: Exception in task 0.0 in stage 0.0 (TID 0)\n"
    "java.lang.NoSuchMethodError: org.apache.commons.io.IOUtils.readFully(Ljava/io/InputStream;[B)V\n"
    "\tat magellan.mapreduce.WholeFileReader.nextKeyValue(WholeFileReader.scala:47)\n"
    "2018-07-31 21:09:12,817 ERROR executor.Executor:91 - Exception in task 3.0 in stage 2.0 (TID 10)\n"
    "java.lang.NoSuchMethodError: net.jpountz.lz4.LZ4BlockInputStream.<init>(Ljava/io/InputStream;Z)V\n"
)
SPARK_ERROR_LINES = (1, 2, 4, 5)  # the stack frame (3) is not an error line


def _explained(found: dict) -> set[int]:
    lines = set()
    for m in found["matches"]:
        first, last = m.get("event_lines") or (m["line"], m["line"])
        lines.update(range(first, last + 1))
    return lines


def _unknown_lines(found: dict) -> set[int]:
    return {n for g in found["unknown"] for n in g["lines"]}


def _scan_json(*args: str) -> tuple[dict, int]:
    proc = run_cli("scan", "--format", "json", *args)
    return json.loads(proc.stdout), proc.returncode


def test_node_md4_crash_verdict_through_the_cli(tmp_path) -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed here")
    crash = subprocess.run(
        ["node", "-e", "require('crypto').createHash('md4')"], capture_output=True, text=True
    )
    log = tmp_path / "build.log"
    log.write_text(crash.stderr + SPARK, encoding="utf-8")
    doc, status = _scan_json(str(log))
    assert status == 1
    found = doc["files"][0]
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout
    version = node.strip().lstrip("v")
    assert found["stated_versions"] == {"node": version}
    ossl = [m for m in found["matches"] if m["entry_id"] == "node/err-ossl-evp-unsupported"]
    assert ossl and all(
        m["versions"] == {"stated": {"node": version}, "verdict": "affected", "fixed_in": None}
        for m in ossl
    )
    offset = crash.stderr.count("\n")
    unexplained = {offset + n for n in SPARK_ERROR_LINES} - _explained(found)
    assert _unknown_lines(found) == unexplained
    assert all(len(g["lines"]) <= 20 and g["count"] >= len(g["lines"]) for g in found["unknown"])
    text = run_cli("scan", str(log)).stdout.decode()
    assert f"affects node >=17 (you have {version})" in text
    if unexplained:
        assert text.index("node/err-ossl-evp-unsupported") < text.index("Unknown errors")


def test_unknown_errors_never_change_the_exit_status(tmp_path) -> None:
    # Only the executors' summary lines: errors, but no known error's own message.
    log = tmp_path / "spark.log"
    log.write_text("".join(SPARK.splitlines(keepends=True)[i] for i in (0, 3)), encoding="utf-8")
    doc, status = _scan_json(str(log))
    found = doc["files"][0]
    regex = [m for m in found["matches"] if m["kind"] == "regex"]
    assert status == (1 if regex else 0)
    assert _unknown_lines(found) == {1, 2} - _explained(found)
    text = run_cli("scan", str(log)).stdout.decode()
    if found["unknown"]:
        assert "Unknown errors" in text


def test_version_fit_reorders_candidates_in_the_json(tmp_path) -> None:
    root = tmp_path / "catalog"
    line = "RuntimeError: widget engine stalled"
    for slug, item in (("old", "<2.0"), ("new", ">=2.1")):
        record = make_record(
            f"python/{slug}-engine",
            signature=line,
            regex=r"widget engine stalled",
            examples=[line],
            counter_examples=["widget engine started"],
            confidence=0.9 if slug == "old" else 0.1,
            versions=[{"package": "torch", "range": item, "status": "active"}],
        )
        write_record(root, record)
    log = tmp_path / "train.log"
    log.write_text(f"PyTorch version: 2.1.2+cu121\n{line}\n", encoding="utf-8")
    doc, _status = _scan_json("--catalog", str(root), str(log))
    match = next(m for m in doc["files"][0]["matches"] if m["line"] == 2)
    ids = [
        c["entry_id"]
        for c in match["candidates"]
        if c["entry_id"].startswith("python/") and c["entry_id"].endswith("-engine")
    ]
    assert ids == ["python/new-engine", "python/old-engine"]
    assert match["entry_id"] == "python/new-engine"
    assert match["versions"]["verdict"] == "affected"
