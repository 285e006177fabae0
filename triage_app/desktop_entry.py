"""`triage-app --install-desktop-entry`: a menu entry with an icon on Linux desktops.

Writes the bundled `resources/triage-app.desktop` (its Exec pointing at this install's
`triage-app`, so a pipx or venv install works from the menu) to
`$XDG_DATA_HOME/applications/` and the icon to `$XDG_DATA_HOME/icons/hicolor/scalable/apps/`
(`~/.local/share` by default), for the current user only. Qt-free; no root needed.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from triage_app.core import paths

NAME = "triage-app"


def data_home() -> Path:
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local/share"


def command_path() -> str:
    """This install's `triage-app` (next to the running interpreter, or on PATH)."""
    beside = Path(sys.executable).parent / NAME
    if beside.is_file():
        return str(beside)
    found = shutil.which(NAME)
    return found or NAME


def _exec_quoted(path: str) -> str:
    """A path as a desktop-entry Exec argument (quoted when it holds spaces or quotes)."""
    if all(c.isalnum() or c in "/._-+" for c in path):
        return path
    escaped = path.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return f'"{escaped}"'


def install(home: Path | None = None) -> tuple[Path, Path]:
    """Write the desktop entry and the icon; their paths. Raises OSError on failure."""
    home = home or data_home()
    resources = paths.resources_dir()
    entry = (resources / f"{NAME}.desktop").read_text(encoding="utf-8")
    entry = entry.replace(f"Exec={NAME} ", f"Exec={_exec_quoted(command_path())} ", 1)
    apps = home / "applications"
    icons = home / "icons" / "hicolor" / "scalable" / "apps"
    apps.mkdir(parents=True, exist_ok=True)
    icons.mkdir(parents=True, exist_ok=True)
    entry_path, icon_path = apps / f"{NAME}.desktop", icons / f"{NAME}.svg"
    entry_path.write_text(entry, encoding="utf-8")
    shutil.copyfile(resources / f"{NAME}.svg", icon_path)
    return entry_path, icon_path
