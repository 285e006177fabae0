"""`triage-app catalog new --from-line TEXT`: a new entry from a line of the user's own log."""

from __future__ import annotations

import argparse
import sys

from triage_app.cli.common import load_for_cli
from triage_app.cli.errors import CliError
from triage_app.cli.output import print_error, print_json


def register_new(cmds: argparse._SubParsersAction) -> None:
    new = cmds.add_parser(
        "new",
        help="write a new entry from a log line (prints it; --save adds it to your catalogue)",
        description="Generalise an error line into a pattern (numbers, ids, paths, URLs, quoted "
        "names become patterns; the timestamp/level prefix is dropped), test it against the "
        "healthy corpus and the catalogue, print the record, and with --save write it into "
        "your own catalogue folder.",
    )
    new.add_argument("--from-line", required=True, metavar="TEXT", help="the error line")
    new.add_argument("--id", help="the entry id, domain/slug (default: suggested from the line)")
    new.add_argument("--domain", default="local", help="the domain (default: local)")
    new.add_argument("--category", default="runtime_error")
    new.add_argument("--root-cause", default="", metavar="TEXT", help="why it happens")
    new.add_argument("--regex", help="use this pattern instead of the generated one")
    new.add_argument("--save", action="store_true", help="save into your catalogue folder")
    new.add_argument("--overwrite", action="store_true", help="replace an entry with this id")
    new.set_defaults(func=run_new)


def run_new(args: argparse.Namespace) -> int:
    from triage_app.core.user_records import (
        UserRecordError,
        check_pattern,
        draft_record,
        save_user_record,
    )

    line = args.from_line.rstrip("\r\n")
    if not line.strip():
        raise CliError("--from-line: the line is empty")
    record = draft_record(
        line,
        entry_id=args.id,
        domain=args.domain,
        category=args.category,
        root_cause=args.root_cause,
    )
    if args.regex:
        record["regex"] = args.regex
    catalog = load_for_cli([], quiet=True)
    check = check_pattern(record["regex"], lines=[line], catalog=catalog, own_id=record["id"])
    if check.error:
        raise CliError(f"pattern {check.error}")
    if not check.matched_lines:
        raise CliError("the pattern does not match the line it was written from")
    for text in check.healthy_hits[:5]:
        print_error(f"warning: also matches a healthy line: {text[:160]}")
    if check.overlapping_entries:
        print(
            "triage-app: note: also matches examples of "
            + ", ".join(check.overlapping_entries[:10]),
            file=sys.stderr,
        )
    print_json(record, indent=2)
    if not args.save:
        return 0
    if not record["root_cause"].strip():
        raise CliError("--save needs --root-cause TEXT (why it happens)")
    try:
        path = save_user_record(record, catalog=catalog, overwrite=args.overwrite)
    except (UserRecordError, OSError) as exc:
        raise CliError(str(exc)) from exc
    print_error(f"saved {record['id']} to {path}")
    return 0
