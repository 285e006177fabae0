"""Open a log (file, compressed file or standard input) and stream its decoded text.

Memory stays flat: bytes are read in chunks, decompressed and decoded incrementally, and handed
out as text chunks that end at a line boundary. Line numbering is `grep -n`'s: a line ends at
`\\n`, a `\\r\\n` pair is one ending, and a lone `\\r` (progress bars) does not start a line.
"""

from __future__ import annotations

import codecs
import io
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Protocol

from triage_app.core.decompress import DecompressingReader, ExpansionError, ExpansionLimit
from triage_app.core.encoding import (
    SAMPLE_BYTES,
    BinaryFileError,
    CodecError,
    Detected,
    detect,
    one_byte_per_character,
    stream_codec,
    text_codec,
)
from triage_app.core.plain import Value

CHUNK_BYTES = 4 * 1024 * 1024
STDIN = "-"

_COMPRESSION = (
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bzip2"),
    (b"\xfd7zXZ\x00", "xz"),
)


class LogError(Exception):
    """A log that cannot be read; the message is one clear sentence for the user."""


class ExpansionRefusedError(LogError):
    """A compressed log expands past its limit: a decompression bomb, or a real huge log
    (`what` says which limit; reading again with a larger `max_expand` gets past it)."""

    def __init__(self, message: str, what: str) -> None:
        super().__init__(message)
        self.what = what


class LogInfo(Value):
    """What the reader found out about a log before reading all of it."""

    __slots__ = ("path", "size", "compression", "encoding", "encoding_method")

    def __init__(
        self,
        path: str,
        size: int | None,  # bytes on disk (None for standard input)
        compression: str | None,  # "gzip", "bzip2", "xz" or None
        encoding: str,  # the Python codec used
        encoding_method: str,
    ) -> None:
        self.path = path
        self.size = size
        self.compression = compression
        self.encoding = encoding
        self.encoding_method = encoding_method


def check_path(path: str | os.PathLike[str]) -> os.stat_result:
    """Refuse, without opening it, anything that is not a regular readable file."""
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise LogError(f"{p}: no such file") from None
    except PermissionError:
        raise LogError(f"{p}: permission denied") from None
    except OSError as exc:
        raise LogError(f"{p}: cannot access the file ({exc.strerror or exc})") from None
    if stat.S_ISDIR(st.st_mode):
        raise LogError(f"{p}: is a folder, not a log file")
    if not stat.S_ISREG(st.st_mode):
        kind = "a pipe (FIFO)" if stat.S_ISFIFO(st.st_mode) else "a device or special file"
        raise LogError(f"{p}: is {kind}, not a regular file; Triage reads regular files only")
    return st


def sniff_compression(head: bytes) -> str | None:
    """The compression format named by a file's first bytes (magic bytes, not the name)."""
    for magic, name in _COMPRESSION:
        if head.startswith(magic):
            return name
    return None


def _decompressor(
    raw: BinaryIO, compression: str | None, max_expand: int | None
) -> BinaryIO | DecompressingReader:
    if not compression:
        return raw
    limit = ExpansionLimit.explicit(max_expand) if max_expand else ExpansionLimit()
    return DecompressingReader(raw, compression, limit)


