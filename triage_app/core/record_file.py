"""Read one record file defensively: a regular file, of bounded size and nesting.

A user's catalogue folder may hold anything: a symlink to `/dev/zero` (endless), a FIFO named
`x.json` (opening it blocks), a huge file, or JSON nested so deeply that the parser recurses
until it fails. Each is refused with one sentence; nothing here blocks or grows without bound.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from triage_app.core import own_regex

MAX_RECORD_BYTES = 1024 * 1024
MAX_JSON_DEPTH = 64

_TOKENS = own_regex.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class RecordFileError(Exception):
    """A record file that cannot be used; the message says why in one sentence."""


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in `text` (strings skipped; linear time)."""
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        ch = token.group()
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch in "]}":
            depth -= 1
    return deepest


def read_bounded(path: Path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else raises.

    Opened non-blocking (a FIFO does not block the open) and checked with `fstat` on the open
    descriptor, so a file swapped for something else between check and open is still refused.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise RecordFileError(f"cannot read the {what}: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a pipe, device or special file"
            raise RecordFileError(f"is {kind}, not a regular file")
        if st.st_size > limit:
            raise RecordFileError(f"is {st.st_size:,} bytes; the limit is {limit:,}")
        with os.fdopen(os.dup(fd), "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise RecordFileError(f"cannot read the {what}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise RecordFileError(f"is more than {limit:,} bytes")
    return data


def load_record_file(path: Path) -> Any:
    """The parsed JSON of one record file; RecordFileError with the reason otherwise."""
    data = read_bounded(path, MAX_RECORD_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordFileError(f"is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    depth = json_depth(text)
    if depth > MAX_JSON_DEPTH:
        raise RecordFileError(f"nests JSON {depth} levels deep; the limit is {MAX_JSON_DEPTH}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordFileError(
            f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except (RecursionError, ValueError) as exc:
        raise RecordFileError(f"not valid JSON: {exc}") from None
