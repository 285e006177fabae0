"""Every byte the CLI writes goes through here or through `core.sanitize`.

Text for people has escape sequences removed and control characters shown visibly (a log line,
a record, a file name or a note cannot drive the terminal). JSON stays exact but escapes C1,
bidi controls and lone surrogates, and is written as UTF-8 whatever the locale, so an odd
file name can neither crash the output nor cut the document off part-way. A small document
is written in one piece; `scan --format json` streams its document (`JsonWriter`) so that
memory stays bounded however many lines match.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Any

from triage_app.core.sanitize import for_json, for_terminal

__all__ = ["JsonWriter", "clean", "configure_streams", "print_error", "print_json"]

clean = for_terminal


def configure_streams() -> None:
    """Never fail on a character the terminal's encoding lacks (an ASCII locale)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="backslashreplace")


def print_error(message: object) -> None:
    """`triage-app: <message>` on stderr, as one visible line."""
    print(f"triage-app: {clean(str(message))}", file=sys.stderr)


def print_json(doc: Any, *, indent: int | None = None) -> None:
    """One JSON document (plus a newline) on stdout, UTF-8, written at once."""
    text = for_json(json.dumps(doc, ensure_ascii=False, indent=indent)) + "\n"
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8", "surrogatepass"))
    buffer.flush()


class JsonWriter:
    """Pieces of one JSON text (each a whole `json.dumps` output or punctuation), sanitised
    like `print_json` and written to stdout as UTF-8 in blocks of about `block` characters."""

    def __init__(self, block: int = 1 << 20) -> None:
        self._pieces: list[str] = []
        self._size = 0
        self._block = block
        sys.stdout.flush()

    def raw(self, text: str) -> None:
        """Punctuation or already-encoded JSON text."""
        self._pieces.append(text)
        self._size += len(text)
        if self._size >= self._block:
            self.flush()

    def value(self, value: Any) -> None:
        self.raw(json.dumps(value, ensure_ascii=False))

    def flush(self) -> None:
        text = for_json("".join(self._pieces))
        self._pieces, self._size = [], 0
        buffer = getattr(sys.stdout, "buffer", None)
        if buffer is None:
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        buffer.write(text.encode("utf-8", "surrogatepass"))
        buffer.flush()
