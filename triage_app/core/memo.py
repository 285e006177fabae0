"""Plain-data answers of pure, costly functions, kept with the compiled catalogue.

Building a matcher parses every pattern several times (required literals, literal weights,
whether it is line-local) and compiles it. Those answers depend only on the pattern, so the
catalogue cache (`catalog_cache`) stores them as JSON and hands them back the next time:

- a function decorated with `memoized(name, encode, decode)` looks its arguments up in the
  active table, and records what it computed when the answer is not there yet;
- `compile_pattern(regex, flags)` returns a `LazyPattern` for a pattern known to compile
  (its real flags are recorded), so `re.compile` only runs for the patterns a log needs.

Nothing is memoised outside `active(table)`: a direct call computes as usual, so tests and
tools that call these functions see the code, never a stored answer. Tables hold plain JSON
values only (strings, numbers, lists, booleans, null); a table is data, never code.
"""

from __future__ import annotations

import contextlib
import functools
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from triage_app.core import sre_program

F = TypeVar("F", bound=Callable[..., Any])

_local = threading.local()


class MemoTable:
    """Answers by function name, then by a string key made of the arguments.

    `lazy` maps a function name to a loader of its answers, called on that name's first
    look-up (the compiled catalogue parses a table only when a scan needs it)."""

    def __init__(
        self,
        data: dict[str, dict[str, Any]] | None = None,
        lazy: dict[str, Callable[[], dict[str, Any]]] | None = None,
    ) -> None:
        self.data: dict[str, dict[str, Any]] = data if data is not None else {}
        self._lazy = dict(lazy or {})
        self.added = 0  # answers computed (not found) since the table was made or loaded

    def _table(self, name: str) -> dict[str, Any] | None:
        table = self.data.get(name)
        if table is None and name in self._lazy:
            table = self.data[name] = self._lazy.pop(name)()
        return table

    def get(self, name: str, key: str) -> tuple[bool, Any]:
        table = self._table(name)
        if table is None or key not in table:
            return False, None
        return True, table[key]

    def put(self, name: str, key: str, value: Any) -> None:
        table = self._table(name)
        if table is None:
            table = self.data[name] = {}
        table[key] = value
        self.added += 1

    def plain(self) -> dict[str, dict[str, Any]]:
        """Every table (lazy ones loaded now), for storing."""
        for name in list(self._lazy):
            self._table(name)
        return self.data


def current() -> MemoTable | None:
    """The table active on this thread, if any."""
    return getattr(_local, "table", None)


@contextlib.contextmanager
def active(table: MemoTable) -> Iterator[MemoTable]:
    """Memoise into (and answer from) `table` on this thread while the block runs."""
    saved = current()
    _local.table = table
    try:
        yield table
    finally:
        _local.table = saved


def _key(args: tuple[Any, ...]) -> str:
    if len(args) == 2:
        first, second = args
        if isinstance(second, re.RegexFlag):  # its str() is slow ("re.IGNORECASE|...")
            second = second.value
        return f"{first}\x1f{second}"
    if len(args) == 1:
        return str(args[0])
    return "\x1f".join(map(str, args))


def memoized(
    name: str, encode: Callable[[Any], Any], decode: Callable[[Any], Any]
) -> Callable[[F], F]:
    """Decorate a pure function of str/int arguments whose answer `encode` turns into JSON
    values and `decode` turns back into the answer."""

    def wrap(func: F) -> F:
        @functools.wraps(func)
        def inner(*args: Any) -> Any:
            table = current()
            if table is None:
                return func(*args)
            key = _key(args)
            found, value = table.get(name, key)
            if found:
                return decode(value)
            answer = func(*args)
            table.put(name, key, encode(answer))
            return answer

        return inner  # type: ignore[return-value]

    return wrap


class LazyPattern:
    """A compiled-on-first-use stand-in for `re.Pattern` (`pattern` and `flags` are known
    without compiling; the first other attribute compiles it and keeps its bound methods, so
    later calls cost what calls on the real pattern cost)."""

    _METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern[str]:
        real = self.__dict__.get("_real")
        if real is None:
            real = sre_program.compile_pattern(self.pattern, self.flags)
            self.__dict__["_real"] = real
            for method in self._METHODS:
                self.__dict__[method] = getattr(real, method)
        return real

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_real":
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (to a process) as the real pattern
        return (re.compile, (self.pattern, self.flags))

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags})"


class PendingPattern(LazyPattern):
    """A `LazyPattern` whose real flags (what `re.compile` makes of `flags` and the pattern's
    own inline flags) are looked up in a memo table only when first asked for: a catalogue
    loaded from the cache makes one per entry, and a short scan never uses them."""

    def __init__(self, pattern: str, flags: int, table: MemoTable) -> None:
        self.pattern = pattern
        self._asked = flags
        self._table = table

    @property
    def flags(self) -> int:  # type: ignore[override]
        known = self.__dict__.get("_flags")
        if known is None:
            found, value = self._table.get("compile", _key((self.pattern, self._asked)))
            if found and value is not None:
                known = int(value)
            else:  # not stored, or stored as not compiling: `re` says (and raises)
                known = re.compile(self.pattern, self._asked).flags
            self.__dict__["_flags"] = known
        return known


def compile_later(regex: str, flags: int = 0) -> re.Pattern[str]:
    """Like `compile_pattern` for a pattern known to compile, without looking anything up
    until the pattern is used (`PendingPattern`); `re.compile` when no table is active."""
    table = current()
    if table is None:
        return re.compile(regex, flags)
    return PendingPattern(regex, flags, table)  # type: ignore[return-value]


def compile_pattern(regex: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile`, or a `LazyPattern` when the active table knows the pattern compiles.

    Raises `re.error` like `re.compile` for a pattern that does not compile.
    """
    table = current()
    if table is None:
        return re.compile(regex, flags)
    key = _key((regex, flags))
    found, value = table.get("compile", key)
    if found:
        if value is None:
            return re.compile(regex, flags)  # raises the pattern's own re.error
        return LazyPattern(regex, int(value))  # type: ignore[return-value]
    try:
        pattern = re.compile(regex, flags)
    except re.error:
        table.put("compile", key, None)
        raise
    table.put("compile", key, pattern.flags)
    return pattern
