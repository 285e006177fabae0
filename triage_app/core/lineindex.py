"""A line-offset index over an uncompressed log file, so a viewer can show line N at once.

Built in one pass (`build` yields progress and honours a cancel flag), it stores the byte
offset where each line starts. Reading a line then costs one seek and one read, whatever the
file's size. Compressed logs are first decompressed to a temporary file (`decompress_to`).
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from triage_app.core import own_regex
from triage_app.core.decompress import format_size
from triage_app.core.logsource import LogError, LogSource
from triage_app.core.offsets import Offsets

INDEX_CHUNK = 4 * 1024 * 1024
HEAD_BYTES = 64 * 1024  # of a very long line, what `line_head` reads

_WIDE = {"utf-16": 2, "utf-16-le": 2, "utf-16-be": 2, "utf-32": 4, "utf-32-le": 4, "utf-32-be": 4}


def _layout(path: Path, encoding: str) -> tuple[str, int, int]:
    """(codec for decoding slices, bytes of BOM to skip, code-unit size)."""
    name = codecs.lookup(encoding).name
    with open(path, "rb") as f:
        head = f.read(4)
    if name == "utf-8-sig":
        return "utf-8", 3 if head.startswith(codecs.BOM_UTF8) else 0, 1
    if name in ("utf-16", "utf-32"):
        unit = _WIDE[name]
        le, be = (
            (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
            if unit == 2
            else (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)
        )
        if head.startswith(be):
            return f"{name}-be", unit, unit
        return f"{name}-le", unit if head.startswith(le) else 0, unit
    return name, 0, _WIDE.get(name, 1)


class LineIndex:
    """Line starts of one file. Thread-safe for one builder and any number of readers."""

    def __init__(self, path: str | Path, encoding: str) -> None:
        self.path = Path(path)
        self.encoding = encoding
        self.codec, self.data_start, self.unit = _layout(self.path, encoding)
        self.size = self.path.stat().st_size
        self._newline = "\n".encode(self.codec)
        self._starts = Offsets([self.data_start])  # about 4 bytes a line
        self.complete = False
        self._lock = threading.Lock()
        self._reader = open(self.path, "rb")  # noqa: SIM115 - kept open for random reads

    def __len__(self) -> int:
        """Lines known so far (all of them once `complete`)."""
        n = len(self._starts) - 1
        if self.complete and self._starts[-1] < self.size:
            n += 1
        return n

    def build(
        self, cancel: threading.Event | None = None, chunk_bytes: int = INDEX_CHUNK
    ) -> Iterator[int]:
        """Index the whole file, yielding the line count after each chunk."""
        chunk_bytes -= chunk_bytes % self.unit
        finder = re.compile(re.escape(self._newline))
        width = len(self._newline)
        with open(self.path, "rb") as f:
            f.seek(self.data_start)
            base = self.data_start
            while True:
                if cancel is not None and cancel.is_set():
                    return
                block = f.read(chunk_bytes)
                if not block:
                    break
                if self.unit == 1:
                    ends = [base + m.end() for m in finder.finditer(block)]
                else:
                    ends = [
                        base + m.start() + width
                        for m in finder.finditer(block)
                        if m.start() % self.unit == 0
                    ]
                self._starts.extend(ends)
                base += len(block)
                yield len(self._starts) - 1
        self.size = base
        self.complete = True
        yield len(self)

    def grow(self, limit: int = INDEX_CHUNK) -> int:
        """Index what was appended to the file since (at most `limit` bytes per call, so a
        caller on a GUI thread stays responsive); the line count afterwards.

        Only for a `complete` index. It reads through the open file, so it follows the file
        it opened even if the path now names another one (see `core.filewatch`).
        """
        if not self.complete:
            return len(self)
        limit = max(self.unit, limit - limit % self.unit)
        with self._lock:
            end = os.fstat(self._reader.fileno()).st_size
            if end <= self.size:
                return len(self)
            self._reader.seek(self.size)
            block = self._reader.read(min(end - self.size, limit))
        block = block[: len(block) - len(block) % self.unit]
        base = self.size
        starts = [
            base + m.start() + len(self._newline)
            for m in re.finditer(re.escape(self._newline), block)
            if self.unit == 1 or m.start() % self.unit == 0
        ]
        self._starts.extend(starts)
        self.size = base + len(block)
        return len(self)

    def complete_lines(self) -> int:
        """Lines that end with a newline (a last line still being written does not count)."""
        return len(self._starts) - 1

    def line_start(self, n: int) -> int:
        """Byte offset where line `n` (0-based; up to `complete_lines()`) starts."""
        return self._starts[n]

    def raw_range(self, first: int, stop: int) -> bytes:
        """The bytes of lines `first` up to `stop` (0-based, `stop` <= `complete_lines()`)."""
        start, end = self._starts[first], self._starts[stop]
        with self._lock:
            self._reader.seek(start)
            return self._reader.read(end - start)

    def build_all(self) -> LineIndex:
        for _count in self.build():
            pass
        return self

    def _span(self, n: int) -> tuple[int, int]:
        start = self._starts[n]
        end = self._starts[n + 1] if n + 1 < len(self._starts) else self.size
        return start, end

    def raw_line(self, n: int) -> bytes:
        """Bytes of line `n` (0-based), line ending included."""
        if not 0 <= n < len(self):
            raise IndexError(n)
        start, end = self._span(n)
        with self._lock:
            self._reader.seek(start)
            return self._reader.read(end - start)

    def line(self, n: int) -> str:
        """Decoded text of line `n` (0-based), without its `\\n` or `\\r\\n`."""
        text = self.raw_line(n).decode(self.codec, errors="replace")
        if text.endswith("\n"):
            text = text[:-1]
        return text.removesuffix("\r")

    def line_head(self, n: int, limit: int = HEAD_BYTES) -> tuple[str, int]:
        """The start of line `n` (at most `limit` bytes read and decoded) and the line's full
        length in bytes: a viewer draws a 256 MB line without reading all of it."""
        if not 0 <= n < len(self):
            raise IndexError(n)
        start, end = self._span(n)
        if end - start <= limit:
            return self.line(n), end - start
        with self._lock:
            self._reader.seek(start)
            head = self._reader.read(limit - limit % self.unit)
        return head.decode(self.codec, errors="replace"), end - start

    def lines(self, start: int, stop: int) -> list[str]:
        """`line(n)` for each line from `start` up to `stop`, read in one call (a search or
        the level filter reads a whole log this way)."""
        first, stop = max(0, start), min(stop, len(self))
        if first >= stop:
            return []
        if self.unit == 1:  # a newline byte is a line end, as `build` found them
            begin = self._starts[first]
            end = self._starts[stop] if stop < len(self._starts) else self.size
            with self._lock:
                self._reader.seek(begin)
                block = self._reader.read(end - begin)
            pieces = block.split(b"\n")
            if block.endswith(b"\n"):
                pieces.pop()
            if len(pieces) == stop - first:
                codec = self.codec
                return [p.decode(codec, errors="replace").removesuffix("\r") for p in pieces]
        return [self.line(n) for n in range(first, stop)]  # (or the file changed meanwhile)

    def close(self) -> None:
        with self._lock:
            self._reader.close()


# A decompressed copy is named triage-<pid>-<random>.log, so a later start can tell the copies
# of a process that was killed (and never deleted them) from those of a running one.
_COPY_NAME = own_regex.compile(r"^triage-(\d+)-[^/]*\.log$")
DISK_RESERVE = 256 * 1024 * 1024  # never fill the disk: leave this much (or 5 %) free


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: it exists
        return True
    return True


def remove_stale_copies(directory: str | Path | None = None) -> int:
    """Delete decompressed copies left behind by Triage processes that no longer run."""
    folder = Path(directory or tempfile.gettempdir())
    removed = 0
    with contextlib.suppress(OSError):
        for path in folder.glob("triage-*-*.log"):
            match = _COPY_NAME.match(path.name)
            if not match or int(match[1]) == os.getpid() or _running(int(match[1])):
                continue
            with contextlib.suppress(OSError):
                if path.lstat().st_uid == os.geteuid() and path.is_file():
                    path.unlink()
                    removed += 1
    return removed


def decompress_to(
    source: LogSource,
    directory: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
    cancel: threading.Event | None = None,
) -> Path | None:
    """Write the decompressed bytes of `source` to a temporary file; None if cancelled.

    The copy stops with a LogError before it would fill the disk (or when the stream expands
    past its limit, or a write fails); the partial file is removed on every way out. The
    caller owns (and deletes) the file it gets. Copies of killed processes are removed first.
    """
    folder = Path(directory or tempfile.gettempdir())
    remove_stale_copies(folder)
    free = shutil.disk_usage(folder).free
    room = free - max(DISK_RESERVE, free // 20)
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, path returned
        prefix=f"triage-{os.getpid()}-", suffix=".log", dir=folder, delete=False
    )
    path = Path(handle.name)
    written = 0
    try:
        with handle:
            for block in source.raw_chunks():
                if cancel is not None and cancel.is_set():
                    raise _Cancelled
                written += len(block)
                if written > room:
                    raise LogError(
                        f"{source.path}: the decompressed copy does not fit in {folder} "
                        f"(more than the {format_size(max(room, 0))} that can be used there)"
                    )
                handle.write(block)
                if progress is not None:
                    progress(source.bytes_read() or 0)
    except _Cancelled:
        path.unlink(missing_ok=True)
        return None
    except OSError as exc:
        path.unlink(missing_ok=True)
        raise LogError(
            f"{source.path}: cannot write the decompressed copy in {folder} ({exc.strerror or exc})"
        ) from None
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return path


class _Cancelled(Exception):  # noqa: N818 - control flow, never escapes
    pass
