"""Syntax highlighting for log lines: a pygments lexer and plain spans any front end can paint.

`highlight_spans(text)` returns `(start, length, kind)` tuples with `kind` one of `KINDS`; the
window maps kinds to colours per theme, a terminal front end could map them to ANSI colours.
Offsets are character offsets into `text` exactly as given (no tab expansion, no newline
handling), so they line up with match spans computed on the same text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from pygments.lexer import RegexLexer, bygroups
from pygments.token import Text, Token, _TokenType

from triage_app.core import own_regex

Log = Token.Log
TIMESTAMP = Log.Timestamp
LEVEL_ERROR = Log.Level.Error
LEVEL_WARN = Log.Level.Warn
LEVEL_INFO = Log.Level.Info
LEVEL_DEBUG = Log.Level.Debug
TRACEBACK = Log.Traceback
FRAME = Log.Frame
PATH = Log.Path
NUMBER = Log.Number
STRING = Log.String
URL = Log.Url

KINDS: dict[_TokenType, str] = {
    TIMESTAMP: "timestamp",
    LEVEL_ERROR: "level_error",
    LEVEL_WARN: "level_warn",
    LEVEL_INFO: "level_info",
    LEVEL_DEBUG: "level_debug",
    TRACEBACK: "traceback",
    FRAME: "frame",
    PATH: "path",
    NUMBER: "number",
    STRING: "string",
    URL: "url",
}

_DATE = r"\d{4}[-/]\d\d[-/]\d\d"
_TIME = r"\d\d:\d\d:\d\d(?:[.,]\d+)?"
_ZONE = r"(?:Z|[+-]\d\d:?\d\d)?"
_PATH_CHARS = r"[\w.\-+@~%]"


class LogLexer(RegexLexer):
    """Timestamps, levels, Python tracebacks, stack frames, paths, numbers, strings, URLs.

    Every rule matches within one line; unknown text falls through one word at a time, so a
    long line costs one pass.
    """

    name = "Log"
    aliases = ["triage-log"]
    filenames = ["*.log"]

    tokens = {
        "root": [
            # Timestamps: ISO 8601 / syslog-ish, glog ("E1128 03:45:10.986203"), bare times.
            (rf"{_DATE}[T _]{_TIME}{_ZONE}", TIMESTAMP),
            (rf"\b[EWIF]\d{{4}} {_TIME}", TIMESTAMP),
            (rf"\b{_TIME}{_ZONE}\b", TIMESTAMP),
            (_DATE + r"\b", TIMESTAMP),
            # Tracebacks and exception names.
            (r"Traceback \(most recent call last\):?", TRACEBACK),
            (r"During handling of the above exception, another exception occurred:", TRACEBACK),
            (r"The above exception was the direct cause of the following exception:", TRACEBACK),
            (r"\b(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt)\b", TRACEBACK),
            (r"\bpanic:", TRACEBACK),
            # Stack frames: Python `File "x.py", line 3, in f`, Java/JS `at ...`.
            (r'(File )("[^"\n]*")(, line )(\d+)', bygroups(FRAME, PATH, FRAME, NUMBER)),
            (
                r"(\bat )([\w$.<>\[\]/]+)(\()([^)\n]*)(\))",
                bygroups(FRAME, FRAME, FRAME, PATH, FRAME),
            ),
            (r"(\bat )(\S+)", bygroups(FRAME, FRAME)),
            # Levels (whole words, upper case as loggers print them; also [error] and E/ W/).
            (r"\b(?:ERROR|FATAL|CRITICAL|SEVERE|EMERG|ALERT|FAIL(?:ED|URE)?)\b", LEVEL_ERROR),
            (r"\b(?:[Ee]rror|[Ff]atal|[Cc]ritical)(?=:|\])", LEVEL_ERROR),
            (r"\b(?:WARN|WARNING)\b|\b[Ww]arn(?:ing)?(?=:|\])", LEVEL_WARN),
            (r"\b(?:INFO|NOTICE)\b|\b[Ii]nfo(?=:|\])", LEVEL_INFO),
            (r"\b(?:DEBUG|TRACE|VERBOSE)\b|\b[Dd]ebug(?=:|\])", LEVEL_DEBUG),
            # URLs before paths (a URL contains slashes).
            (r"\b(?:https?|ftp|file|s3|gs)://[^\s\"'<>)\]]+", URL),
            # Strings: double or single quoted, on one line.
            (r'"(?:[^"\\\n]|\\.)*"', STRING),
            (r"(?<![\w'])'(?:[^'\\\n]|\\.)*'(?![\w'])", STRING),
            # Paths: unix (/a/b, ./a, ~/a), Windows (C:\a\b), relative a/b.c with a slash.
            (rf"(?<![\w/])(?:~|\.{{1,2}})?(?:/{_PATH_CHARS}+)+/?", PATH),
            (r"\b[A-Za-z]:\\(?:[^\\\s\"'<>|:*?]+\\?)+", PATH),
            (rf"\b{_PATH_CHARS}+(?:/{_PATH_CHARS}+)+\.\w+\b", PATH),
            # Numbers: hex, decimal with optional exponent and unit-less.
            (r"\b0x[0-9a-fA-F]+\b", NUMBER),
            (r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])", NUMBER),
            # Everything else, a word or a single character at a time.
            (r"\w+", Text),
            (r"\s+", Text),
            (r".", Text),
        ]
    }

    def __init__(self, **options: object) -> None:
        options.setdefault("stripnl", False)
        options.setdefault("ensurenl", False)
        super().__init__(**options)
        self._master: tuple[re.Pattern[str], re.Pattern[str]] | None = None

    def _master_patterns(self) -> tuple[re.Pattern[str], re.Pattern[str]]:
        """Every rule but the plain-text fallbacks as one alternation in the same order:
        anywhere a token may start, and right at the end of the previous token."""
        if self._master is None:
            alternation = "|".join(
                f"(?P<r{i}>{rule[0]})"
                for i, rule in enumerate(self.tokens["root"])
                if rule[1] is not Text
            )
            self._master = (
                re.compile(r"(?:(?<!\w)|(?!\w))(?:" + alternation + ")", self.flags),
                re.compile(alternation, self.flags),
            )
        return self._master

    def get_tokens_unprocessed(
        self, text: str, stack: tuple[str, ...] = ("root",)
    ) -> Iterator[tuple[int, _TokenType, str]]:
        """The tokens RegexLexer would give, found with a few regex searches (3x faster).

        RegexLexer tries every rule at a position and otherwise skips a whole word (`\\w+`)
        or one other character. So it tries the rules at the end of each token and wherever a
        word does not continue; never strictly inside a word it skipped. The same rules as
        one alternation, in the same order, searched from exactly those positions, pick the
        same tokens; the gaps are plain text.
        """
        if tuple(stack) != ("root",):
            yield from super().get_tokens_unprocessed(text, stack)
            return
        anywhere, at_end = self._master_patterns()
        rules = self._tokens["root"]
        pos, size, m = 0, len(text), None
        while pos < size:
            if m is not None and _inside_word(text, pos):  # `anywhere` would skip this spot
                m = at_end.match(text, pos) or anywhere.search(text, pos)
            else:
                m = anywhere.search(text, pos)
            if m is None:
                break
            start = m.start()
            if start > pos:
                yield pos, Text, text[pos:start]
            rexmatch, action, _new_state = rules[int(m.lastgroup[1:])]
            if type(action) is _TokenType:
                yield start, action, m.group()
            else:
                yield from action(self, rexmatch(text, start))
            pos = m.end()
        if pos < size:
            yield pos, Text, text[pos:]


def _inside_word(text: str, pos: int) -> bool:
    return _WORD(text[pos - 1]) is not None and _WORD(text[pos]) is not None


_WORD = own_regex.compile(r"\w").match
_LEXER = LogLexer()


def _kind(token: _TokenType) -> str | None:
    while token is not Token:
        kind = KINDS.get(token)
        if kind is not None:
            return kind
        token = token.parent
    return None


@lru_cache(maxsize=64)
def _kind_cached(token: _TokenType) -> str | None:
    return _kind(token)


def highlight_spans(text: str) -> list[tuple[int, int, str]]:
    """Highlighted spans of one line as `(start, length, kind)`, in order, non-overlapping."""
    spans: list[tuple[int, int, str]] = []
    for start, token, value in _LEXER.get_tokens_unprocessed(text):
        if not value:
            continue
        kind = _kind_cached(token)
        if kind is None:
            continue
        if spans and spans[-1][2] == kind and spans[-1][0] + spans[-1][1] == start:
            prev = spans.pop()
            spans.append((prev[0], prev[1] + len(value), kind))
        else:
            spans.append((start, len(value), kind))
    return spans
