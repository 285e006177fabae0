"""Fixtures shared by the core tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    """A fresh, enabled cache folder for the compiled catalogue and the built matcher."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TRIAGE_CACHE_DIR", str(folder))
    monkeypatch.delenv("TRIAGE_NO_CACHE", raising=False)
    return folder
