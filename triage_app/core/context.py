"""Lines that quote context rather than report an error.

A Python traceback prints the source line of each frame under `File "...", line N, in f`;
pytest prints it under `path.py:N: in f`; compilers (rustc, gcc, tsc, Babel/Next.js) print
numbered source snippets (`35 |   code`, `> 48 | code`) and caret lines (`   |   ^^^`); Java,
Node and Go print stack frames (`    at pkg.Class.method(File.java:12)`, `\t/path/x.go:25 +0x33`).
Those lines echo code and call sites. When they contain an error's wording (library source
that raises it, a frame named after it), that is not the error being emitted, so no entry
matches them.
"""

from __future__ import annotations

from triage_app.core import own_regex

# A frame header after which the next, indented line is quoted source.
_FRAME_HEADER = own_regex.compile(r'^\s*File "[^"]*", line \d+|^\S[^\s:]*\.py:\d+: in \S')
_QUOTED = own_regex.compile(
    # numbered source snippets and their caret lines (rustc, gcc >= 9, tsc, Babel, Next.js)
    r"^\s*>?\s*\d+\s+\|(?:\s|$)|^\s+\|(?:\s|$)"
    # Java / Node stack frames
    r"|^\s+at \S.*(?:\)|:\d+)\s*$"
    # Go goroutine dump frames
    r"|^\s+\S+\.go:\d+(?: \+0x[0-9a-f]+)?\s*$|^created by \S+"
)


def is_context(text: str, previous: str | None) -> bool:
    """True when `text` quotes source or a stack frame (`previous` is the line before it)."""
    if _QUOTED.match(text):
        return True
    return (
        previous is not None
        and text[:1] in (" ", "\t")
        and _FRAME_HEADER.match(previous) is not None
    )
