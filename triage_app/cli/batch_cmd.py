"""`triage-app batch`: scan many logs on Dask and write one JSON line per file."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from triage_app.cli.common import add_catalog_option, load_for_cli
from triage_app.cli.errors import CliError
from triage_app.cli.output import clean, print_error
from triage_app.cli.style import Style
from triage_app.core.catalog import default_catalog_dirs


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "batch",
        help="scan many logs on Dask (local cluster by default)",
        description="Scan files, folders (recursively), globs and fsspec URLs on a Dask "
        "cluster; write one JSON line per file to --out as results arrive. Exit 0: no match; "
        "1: a match; 2: a file could not be read.",
    )
    parser.add_argument("inputs", nargs="+", metavar="PATH")
    parser.add_argument("--out", required=True, type=Path, metavar="FILE.jsonl")
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="use this Dask scheduler (tcp://host:8786)"
    )
    parser.add_argument(
        "--workers", type=int, metavar="N", help="local worker processes (default: one per core)"
    )
    parser.add_argument("--resume", action="store_true", help="skip files already in --out")
    parser.add_argument("--overwrite", action="store_true", help="replace an existing --out")
    parser.add_argument("--quiet", action="store_true", help="no progress on the terminal")
    parser.add_argument("--no-fuzzy", action="store_true", help="report only exact matches")
    add_catalog_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from triage_app.fleet.inputs import InputError, expand_inputs
    from triage_app.fleet.results_file import ResultsFileError, ResultsWriter
    from triage_app.fleet.runner import FleetUnavailableError, import_dask, run_batch
    from triage_app.fleet.summary import BatchSummary
    from triage_app.fleet.tasks import CatalogPayload

    if args.workers is not None and args.workers < 1:
        raise CliError("--workers must be 1 or more")
    if args.resume and args.overwrite:
        raise CliError("--resume and --overwrite cannot be used together")
    try:
        import_dask()
        inputs, missing = expand_inputs(args.inputs)
        writer = ResultsWriter(args.out, resume=args.resume, overwrite=args.overwrite)
    except (FleetUnavailableError, InputError, ResultsFileError) as exc:
        raise CliError(str(exc)) from exc
    for spec, reason in missing:
        print_error(f"{spec}: {reason}")
    load_for_cli(args.catalog)  # reports catalogue problems once, here, not per worker
    payload = CatalogPayload.from_dirs(default_catalog_dirs(args.catalog), fuzzy=not args.no_fuzzy)
    summary = BatchSummary()
    for doc in writer.previous:
        summary.add(doc)
    todo = [p for p in inputs if p not in writer.done]
    progress = _Progress(len(todo), quiet=args.quiet)
    try:
        with writer:
            for result in run_batch(todo, payload, scheduler=args.scheduler, workers=args.workers):
                writer.write(result.line)
                summary.add(result.facts)
                progress.update(bool(result.facts.get("error")))
    except FleetUnavailableError as exc:
        raise CliError(str(exc)) from exc
    except KeyboardInterrupt:
        progress.finish()
        print(
            f"triage-app: interrupted; {progress.done} results are in {args.out} "
            "(--resume continues)",
            file=sys.stderr,
        )
        return 130
    progress.finish()
    print_summary(summary, Style.for_stream(sys.stdout), skipped=len(inputs) - len(todo))
    if missing:
        return 2
    return summary.exit_status()


class _Progress:
    """`done/total, rate, errors` on one terminal line (stderr), only on a terminal."""

    def __init__(self, total: int, *, quiet: bool) -> None:
        self.total, self.done, self.errors = total, 0, 0
        self.enabled = not quiet and sys.stderr.isatty()
        self.start = self._last = time.monotonic()

    def update(self, error: bool) -> None:
        self.done += 1
        self.errors += error
        now = time.monotonic()
        if self.enabled and (now - self._last > 0.2 or self.done == self.total):
            self._last = now
            rate = self.done / max(now - self.start, 1e-6)
            sys.stderr.write(
                f"\r{self.done}/{self.total} files, {rate:.0f}/s, {self.errors} unreadable "
            )
            sys.stderr.flush()

    def finish(self) -> None:
        if self.enabled and self.done:
            sys.stderr.write("\n")


def print_summary(summary, style: Style, *, skipped: int = 0) -> None:
    """The end-of-batch table: first causes, entries by files, unreadable, recurring unknowns."""
    head = f"{summary.files} files"
    if skipped:
        head += f" ({skipped} from the earlier run)"
    head += (
        f", {summary.files_with_match} with a known error, {summary.unreadable_count} unreadable"
    )
    print(style(head, "bold"))
    if summary.first_causes:
        print("\n" + style("First cause", "bold") + "  (files)")
        for entry_id, n in summary.first_causes.most_common(20):
            print(f"  {n:>6}  {entry_id}")
    if summary.entry_files:
        print("\n" + style("Entries", "bold") + "  (files, lines)")
        for entry_id, n in summary.entry_files.most_common(30):
            print(f"  {n:>6}  {summary.entry_lines[entry_id]:>7}  {entry_id}")
    if summary.unreadable:
        print("\n" + style("Could not be read", "bold"))
        for path, error in summary.unreadable[:20]:
            print(f"  {clean(str(path))}: {clean(str(error))}")
        if summary.unreadable_count > 20:
            print(f"  ... and {summary.unreadable_count - 20} more")
    recurring = summary.recurring_unknown()
    if recurring:
        print("\n" + style("Unknown errors recurring across files", "bold") + "  (files)")
        for template, n in recurring[:20]:
            print(f"  {n:>6}  {clean(template)}")
