"""A chunk of log text as the matcher reads it: a case-folded haystack plus clean lines.

Two shapes (see `Matcher.scan_chunk`): decoded text, or raw UTF-8 bytes that are never decoded
as a whole (only the lines that may match are). Both remove ANSI sequences without changing
line numbers and give line `n` exactly as `Matcher.match_line` would clean it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from triage_app.core import own_regex
from triage_app.core.ansi import CSI, MAX_PASSES, strip_ansi
from triage_app.core.literals import FOLD_SPECIALS, NON_ASCII, fold

MATCH_CAP = 4096  # characters of a line that matching looks at; longer lines are cut
_TAIL_WALK = 32  # lines this near a chunk's end are found by walking back from it


def cap_line(text: str) -> tuple[str, bool]:
    """The part of a line that matching sees, and whether it was cut."""
    if len(text) > MATCH_CAP:
        return text[:MATCH_CAP], True
    return text, False


class _Haystack:
    """A chunk's case-folded haystack and the index of its newlines."""

    haystack: bytes
    _hay_newlines: list[int] | None

    def hay_newlines(self) -> list[int]:
        """Offsets of the haystack's newlines, indexed once (on the first call): the
        prefilter's placement and the lines read later share them."""
        if self._hay_newlines is None:
            self._hay_newlines = newline_offsets(self.haystack)
        return self._hay_newlines


class TextLines(_Haystack):
    """A chunk of decoded text: folded text (as UTF-8) as haystack, clean lines by number."""

    def __init__(self, chunk: str) -> None:
        self.clean = strip_ansi(chunk)
        self.haystack = fold(self.clean).encode("utf-8", "surrogatepass")
        self._rows: list[str] | None = None
        self._hay_newlines: list[int] | None = None
        self.count = chunk.count("\n") + (0 if chunk.endswith("\n") or not chunk else 1)
        self.counted = (0, 0)  # (unused: the count is known up front; see `ByteLines`)

    @functools.cached_property
    def stripped(self) -> bytes:
        """The clean text as UTF-8 (the annotators search it; the haystack is folded, so its
        offsets differ)."""
        return self.clean.encode("utf-8", "surrogatepass")

    def line(self, n: int, _start: int = -1, _end: int = -1) -> str:
        """Line `n` (its haystack span is not used: folded text is encoded there)."""
        rows = self._rows
        if rows is None:  # (one split: ~8x faster than finding each line's start)
            rows = self._rows = self.clean.split("\n")
        return rows[n].removesuffix("\r")

    def text(self) -> str:
        return self.clean

    def previous(self, n: int, _start: int = -1) -> str | None:
        """Line `n - 1` (None for the chunk's first line)."""
        return self.line(n - 1) if n > 0 else None

    def last_line(self) -> str:
        text = self.clean
        end = len(text) - 1 if text.endswith("\n") else len(text)
        return text[text.rfind("\n", 0, end) + 1 : end].removesuffix("\r")

    def long_lines(self) -> list[int]:
        return [n for n, line in enumerate(self.clean.split("\n")) if len(line) > MATCH_CAP]


class ByteLines(_Haystack):
    """A chunk of UTF-8 bytes: lowered bytes as haystack, lines decoded one by one."""

    def __init__(self, chunk: bytes) -> None:
        self.raw = chunk
        self.stripped = _strip_ansi_bytes(chunk)
        self.haystack = self.stripped.lower()
        self._hay_newlines: list[int] | None = None
        # Line number -> (start, end, ...) of the lines the matcher's prefilter placed (its
        # `pending`), so that an annotator need not count newlines up to those lines again.
        self.placed: Mapping[int, tuple[int, ...]] = {}
        # Rider name -> its words' matches in `stripped`, found in the matcher's pass
        # (`automaton.ride_along`); a rider not in it searches the chunk itself.
        self.found: Mapping[str, list[tuple[int, int, int]]] = {}
        # (offset in `stripped`, newlines before it): how far the prefilter has counted lines
        # (`placement`), so that `count` need not count the whole chunk again.
        self.counted = (0, 0)

    @functools.cached_property
    def count(self) -> int:
        """Lines in the chunk (only needed when there are hits or literal-less patterns).
        Newlines are counted in `stripped` (ANSI sequences never hold one) from where the
        prefilter stopped counting; whether the last line is open is the raw chunk's say
        (a trailing escape sequence is a line of its own)."""
        offset, before = self.counted
        raw = self.raw
        last = 0 if raw.endswith(b"\n") or not raw else 1
        return before + self.stripped.count(b"\n", offset) + last

    def line(self, n: int, start: int = -1, end: int = -1) -> str:
        """Line `n`, or the line at haystack span [start, end) when known.

        Escape sequences are removed from the bytes before decoding (the haystack has the
        same offsets as the stripped bytes). That differs from decoding first only when an
        escape sequence sits inside a multi-byte character, which takes corrupted output.
        """
        if start < 0:
            start, end = self.span(n)
        return self.stripped[start:end].decode("utf-8", "replace").removesuffix("\r")

    def span(self, n: int) -> tuple[int, int]:
        """Line `n`'s span in the haystack (and in `stripped`); a line near the end (the
        chunk's last lines, read for the state the next chunk needs) is found walking back
        from the end, without indexing every newline of the chunk."""
        data = self.stripped
        if self._hay_newlines is None and self.count - n <= _TAIL_WALK:
            total = self.count - (0 if self.raw.endswith(b"\n") else 1)  # newlines
            end = len(data)
            for _ in range(total - n):  # back to the newline that ends line n
                end = data.rfind(b"\n", 0, end)
            return (data.rfind(b"\n", 0, end) + 1 if n else 0), end
        newlines = self.hay_newlines()
        start = newlines[n - 1] + 1 if n else 0
        return start, newlines[n] if n < len(newlines) else len(data)

    def text(self) -> str:
        return self.stripped.decode("utf-8", "replace")

    def previous(self, n: int, start: int = -1) -> str | None:
        """Line `n - 1` (None for the chunk's first line); `start` is line `n`'s offset."""
        if n == 0:
            return None
        if start < 0:
            return self.line(n - 1)
        begin = self.stripped.rfind(b"\n", 0, start - 1) + 1
        return self.stripped[begin : start - 1].decode("utf-8", "replace").removesuffix("\r")

    def last_line(self) -> str:
        data = self.stripped
        end = len(data) - 1 if data.endswith(b"\n") else len(data)
        return (
            data[data.rfind(b"\n", 0, end) + 1 : end].decode("utf-8", "replace").removesuffix("\r")
        )

    def long_lines(self) -> list[int]:
        if len(self.raw) <= MATCH_CAP:
            return []
        return [n for n, line in enumerate(self.raw.split(b"\n")) if len(line) > MATCH_CAP]


