"""`triage-app batch` on a real Dask cluster: same answers as `scan`, nothing lost or doubled.

A real `distributed.LocalCluster` with two worker processes serves the module; the CLI tests
start their own local cluster, as a user's command does.
"""

from __future__ import annotations

import gzip
import json
import logging
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.loggen import generate
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.scan import scan_file
from triage_app.fleet import SCHEMA
from triage_app.fleet.results_file import ResultsWriter, read_results
from triage_app.fleet.runner import run_batch
from triage_app.fleet.tasks import CatalogPayload

distributed = pytest.importorskip("distributed")

N_LOGS = 500


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as local:
        yield local


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(default_catalog_dirs())


@pytest.fixture(scope="module")
def payload():
    return CatalogPayload.from_dirs(default_catalog_dirs())


@pytest.fixture(scope="module")
def logs(tmp_path_factory, catalog):
    """500 small logs, most with one to three known errors, some healthy, some gzipped."""
    root = tmp_path_factory.mktemp("fleet-logs")
    rng = random.Random(7)
    examples = [ex for e in catalog for ex in e.get("examples", [])[:1]]
    paths = []
    for i in range(N_LOGS):
        errors = rng.sample(examples, rng.choice([0, 1, 1, 2, 3]))
        lines = generate(rng.randint(20, 200), errors, error_every=max(5, 60), seed=i)
        text = "\n".join(lines) + "\n"
        folder = root / f"job-{i % 10}"
        folder.mkdir(exist_ok=True)
        if i % 25 == 0:
            path = folder / f"run-{i}.log.gz"
            path.write_bytes(gzip.compress(text.encode()))
        else:
            path = folder / f"run-{i}.log"
            path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return root, sorted(paths)


def _comparable(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "schema"}


def test_batch_equals_scan_file_by_file(cluster, payload, catalog, logs):
    _root, paths = logs
    results = list(run_batch(paths, payload, scheduler=cluster.scheduler_address))
    docs = [json.loads(r.line) for r in results]
    assert [r.path for r in results] == [d["path"] for d in docs]
    assert sorted(d["path"] for d in docs) == paths  # each file exactly once
    assert all(d["schema"] == SCHEMA for d in docs)
    matcher = Matcher.from_catalog(catalog)
    by_path = {d["path"]: d for d in docs}
    matched = 0
    for path in paths:
        expected = scan_file(path, matcher).to_json()
        assert _comparable(by_path[path]) == expected, path
        matched += bool(expected["matches"])
    assert matched > N_LOGS // 2  # the comparison covers real matches, not empty results


def test_a_worker_killed_mid_batch_loses_and_doubles_nothing(cluster, payload, logs, tmp_path):
    _root, paths = logs
    client = distributed.Client(cluster)
    try:
        pids = client.run(os.getpid)
    finally:
        client.close()
    out = tmp_path / "results.jsonl"
    killed = False
    with ResultsWriter(out) as writer:
        for n, doc in enumerate(run_batch(paths, payload, scheduler=cluster.scheduler_address)):
            writer.write(doc.line)
            if n == 40 and not killed:
                os.kill(next(iter(pids.values())), signal.SIGKILL)
                killed = True
    assert killed
    docs = list(read_results(out))
    assert sorted(d["path"] for d in docs) == paths
    assert not [d for d in docs if d["error"]]


def test_resume_skips_what_is_done_and_survives_a_cut_last_line(cluster, payload, logs, tmp_path):
    _root, paths = logs
    out = tmp_path / "results.jsonl"
    first = paths[:100]
    with ResultsWriter(out) as writer:
        for doc in run_batch(first, payload, scheduler=cluster.scheduler_address):
            writer.write(doc.line)
    with open(out, "a", encoding="utf-8") as handle:  # a crash mid-write
        handle.write('{"schema": "triage-batch/1", "path": "/cut')
    writer = ResultsWriter(out, resume=True)
    assert writer.done == set(first)
    todo = [p for p in paths if p not in writer.done]
    with writer:
        for doc in run_batch(todo, payload, scheduler=cluster.scheduler_address):
            writer.write(doc.line)
    docs = list(read_results(out))
    assert sorted(d["path"] for d in docs) == paths


