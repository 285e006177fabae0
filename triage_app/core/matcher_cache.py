"""The built matcher, kept beside the compiled catalogue and authenticated before it is loaded.

Building the matcher from a compiled catalogue still walks every pattern's stored answers in
Python (required literals, wrap-join literals, the keyword table), a large share of a short
scan's start-up. Its result is a plain object graph, so it is stored with `pickle` and loaded
in one C-level call. Unpickling can run code, so a file is only loaded when it carries an
HMAC-SHA256, made with a key only this user can read (`user_key`), over the catalogue key
and the bytes: a file this program did not write for this user (copied, planted, damaged)
fails the check, is ignored and rebuilt. Patterns are stored as (text, flags) and come back
as lazily compiled patterns (`memo.LazyPattern`), so loading compiles none; the programs of
the patterns a scan may need are kept in a second file, authenticated the same way and read
only when a log needs many patterns (`sre_program`), which are then made without parsing.

The file's name and catalogue key tie it to one compiled catalogue (`catalog_cache`), whose
key already covers the record files, the program's modules, Python and the libraries.
"""

from __future__ import annotations

import io
import pickle
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from triage_app.core import memo, sre_program
from triage_app.core.sealed import read_sealed, write_sealed

if TYPE_CHECKING:
    from triage_app.core.matcher import Matcher

MAGIC = b"triage-app built matcher 1\n"
# Programs depend on the pattern, its flags and the interpreter only (not on the catalogue),
# so a new build reuses the ones of the previous build.
PROGRAMS_HEAD = b"triage-app regex programs 1\n" + sys.version.encode() + b"\n"


def file_for(catalogue_file: Path, fuzzy: bool) -> Path:
    return catalogue_file.with_name(f"{catalogue_file.stem}.matcher-{int(fuzzy)}.pickle")


def programs_file(matcher_file: Path) -> Path:
    """Where the programs of a stored matcher's patterns are kept (`sre_program`)."""
    return matcher_file.with_suffix(".programs")


def load(path: Path, catalogue_key: str, table: memo.MemoTable | None = None) -> Matcher | None:
    """The matcher stored at `path` for the catalogue with `catalogue_key`, or None."""
    head = MAGIC + catalogue_key.encode() + b"\n"
    body = read_sealed(path, head)
    if body is None:
        return None
    try:
        matcher = _Unpickler(io.BytesIO(body), table).load()
    except Exception:  # noqa: BLE001 - an authenticated file of an older shape: rebuild
        return None
    programs = programs_file(path)
    sre_program.register(str(programs), lambda: read_sealed(programs, PROGRAMS_HEAD))
    return matcher


def store(path: Path, catalogue_key: str, matcher: Matcher) -> bool:
    """Write `matcher` atomically, and its patterns' programs beside it; False when it cannot
    be stored (nothing is then lost)."""
    out = io.BytesIO()
    try:
        _Pickler(out).dump(matcher)
    except (pickle.PicklingError, TypeError, AttributeError):
        return False
    head = MAGIC + catalogue_key.encode() + b"\n"
    if not write_sealed(path, head, out.getbuffer()):
        return False
    # Written second: a matcher file without its programs only costs their compiling.
    programs = programs_file(path)
    earlier = read_sealed(programs, PROGRAMS_HEAD)
    known = sre_program.unpack(earlier) if earlier is not None else None
    write_sealed(programs, PROGRAMS_HEAD, sre_program.pack(_patterns(matcher), known))
    return True


def _patterns(matcher: Matcher) -> Iterator[re.Pattern[str]]:
    """The patterns a scan may compile: each target's and its weigher's branches."""
    for index, target in enumerate(matcher.targets):
        yield target.pattern
        for branch, _weight in matcher.weigher(index).branches:
            yield branch


class _Pickler(pickle.Pickler):
    """Patterns as (text, flags); the memo table as a reference to the loading one."""

    def persistent_id(self, obj: Any) -> Any:
        if isinstance(obj, (re.Pattern, memo.LazyPattern)):
            return ("pattern", obj.pattern, obj.flags)
        if isinstance(obj, memo.MemoTable):
            return ("memo",)
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, table: memo.MemoTable | None) -> None:
        super().__init__(file)
        self._table = table

    def persistent_load(self, pid: Any) -> Any:
        kind = pid[0]
        if kind == "pattern":
            text, flags = pid[1], int(pid[2])
            if isinstance(text, bytes):
                return re.compile(text, flags)
            return memo.LazyPattern(str(text), flags)
        if kind == "memo":
            return self._table
        raise pickle.UnpicklingError(f"unknown reference {kind!r}")
