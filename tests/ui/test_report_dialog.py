"""Export report in the window: preview with redactions marked, options, save."""

from __future__ import annotations

from pathlib import Path

from tests.core.records_factory import make_record, write_record
from triage_app.core.catalog import load_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.scan import scan_file
from triage_app.ui.log.report_dialog import ReportDialog

HANG = 60_000
TOKEN = "ghp_" + "Zq9R" * 9


def _setup(tmp_path: Path):
    write_record(tmp_path / "records", make_record())
    catalog = load_catalog([tmp_path / "records"])
    log = tmp_path / "job.log"
    log.write_text(
        "INFO start\n"
        f"ERROR DemoError: the widget 'gear' broke at step 42 (token {TOKEN}, ops@example.org)\n",
        encoding="utf-8",
    )
    return [scan_file(log, Matcher.from_catalog(catalog))], catalog


def test_preview_marks_every_redaction_and_saves(qtbot, tmp_path):
    results, catalog = _setup(tmp_path)
    dialog = ReportDialog(results, catalog)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: "hidden" in dialog.summary.text(), timeout=HANG)
    text = dialog.preview.toPlainText()
    assert text.startswith("# Triage report") and TOKEN not in text
    assert dialog.marked_count() == text.count("[REDACTED") >= 1
    assert "ops@example.org" in text
    dialog.emails.setChecked(True)
    qtbot.waitUntil(lambda: "ops@example.org" not in dialog.preview.toPlainText(), timeout=HANG)
    dialog.format.setCurrentIndex(1)
    assert dialog.preview.toPlainText().startswith("<!DOCTYPE html>")
    out = tmp_path / "report.html"
    dialog.choose_path = lambda suggested: str(out)
    dialog._on_buttons_accepted()
    saved = out.read_text(encoding="utf-8")
    assert saved.startswith("<!DOCTYPE html>") and TOKEN not in saved


def test_redaction_off_shows_the_line_as_it_is(qtbot, tmp_path):
    results, catalog = _setup(tmp_path)
    dialog = ReportDialog(results, catalog)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: "hidden" in dialog.summary.text(), timeout=HANG)
    dialog.redact.setChecked(False)
    qtbot.waitUntil(lambda: "Redaction is off" in dialog.summary.text(), timeout=HANG)
    assert TOKEN in dialog.preview.toPlainText() and dialog.marked_count() == 0
    assert not dialog.emails.isEnabled()
