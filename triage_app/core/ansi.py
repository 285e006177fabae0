"""Remove ANSI escape sequences (colours, cursor moves, OSC titles and links) from log text."""

from __future__ import annotations

from triage_app.core import own_regex

# CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \), and two-character escapes (ESC + one
# byte). A newline never belongs to a sequence, so removal never changes line numbering.
ANSI_RE = own_regex.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?"
    r"|\x1b[@-Z\\-_]"
    r"|\x9b[0-?]*[ -/]*[@-~]"
)


# Removing one sequence can join its neighbours into a new one (`ESC ESC[0m ]52;...` leaves a
# working OSC 52 clipboard write after one pass), so removal repeats until nothing changes, at
# most this many passes (each pass peels one layer; deeper nesting is left as text, which
# `sanitize.for_terminal` then shows visibly, so no pass count can be quadratic).
MAX_PASSES = 4


def strip_ansi(text: str) -> str:
    """`text` without ANSI sequences (repeated until stable); fast when there are none."""
    for _ in range(MAX_PASSES):
        if "\x1b" not in text and "\x9b" not in text:
            return text
        stripped = ANSI_RE.sub("", text)
        if len(stripped) == len(text):
            return text
        text = stripped
    return text
