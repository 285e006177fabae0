"""Remove ANSI escape sequences (colours, cursor moves, OSC titles and links) from log text."""

from __future__ import annotations

import re

# CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \), and two-character escapes (ESC + one
# byte). A newline never belongs to a sequence, so removal never changes line numbering.
ANSI_RE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?"
    r"|\x1b[@-Z\\-_]"
    r"|\x9b[0-?]*[ -/]*[@-~]"
)


def strip_ansi(text: str) -> str:
    """`text` without ANSI sequences; fast when there are none."""
    if "\x1b" not in text and "\x9b" not in text:
        return text
    return ANSI_RE.sub("", text)