def test_existing_output_is_never_overwritten_without_asking(tmp_path):
    out = tmp_path / "results.jsonl"
    out.write_text("precious\n")
    from triage_app.fleet.results_file import ResultsFileError

    with pytest.raises(ResultsFileError, match="--resume"):
        ResultsWriter(out)
    assert out.read_text() == "precious\n"


def _cli(*args: str, cwd: Path | None = None, env: dict | None = None):
    return subprocess.run(
        [sys.executable, "-m", "triage_app", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        env={**os.environ, **(env or {})},
    )


def test_cli_batch_with_bad_inputs_and_a_summary(logs, tmp_path):
    root, paths = logs
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "binary.log").write_bytes(b"\x7fELF\x02\x01\x01" + bytes(range(256)) * 8)
    os.mkfifo(bad / "pipe.log")
    out = tmp_path / "out.jsonl"
    proc = _cli(
        "batch", str(root / "job-1"), str(root / "job-2" / "*.log"), str(bad),
        f"file://{root / 'job-3'}", str(tmp_path / "nowhere" / "*.log"),
        "--out", str(out), "--workers", "2", "--quiet",
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr  # unreadable inputs and one matching nothing
    assert "Traceback" not in proc.stderr
    assert "nowhere" in proc.stderr
    docs = list(read_results(out))
    errors = {Path(d["path"]).name: d["error"] for d in docs if d["error"]}
    assert set(errors) == {"binary.log", "pipe.log"}
    urls = [d["path"] for d in docs if d["path"].startswith("file://")]
    assert len(urls) == 50 and all(d["lines"] > 0 for d in docs if d["path"] in urls)
    assert "First cause" in proc.stdout and "Could not be read" in proc.stdout
    in_job1 = [p for p in paths if "/job-1/" in p]
    assert {d["path"] for d in docs} >= set(in_job1)


def test_cli_missing_optional_filesystem_is_one_clear_line(tmp_path):
    pytest.importorskip("fsspec")
    try:
        import s3fs  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("s3fs is installed here")
    proc = _cli("batch", "s3://bucket/logs/", "--out", str(tmp_path / "o.jsonl"))
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0
    assert "s3fs" in proc.stderr and "Traceback" not in proc.stderr


def test_cli_without_dask_says_how_to_install_it(tmp_path):
    blocker = (
        "import sys\n"
        "class B:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('dask', 'distributed'):\n"
        "            raise ImportError(name)\n"
        "sys.meta_path.insert(0, B())\n"
        "from triage_app.cli import main\n"
        f"sys.exit(main(['batch', {str(tmp_path)!r}, '--out', {str(tmp_path / 'o.jsonl')!r}]))\n"
    )
    proc = subprocess.run([sys.executable, "-c", blocker], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "triage-app[fleet]" in proc.stderr and "Traceback" not in proc.stderr


def test_cli_resume_and_exit_status(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "a.log").write_text("ok\n")
    (logs / "b.log").write_text("ok too\n")
    out = tmp_path / "o.jsonl"
    proc = _cli("batch", str(logs / "a.log"), "--out", str(out), "--workers", "1", "--quiet")
    assert proc.returncode == 0, proc.stderr
    proc = _cli("batch", str(logs), "--out", str(out), "--workers", "1", "--resume", "--quiet")
    assert proc.returncode == 0, proc.stderr
    assert "(1 from the earlier run)" in proc.stdout
    lines = out.read_text().splitlines()
    assert sorted(json.loads(x)["path"] for x in lines) == [
        str(logs / "a.log"),
        str(logs / "b.log"),
    ]
