"""Make text from logs, records, file names and notes safe to show on a terminal or clipboard.

Log lines and user files may hold escape sequences that a terminal obeys: an OSC 52 clipboard
write, OSC 8 links, `ESC[2J`, `ESC[201~` (ends a bracketed paste), the 8-bit C1 forms of CSI
and OSC, backspaces and carriage returns that overwrite what was printed, and bidi overrides
that reorder it. `for_terminal` removes well-formed escape sequences and shows every other
control character visibly (`\\x1b`, `\\u202e`), so what is printed is what the text says.

`for_json` is for a JSON document already produced by `json.dumps(..., ensure_ascii=False)`:
that leaves C1 controls, DEL, bidi controls and lone surrogates (from non-UTF-8 file names)
raw; they are written as `\\uXXXX` escapes, so the data stays exact but nothing reaches a
terminal that prints the document.
"""

from __future__ import annotations

import re

from triage_app.core.ansi import strip_ansi
from triage_app.core.memo import LazyPattern

_BIDI = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
_LINE_SEPARATORS = (0x2028, 0x2029)


def _visible(cp: int) -> str:
    return f"\\x{cp:02x}" if cp < 0x100 else f"\\u{cp:04x}"


def _table(keep: str) -> dict[int, str]:
    codes = [*range(0x20), 0x7F, *range(0x80, 0xA0), *_BIDI, *_LINE_SEPARATORS]
    table = {cp: _visible(cp) for cp in codes if chr(cp) not in keep}
    # Lone surrogates: bytes of a non-UTF-8 file name decoded with surrogateescape.
    table.update({cp: f"\\x{cp - 0xDC00:02x}" for cp in range(0xDC80, 0xDD00)})
    return table


_LINE_TABLE = _table("\t")
_TEXT_TABLE = _table("\t\n")
_CLIPBOARD_TABLE = dict.fromkeys(_TEXT_TABLE)
_JSON_TABLE = {
    cp: f"\\u{cp:04x}"
    for cp in (0x7F, *range(0x80, 0xA0), *_BIDI, *_LINE_SEPARATORS, *range(0xD800, 0xE000))
}


def _char_class(codes: list[int]) -> str:
    """A regex class of `codes` (sorted) written as ranges, so it compiles in microseconds."""
    parts, start = [], 0
    for i in range(1, len(codes) + 1):
        if i == len(codes) or codes[i] != codes[i - 1] + 1:
            first, last = codes[start], codes[i - 1]
            parts.append(f"\\u{first:04x}" + (f"-\\u{last:04x}" if last > first else ""))
            start = i
    return "[" + "".join(parts) + "]"


# Compiled on first use (a text report never needs it; compiling it costs ~1 ms a start).
_JSON_UNSAFE = LazyPattern(_char_class(sorted(_JSON_TABLE)), re.UNICODE)


def for_terminal(text: str, *, multiline: bool = False, strip: bool = True) -> str:
    """`text` with escape sequences removed and other control characters made visible.

    With `multiline`, newlines are kept; otherwise they too are shown as `\\x0a`, so one
    value (a file name, an id) always prints as one line. With `strip=False` escape sequences
    are shown visibly too (a note says exactly what the user typed or imported).
    """
    text = strip_ansi(str(text)) if strip else str(text)
    return text.translate(_TEXT_TABLE if multiline else _LINE_TABLE)


def for_clipboard(text: str) -> str:
    """`text` for the clipboard: escape sequences and control characters dropped (tabs and
    newlines kept), so a paste into a terminal cannot end a bracketed paste or run anything."""
    text = strip_ansi(str(text))
    return text.translate(_CLIPBOARD_TABLE)


def for_json(document: str) -> str:
    """A JSON text with C1, DEL, bidi controls and lone surrogates written as escapes.

    Found with one regex pass: `str.translate` looks every character up in its table, about
    0.2 s per MB of output, while these characters are rare."""
    return _JSON_UNSAFE.sub(_json_escape, document)


def _json_escape(match: re.Match[str]) -> str:
    return _JSON_TABLE[ord(match.group())]
