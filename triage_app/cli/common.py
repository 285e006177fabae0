"""Pieces several subcommands share: catalogue options and loading."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from triage_app.cli.errors import CliError
from triage_app.core.catalog import Catalog, default_catalog_dirs
from triage_app.core.catalog_cache import CompiledCatalog, open_catalog

if TYPE_CHECKING:
    from triage_app.core.matcher import Matcher


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
    return _open_for_cli(extra, quiet).catalog


def load_matcher_for_cli(extra: list[Path], *, fuzzy: bool = True) -> tuple[Catalog, Matcher]:
    """The catalogue (as `load_for_cli`) and its matcher, both from the compiled catalogue
    when it is current (`catalog_cache`)."""
    compiled = _open_for_cli(extra, False)
    return compiled.catalog, compiled.matcher(fuzzy=fuzzy)


def _open_for_cli(extra: list[Path], quiet: bool) -> CompiledCatalog:
    for directory in extra:
        if not directory.is_dir():
            raise CliError(f"--catalog {directory}: no such folder")
    compiled = open_catalog(default_catalog_dirs(extra))
    catalog = compiled.catalog
    errors = len(catalog.errors)
    if errors and not quiet:
        print(
            f"triage-app: {errors} catalogue problem(s): invalid records were skipped "
            "(run 'triage-app catalog validate' for details)",
            file=sys.stderr,
        )
    return compiled
