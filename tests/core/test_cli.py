"""The headless contract end to end: `triage-app scan/lookup/catalog` as a user runs them."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
import subprocess
import sys

import pytest

from tests.core.records_factory import make_record, write_record

ERROR_LINE = "2026-11-29 ERROR DemoError: the widget 'gear' broke at step 17"


def run_cli(*args: str, stdin: bytes | None = None, env: dict | None = None):
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "triage_app", *args],
        input=stdin,
        capture_output=True,
        env=full_env,
        timeout=120,
    )


@pytest.fixture
def demo_catalog(tmp_path):
    root = tmp_path / "catalog"
    write_record(root, make_record())
    return root


def _log_text(n: int = 50, error_at: int = 30) -> str:
    lines = [f"info line {i}" for i in range(1, n + 1)]
    lines[error_at - 1] = ERROR_LINE
    return "\r\n".join(lines) + "\r\n"


@pytest.mark.parametrize("codec", ["utf-8", "utf-16", "utf-16-le", "gbk", "utf-8-sig"])
@pytest.mark.parametrize("compression", [None, "gzip", "bzip2", "xz"])
def test_scan_json_in_every_compression_and_encoding(tmp_path, demo_catalog, codec, compression):
    text = "中文日志 " * (40 if codec == "gbk" else 0) + "\n" + _log_text()
    data = text.encode(codec)
    packer = {"gzip": gzip.compress, "bzip2": bz2.compress, "xz": lzma.compress}.get(compression)
    path = tmp_path / "run.log"
    path.write_bytes(packer(data) if packer else data)
    proc = run_cli("scan", "--format", "json", "--catalog", str(demo_catalog), str(path))
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    [file_doc] = doc["files"]
    assert file_doc["compression"] == compression
    assert file_doc["error"] is None
    assert file_doc["lines"] == 51
    regex_matches = [m for m in file_doc["matches"] if m["kind"] == "regex"]
    assert [(m["line"], m["entry_id"]) for m in regex_matches] == [(31, "python/demo-error")]
    match = regex_matches[0]
    assert match["text"] == ERROR_LINE
    assert match["text"][match["span"][0] : match["span"][1]].startswith("DemoError")
    assert match["candidates"][0]["entry_id"] == match["entry_id"]
    assert doc["catalog"]["errors"] == 0 and doc["catalog"]["entries"] >= 1


def test_clean_log_exits_0_and_unreadable_file_exits_2(tmp_path, demo_catalog):
    clean = tmp_path / "clean.log"
    clean.write_text("all good\n0 errors\n")
    proc = run_cli("scan", "--format", "json", "--catalog", str(demo_catalog), str(clean))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["files"][0]["matches"] == []
    proc = run_cli("scan", "--format", "json", str(clean), str(tmp_path / "missing.log"))
    assert proc.returncode == 2
    doc = json.loads(proc.stdout)
    assert doc["files"][1]["error"].endswith("no such file")
    assert doc["files"][1]["matches"] == []
    assert b"Traceback" not in proc.stderr
    assert proc.stderr.decode().count("\n") == 1


def test_binary_and_folder_give_one_clear_line(tmp_path):
    binary = tmp_path / "a.out"
    binary.write_bytes(b"\x7fELF" + bytes(range(256)) * 4)
    for target in (binary, tmp_path):
        proc = run_cli("scan", str(target))
        assert proc.returncode == 2
        err = proc.stderr.decode()
        assert "Traceback" not in err and err.startswith("triage-app: ")


def test_stdin(demo_catalog):
    proc = run_cli(
        "scan", "--format", "json", "--catalog", str(demo_catalog), "-", stdin=_log_text().encode()
    )
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["files"][0]["path"] == "-"


def test_text_report_groups_and_is_plain_when_piped(tmp_path, demo_catalog):
    path = tmp_path / "run.log"
    path.write_text(_log_text() + ERROR_LINE + "\n")
    proc = run_cli("scan", "--catalog", str(demo_catalog), str(path))
    out = proc.stdout.decode()
    assert proc.returncode == 1
    assert "\x1b[" not in out
    assert "2x python/demo-error" in out and "line 30 (last 51)" in out
    assert "cause: The widget breaks" in out and "try:   Reset the widget (~90% est.)" in out


def test_wrong_arguments_exit_2():
    assert run_cli("scan").returncode == 2
    assert run_cli("scan", "--format", "xml", "x").returncode == 2
    proc = run_cli("scan", "--catalog", "/no/such/dir", "x.log")
    assert proc.returncode == 2 and b"no such folder" in proc.stderr


def test_lookup(demo_catalog):
    proc = run_cli(
        "lookup",
        "--format",
        "json",
        "--catalog",
        str(demo_catalog),
        "DemoError: the widget 'z' broke at step 3",
    )
    assert proc.returncode == 0
    top = json.loads(proc.stdout)["candidates"][0]
    assert (top["entry_id"], top["kind"]) == ("python/demo-error", "regex")
    misspelled = run_cli(
        "lookup",
        "--format",
        "json",
        "--catalog",
        str(demo_catalog),
        "DemoErorr: the widgt broke at stepp",
    )
    assert json.loads(misspelled.stdout)["candidates"][0]["entry_id"] == "python/demo-error"
    none = run_cli("lookup", "--catalog", str(demo_catalog), "zzzz qqqq")
    assert none.returncode == 1
    piped = run_cli(
        "lookup",
        "--catalog",
        str(demo_catalog),
        stdin=b"DemoError: the widget 'z' broke at step 3\n",
    )
    assert piped.returncode == 0 and b"python/demo-error" in piped.stdout


def test_catalog_validate_and_list(tmp_path, demo_catalog):
    proc = run_cli("catalog", "validate", str(demo_catalog))
    assert proc.returncode == 0, proc.stdout
    write_record(demo_catalog, make_record("python/broken", regex="("))
    proc = run_cli("catalog", "validate", str(demo_catalog))
    assert proc.returncode == 1
    out = proc.stdout.decode()
    assert "broken.json: regex: is not a valid Python regular expression" in out
    proc = run_cli(
        "catalog", "list", "--domain", "python", "--format", "json", "--catalog", str(demo_catalog)
    )
    assert proc.returncode == 0
    assert "python/demo-error" in [e["id"] for e in json.loads(proc.stdout)]
    assert run_cli("catalog", "validate", str(tmp_path / "nope")).returncode == 2


def test_user_catalogue_folder_is_loaded(tmp_path):
    data = tmp_path / "data"
    write_record(data / "records", make_record("python/user-entry"))
    proc = run_cli("catalog", "list", "--format", "json", env={"TRIAGE_DATA_DIR": str(data)})
    assert "python/user-entry" in [e["id"] for e in json.loads(proc.stdout)]
