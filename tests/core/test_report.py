"""The triage report: golden Markdown and HTML, escaping, redaction, notes, CLI formats."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.records_factory import make_record, write_record
from triage_app.core.catalog import load_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.notes import NotesStore
from triage_app.core.redact import Redactor
from triage_app.core.report.html import render_html
from triage_app.core.report.markdown import render_markdown
from triage_app.core.report.model import build_report
from triage_app.core.scan import scan_file

GOLDEN = Path(__file__).resolve().parent / "golden"
TOKEN = "ghp_" + "Zq9R" * 9
LOG = f"""2026-11-30T10:00:00Z INFO starting job <script>alert(1)</script>
2026-11-30T10:00:01Z INFO pulling https://x-access-token:{TOKEN}@github.com/acme/app.git
2026-11-30T10:00:02Z ERROR DemoError: the widget 'gear' broke at step 42 ![x](http://evil.example/x.png) via https://ci:{TOKEN}@github.com/acme
2026-11-30T10:00:03Z ERROR DemoError: the widget 'cog' broke at step 43 ```
"""
WHEN = dt.datetime(2026, 12, 1, 9, 30, tzinfo=dt.UTC)


@pytest.fixture
def setup(tmp_path):
    record = make_record(
        provenance={"sources": []},
        root_cause="The widget's step counter overflows at 2**31 <b>bold</b> [link](http://x).",
    )
    write_record(tmp_path / "records", record)
    catalog = load_catalog([tmp_path / "records"])
    log = tmp_path / "job.log"
    log.write_text(LOG, encoding="utf-8")
    result = scan_file(log, Matcher.from_catalog(catalog))
    result.path = "job.log"  # stable in the golden file
    store = NotesStore(tmp_path / "notes.json")
    store.add_note("python/demo-error", "Seen on the A100 nodes; token was hf_" + "x1Y2" * 9)
    store.set_mark("python/demo-error", "Reset the widget", "worked")
    return result, catalog, store


def _stable(text: str) -> str:
    return re.sub(r"\d{4}-\d{2}-\d{2}: Seen", "DATE: Seen", text)


@pytest.mark.parametrize(
    ("render", "name"), [(render_markdown, "report.md"), (render_html, "report.html")]
)
def test_report_matches_its_golden_file(setup, render, name):
    result, catalog, store = setup
    report = build_report([result], catalog, notes=store, redactor=Redactor(), generated=WHEN)
    text = _stable(render(report))
    golden = GOLDEN / name
    if os.environ.get("TRIAGE_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_secrets_never_reach_the_report_and_text_stays_text(setup):
    result, catalog, store = setup
    report = build_report([result], catalog, notes=store, redactor=Redactor(), generated=WHEN)
    for text in (render_markdown(report), render_html(report)):
        assert TOKEN not in text and "x1Y2x1Y2" not in text
        assert "[REDACTED" in text
    html_text = render_html(report)
    assert "<script>" not in html_text and "<b>bold</b>" not in html_text
    assert "<img" not in html_text and "http://evil" not in html_text.split("<pre>")[0]
    assert "&lt;b&gt;bold&lt;/b&gt;" in html_text
    markdown = render_markdown(report)
    assert "![x](http" not in markdown.replace("````", "") or "```" in markdown
    assert "\\[link\\]\\(http://x\\)" in markdown  # catalogue text cannot make a link


def test_markdown_log_fence_cannot_be_closed_by_the_log(setup):
    result, catalog, _store = setup
    text = render_markdown(build_report([result], catalog, generated=WHEN))
    assert "````text" in text  # the log holds ``` so the fence is longer


def test_cli_markdown_and_html_formats(tmp_path):
    log = tmp_path / "build.log"
    log.write_text(
        "Collecting yaml_thing\n"
        f"ModuleNotFoundError: No module named 'yaml_thing' (GITHUB_TOKEN={TOKEN})\n",
        encoding="utf-8",
    )
    for fmt, marker in (("markdown", "# Triage report"), ("html", "<!DOCTYPE html>")):
        proc = subprocess.run(
            [sys.executable, "-m", "triage_app", "scan", "--format", fmt, str(log)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 1, proc.stderr
        assert proc.stdout.startswith(marker)
        assert "python/module-not-found" in proc.stdout
        assert TOKEN not in proc.stdout
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "triage_app",
            "scan",
            "--format",
            "markdown",
            "--no-redact",
            str(log),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert TOKEN in proc.stdout and "redaction off" in proc.stdout
    assert json.loads(json.dumps(proc.stdout))  # plain text, printable
