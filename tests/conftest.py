"""Test-wide set-up: no display, and never the user's real data folder."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# `make test` runs pytest as a sub-make: a make that a reproduction test runs would inherit
# MAKELEVEL and print "make[1]: ***" instead of what a user's own make prints.
for _name in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES"):
    os.environ.pop(_name, None)


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory, monkeypatch):
    """Every test gets its own TRIAGE_DATA_DIR (notes file, user catalogue)."""
    data = tmp_path_factory.mktemp("triage-data")
    monkeypatch.setenv("TRIAGE_DATA_DIR", str(data))
    # One compiled-catalogue folder per test session: never the user's, and shared by the
    # session's tests so that each does not rebuild the bundled catalogue.
    monkeypatch.setenv("TRIAGE_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "triage-cache"))
    monkeypatch.setenv("NO_COLOR", "1")
    return data
