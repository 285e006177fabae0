"""The scan process's main function. Qt-free on purpose: a spawned child imports only this.

CPython's `re` holds the GIL for a whole search, seconds for a broad pattern over a big chunk,
so the window scans in a separate process. The child loads the catalogue from the same folders
as the window, runs `iter_scan` and puts one message per chunk on `out`:

- `("progress", CompactProgress)`: the chunk's matches in compact form
  (`match_record.MatchBatch`) and how far the scan has come; a byte range (`ByteRange`,
  below) sends `ScanProgress` with every `LineMatch` instead;
- `("done", ScanDone)`: the scan ended (completely or cancelled), with the annotator's
  findings (versions, unknown errors);
- `("error", str)`: the log could not be read (a sentence for the user).

It stops at the next chunk when `cancel` is set or the parent process has gone away.

A followed log's new lines are scanned as a byte range of the file (`ByteRange`): the child
reads those bytes itself, so the window never copies the text it asks to scan.
"""

from __future__ import annotations

import codecs
import contextlib
import multiprocessing
import os
import sys
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from triage_app.core.plain import Plain, Value

if TYPE_CHECKING:
    from triage_app.core.annotate import Annotations
    from triage_app.core.logsource import LogInfo
    from triage_app.core.matcher import Matcher
    from triage_app.core.results import LineMatch

CHILD_CHUNK_BYTES = 1024 * 1024  # small chunks: matches stream in, cancel reacts quickly


def _die_with_parent() -> None:
    """Linux: the kernel kills this process when the window dies (even by SIGKILL), so a scan
    can never be orphaned; elsewhere the check between chunks ends it."""
    if not sys.platform.startswith("linux") or multiprocessing.parent_process() is None:
        return  # not Linux, or not a child process (a test calling scan_main directly)
    with contextlib.suppress(OSError, AttributeError):
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL)
        parent = multiprocessing.parent_process()
        if parent is not None and not parent.is_alive():  # it died before prctl took effect
            os._exit(0)


def _with_slow_patterns(warning: str | None, slow: list[tuple[str, int]]) -> str | None:
    """The scan's warning, plus a sentence per pattern that ran past its time budget."""
    notes = [
        f"the pattern of {entry_id} took too long on line {line} and was skipped for the rest "
        "of this log"
        for entry_id, line in slow
    ]
    return "; ".join([*([warning] if warning else []), *notes]) or None


class ScanDone(Plain):
    """The end of a scan, as the child saw it.

    `notes` holds what the annotator found once the whole log was read (stated versions and
    each matched entry's verdict, unknown errors); `reranked` the matches whose candidates it
    re-ordered by version fit (the window replaces the ones it was sent while scanning).
    `regrouped`, for a log sent in compact batches: (class number, its first example) of each
    class whose top entry the ranking by version fit changed (`match_batch.BatchMaker.rerank`).
    """

    __slots__ = (
        "lines",
        "cancelled",
        "warning",
        "fuzzy_skipped",
        "catalog_entries",
        "notes",
        "reranked",
        "regrouped",
    )

    def __init__(
        self,
        lines: int,
        cancelled: bool,
        warning: str | None,
        fuzzy_skipped: int,
        catalog_entries: int,
        notes: Annotations | None = None,
        reranked: tuple[LineMatch, ...] = (),
        regrouped: tuple[tuple[int, LineMatch], ...] = (),
    ) -> None:
        self.lines = lines
        self.cancelled = cancelled
        self.warning = warning
        self.fuzzy_skipped = fuzzy_skipped
        self.catalog_entries = catalog_entries
        self.notes = notes
        self.reranked = reranked
        self.regrouped = regrouped


class ByteRange(Value):
    """Bytes `start` up to `end` of a plain (uncompressed) log: whole lines, in `encoding`
    (a codec for decoding slices, such as `LineIndex.codec`: no byte-order mark expected)."""

    __slots__ = ("start", "end")

    def __init__(self, start: int, end: int) -> None:
        self.start = start
        self.end = end


