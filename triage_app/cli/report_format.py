"""`scan --format markdown|html`: the triage report to share, secrets redacted by default."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from triage_app.cli.output import clean, print_error
from triage_app.core.catalog import Catalog
from triage_app.core.scan import FileResult

REPORT_FORMATS = ("markdown", "html")


def add_report_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("report (--format markdown or html)")
    group.add_argument(
        "--no-redact", action="store_true", help="keep secrets (redaction is on by default)"
    )
    group.add_argument("--redact-emails", action="store_true", help="also hide e-mail addresses")
    group.add_argument("--redact-ips", action="store_true", help="also hide IP addresses")
    group.add_argument(
        "--redact-home", action="store_true", help="also hide user names in home paths"
    )
    group.add_argument(
        "--notes-db", metavar="PATH", type=Path, help="include notes from this notes file"
    )


def write_report(args: argparse.Namespace, results: list[FileResult], catalog: Catalog) -> None:
    from triage_app.core.paths import notes_db_path
    from triage_app.core.redact import Redactor
    from triage_app.core.report.html import render_html
    from triage_app.core.report.markdown import render_markdown
    from triage_app.core.report.model import build_report

    redactor = None
    if not args.no_redact:
        redactor = Redactor(
            emails=args.redact_emails, ips=args.redact_ips, home_paths=args.redact_home
        )
    store = _open_notes(args.notes_db or notes_db_path())
    try:
        report = build_report(results, catalog, notes=store, redactor=redactor)
    finally:
        if store is not None:
            store.close()
    render = render_html if args.format == "html" else render_markdown
    sys.stdout.write(clean(render(report), multiline=True))  # no escape reaches a terminal


def _open_notes(path: Path):
    """The notes store (opened as the CLI always does), or None if absent or unusable."""
    if not path.is_file():
        return None
    from triage_app.core.notes import NotesStore
    from triage_app.core.notes.errors import NotesError

    try:
        store = NotesStore(path)
    except (NotesError, OSError) as exc:
        print_error(f"notes not included: {exc}")
        return None
    for problem in store.problems:
        print_error(problem)
    return store
