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
import functools

from triage_app.core.plain import Value

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


def stream_codec(name: str, head: bytes) -> str:
    """The codec to decode a stream with: UTF-16/32 without a byte-order mark read as
    little-endian (Python's own decoders refuse such a stream even with errors="replace")."""
    boms = {"utf-16": (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)}
    boms["utf-32"] = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)
    if name in boms and not head.startswith(boms[name]):
        return f"{name}-le"
    return name


class CodecError(ValueError):
    """An encoding the user named that cannot decode a log; the message says why."""


# Text codecs that still cannot decode a log line by line (or decode nothing at all).
_NOT_FOR_LOGS = {"idna", "punycode", "undefined", "unicode-escape", "raw-unicode-escape"}


def text_codec(name: str, sample: bytes = b"") -> str:
    """The Python codec name for a user-given encoding, if it decodes bytes to text.

    `rot13`, `hex`, `base64`, `bz2_codec` and the like transform bytes to bytes or str to
    str; `idna` and `punycode` decode host names. They are refused, as is any codec that
    fails on the first bytes of the log.
    """
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError, TypeError):
        raise CodecError(f"unknown encoding {name!r}") from None
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_FOR_LOGS:
        raise CodecError(f"{name!r} is not a text encoding; name one such as utf-8 or cp1252")
    try:
        codecs.getincrementaldecoder(stream_codec(info.name, sample))(errors="replace").decode(
            sample[:4096]
        )
    except Exception as exc:  # noqa: BLE001 - any codec failure becomes one sentence
        raise CodecError(f"cannot decode the log with {name!r} ({exc})") from None
    return info.name


class Detected(Value):
    """The codec to decode with (a Python codec name) and how sure the guess is."""

    __slots__ = (
        "encoding",
        "method",  # "bom", "utf16-pattern", "utf-8", "detector", "fallback", "override"
    )

    def __init__(self, encoding: str, method: str) -> None:
        self.encoding = encoding
        self.method = method


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
    if _mostly_utf8(sample):
        return Detected("utf-8", "mostly-utf-8")
    return _detect_legacy(sample)


def _mostly_utf8(sample: bytes) -> bool:
    """A log that is UTF-8 except for a few stray bytes (mixed encodings, a cut character):
    UTF-8 with replacement shows it best, whatever a detector guesses for the whole."""
    text = sample.decode("utf-8", "replace")
    bad = text.count("\ufffd")
    good = sum(1 for ch in text if ord(ch) > 127) - bad
    return good >= 4 * bad


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


@functools.cache
def _common() -> frozenset[str]:
    """Codecs logs are really written in; a detector's guess outside these is not trusted.
    (Made on first use: looking the names up imports ~30 codec modules, which a UTF-8 log
    never needs.)"""
    return frozenset(codecs.lookup(n).name for n in _COMMON_NAMES)


_COMMON_NAMES = (
    *_PREFERRED,
    *(f"cp125{i}" for i in range(9)),
    *(f"iso8859-{i}" for i in (1, 2, 5, 7, 9, 15)),
    "koi8_r",
    "koi8_u",
    "gb2312",
    "big5hkscs",
    "cp932",
    "cp936",
    "cp949",
    "cp950",
    "euc_jp",
    "cp866",
    "cp437",
    "cp850",
)


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
            name = codecs.lookup(name).name
        except LookupError:
            name = ""
        if name in _common():  # an exotic guess (cp1006, mac_*, ...) is more often wrong
            return Detected(name, "detector")
    return Detected("cp1252", "fallback")


@functools.lru_cache(maxsize=32)
def one_byte_per_character(codec: str) -> bool:
    """Whether `codec` decodes every byte on its own to one character, newline to newline
    (cp1252, latin-1, the ISO 8859 and KOI8 families...): a log in it can be cut at any
    newline byte and each piece decoded alone to the same text (`parallel_scan`)."""
    try:
        make = codecs.getincrementaldecoder(codec)
        fresh = make(errors="replace").getstate()
        each = []
        for byte in range(256):
            decoder = make(errors="replace")
            each.append(decoder.decode(bytes([byte])))
            if len(each[-1]) != 1 or decoder.getstate() != fresh:  # (a stateful codec: HZ)
                return False
        whole = bytes(range(256)).decode(codec, "replace")
    except (LookupError, TypeError, ValueError):
        return False
    return whole == "".join(each) and each[10] == "\n"