class RangeSource:
    """What `iter_scan` needs of a `LogSource`, over one `ByteRange` of a file.

    The range is read as it is scanned, a chunk at a time; a file truncated meanwhile just
    ends the range early.
    """

    def __init__(self, path: str, encoding: str | None, byte_range: ByteRange) -> None:
        from triage_app.core.logsource import LogError, LogInfo

        self.warning: str | None = None
        codec = codecs.lookup(encoding or "utf-8").name
        self.info: LogInfo = LogInfo(
            path, byte_range.end - byte_range.start, None, codec, "override"
        )
        self._range = byte_range
        try:
            self._file = open(path, "rb")  # noqa: SIM115 - closed by close()
            self._file.seek(byte_range.start)
        except OSError as exc:
            raise LogError(f"{path}: cannot open ({exc.strerror or exc})") from None

    @property
    def is_utf8(self) -> bool:
        return self.info.encoding == "utf-8"

    def bytes_read(self) -> int:
        return self._file.tell() - self._range.start

    def _blocks(self, chunk_bytes: int) -> Iterator[bytes]:
        left = self._range.end - self._range.start
        while left > 0:
            block = self._file.read(min(chunk_bytes, left))
            if not block:
                return  # truncated meanwhile
            left -= len(block)
            yield block

    def byte_chunks(self, chunk_bytes: int) -> Iterator[bytes]:
        """Chunks that end with a newline (the last one may not)."""
        carry = b""
        for block in self._blocks(chunk_bytes):
            block = carry + block
            cut = block.rfind(b"\n") + 1
            carry = block[cut:]
            if cut:
                yield block[:cut]
        if carry:
            yield carry

    def text_chunks(self, chunk_bytes: int) -> Iterator[str]:
        """Decoded chunks that end with a newline (the last one may not)."""
        decoder = codecs.getincrementaldecoder(self.info.encoding)(errors="replace")
        carry = ""
        for block in self._blocks(chunk_bytes):
            text = carry + decoder.decode(block)
            cut = text.rfind("\n") + 1
            carry = text[cut:]
            if cut:
                yield text[:cut]
        tail = carry + decoder.decode(b"", final=True)
        if tail:
            yield tail

    def __enter__(self) -> RangeSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self._file.close()


def scan_main(
    path: str,
    encoding: str | None,
    catalog_dirs: Sequence[str],
    out: Any,
    cancel: Any,
) -> None:
    """Entry point of the scan process (a top-level function, so "spawn" can find it)."""
    _settle_in_background()
    try:
        from triage_app.core.catalog_cache import open_catalog

        compiled = open_catalog([Path(d) for d in catalog_dirs])
        matcher = compiled.matcher()
    except Exception as exc:  # noqa: BLE001 - reported to the window as one sentence
        traceback.print_exc(file=sys.stderr)
        out.put(("error", f"the catalogue could not be loaded ({type(exc).__name__}: {exc})"))
        return
    run_scan(path, encoding, matcher, len(compiled.catalog), out, cancel)


def _settle_in_background() -> None:
    """Die with the window; yield the CPU to the window's own thread."""
    _die_with_parent()
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(5)


def run_scan(
    path: str,
    encoding: str | None,
    matcher: Matcher,
    catalog_entries: int,
    out: Any,
    cancel: Any,
    byte_range: ByteRange | None = None,
) -> None:
    """Scan one log (or its `byte_range`) with a loaded matcher, putting the messages
    described above on `out`; `cancel` is anything with `is_set()`."""
    from triage_app.core.annotate import FileAnnotator
    from triage_app.core.logsource import LogError, open_log
    from triage_app.core.match_batch import BatchMaker, CompactProgress
    from triage_app.core.results import ScanSummary
    from triage_app.core.scan import iter_scan

    parent = multiprocessing.parent_process()
    # A whole log is sent in compact batches (see `match_record`); a byte range (a followed
    # log's new lines, a few lines judged again) as full matches.
    compact = BatchMaker() if byte_range is None else None
    try:
        summary = ScanSummary(keep_matches=compact is None)
        annotator = FileAnnotator(matcher.facts)
        opened = (
            open_log(path, encoding=encoding)
            if byte_range is None
            else RangeSource(path, encoding, byte_range)
        )
        with opened as source:
            for progress in iter_scan(
                source,
                matcher,
                summary,
                cancel=cancel,
                chunk_bytes=CHILD_CHUNK_BYTES,
                annotator=annotator,
            ):
                if compact is not None:
                    batch = compact.batch(progress.matches)
                    done = (progress.lines, progress.bytes_done, progress.bytes_total)
                    out.put(("progress", CompactProgress(batch, *done)))
                else:
                    out.put(("progress", progress))
                if parent is not None and not parent.is_alive():
                    # Nobody reads the queue any more: exit without waiting to flush it.
                    out.cancel_join_thread()
                    return
        moved: list[tuple[int, LineMatch]] = []
        if compact is not None:
            notes = annotator.finish(entry_ids=compact.entry_ids())
            changed, moved = compact.rerank(notes.rank_fits(), matcher.facts.sourced)
            reranked = tuple(changed)
        else:
            before = list(summary.matches)
            notes = annotator.finish(summary.matches)
            pairs = zip(summary.matches, before, strict=True)
            reranked = tuple(m for m, old in pairs if m is not old)
        out.put(
            (
                "done",
                ScanDone(
                    summary.lines,
                    summary.cancelled or cancel.is_set(),
                    _with_slow_patterns(summary.warning, summary.slow_patterns),
                    summary.fuzzy_skipped,
                    catalog_entries,
                    notes,
                    reranked,
                    tuple(moved),
                ),
            )
        )
    except LogError as exc:
        out.put(("error", str(exc)))
    except Exception as exc:  # noqa: BLE001 - reported to the window as one sentence
        traceback.print_exc(file=sys.stderr)
        out.put(("error", f"the scan stopped unexpectedly ({type(exc).__name__}: {exc})"))
