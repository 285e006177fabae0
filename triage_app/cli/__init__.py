"""The `triage-app` command: headless subcommands, or the window when given none.

Each subcommand lives in its own module with a `register(subparsers)` function that adds its
parser and sets `func` (a callable taking the parsed arguments and returning the exit status).
This module imports no Qt; the window is imported lazily only when it is asked for.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from triage_app import __version__
from triage_app.cli.errors import CliError
from triage_app.cli.output import configure_streams, print_error

SUBCOMMANDS = ("scan", "lookup", "catalog", "notes", "batch")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser for every headless subcommand, or only for `only` (each subcommand's
    module is imported when its parser is built: a scan never loads the notes or Dask)."""
    names = [only] if only in SUBCOMMANDS else list(SUBCOMMANDS)
    parser = argparse.ArgumentParser(
        prog="triage-app",
        description="Find known errors in logs and explain them. "
        "With no subcommand (or with log files), opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"triage-app {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in names:
        importlib.import_module(f"triage_app.cli.{name}_cmd").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    configure_streams()
    if not args_list or args_list[0] not in (*SUBCOMMANDS, "-h", "--help", "--version"):
        return _run_window(args_list)
    parser = build_parser(args_list[0])
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # argparse already printed a one-line usage error
        return 0 if exc.code == 0 else 2
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.func(args))
    except CliError as exc:
        print_error(exc)
        return exc.exit_code
    except KeyboardInterrupt:
        print_error("interrupted")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the contract: one line and 2, never a traceback
        print_error(f"unexpected failure: {type(exc).__name__}: {exc}")
        return 2


def _run_window(argv: list[str]) -> int:
    """Open the window (imported lazily so the headless commands never load Qt)."""
    try:
        from triage_app.app import main as app_main
    except ImportError as exc:
        print(f"triage-app: the window cannot start: {exc}", file=sys.stderr)
        return 2
    return app_main(argv)
