"""Test-wide set-up: no display, and never the user's real data folder."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory, monkeypatch):
    """Every test gets its own TRIAGE_DATA_DIR (notes file, user catalogue)."""
    data = tmp_path_factory.mktemp("triage-data")
    monkeypatch.setenv("TRIAGE_DATA_DIR", str(data))
    monkeypatch.setenv("NO_COLOR", "1")
    return data
