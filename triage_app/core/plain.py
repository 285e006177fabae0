"""Bases for the small data classes a scan makes, written by hand instead of as dataclasses.

A scan imports no `dataclasses`: that import (it brings in `inspect`, `ast`, `dis`,
`tokenize`...) and the methods every dataclass compiles with `exec` at each start cost ~30 ms
of a short scan, while hand-written methods come from the .pyc at no cost. So the classes on
the scan's path list their fields in `__slots__` (in the constructor's order) and write their
own `__init__`; these bases add what several of them need, worked out from `__slots__` when
the class is made (no code is generated):

- `Plain`: a repr like a dataclass's (`Name(field=value, ...)`), for messages and tests;
- `Value`: that repr, plus equality and a hash over the fields, for value objects (compared
  in tests, used as dict keys or in sets). Subclasses are treated as immutable: nothing
  stops an assignment, but a changed field would change the hash.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, ClassVar


class Plain:
    """A `__slots__` class with a dataclass-like repr."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__slots__", ())
            names.extend([slots] if isinstance(slots, str) else slots)
        cls._fields = tuple(names)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name, '<unset>')!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"


class Value(Plain):
    """A `Plain` class whose instances are equal when their fields are, and hash alike."""

    __slots__ = ()
    _values: ClassVar[attrgetter[Any]]
    _not_compared: ClassVar[tuple[str, ...]] = ()  # fields that are hints, not the value

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        compared = [name for name in cls._fields if name not in cls._not_compared]
        cls._values = attrgetter(*(compared or ("__class__",)))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values(self) == self._values(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values(self))
