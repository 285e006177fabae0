"""Atomic, durable file replacement, and the checks made before writing the notes file.

`durable_write` is the only way Triage writes the notes file and exports: temporary file in the
same folder, flush, fsync, `os.replace`, fsync of the folder. A crash or kill at any point leaves
either the old or the new complete file (plus, at worst, a stray temporary file that the store
removes under its lock the next time it opens).
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import tempfile
import time
from pathlib import Path

WRITE_STEPS = (
    "tmp_created",
    "before_flush",
    "before_fsync",
    "before_replace",
    "after_replace",
    "after_dir_fsync",
)


def fault_point(step: str) -> None:
    """Called at each step of a durable write (see `WRITE_STEPS`); does nothing.

    Crash tests replace this module attribute inside a child process, never in the app, to kill
    the child at exactly one step of a write.
    """


def durable_write(path: Path, payload: bytes, *, new_file_mode: int = 0o600) -> None:
    """Replace `path` by `payload` so that a crash at any moment leaves the old or the new file.

    An existing file keeps its permission bits; a new one gets `new_file_mode`. A symlink (a
    notes file kept in a synced folder) is written through: its target is replaced atomically,
    in the target's folder, and the link stays.
    """
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    folder = path.parent
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        _fsync_dir(folder.parent)  # so that the new folder itself survives a power cut
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        fault_point("tmp_created")
        with open(fd, "wb") as handle:
            _set_mode(fd, path, new_file_mode)
            handle.write(payload)
            fault_point("before_flush")
            handle.flush()
            fault_point("before_fsync")
            os.fsync(handle.fileno())
        fault_point("before_replace")
        _replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    fault_point("after_replace")
    _fsync_dir(folder)
    fault_point("after_dir_fsync")


def stale_temp_files(path: Path) -> list[Path]:
    """Temporary files left by writers that died mid-write (made only under the store's lock)."""
    return sorted(path.parent.glob(f".{glob_escape(path.name)}.*.tmp"))


def glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


def probe_writable(path: Path) -> str | None:
    """Why the store at `path` may not be written, or None when it may.

    A file or folder without any write permission bit counts as write-protected even for root
    (who could write it anyway): the user asked for it not to be changed.
    """
    if path.exists():
        mode = path.stat().st_mode
        if not mode & 0o222 or not os.access(path, os.W_OK):
            return f"{path.name} is write-protected (no permission to write it)"
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not os.access(folder, os.W_OK | os.X_OK) or not folder.stat().st_mode & 0o222:
        return f"there is no permission to create files in {folder}"
    return None


def _set_mode(fd: int, path: Path, new_file_mode: int) -> None:
    if os.name != "posix":
        return
    try:
        mode = os.stat(path).st_mode & 0o7777
    except OSError:
        mode = new_file_mode
    os.fchmod(fd, mode)


def _replace(source: str, target: Path) -> None:
    """os.replace; on Windows, retry briefly while a reader has the target open."""
    attempts = 40 if sys.platform == "win32" else 1
    for attempt in range(attempts):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.05)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX; Windows has no directory handles to fsync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    except OSError:  # some filesystems refuse fsync on directories; the rename still happened
        pass
    finally:
        os.close(fd)
