"""`triage-app scan`: find known errors in log files (the headless contract in DESIGN.md)."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable

from triage_app.cli.common import add_catalog_option, load_matcher_for_cli
from triage_app.cli.errors import CliError
from triage_app.cli.output import print_error
from triage_app.cli.report import print_file_report
from triage_app.cli.report_format import REPORT_FORMATS, add_report_options, write_report
from triage_app.cli.scan_json import write_json
from triage_app.cli.style import stdout_style
from triage_app.core import parallel_scan
from triage_app.core.catalog import default_catalog_dirs
from triage_app.core.decompress import parse_size
from triage_app.core.encoding import CodecError, text_codec
from triage_app.core.scan import FileResult, scan_file


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "scan",
        help="find known errors in log files",
        description="Scan log files for known errors. '-' reads stdin. "
        "Exit 0: no match; 1: a match; 2: a file could not be read.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument(
        "--format",
        choices=("text", "json", *REPORT_FORMATS),
        default="text",
        help="text (default), json (the headless contract), or a report to share: "
        "markdown or html (secrets redacted)",
    )
    parser.add_argument(
        "--encoding", metavar="CODEC", help="decode with CODEC instead of detecting the encoding"
    )
    parser.add_argument("--no-fuzzy", action="store_true", help="report only exact pattern matches")
    parser.add_argument(
        "--max-expand",
        metavar="SIZE",
        type=_size,
        help="let a compressed log expand to SIZE (e.g. 64G); replaces the default limits "
        "(8 GiB, and 1000 times the compressed size) that stop decompression bombs",
    )
    parser.add_argument(
        "--jobs",
        metavar="N",
        type=_jobs,
        help="worker processes for a large plain log (default: one per core for logs of "
        f"{parallel_scan.MIN_BYTES // 2**20} MiB and more; 1: scan in one process)",
    )
    add_catalog_option(parser)
    add_report_options(parser)
    parser.add_argument(
        "--history",
        action="store_true",
        help="add the entries found to the local history (entry ids, log name, time; "
        "never log contents)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.encoding:
        try:
            text_codec(args.encoding)
        except CodecError as exc:
            raise CliError(f"--encoding: {exc}") from None
    catalog, matcher = load_matcher_for_cli(args.catalog, fuzzy=not args.no_fuzzy)
    parallel_scan.rebuild_with(
        matcher,
        functools.partial(
            parallel_scan.catalog_matcher, default_catalog_dirs(args.catalog), not args.no_fuzzy
        ),
    )
    if args.files.count("-") > 1:
        print_error("'-' (standard input) can be given once")
        return 2

    def scan(path: str, on_matches: Callable | None = None) -> FileResult:
        return scan_file(
            path,
            matcher,
            encoding=args.encoding,
            fuzzy=not args.no_fuzzy,
            max_expand=args.max_expand,
            jobs=args.jobs,
            keep_matches=False,  # bounded memory: the results keep groups, not every match
            on_matches=on_matches,
        )

    if args.format == "json":
        results = write_json(args.files, _never_cut(scan), catalog, matcher.facts.sourced)
    else:
        results = [scan(path) for path in args.files]
    if args.format in REPORT_FORMATS:
        write_report(args, results, catalog)
    elif args.format == "text":
        style = stdout_style()
        for result in results:
            print_file_report(result, catalog, style)
    for result in results:
        if result.error:
            print_error(result.error)
    if args.history:
        from triage_app.cli.history_record import record_history

        record_history(results, catalog)
    return exit_status(results)


def _size(text: str) -> int:
    try:
        return parse_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _jobs(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of processes >= 1, got {text!r}")
    return jobs


def exit_status(results: list[FileResult]) -> int:
    """2 if a file could not be read, else 1 if any regex matched, else 0."""
    if any(r.error for r in results):
        return 2
    if any(g.kind == "regex" for r in results for g in r.group_index().groups()):
        return 1
    return 0


def _never_cut(scan: Callable[..., FileResult]) -> Callable[..., FileResult]:
    """`scan`, with an unexpected failure reported as the file's `error`: the JSON document
    is being streamed and must stay whole (exit status 2 all the same)."""

    def guarded(path: str, on_matches: Callable) -> FileResult:
        try:
            return scan(path, on_matches)
        except Exception as exc:  # noqa: BLE001 - one sentence in the file's `error`
            message = f"the scan stopped unexpectedly ({type(exc).__name__}: {exc})"
            return FileResult(path, error=message)

    return guarded
