"""Stream-decompress gzip, bzip2 and xz with exact behaviour on damaged input.

The standard library's file wrappers raise on a truncated stream and lose the bytes decoded in
that call. A downloaded log cut short is common, so this reader hands out every byte it could
decode and then says, through `damage`, that the stream ended early.
"""

from __future__ import annotations

import bz2
import lzma
import zlib
from typing import BinaryIO

_READ = 256 * 1024


def _new(kind: str):  # noqa: ANN202 - the three decompressor classes share no base type
    if kind == "gzip":
        return zlib.decompressobj(16 + zlib.MAX_WBITS)
    if kind == "bzip2":
        return bz2.BZ2Decompressor()
    return lzma.LZMADecompressor()


class DecompressingReader:
    """A minimal `read(n)` over a compressed binary stream (multi-member aware)."""

    def __init__(self, raw: BinaryIO, kind: str) -> None:
        self._raw = raw
        self._kind = kind
        self._dec = _new(kind)
        self._buffer = bytearray()
        self._finished = False
        self._started_member = False
        self.damage: str | None = None

    def read(self, n: int) -> bytes:
        while len(self._buffer) < n and not self._finished:
            self._fill()
        out = bytes(self._buffer[:n])
        del self._buffer[:n]
        return out

    def _fill(self) -> None:
        data = self._raw.read(_READ)
        if not data:
            self._finished = True
            if self._started_member and not self._dec.eof:
                self.damage = f"the {self._kind} stream ends early (truncated file?)"
            return
        while data:
            try:
                self._buffer += self._dec.decompress(data)
            except (zlib.error, OSError, EOFError, lzma.LZMAError) as exc:
                self.damage = f"the {self._kind} data is damaged ({exc})"
                self._finished = True
                return
            self._started_member = True
            if not self._dec.eof:
                return
            data = self._dec.unused_data
            self._dec = _new(self._kind)
            self._started_member = False
            if data.strip(b"\x00") == b"":  # trailing padding after the last member
                data = b""

    def close(self) -> None:
        self._raw.close()
