"""Remove ANSI escape sequences (colours, cursor moves, OSC titles and links) from log text."""

from __future__ import annotations

from triage_app.core import own_regex

# CSI: ESC [, parameter and intermediate bytes, one final byte (colours, cursor moves). It
# holds no other ESC, and one is found alone about three times as fast as `ANSI_RE`.
CSI = r"\x1b\[[0-?]*[ -/]*[@-~]"
# CSI, OSC (ESC ] ... BEL or ESC \), and two-character escapes (ESC + one byte). A newline
# never belongs to a sequence, so removal never changes line numbering.
ANSI_RE = own_regex.compile(
    CSI + r"|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?"
    r"|\x1b[@-Z\\-_]"
    r"|\x9b[0-?]*[ -/]*[@-~]"
)


# Removing one sequence can join its neighbours into a new one (`ESC ESC[0m ]52;...` leaves a
# working OSC 52 clipboard write after one pass), so removal repeats until nothing changes, at
# most this many passes (each pass peels one layer; deeper nesting is left as text, which
# `sanitize.for_terminal` then shows visibly, so no pass count can be quadratic).
MAX_PASSES = 4


_CSI_RE = own_regex.compile(CSI)


def strip_ansi(text: str) -> str:
    """`text` without ANSI sequences (repeated until stable); fast when there are none.

    Most coloured text holds CSI sequences only. Removing those alone is then the whole
    answer when it leaves no ESC (and there was no C1 CSI): every ESC started a CSI match (a
    match holds one ESC, its first character), and at an "ESC [" `ANSI_RE` takes its CSI
    alternative with the same span; so its first pass removes exactly these, its second
    nothing."""
    if "\x9b" not in text:
        if "\x1b" not in text:
            return text
        quick = _CSI_RE.sub("", text)
        if "\x1b" not in quick:
            return quick
    for _ in range(MAX_PASSES):
        if "\x1b" not in text and "\x9b" not in text:
            return text
        stripped = ANSI_RE.sub("", text)
        if len(stripped) == len(text):
            return text
        text = stripped
    return text
