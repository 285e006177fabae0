"""The window's UI state, in one place (QSettings, organisation and application `triage-app`).

Kept between runs: geometry, dock and splitter layout, recent files, theme, the last folder,
the entry panel's language and each log's bookmarks. Kept for this session only: which folding sections are open.
Notes are user data and live in the notes file (see `core.paths`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

ORGANIZATION = "triage-app"
APPLICATION = "triage-app"
RECENT_MAX = 10
BOOKMARKS_MAX = 1000  # per log
_SESSION: dict[str, bool] = {}  # folding sections opened or closed in this run


class Settings:
    """Typed access to the window's UI state."""

    def __init__(self) -> None:
        self._settings: QSettings | None = None

    @property
    def _qs(self) -> QSettings:
        if self._settings is None:  # made on first use: session-only state needs no file
            self._settings = QSettings(
                QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
            )
        return self._settings

    def _bytes(self, key: str) -> QByteArray | None:
        value = self._qs.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    # -- window layout --------------------------------------------------------------------

    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    def window_state(self) -> QByteArray | None:
        return self._bytes("window/state")

    def splitter_state(self) -> QByteArray | None:
        return self._bytes("window/splitter")

    def save_layout(self, geometry: QByteArray, state: QByteArray, splitter: QByteArray) -> None:
        self._qs.setValue("window/geometry", geometry)
        self._qs.setValue("window/state", state)
        self._qs.setValue("window/splitter", splitter)

    # -- recent files ---------------------------------------------------------------------

    def recent_files(self) -> list[str]:
        value = self._qs.value("recent/files", [])
        if isinstance(value, str):  # a one-item list comes back as a string from INI files
            value = [value]
        return [str(v) for v in value or [] if v]

    def add_recent_file(self, path: str | Path) -> list[str]:
        path = str(Path(path).absolute())
        files = [path] + [p for p in self.recent_files() if p != path]
        files = files[:RECENT_MAX]
        self._qs.setValue("recent/files", files)
        return files

    def remove_recent_file(self, path: str) -> list[str]:
        files = [p for p in self.recent_files() if p != path]
        self._qs.setValue("recent/files", files)
        return files

    def clear_recent_files(self) -> None:
        self._qs.setValue("recent/files", [])

    # -- preferences ----------------------------------------------------------------------

    def theme(self) -> str:
        return str(self._qs.value("view/theme", "system"))

    def set_theme(self, mode: str) -> None:
        self._qs.setValue("view/theme", mode)

    def last_dir(self) -> str:
        return str(self._qs.value("files/last_dir", ""))

    def set_last_dir(self, folder: str | Path) -> None:
        self._qs.setValue("files/last_dir", str(folder))

    def ui_language(self) -> str:
        """ "en" or "zh": the whole window's language (View > Language), applied at start.
        Until it is set, the entry panel's earlier EN/中文 choice stands for it."""
        value = self._qs.value("view/language", None)
        if value is None:
            return self.entry_language()
        return "zh" if value == "zh" else "en"

    def set_ui_language(self, language: str) -> None:
        self._qs.setValue("view/language", "zh" if language == "zh" else "en")
        self.set_entry_language(language)

    def entry_language(self) -> str:
        """ "en" or "zh": the entry panel's text language."""
        return "zh" if self._qs.value("entry_panel/language", "en") == "zh" else "en"

    def set_entry_language(self, language: str) -> None:
        self._qs.setValue("entry_panel/language", language)

    def bookmarks(self, path: str | Path) -> list[int]:
        """The lines the user bookmarked in the log at `path` (1-based, ascending)."""
        value = self._qs.value(_bookmark_key(path), [])
        if isinstance(value, str):  # a one-item list comes back as a string from INI files
            value = [value]
        return sorted({int(v) for v in value or [] if str(v).isdigit() and int(v) > 0})

    def set_bookmarks(self, path: str | Path, lines: list[int]) -> None:
        key = _bookmark_key(path)
        if lines:
            self._qs.setValue(key, [str(n) for n in sorted(lines)[:BOOKMARKS_MAX]])
        else:
            self._qs.remove(key)

    # -- this session only ----------------------------------------------------------------

    def expanded(self, key: str, default: bool) -> bool:
        """Whether the folding section `key` is open (as the user last left it this run)."""
        return _SESSION.get(key, default)

    def set_expanded(self, key: str, expanded: bool) -> None:
        _SESSION[key] = expanded

    def record_history(self) -> bool:
        """Whether the window records what scans found (on unless the user turned it off)."""
        return str(self._qs.value("history/record", "true")).lower() != "false"

    def set_record_history(self, on: bool) -> None:
        self._qs.setValue("history/record", "true" if on else "false")


def _bookmark_key(path: str | Path) -> str:
    """Bookmarks are kept per file: a hash of its absolute path (no log contents)."""
    digest = hashlib.sha256(str(Path(path).absolute()).encode("utf-8", "surrogateescape"))
    return f"bookmarks/{digest.hexdigest()[:32]}"
