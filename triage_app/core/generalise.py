"""Turn one error line from a log into a pattern that finds the same error with other values.

The line's prefix (timestamp, level, host, process, rank) is dropped; values that change from
run to run (numbers, hex ids, UUIDs, paths, URLs, IPs and ports, quoted names, timestamps) become
patterns; every other word stays literal. The result is a Python `re` pattern like the
catalogue's own, case-insensitive, searched in each line, with at least one literal long
enough for the matcher's prefilter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from triage_app.core import own_regex
from triage_app.core.ansi import strip_ansi

# Prefixes a log line carries before its message, tried repeatedly from the left.
_PREFIXES = [
    own_regex.compile(p)
    for p in (
        r"^\s*\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\s*",
        r"^\s*\[\d{4}-\d{2}-\d{2}[T ][^\]]*\]\s*",
        r"^\s*[A-Z][a-z]{2}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}\s+\S+\s+[\w./-]+(?:\[\d+\])?:\s*",
        r"^\s*\[?\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]?\s*",
        r"^\s*[EWIF]\d{4}\s+\d{2}:\d{2}:\d{2}\.\d+\s+\d+\s+\S+:\d+\]\s*",  # glog / klog
        r"^\s*\[[EWIF]\d{4}\s+\d{2}:\d{2}:\d{2}\.\d+\s+[^\]]*\]\s*",  # PyTorch's c10 logs
        r"^\s*##\[(?:error|warning)\]\s*",
        r"^\s*::(?:error|warning)[^:]*::\s*",
        r"^\s*\[?(?:ERROR|ERR|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL|CRITICAL|SEVERE)\]?:?\s+",
        r"^\s*\[rank\s*\d+\]:?\s*",
        r"^\s*\d+:\s+",  # `grep -n` / numbered output
        r"^\s*(?:E|>)\s{2,}",  # pytest's failure lines
    )
]

# (name, what to find, the pattern that replaces it), first match wins at each position; a
# replacement of None keeps the text literal (error codes such as E0382, TS2322, ORA-12154).
_VALUES: list[tuple[str, re.Pattern[str], str | None]] = [
    ("code", own_regex.compile(r"\b[A-Z][A-Z0-9]*-?\d{2,}\b"), None),
    ("url", own_regex.compile(r"\b[a-z][a-z0-9+.-]*://[^\s'\"<>]+", re.I), r"\S+"),
    ("quoted", own_regex.compile(r"'[^'\n]{1,200}'"), r"'[^']*'"),
    ("quoted", own_regex.compile(r'"[^"\n]{1,200}"'), r'"[^"]*"'),
    ("quoted", own_regex.compile(r"`[^`'\n]{1,200}'"), r"`[^']*'"),  # GNU tools' `name'
    ("quoted", own_regex.compile(r"`[^`\n]{1,200}`"), r"`[^`]*`"),
    ("quoted", own_regex.compile(r"‘[^’\n]{1,200}’"), r"‘[^’]*’"),
    (
        "uuid",
        own_regex.compile(
            r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.I
        ),
        r"[0-9a-f-]{36}",
    ),
    (
        "timestamp",
        own_regex.compile(
            r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?"
        ),
        r"[\d:.TZ+ -]+",
    ),
    ("ip", own_regex.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b"), r"[\d.]+(?::\d+)?"),
    ("path", own_regex.compile(r"(?:\b[A-Za-z]:\\|~?/)[\w.@+~-]*(?:[/\\][\w.@+~-]*)+"), r"\S+"),
    ("path", own_regex.compile(r"\b[\w.-]+(?:/[\w.-]+)+\.\w{1,6}\b"), r"\S+"),
    ("hex", own_regex.compile(r"\b0x[0-9a-f]+\b", re.I), r"0x[0-9a-f]+"),
    (
        "hex",
        own_regex.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b", re.I),
        r"[0-9a-f]+",
    ),
    ("number", own_regex.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?![\w.])"), r"\d+(?:[.,]\d+)*"),
    (
        "number",  # with a unit: 512MiB, 30s, 95%
        own_regex.compile(
            r"(?<![\w.])\d+(?:[.,]\d+)*(?=(?:[KMGTP]i?B|[kKMG]B?|B|ms|us|ns|s|m|h|%)\b)"
        ),
        r"\d+(?:[.,]\d+)*",
    ),
    ("number", own_regex.compile(r"(?<=[a-z_])\d+\b"), r"\d+"),  # rank3, worker_12, v1
    (
        "file",
        own_regex.compile(
            r"\b[\w-]+\.(?:o|obj|c|cc|cpp|cxx|h|hpp|py|pyx|js|mjs|cjs|ts|tsx|jsx|java|kt|go|rs"
            r"|rb|php|cs|so|a|dll|dylib|exe|jar|whl|json|ya?ml|toml|cfg|ini|log|txt|sh|lock)\b"
        ),
        r"[\w.-]+",
    ),
]
_SPACE = own_regex.compile(r"\s+")
_LITERAL = own_regex.compile(r"[A-Za-z][A-Za-z_]{3,}")


@dataclass(frozen=True)
class Generalised:
    """The message without its prefix, the pattern, and what became a pattern."""

    message: str
    regex: str
    values: tuple[tuple[int, int, str], ...]  # (start, end, kind) of each value in `message`

    @property
    def replaced(self) -> tuple[str, ...]:
        return tuple(kind for _start, _end, kind in self.values)

    @property
    def prefilterable(self) -> bool:
        return bool(_LITERAL.search(_literal_parts(self.regex)))


def strip_prefix(line: str) -> str:
    """The message part of a log line: no timestamp, level, host, process or rank prefix."""
    text = strip_ansi(line).rstrip("\r\n")
    for _ in range(6):
        for prefix in _PREFIXES:
            cut = prefix.sub("", text, count=1)
            if cut != text and cut.strip():
                text = cut
                break
        else:
            break
    return text.strip()


def generalise(line: str) -> Generalised:
    """A pattern for `line`'s message that also matches it with other values."""
    message = strip_prefix(line)
    pieces: list[str] = []
    values: list[tuple[int, int, str]] = []
    pos = 0
    while pos < len(message):
        best = None
        for kind, finder, replacement in _VALUES:
            match = finder.search(message, pos)
            if (
                match
                and match.end() > match.start()
                and (best is None or match.start() < best[0].start())
            ):
                best = (match, kind, replacement)
        if best is None:
            pieces.append(_literal(message[pos:]))
            break
        match, kind, replacement = best
        pieces.append(_literal(message[pos : match.start()]))
        if replacement is None:
            pieces.append(re.escape(match.group()))
        else:
            pieces.append(replacement)
            values.append((match.start(), match.end(), kind))
        pos = match.end()
    regex = "".join(pieces)
    return Generalised(message, regex, tuple(values))


