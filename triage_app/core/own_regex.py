"""The program's own regular expressions (module constants), made from stored programs.

Every start of `triage-app scan` imports ~60 module-level patterns (level words, the unknown
error miner's masks, version rules, seams...), and `re.compile` parses each in Python: ~15 ms
of a two-line scan's ~0.27 s. Their programs depend only on the pattern, its flags and the
interpreter (`sre_program`), so the first run that compiles them stores them, authenticated
with this user's key (`sealed`), in one small file in the cache folder; later runs make each
pattern from its program in one C call. `compile` returns a real `re.Pattern`, equal to what
`re.compile` gives (same program, flags and groups), so callers cannot tell the difference.

A pattern not in the file (a new release, another Python, a damaged or foreign file) is
compiled with `re.compile`, and the file is written again when the process exits, with the
programs of every pattern this process asked for. `TRIAGE_NO_CACHE=1` turns the file off.
"""

from __future__ import annotations

import atexit
import re
import sys
from pathlib import Path
from typing import Any

from triage_app.core import paths, sre_program
from triage_app.core.sealed import read_sealed, write_sealed

HEAD = b"triage-app own regex programs 1\n" + sys.version.encode() + b"\n"
FILE_NAME = "own-regex.programs"
MAX_KEPT = 1000  # programs kept from earlier runs (older releases' patterns drop out)

Key = tuple[Any, int]  # (pattern as written, flags as written)

_stored: dict[Key, tuple[int, sre_program.Program]] | None = None
_asked: dict[Key, None] = {}  # every pattern this process asked for, in order
_save_at_exit = False


def compile(pattern: str | bytes, flags: int = 0) -> re.Pattern:  # noqa: A001 - re's name
    """`re.compile(pattern, flags)`, made from its stored program when there is one."""
    key = (pattern, int(flags))
    _asked[key] = None
    stored = _stored if _stored is not None else _load()
    found = stored.get(key)
    if found is not None:
        made = sre_program.made(pattern, *found)
        if made is not None:
            return made
    _save_later()
    return re.compile(pattern, flags)


def store_path() -> Path:
    return paths.user_cache_dir() / FILE_NAME


def _load() -> dict[Key, tuple[int, sre_program.Program]]:
    global _stored
    _stored = {}
    if not paths.caches_enabled():
        return _stored
    body = read_sealed(store_path(), HEAD)
    if body is not None:
        _stored = _unpack(body)
    return _stored


def _unpack(body: bytes | memoryview) -> dict[Key, tuple[int, sre_program.Program]]:
    import marshal

    try:
        programs = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return {}
    return programs if isinstance(programs, dict) else {}


def _save_later() -> None:
    global _save_at_exit
    if not _save_at_exit and paths.caches_enabled():
        _save_at_exit = True
        atexit.register(save)


def save() -> bool:
    """Store the programs of every pattern asked for so far (and, up to `MAX_KEPT`, those
    stored before: other commands import other modules); False when nothing was written."""
    import marshal

    if not paths.caches_enabled():
        return False
    stored = _stored if _stored is not None else _load()
    programs: dict[Key, tuple[int, sre_program.Program]] = {}
    for key in _asked:
        found = stored.get(key) or sre_program.flagged_program(*key)
        if found is not None:
            programs[key] = found
    for key, found in stored.items():
        if len(programs) >= MAX_KEPT:
            break
        programs.setdefault(key, found)
    return write_sealed(store_path(), HEAD, marshal.dumps(programs))
