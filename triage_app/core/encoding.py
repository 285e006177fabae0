"""Guess how a log's bytes are encoded, and whether it is a log at all.

Order of evidence: a byte-order mark; UTF-16 without a BOM, recognised by NUL bytes in every
other position; strict UTF-8 over the sample; then charset-normalizer for legacy encodings
(GBK, cp1252, Shift-JIS, ...). Decoding later replaces invalid bytes, so a wrong guess costs
some characters, never an exception.

Binary rule (documented for users): a file is refused as binary when its first 64 KiB start
with a known binary signature (ELF, PE, Mach-O, ZIP, PNG, JPEG, GIF, PDF, SQLite, 7z, RAR,
class files), consist only of NUL bytes, or when more than 5% of the sample's non-NUL bytes
are control characters that text does not use (0x01-0x07, 0x0E-0x1A, 0x1C-0x1F, 0x7F; tab,
newline, carriage return, backspace, form feed and ESC are text). Stray NUL bytes, as a crash
leaves them inside a text log, are therefore tolerated.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

SAMPLE_BYTES = 64 * 1024

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_MAGIC = (
    (b"\x7fELF", "an ELF executable or library"),
    (b"MZ\x90\x00", "a Windows executable"),
    (b"\xcf\xfa\xed\xfe", "a Mach-O executable"),
    (b"\xca\xfe\xba\xbe", "a Java class file or Mach-O binary"),
    (b"PK\x03\x04", "a ZIP archive (also .jar, .whl, .docx)"),
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
)
_CONTROL = bytes(
    list(range(0x01, 0x08)) + list(range(0x0E, 0x1B)) + list(range(0x1C, 0x20)) + [0x7F]
)
_DELETE_CONTROL = bytes.maketrans(b"", b"")


class BinaryFileError(ValueError):
    """The bytes are not a text log; the message says why."""


@dataclass(frozen=True)
class Detected:
    """The codec to decode with (a Python codec name) and how sure the guess is."""

    encoding: str
    method: str  # "bom", "utf16-pattern", "utf-8", "detector", "fallback", "override"


def detect(sample: bytes, at_eof: bool) -> Detected:
    """Pick the codec for a log whose first bytes are `sample` (raises BinaryFileError)."""
    for bom, codec in _BOMS:
        if sample.startswith(bom):
            return Detected(codec, "bom")
    utf16 = _utf16_by_nul_pattern(sample)
    if utf16:
        return Detected(utf16, "utf16-pattern")
    check_binary(sample)
    try:
        codecs.getincrementaldecoder("utf-8")("strict").decode(sample, final=at_eof)
        return Detected("utf-8", "utf-8")
    except UnicodeDecodeError:
        pass
    return _detect_legacy(sample)


def check_binary(sample: bytes) -> None:
    """Raise BinaryFileError when `sample` is clearly not text (rule in the module doc)."""
    for magic, what in _MAGIC:
        if sample.startswith(magic):
            raise BinaryFileError(f"this is {what}, not a text log")
    if not sample:
        return
    non_nul = sample.replace(b"\x00", b"")
    if not non_nul:
        raise BinaryFileError("the file holds only NUL bytes (no text)")
    control = len(non_nul) - len(non_nul.translate(_DELETE_CONTROL, _CONTROL))
    if control > 0.05 * len(non_nul):
        share = 100 * control / len(non_nul)
        raise BinaryFileError(
            f"this looks like a binary file, not a text log ({share:.0f}% of its first bytes "
            "are control characters)"
        )


def _utf16_by_nul_pattern(sample: bytes) -> str | None:
    """UTF-16 LE/BE without a BOM: mostly-ASCII text puts a NUL in every other byte."""
    n = len(sample) - len(sample) % 2
    if n < 4:
        return None
    even, odd = sample[0:n:2], sample[1:n:2]
    half = n // 2
    even_nul, odd_nul = even.count(0) / half, odd.count(0) / half
    if odd_nul > 0.4 and even_nul < 0.05:
        return "utf-16-le"
    if even_nul > 0.4 and odd_nul < 0.05:
        return "utf-16-be"
    return None


# When the detector finds several codecs equally plausible (cp1250 and cp1252 decode the same
# Western text alike), prefer the one logs are most often written in.
_PREFERRED = ("cp1252", "gb18030", "gbk", "big5", "shift_jis", "euc_kr", "cp1251", "latin_1")


def _ascii_compatible(name: str) -> bool:
    probe = bytes(range(128))
    try:
        return probe.decode(name) == probe.decode("ascii")
    except (UnicodeDecodeError, LookupError):
        return False


def _detect_legacy(sample: bytes) -> Detected:
    from charset_normalizer import from_bytes

    # Only codecs that keep ASCII (and so newlines) as they are: a log is never EBCDIC, and a
    # codec that reads 0x25 as a newline would renumber every line.
    results = [r for r in from_bytes(sample[:SAMPLE_BYTES]) if _ascii_compatible(r.encoding)]
    if results:
        best = results[0]
        tied = [
            r.encoding for r in results if r.chaos == best.chaos and r.coherence == best.coherence
        ]
        preferred = [e for e in _PREFERRED if e in tied]
        name = preferred[0] if preferred else best.encoding
        try:
            return Detected(codecs.lookup(name).name, "detector")
        except LookupError:
            pass
    return Detected("cp1252", "fallback")
