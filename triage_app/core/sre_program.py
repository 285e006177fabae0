"""Regular expressions' compiled programs, kept so that the next process skips `re.compile`.

`re.compile` parses a pattern and turns it into a program for the C matching engine (`_sre`)
in pure Python: ~0.1 ms a pattern, and a scan of a big log needs ~2,000 of the catalogue's
patterns and their weigher branches (~0.2 s here, a tenth of a 100 MB scan). A program is a
list of integers that depends only on the pattern, its flags and the interpreter, so the
stored matcher (`matcher_cache`, authenticated before it is loaded) carries the programs of
its patterns in one block (`pack`), whose reader it hands here with `register`. A lazily compiled pattern
(`memo.LazyPattern`) is then made by `compile_pattern` in one C call, `_sre.compile`, the
step `re._compiler.compile` itself ends with (the same in CPython 3.11 to 3.13).

The block is read and decoded on the `DECODE_AFTER`-th pattern a process compiles: a short log
needs a few patterns, and compiling those costs less than reading programs for all of them.

`_sre` checks a program before it accepts it (a malformed one raises), the block is read with
`marshal` (data, never code), and anything that does not fit (another interpreter, another
code size, a program of another shape) falls back to `re.compile`: the pattern is the same
either way, only the time differs.
"""

from __future__ import annotations

import marshal
import re
from array import array
from collections.abc import Callable, Iterable

try:  # the engine's own modules: present in CPython, absent elsewhere (then: re.compile)
    import _sre
    from re import _compiler, _parser
except ImportError:  # pragma: no cover - not CPython
    _sre = None  # type: ignore[assignment]

# (code as native 32-bit words, number of groups, named group -> index, index -> name)
Program = tuple[bytes, int, dict[str, int], tuple[str | None, ...]]
Key = tuple[str, int]  # (pattern, flags)

DECODE_AFTER = 16  # patterns compiled by `re` before the registered blocks are decoded
_FORMAT = 1
_CODE = "I"

_known: dict[Key, Program] = {}
_blocks: dict[str, Callable[[], bytes | memoryview | None]] = {}  # by name, not read yet
_read: set[str] = set()
_compiled = 0


def _usable() -> bool:
    return _sre is not None and getattr(_sre, "CODESIZE", 0) == array(_CODE).itemsize


def program_of(pattern: str, flags: int) -> Program | None:
    """`pattern`'s program (what `re.compile(pattern, flags)` hands `_sre`), or None when it
    cannot be worked out here (a bytes pattern, one that does not compile, another
    interpreter)."""
    if not isinstance(pattern, str):
        return None
    found = flagged_program(pattern, flags)
    return found[1] if found is not None else None


def flagged_program(pattern: str | bytes, flags: int) -> tuple[int, Program] | None:
    """(the flags `re.compile(pattern, flags)` ends with, its program) for a pattern given
    with `flags` as written in the source (`made` turns them back into the pattern); None
    when it cannot be worked out here."""
    if not _usable():
        return None
    try:
        parsed = _parser.parse(pattern, flags)
        code = _compiler._code(parsed, flags)
        state = parsed.state
        indexgroup: list[str | None] = [None] * state.groups
        for name, index in state.groupdict.items():
            indexgroup[index] = name
        program = (array(_CODE, code).tobytes(), state.groups - 1, dict(state.groupdict))
        return flags | state.flags, (*program, tuple(indexgroup))
    except Exception:  # noqa: BLE001 - re.error, or internals of another shape: none kept
        return None


def made(pattern: str | bytes, flags: int, program: Program) -> re.Pattern | None:
    """The pattern `program` is of (`flags`: the pattern's own, as `re.compile` ends with
    them), in one C call; None when this interpreter does not accept the program."""
    if not _usable():
        return None
    try:
        code, groups, groupindex, indexgroup = program
        words = array(_CODE)
        words.frombytes(code)
        pattern_made = _sre.compile(
            pattern, flags, words.tolist(), groups, dict(groupindex), indexgroup
        )
    except Exception:  # noqa: BLE001 - not a program this interpreter accepts
        return None
    return pattern_made if pattern_made.flags == flags else None


def pack(patterns: Iterable[re.Pattern[str]], known: dict[Key, Program] | None = None) -> bytes:
    """One block with the programs of `patterns` (by text and flags), for `register`;
    programs in `known` (`unpack` of an earlier block) are reused, not worked out again."""
    known = known or {}
    programs = {}
    for pattern in patterns:
        key = (pattern.pattern, pattern.flags)
        if key in programs:
            continue
        program = known.get(key) or program_of(*key)
        if program is not None:
            programs[key] = program
    return marshal.dumps((_FORMAT, programs))


def unpack(block: bytes | memoryview) -> dict[Key, Program]:
    """The programs in `block` (empty when it is not one of `pack`'s)."""
    try:
        form, programs = marshal.loads(block)
    except (EOFError, ValueError, TypeError):
        return {}
    return programs if form == _FORMAT and isinstance(programs, dict) else {}


def register(name: str, read: Callable[[], bytes | memoryview | None]) -> None:
    """Make the programs of the block `name` known: `read` returns it (from `pack`, read from
    an authenticated file), or None, when a log first needs many patterns."""
    if name not in _read:
        _blocks[name] = read


def _decode() -> None:
    while _blocks:
        name, read = _blocks.popitem()
        _read.add(name)
        block = read()
        if block is not None:
            _known.update(unpack(block))


def compile_pattern(pattern: str, flags: int) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, made from a registered program when there is one.

    `flags` are the pattern's own (`re.Pattern.flags`, inline flags included), as stored."""
    global _compiled
    _compiled += 1
    if _blocks and _compiled > DECODE_AFTER:
        _decode()
    program = _known.get((pattern, flags)) if _known else None
    if program is not None:
        found = made(pattern, flags, program)
        if found is not None:
            return found
    return re.compile(pattern, flags)
