"""Pieces several subcommands share: catalogue options and loading."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from triage_app.cli.errors import CliError
from triage_app.core.catalog import Catalog, default_catalog_dirs, load_catalog


def add_catalog_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--catalog",
        action="append",
        default=[],
        metavar="DIR",
        type=Path,
        help="also load records from DIR (repeatable; later folders override earlier ones by id)",
    )


def load_for_cli(extra: list[Path], *, quiet: bool = False) -> Catalog:
    """Bundled + user + `--catalog` folders; skipped records are summarised on stderr."""
    for directory in extra:
        if not directory.is_dir():
            raise CliError(f"--catalog {directory}: no such folder")
    catalog = load_catalog(default_catalog_dirs(extra))
    errors = len(catalog.errors)
    if errors and not quiet:
        print(
            f"triage-app: {errors} catalogue problem(s): invalid records were skipped "
            "(run 'triage-app catalog validate' for details)",
            file=sys.stderr,
        )
    return catalog