_SPECIAL = own_regex.compile(r"([.^$*+?{}\[\]\\|()])")


def _literal(text: str) -> str:
    """Text as a readable literal: only regex specials escaped; a single space stays a space,
    other whitespace runs match any whitespace."""
    out = []
    for part in re.split(r"(\s+)", text):
        if not part:
            continue
        out.append(
            (" " if part == " " else r"\s+") if part.isspace() else _SPECIAL.sub(r"\\\1", part)
        )
    return "".join(out)


def _literal_parts(regex: str) -> str:
    """The literal letters of a generated pattern (escapes undone, patterns removed)."""
    text = regex
    for _kind, _finder, replacement in _VALUES:
        if replacement:
            text = text.replace(replacement, " ")
    text = text.replace(r"\s+", " ")
    return re.sub(r"\\(.)", r"\1", text)


def suggest_id(message: str, domain: str = "local") -> str:
    """A readable `domain/slug` from the message's first literal words."""
    words = re.findall(r"[A-Za-z][A-Za-z0-9]+", _strip_values(message))
    stop = {"the", "a", "an", "of", "to", "in", "at", "for", "is", "on", "and", "or", "not", "with"}
    slug = "-".join(w.lower() for w in words if w.lower() not in stop)[:48].strip("-")
    return f"{domain}/{slug or 'error'}"


def _strip_values(message: str) -> str:
    for _kind, finder, replacement in _VALUES:
        if replacement:
            message = finder.sub(" ", message)
    return message
