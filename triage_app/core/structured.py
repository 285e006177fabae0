"""Decode structured log records (JSON lines, logfmt) into the text a person would read.

Services that log JSON put the message, the error and an escaped traceback (`\\n` inside a
string, often 20 KB on one line) into fields; logfmt does the same with `key="value"` pairs.
`decode` returns the message-like fields, unescaped and joined by newlines, and the record's
level, so that patterns written for the plain message find it.
"""

from __future__ import annotations

import json
import re

from triage_app.core import own_regex
from triage_app.core.plain import Value

EVENT_TEXT_CAP = 16384  # characters of decoded text kept in a match's `event_text`
MESSAGE_KEYS = (
    "message",
    "msg",
    "log",
    "error",
    "err",
    "exception",
    "exc_info",
    "reason",
    "stack",
    "stacktrace",
    "stack_trace",
    "traceback",
)
LEVEL_KEYS = ("level", "lvl", "severity", "levelname", "log.level", "loglevel")
_LEVELS = {
    "error": "error",
    "err": "error",
    "fatal": "error",
    "critical": "error",
    "crit": "error",
    "panic": "error",
    "alert": "error",
    "emerg": "error",
    "emergency": "error",
    "warning": "warning",
    "warn": "warning",
    "notice": "info",
    "info": "info",
    "information": "info",
    "debug": "debug",
    "trace": "debug",
    "verbose": "debug",
}
_MAX_DEPTH = 4
_LOGFMT_HINT = own_regex.compile(r"(?:^|\s)(?:msg|message|err|error)=")
_LOGFMT_PAIR = own_regex.compile(r'([A-Za-z_][\w.\-]*)=("(?:[^"\\]|\\.)*"|[^\s"]*)')
_LOGFMT_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


def clip_event_text(text: str) -> str:
    """`text` kept whole up to EVENT_TEXT_CAP; beyond it, its start and its end (where a
    traceback states the error) around a marker."""
    if len(text) <= EVENT_TEXT_CAP:
        return text
    head = EVENT_TEXT_CAP // 8
    return text[:head] + "\n[...]\n" + text[-(EVENT_TEXT_CAP - head) :]


class Record(Value):
    """A structured record: its message-like text (decoded) and its level, if stated."""

    __slots__ = ("text", "level")

    def __init__(self, text: str, level: str | None) -> None:
        self.text = text
        self.level = level


def decode(line: str) -> Record | None:
    """The record a JSON-lines or logfmt line holds (None for any other line)."""
    first = line[:1]
    if first == "{" or first.isspace():  # (no copy of the usual line, which starts otherwise)
        stripped = line.strip()
        if stripped.startswith("{") and stripped.endswith("}"):
            return _decode_json(stripped)
    if "=" in line and _LOGFMT_HINT.search(line):
        return _decode_logfmt(line)
    return None


def _decode_json(text: str) -> Record | None:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict):
        return None
    parts: list[str] = []
    _collect(doc, parts, 0)
    if not parts:
        return None
    return Record("\n".join(parts), _level(doc))


def _collect(doc: dict, parts: list[str], depth: int) -> None:
    """Message-like string fields of `doc`, also inside nested error/exception objects."""
    if depth > _MAX_DEPTH:
        return
    for key, value in doc.items():
        if not isinstance(key, str) or key.lower() not in MESSAGE_KEYS:
            continue
        if isinstance(value, str):
            if value.strip():
                parts.append(value.rstrip("\n"))
        elif isinstance(value, dict):
            _collect(value, parts, depth + 1)
        elif isinstance(value, list):
            parts.extend(v.rstrip("\n") for v in value if isinstance(v, str) and v.strip())


def _level(doc: dict) -> str | None:
    for key, value in doc.items():
        if not isinstance(key, str) or key.lower() not in LEVEL_KEYS:
            continue
        if isinstance(value, str):
            return _LEVELS.get(value.strip().lower())
        if isinstance(value, int) and not isinstance(value, bool):  # pino/bunyan numbers
            return "error" if value >= 50 else "warning" if value >= 40 else _pino(value)
    return None


def _pino(value: int) -> str | None:
    return "info" if value >= 30 else "debug" if value >= 10 else None


def _decode_logfmt(line: str) -> Record | None:
    pairs = _LOGFMT_PAIR.findall(line)
    if len(pairs) < 2:
        return None
    parts, level = [], None
    for key, value in pairs:
        if value.startswith('"') and len(value) >= 2:
            value = re.sub(r"\\(.)", lambda m: _LOGFMT_ESCAPES.get(m[1], m[0]), value[1:-1])
        name = key.lower()
        if name in MESSAGE_KEYS and value.strip():
            parts.append(value.rstrip("\n"))
        elif name in LEVEL_KEYS and level is None:
            level = _LEVELS.get(value.strip().lower())
    if not parts:
        return None
    return Record("\n".join(parts), level)
