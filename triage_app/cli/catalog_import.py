"""`triage-app catalog import PATH`: a peer catalogue's records into your own catalogue."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from triage_app.cli.common import load_for_cli
from triage_app.cli.errors import CliError
from triage_app.cli.output import clean, print_json


def register_import(cmds: argparse._SubParsersAction) -> None:
    parser = cmds.add_parser(
        "import",
        help="import deadends.dev canon files (JSON/JSONL) into your catalogue, unverified",
        description="Convert deadends.dev canon records (a .json or .jsonl file, or a folder of "
        "them) into records/imported/ in your user-data folder. Every record is validated; one "
        "whose regex does not match its own signature, matches healthy output, has no literal to "
        "prefilter on or may backtrack is skipped and reported; an id the bundled catalogue has "
        "is never overridden. Imported entries are unverified (no message source).",
    )
    parser.add_argument("path", type=Path, metavar="PATH", help="a canon .json/.jsonl or a folder")
    parser.add_argument("--dry-run", action="store_true", help="check and report, write nothing")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(func=run_import)


def run_import(args: argparse.Namespace) -> int:
    from triage_app.core.peer_import import PeerImportError, import_canons

    catalog = load_for_cli([], quiet=True)
    try:
        report = import_canons(args.path, catalog, dry_run=args.dry_run)
    except PeerImportError as exc:
        raise CliError(str(exc)) from exc
    statuses = ("imported", "updated", "unchanged", "skipped")
    if args.format == "json":
        print_json(
            {
                "target": str(report.target),
                "dry_run": args.dry_run,
                "counts": {s: report.count(s) for s in statuses},
                "records": [
                    {
                        "where": o.where,
                        "entry_id": o.entry_id,
                        "status": o.status,
                        "reason": o.reason,
                    }
                    for o in report.outcomes
                ],
            }
        )
    else:
        for outcome in report.skipped:
            print(clean(f"skipped {outcome.entry_id or '-'} ({outcome.where}): {outcome.reason}"))
        reasons = Counter(_reason_kind(o.reason) for o in report.skipped)
        counts = ", ".join(f"{report.count(s)} {s}" for s in statuses)
        verb = "would be written to" if args.dry_run else "in"
        print(clean(f"{counts} ({verb} {report.target})"))
        if reasons:
            print(
                "skipped because: " + "; ".join(f"{n} {kind}" for kind, n in reasons.most_common())
            )
    return 0 if report.outcomes and not all(o.status == "skipped" for o in report.outcomes) else 1


def _reason_kind(reason: str) -> str:
    """A short bucket for the summary line (the full reason is printed per record)."""
    for needle, kind in (
        ("already in the catalogue", "already in the catalogue"),
        ("does not match its own signature", "regex misses its own signature"),
        ("healthy output", "regex matches healthy output"),
        ("no literal", "no literal to prefilter on"),
        ("backtrack", "may backtrack"),
        ("same id", "duplicate id in the import"),
        ("not valid JSON", "not valid JSON"),
    ):
        if needle in reason:
            return kind
    return "invalid record"