class LogSource:
    """An open log: its `info`, then `text_chunks()` (once) for decoded text.

    Use as a context manager. `warning` is set when the stream ended early (a truncated
    download): the text read until then is still delivered.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        encoding: str | None = None,
        max_expand: int | None = None,
    ) -> None:
        self.path = str(path)
        self.warning: str | None = None
        size = None
        if self.path == STDIN:
            raw: BinaryIO = io.BufferedReader(sys.stdin.buffer, buffer_size=1 << 20)
        else:
            size = check_path(self.path).st_size
            try:
                raw = open(self.path, "rb", buffering=1 << 20)  # noqa: SIM115
            except OSError as exc:
                raise LogError(f"{self.path}: cannot open ({exc.strerror or exc})") from None
        self._raw = raw
        try:
            compression = sniff_compression(raw.peek(8)[:8])
            self._stream = _decompressor(raw, compression, max_expand)
            self._sample = self._read(SAMPLE_BYTES)
            self._head = self._sample[:4]
            if not self._sample and self.warning:
                raise LogError(f"{self.path}: cannot decompress: {self.warning.split(';')[0]}")
            at_eof = len(self._sample) < SAMPLE_BYTES
            detected = self._choose_encoding(encoding, at_eof)
        except BaseException:
            raw.close()
            raise
        self.info = LogInfo(self.path, size, compression, detected.encoding, detected.method)

    def _choose_encoding(self, encoding: str | None, at_eof: bool) -> Detected:
        if encoding:
            try:
                return Detected(text_codec(encoding, self._sample), "override")
            except CodecError as exc:
                raise LogError(str(exc)) from None
        try:
            return detect(self._sample, at_eof)
        except BinaryFileError as exc:
            raise LogError(f"{self.path}: {exc}") from None

    def _read(self, n: int) -> bytes:
        try:
            data = self._stream.read(n)
        except OSError as exc:
            raise LogError(f"{self.path}: read failed ({exc.strerror or exc})") from None
        except ExpansionError as exc:
            raise ExpansionRefusedError(f"{self.path}: {exc}", exc.what) from None
        damage = getattr(self._stream, "damage", None)
        if damage and not self.warning:
            self.warning = f"{damage}; the text before that point was read"
        return data

    def bytes_read(self) -> int | None:
        """How far into the file (compressed bytes) reading has come, if known."""
        try:
            return self._raw.tell()
        except (OSError, ValueError):
            return None

    def raw_chunks(self, chunk_bytes: int = CHUNK_BYTES) -> Iterator[bytes]:
        """The decompressed bytes, sample first."""
        if self._sample:
            yield self._sample
            self._sample = b""
        while True:
            block = self._read(chunk_bytes)
            if not block:
                return
            yield block

    @property
    def is_utf8(self) -> bool:
        """True when the bytes are UTF-8 (with or without BOM): `byte_chunks` can be used."""
        return self.info.encoding in ("utf-8", "utf-8-sig")

    @property
    def piece_codec(self) -> str | None:
        """How a worker turns a byte range of the file cut at newlines into UTF-8: "" for a
        UTF-8 file (as it is), else the codec to decode it with, when every byte is one
        character (`encoding.one_byte_per_character`); None when the file cannot be cut so
        (UTF-16, multi-byte codecs)."""
        if self.is_utf8:
            return ""
        codec = stream_codec(self.info.encoding, self._head)
        return codec if one_byte_per_character(codec) else None

    def byte_chunks(self, chunk_bytes: int = CHUNK_BYTES) -> Iterator[bytes]:
        """Undecoded bytes in chunks that each end with `\\n` (the last one may not).

        For UTF-8 logs only (see `is_utf8`); a UTF-8 byte-order mark is dropped.
        """
        carry: list[bytes] = []  # pieces of an unfinished line, joined once it ends
        first = True
        for block in self.raw_chunks(chunk_bytes):
            if first:
                block = (
                    block.removeprefix(codecs.BOM_UTF8)
                    if self.info.encoding == "utf-8-sig"
                    else block
                )
                first = False
            cut = block.rfind(b"\n") + 1
            if not cut:  # still inside one long line: never re-join what was carried
                carry.append(block)
                continue
            yield b"".join([*carry, block[:cut]])
            carry = [block[cut:]] if cut < len(block) else []
        if carry:
            yield b"".join(carry)

    def text_chunks(self, chunk_bytes: int = CHUNK_BYTES) -> Iterator[str]:
        """Decoded text in chunks that each end with `\\n` (the last one may not)."""
        codec = stream_codec(self.info.encoding, self._head)
        decoder = codecs.getincrementaldecoder(codec)(errors="replace")
        carry: list[str] = []  # pieces of an unfinished line, joined once it ends
        for block in self.raw_chunks(chunk_bytes):
            text = decoder.decode(block)
            cut = text.rfind("\n") + 1
            if not cut:
                carry.append(text)
                continue
            yield "".join([*carry, text[:cut]])
            carry = [text[cut:]] if cut < len(text) else []
        tail = "".join([*carry, decoder.decode(b"", final=True)])
        if tail:
            yield tail

    def lines(self) -> Iterator[str]:
        """Every line without its ending (`\\n` or `\\r\\n`), numbered from 1 by the caller."""
        for chunk in self.text_chunks():
            parts = chunk.split("\n")
            if parts[-1] == "":
                parts.pop()
            for line in parts:
                yield line[:-1] if line.endswith("\r") else line

    def close(self) -> None:
        try:
            self._stream.close()
        finally:
            if self._raw is not sys.stdin.buffer:
                self._raw.close()

    def __enter__(self) -> LogSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ChunkSource(Protocol):
    """What `utf8_chunks` reads: a `LogSource`, or the window's `scan_process.RangeSource`."""

    @property
    def is_utf8(self) -> bool: ...

    def byte_chunks(self, chunk_bytes: int) -> Iterator[bytes]: ...

    def text_chunks(self, chunk_bytes: int) -> Iterator[str]: ...


def utf8_chunks(source: ChunkSource, chunk_bytes: int = CHUNK_BYTES) -> Iterator[bytes]:
    """UTF-8 bytes in chunks that each end with `\\n` (the last one may not), from any
    `ChunkSource`: the file's own bytes when it is UTF-8, else its decoded text
    encoded as UTF-8, so that every log is scanned on bytes (lowering and searching bytes is
    several times faster than folding text)."""
    if source.is_utf8:
        yield from source.byte_chunks(chunk_bytes)
        return
    for text in source.text_chunks(chunk_bytes):
        # (decoding replaced what did not decode, so no lone surrogate is left)
        yield text.encode("utf-8", "surrogatepass")


def open_log(
    path: str | os.PathLike[str], *, encoding: str | None = None, max_expand: int | None = None
) -> LogSource:
    """Open a log for reading; raises LogError with a clear message when it cannot be read."""
    return LogSource(path, encoding=encoding, max_expand=max_expand)
