"""Where Triage finds things on disk: bundled data, the user-data folder and the files in it.

The GUI and the CLI both resolve every location through this module. Bundled `records/` and
`resources/` live at the repository top level in a checkout and are mapped into the wheel as
`triage_app/_bundled/...` (see pyproject.toml), so both layouts are tried, never the current
working directory.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "triage-app"
DATA_DIR_ENV = "TRIAGE_DATA_DIR"
CACHE_DIR_ENV = "TRIAGE_CACHE_DIR"
NO_CACHE_ENV = "TRIAGE_NO_CACHE"  # "1": no cache file is read or written (a benchmark's "before")
NOTES_FILE_NAME = "notes.json"
USER_RECORDS_DIR_NAME = "records"

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def _bundled(name: str) -> Path:
    """Return the bundled folder `name`, from a wheel install or from a checkout."""
    installed = _PACKAGE_DIR / "_bundled" / name
    if installed.is_dir():
        return installed
    return _PACKAGE_DIR.parent / name


def bundled_records_dir() -> Path:
    """The catalogue shipped with the app."""
    return _bundled("records")


def resources_dir() -> Path:
    """Icons, sample logs and other read-only files shipped with the app."""
    return _bundled("resources")


def sample_log_path() -> Path:
    """The bundled sample log offered on the first screen and used by `make run`."""
    return resources_dir() / "samples" / "sample-training-run.log"


def user_data_dir() -> Path:
    """The user's data folder; `TRIAGE_DATA_DIR` overrides the platform default."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def notes_db_path() -> Path:
    """The TinyDB notes file inside the user-data folder."""
    return user_data_dir() / NOTES_FILE_NAME


def user_records_dir() -> Path:
    """The user's own catalogue entries, loaded after the bundled ones."""
    return user_data_dir() / USER_RECORDS_DIR_NAME


def history_db_path() -> Path:
    """The local hit history (SQLite) inside the user-data folder; never log contents."""
    return user_data_dir() / "history.sqlite3"


def caches_enabled() -> bool:
    """False when `TRIAGE_NO_CACHE` turns every cache file off."""
    return os.environ.get(NO_CACHE_ENV, "") in ("", "0")


def user_cache_dir() -> Path:
    """Caches (the compiled catalogue), safe to delete at any time; `TRIAGE_CACHE_DIR`
    overrides the platform default."""
    override = os.environ.get(CACHE_DIR_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