def chunk_lines(chunk: str | bytes | Lines) -> Lines:
    """A chunk as the matcher reads it (made once per chunk: the scan hands the same object
    to the matcher and the annotators, so ANSI removal, lowering and line counting run once)."""
    if isinstance(chunk, bytes):
        return ByteLines(chunk)
    if isinstance(chunk, str):
        return TextLines(chunk)
    return chunk


def annotator_bytes(chunk: str | bytes | Lines) -> tuple[bytes, bool]:
    """A chunk's UTF-8 bytes for the annotators' word searches, and whether ANSI sequences
    are already removed from them (a `Lines` chunk: its `stripped` bytes)."""
    if isinstance(chunk, bytes):
        return chunk, False
    if isinstance(chunk, str):
        return chunk.encode("utf-8", "surrogatepass"), False
    return chunk.stripped, True


def rider_matches(chunk: str | bytes | Lines, name: str) -> list[tuple[int, int, int]] | None:
    """The overlapping matches of rider `name`'s words in the chunk's `stripped` bytes, when
    the matcher's pass found them (`automaton.ride_along`); None: search for them."""
    return chunk.found.get(name) if isinstance(chunk, ByteLines) else None


def placed_starts(chunk: str | bytes | Lines) -> dict[int, int]:
    """Start offset (in `stripped`) -> line number, of the lines the matcher has placed."""
    if not isinstance(chunk, ByteLines):  # a text chunk's haystack has other offsets
        return {}
    return {span[0]: line_no for line_no, span in chunk.placed.items()}


def newline_offsets(data: bytes) -> list[int]:
    """Offsets of every newline byte in `data` (a `find` loop: a third faster than a regex's
    match objects on log lines)."""
    out = []
    find, add = data.find, out.append
    at = find(b"\n")
    while at >= 0:
        add(at)
        at = find(b"\n", at + 1)
    return out


Lines = TextLines | ByteLines
NEWLINES = own_regex.compile("\n")
ASCII_BUT_NEWLINE = bytes(b for b in range(128) if b != 10)
NON_ASCII_BYTES = NON_ASCII.encode("utf-8")
# ESC-introduced sequences as in `ansi.ANSI_RE`, plus the C1 CSI (U+009B) in its UTF-8 form.
# (Two patterns, so that each starts with one fixed byte and `re` can skip ahead quickly.)
_ANSI_BYTES = own_regex.compile(
    rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|[@-Z\\-_])"
)
_C1_CSI_BYTES = own_regex.compile(rb"\xc2\x9b[0-?]*[ -/]*[@-~]")
_CSI_BYTES = own_regex.compile(CSI.encode())  # (the first alternative alone)
# A chunk holding one of the non-ASCII characters that IGNORECASE equates with ASCII letters
# is searched as folded text instead (the prefilter's automaton looks for them too, `keys`).
UTF8_FOLD_SPECIALS = tuple(ch.encode("utf-8") for ch in FOLD_SPECIALS)


def _has_c1_csi(data: bytes) -> bool:
    """Whether `data` holds the UTF-8 form of U+009B (a byte search first: the two-byte
    one costs as much as lowering the chunk, and the lead byte is rare in most logs)."""
    return b"\xc2" in data and b"\xc2\x9b" in data


def _strip_ansi_bytes(chunk: bytes) -> bytes:
    """ANSI sequences removed from UTF-8 bytes, repeated until stable like `strip_ansi`.

    Most coloured logs hold CSI sequences only. Removing those alone is then the whole
    answer when it leaves no ESC and no C1 CSI: every ESC of the chunk started a CSI match
    (a CSI match holds one ESC, its first byte), and at an "ESC [" the full pattern can only
    take its CSI alternative, with the same span; so the full pattern's first pass removes
    exactly these, and finds nothing more to remove in the second."""
    if b"\x1b" not in chunk:
        if not _has_c1_csi(chunk):
            return chunk
    elif not _has_c1_csi(chunk):
        quick = _CSI_BYTES.sub(b"", chunk)
        if b"\x1b" not in quick and not _has_c1_csi(quick):
            return quick
    for _ in range(MAX_PASSES):
        before = len(chunk)
        if b"\x1b" in chunk:
            chunk = _ANSI_BYTES.sub(b"", chunk)
        if _has_c1_csi(chunk):
            chunk = _C1_CSI_BYTES.sub(b"", chunk)
        if len(chunk) == before:
            break
    return chunk
