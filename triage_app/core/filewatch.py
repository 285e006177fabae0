"""What happened to a log file on disk since it was opened: grew, truncated, replaced, deleted.

A viewer keeps its file open and compares the path's current state with what it read: the
same inode grown past the indexed size is an append (follow it), a smaller size is a
truncation (`> file`, copytruncate rotation), another inode is a rotation or a rewrite by
rename (the path now names a new file), and no file at all is a deletion. Qt-free: the window
polls `check` on a timer; tests call it directly.
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass
from pathlib import Path


class Change(enum.Enum):
    SAME = "same"
    GREW = "grew"  # same file, more bytes than were read
    MODIFIED = "modified"  # same file and size, written again (contents may differ)
    TRUNCATED = "truncated"  # same file, fewer bytes than were read
    REPLACED = "replaced"  # the path names another file now (rotated, renamed over)
    DELETED = "deleted"  # no file at the path


@dataclass(frozen=True)
class FileState:
    """The identity and size of a file at one moment."""

    device: int
    inode: int
    size: int
    mtime_ns: int


def state(path: str | os.PathLike[str]) -> FileState | None:
    """The file's state now, or None when there is no (readable) file at `path`."""
    try:
        st = Path(path).stat()
    except OSError:
        return None
    return FileState(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def compare(opened: FileState, now: FileState | None, read_size: int) -> Change:
    """How the file at the path differs from the one opened (`opened`), of which `read_size`
    bytes were read."""
    if now is None:
        return Change.DELETED
    if (now.device, now.inode) != (opened.device, opened.inode):
        return Change.REPLACED
    if now.size < read_size:
        return Change.TRUNCATED
    if now.size > read_size:
        return Change.GREW
    if now.mtime_ns != opened.mtime_ns:
        return Change.MODIFIED
    return Change.SAME
