"""Stream-decompress gzip, bzip2 and xz with exact behaviour on damaged input, bounded output.

The standard library's file wrappers raise on a truncated stream and lose the bytes decoded in
that call. A downloaded log cut short is common, so this reader hands out every byte it could
decode and then says, through `damage`, that the stream ended early.

Every decompressor call is given an output limit (`max_length`), so a few kilobytes of bzip2
that expand to gigabytes of zeros never arrive in memory at once. `ExpansionLimit` caps the
total: by default a stream may expand to `DEFAULT_MAX_EXPAND` bytes, and past `RATIO_FLOOR`
bytes no more than `MAX_RATIO` times its compressed size (a log compresses 5-50 times, a bomb
thousands); the user can lift both for a real huge log (`--max-expand SIZE`).
"""

from __future__ import annotations

import bz2
import lzma
import re
import zlib
from typing import BinaryIO

from triage_app.core import own_regex
from triage_app.core.plain import Value

_READ = 256 * 1024
_OUT = 1024 * 1024  # at most this much output per decompressor call

DEFAULT_MAX_EXPAND = 8 * 1024**3
MAX_RATIO = 1000
RATIO_FLOOR = 64 * 1024**2


class ExpansionError(Exception):
    """A compressed stream expands past the limit; the message says what to do (for the
    command line), `what` only what happened (for the window, which offers Open anyway)."""

    def __init__(self, message: str, what: str = "") -> None:
        super().__init__(message)
        self.what = what or message


class ExpansionLimit(Value):
    """How far a compressed log may expand (`ratio` None: no ratio check)."""

    __slots__ = ("max_bytes", "ratio")

    def __init__(self, max_bytes: int = DEFAULT_MAX_EXPAND, ratio: int | None = MAX_RATIO) -> None:
        self.max_bytes = max_bytes
        self.ratio = ratio

    @classmethod
    def explicit(cls, max_bytes: int) -> ExpansionLimit:
        """A size the user chose: that size is the only limit."""
        return cls(max_bytes, None)

    def check(self, expanded: int, compressed: int) -> None:
        if expanded > self.max_bytes:
            what = f"decompresses to more than {format_size(self.max_bytes)}"
            raise ExpansionError(
                f"{what}; if it is a real log, read it with --max-expand SIZE "
                "(e.g. --max-expand 64G)",
                what,
            )
        if self.ratio and expanded > RATIO_FLOOR and expanded > self.ratio * max(compressed, 1):
            what = (
                f"expands more than {self.ratio} times ({format_size(compressed)} to over "
                f"{format_size(expanded)}): a decompression bomb?"
            )
            raise ExpansionError(
                f"{what} If it is a real log, read it with --max-expand SIZE", what
            )


_SIZE = own_regex.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*$", re.IGNORECASE)


def parse_size(text: str) -> int:
    """`512M`, `64G`, `1.5GiB`, `1000000` -> bytes (ValueError with a clear message)."""
    match = _SIZE.match(text)
    if not match:
        raise ValueError(f"not a size: {text!r} (use e.g. 500M or 64G)")
    number, unit = match.groups()
    return int(float(number) * 1024 ** "bkmgt".index((unit or "b").lower()))


def format_size(n: int) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GiB"


def _new(kind: str):  # noqa: ANN202 - the three decompressor classes share no base type
    if kind == "gzip":
        return zlib.decompressobj(16 + zlib.MAX_WBITS)
    if kind == "bzip2":
        return bz2.BZ2Decompressor()
    return lzma.LZMADecompressor()


class DecompressingReader:
    """A minimal `read(n)` over a compressed binary stream (multi-member aware)."""

    def __init__(self, raw: BinaryIO, kind: str, limit: ExpansionLimit | None = None) -> None:
        self._raw = raw
        self._kind = kind
        self._dec = _new(kind)
        self._limit = limit or ExpansionLimit()
        self._buffer = bytearray()
        self._input = b""  # compressed bytes not yet given to the decompressor
        self._finished = False
        self._started_member = False
        self.compressed = 0
        self.expanded = 0
        self.damage: str | None = None

    def read(self, n: int) -> bytes:
        while len(self._buffer) < n and not self._finished:
            self._fill()
        out = bytes(self._buffer[:n])
        del self._buffer[:n]
        return out

    def _has_pending(self) -> bool:
        """Output the decompressor can give without more input."""
        if self._kind == "gzip":
            return bool(self._input)
        return self._started_member and not self._dec.eof and not self._dec.needs_input

    def _fill(self) -> None:
        if not self._input and not self._has_pending():
            self._input = self._raw.read(_READ)
            self.compressed += len(self._input)
            if not self._input:
                self._finished = True
                if self._started_member and not self._dec.eof:
                    self.damage = f"the {self._kind} stream ends early (truncated file?)"
                return
        try:
            out = self._step()
        except (zlib.error, OSError, EOFError, lzma.LZMAError) as exc:
            self.damage = f"the {self._kind} data is damaged ({exc})"
            self._finished = True
            return
        self.expanded += len(out)
        self._limit.check(self.expanded, self.compressed)
        self._buffer += out
        if self._dec.eof:
            self._next_member()

    def _step(self) -> bytes:
        """One decompressor call with at most `_OUT` bytes of output."""
        data, self._input = self._input, b""
        if data:
            self._started_member = True
        if self._kind == "gzip":
            out = self._dec.decompress(data, _OUT)
            self._input = self._dec.unconsumed_tail
            return out
        return self._dec.decompress(data, max_length=_OUT)

    def _next_member(self) -> None:
        rest = self._dec.unused_data + self._input
        self._dec = _new(self._kind)
        self._started_member = False
        self._input = b"" if rest.strip(b"\x00") == b"" else rest  # trailing padding

    def close(self) -> None:
        self._raw.close()
