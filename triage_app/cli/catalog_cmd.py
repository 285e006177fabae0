"""`triage-app catalog validate|list`: check record files, list entries."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from triage_app.cli.catalog_import import register_import
from triage_app.cli.catalog_new import register_new
from triage_app.cli.common import add_catalog_option, load_for_cli
from triage_app.cli.errors import CliError
from triage_app.cli.output import clean, print_json
from triage_app.cli.style import stdout_style
from triage_app.core.catalog import backtracking_warnings, default_catalog_dirs, load_catalog
from triage_app.core.problems import Severity


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("catalog", help="validate, list, add or import catalogue entries")
    cmds = parser.add_subparsers(dest="catalog_command", metavar="ACTION", required=True)
    validate = cmds.add_parser("validate", help="check record files (exit 1 on errors)")
    validate.add_argument(
        "dirs",
        nargs="*",
        type=Path,
        metavar="DIR",
        help="folders to check (default: the catalogue the app loads)",
    )
    validate.add_argument(
        "--strict-links", action="store_true", help="a link to an id that is not loaded is an error"
    )
    validate.add_argument("--quiet", action="store_true", help="print only errors")
    validate.set_defaults(func=run_validate)
    listing = cmds.add_parser("list", help="list entries")
    listing.add_argument("--domain", help="only this domain")
    listing.add_argument("--format", choices=("text", "json"), default="text")
    add_catalog_option(listing)
    listing.set_defaults(func=run_list)
    register_new(cmds)
    register_import(cmds)


def run_validate(args: argparse.Namespace) -> int:
    for directory in args.dirs:
        if not directory.is_dir():
            raise CliError(f"{directory}: no such folder")
    dirs = args.dirs or default_catalog_dirs()
    severity = Severity.ERROR if args.strict_links else Severity.WARNING
    catalog = load_catalog(dirs, missing_links=severity)
    catalog.problems.extend(backtracking_warnings(catalog))
    style = stdout_style()
    colour = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "dim"}
    for problem in catalog.problems:
        if args.quiet and problem.severity is not Severity.ERROR:
            continue
        print(style(clean(str(problem)), colour[problem.severity]))
    errors, warnings = len(catalog.errors), len(catalog.warnings)
    print(
        f"{len(catalog)} entries loaded from {clean(', '.join(map(str, dirs)))}: "
        f"{errors} error(s), {warnings} warning(s)"
    )
    return 1 if errors else 0


def run_list(args: argparse.Namespace) -> int:
    catalog = load_for_cli(args.catalog)
    entries = [e for e in catalog if not args.domain or e.domain == args.domain]
    if args.domain and not entries:
        known = ", ".join(catalog.domains())
        raise CliError(f"no entries in domain {args.domain!r} (domains: {clean(known)})")
    if args.format == "json":
        print_json(
            [
                {
                    "id": e.id,
                    "domain": e.domain,
                    "category": e.category,
                    "signature": e.signature,
                    "confidence": e.get("confidence"),
                    "verification_tier": e.get("verification_tier"),
                }
                for e in entries
            ],
            indent=1,
        )
        return 0
    style = stdout_style()
    width = shutil.get_terminal_size((120, 20)).columns
    id_width = max((len(e.id) for e in entries), default=10)
    for e in entries:
        room = max(20, width - id_width - 22)
        signature = clean(e.signature)
        signature = signature if len(signature) <= room else signature[: room - 1] + "…"
        entry_id, category = clean(e.id), clean(e.category)
        print(f"{style(entry_id.ljust(id_width), 'bold')}  {category:<18.18}  {signature}")
    print(style(f"{len(entries)} entries", "dim"))
    return 0
