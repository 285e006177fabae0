"""`triage-app lookup`: rank the catalogue entries that explain one pasted message."""

from __future__ import annotations

import argparse
import sys

from triage_app.cli.common import add_catalog_option, load_for_cli
from triage_app.cli.errors import CliError
from triage_app.cli.output import clean, print_json
from triage_app.cli.style import stdout_style
from triage_app.core.lookup import lookup


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "lookup",
        help="find the entries that explain an error message",
        description="Rank catalogue entries for a message (or '-' / no "
        "argument: read it from stdin). Exit 0: found; 1: none.",
    )
    parser.add_argument("message", nargs="?", default="-")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--limit", type=int, default=10)
    add_catalog_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    message = args.message
    if message == "-":
        if sys.stdin is None or sys.stdin.isatty():
            raise CliError("give a message to look up, or pipe one into standard input")
        message = sys.stdin.read()
    if not message.strip():
        raise CliError("the message to look up is empty")
    catalog = load_for_cli(args.catalog)
    found = lookup(message, catalog, limit=args.limit)
    if args.format == "json":
        print_json({"query": message, "candidates": [c.to_json() for c in found]})
    else:
        style = stdout_style()
        if not found:
            print("no catalogue entry explains this message")
        for c in found:
            kind = "pattern" if c.kind == "regex" else f"similar {c.score:.0%}"
            print(f"{style(clean(c.entry_id), 'bold')}  {style(kind, 'cyan')}")
            entry = catalog.get(c.entry_id)
            if entry is not None:
                print(f"    {clean(entry.signature)}")
    return 0 if found else 1
