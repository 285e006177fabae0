"""Unknown errors: error-level lines that nothing in the catalogue explains, grouped by template.

Grouping is a small Drain-style miner (He et al., "Drain: An Online Log Parsing Approach with
Fixed Depth Tree", ICWS 2017): variable parts are masked first (UUIDs, IPs, hex, paths, quoted
values, timestamps, numbers), then a line descends a fixed-depth tree (its token count, then
its first tokens) to a short list of groups and joins the most similar one, the differing
tokens becoming `<*>`; below the similarity threshold it starts a new group.

Why not drain3 (IBM's package, last release 2022): it installs and runs on Python 3.13, but
pins `jsonpickle==1.5.1` and `cachetools==4.2.1` exactly (both from 2021), which would clash
with any newer copy in the user's environment, and most of it (persistence, Kafka/Redis
state, its own masking config) is not needed here. What is needed is ~100 lines with our own
caps: memory stays bounded (at most `max_groups` groups, `max_lines` line numbers per group,
the rest only counted).

Which lines count is the caller's choice: `is_error_level(text) -> bool`. The default,
`error_level`, asks a level detector (`detect(text) -> (level, offset)`, the severity
module's signature) and, for a line that states no level, accepts only a line that starts as
an error statement does (`ValueError: ...`, `java.lang.NoSuchMethodError: ...`, `error: ...`,
`panic: ...`). A line that merely mentions an error ("test src/error.rs - Error (line 12) ...
ok") is not one. Lines that a pattern matched or a fuzzy candidate explains are never fed
(the scan skips their line numbers).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from typing import Any

import ahocorasick_rs

from triage_app.core.ansi import strip_ansi

WILDCARD = "<*>"
MAX_TOKENS = 48  # tokens of a line the miner compares; the rest are folded into one
MAX_TEXT = 500  # characters of a group's first line kept for display

_MASKS = (
    (
        re.compile(
            r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
        ),
        "<UUID>",
    ),
    (
        re.compile(r"\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?(?:Z|[+-]\d\d:?\d\d)?"),
        "<TS>",
    ),
    (re.compile(r"\b\d\d(?:/\d\d){2} \d\d:\d\d:\d\d\b|\b\d\d:\d\d:\d\d(?:[.,]\d+)?\b"), "<TS>"),
    (re.compile(r"\b(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b"), "<IP>"),
    (re.compile(r"\b0x[0-9a-fA-F]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b"), "<HEX>"),
    (re.compile(r"'[^'\n]{0,200}'|\"[^\"\n]{0,200}\"|`[^`\n]{0,200}`"), "<STR>"),
    (re.compile(r"(?:[A-Za-z]:)?(?:\.{0,2}[\\/][\w.@+~-]+){2,}[\\/]?"), "<PATH>"),
    (re.compile(r"(?<![\w<])[-+]?\d+(?:\.\d+)*(?![\w>])"), "<NUM>"),
)
_TRAILING_DIGITS = re.compile(r"\d")

# Lines that only announce the error on a later line (which is fed on its own).
_HEADERS = (
    "Traceback (most recent call last):",
    "During handling of the above exception, another exception occurred:",
    "The above exception was the direct cause of the following exception:",
)

# Words a line must hold (any case) before `is_error_level` is asked about it, plus glog/klog
# error and fatal prefixes ("E0101 12:00:00.000000 ...").
CANDIDATE_WORDS = (
    "error",
    "err!",
    "exception",
    "fatal",
    "panic",
    "critical",
    "failed",
    "failure",
    "severe",
    "abort",
)
_GLOG = re.compile(rb"^[EF]\d{4} \d\d:\d\d:\d\d", re.MULTILINE)

# A line that states no level counts when it starts as an error statement: an exception or
# error type with its message (after an optional "[rank3]:"-style tag), a compiler/runtime
# "error:"/"fatal:"/"panic:", or the JVM's 'Exception in thread "main"'.
_STARTS_AS_ERROR = re.compile(
    r"\s*(?:\[[^\]]{1,40}\]:?\s*)?"
    r"(?:(?:[A-Za-z_][\w$]*\.)*[A-Z][\w$]*(?:Error|Exception)(?::|$|\s*\(|\s+in\b)"
    r"|(?:error|fatal|panic|fatal error)(?:\[\w+\])?:\s"
    r"|Exception in thread \")"
)
# Stand-in level detector: a level word near the start (used until a detector is passed).
_LEVEL_WORD = re.compile(
    r"^.{0,80}?(?<![\w-])(?:(ERROR|FATAL|CRITICAL|SEVERE|PANIC)|WARN|WARNING|INFO|DEBUG|TRACE)(?![\w-])"
)

# Counters in summaries ("# ERROR: 0", "errors=0", "FAILED: 0") report that nothing failed.
_ZERO_COUNT = re.compile(r"(?i)\b(?:errors?|fatal|failed|failures?)\b\s*[:=]?\s*0\b(?![.\d])")

Detector = Callable[[str], tuple[str | None, int]]


def _word_level(text: str) -> tuple[str | None, int]:
    found = _LEVEL_WORD.match(text)
    if not found:
        return None, -1
    return ("error" if found.group(1) else "other"), found.start()


def error_level(text: str, detect: Detector = _word_level) -> bool:
    """Whether `text` was written at error level (see the module doc)."""
    level, _offset = detect(text)
    if _ZERO_COUNT.search(text):
        return False
    if level is not None:
        return level == "error"
    return _STARTS_AS_ERROR.match(text) is not None


def mask(text: str) -> str:
    """`text` with its variable parts replaced by placeholders."""
    for pattern, placeholder in _MASKS:
        text = pattern.sub(placeholder, text)
    return text


def tokens_of(text: str, max_tokens: int = MAX_TOKENS) -> list[str]:
    tokens = mask(text).split()
    if len(tokens) > max_tokens:
        tokens = [*tokens[: max_tokens - 1], WILDCARD]
    return tokens


@dataclass
class UnknownGroup:
    """Lines that share one template."""

    template: list[str]
    first_line: int
    text: str
    count: int = 1
    lines: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "template": " ".join(self.template),
            "count": self.count,
            "first_line": self.first_line,
            "lines": list(self.lines),
            "text": self.text,
        }


def _similarity(template: list[str], tokens: list[str]) -> tuple[float, int]:
    """Share of the template's fixed tokens that `tokens` repeats, and its wildcard count."""
    same = wild = 0
    for mine, theirs in zip(template, tokens, strict=True):
        if mine == WILDCARD:
            wild += 1
        elif mine == theirs:
            same += 1
    fixed = len(template) - wild
    return (same / fixed if fixed else 1.0), wild


class TemplateMiner:
    """Drain-style online grouping with fixed tree depth and bounded memory."""

    def __init__(
        self,
        *,
        depth: int = 4,
        similarity: float = 0.5,
        max_children: int = 100,
        max_groups: int = 200,
        max_lines: int = 20,
    ) -> None:
        self.prefix = max(1, depth - 2)  # tokens used as inner tree levels
        self.similarity = similarity
        self.max_children = max_children
        self.max_groups = max_groups
        self.max_lines = max_lines
        self.groups: list[UnknownGroup] = []
        self.overflow = 0  # lines of templates not kept because of `max_groups`
        self._tree: dict[Any, Any] = {}

    def add(self, line_no: int, text: str) -> UnknownGroup | None:
        tokens = tokens_of(text)
        if not tokens:
            return None
        leaf = self._leaf(tokens[: min(self.prefix, len(tokens) - 1)], len(tokens))
        best, best_key = None, (-1.0, 0)
        for group in leaf:
            score, wild = _similarity(group.template, tokens)
            if score >= self.similarity and (score, wild) > best_key:
                best, best_key = group, (score, wild)
        if best is None:
            if len(self.groups) >= self.max_groups:
                self.overflow += 1
                return None
            best = UnknownGroup(tokens, line_no, text[:MAX_TEXT], 0)
            leaf.append(best)
            self.groups.append(best)
        else:
            best.template = [
                mine if mine == theirs else WILDCARD
                for mine, theirs in zip(best.template, tokens, strict=True)
            ]
        best.count += 1
        if len(best.lines) < self.max_lines:
            best.lines.append(line_no)
        return best

    def _leaf(self, prefix: list[str], length: int) -> list[UnknownGroup]:
        """The groups for lines of `length` tokens that start with `prefix` (never the last
        token, so that two-token lines such as "NoSuchMethodError: <what>" can join)."""
        node = self._tree.setdefault(length, {})
        for token in prefix:
            key = WILDCARD if _TRAILING_DIGITS.search(token) or token.startswith("<") else token
            if key not in node and len(node) >= self.max_children:
                key = WILDCARD
            node = node.setdefault(key, {})
        return node.setdefault(None, [])


class UnknownCollector:
    """Feed a file's chunks (with the line numbers already explained); read the groups."""

    def __init__(
        self,
        is_error_level: Callable[[str], bool] = error_level,
        miner: TemplateMiner | None = None,
    ) -> None:
        self.is_error_level = is_error_level
        self.miner = miner or TemplateMiner()
        self._words = ahocorasick_rs.BytesAhoCorasick([w.encode() for w in CANDIDATE_WORDS])

    def feed(self, line_no: int, line: str) -> None:
        """One line that nothing matched: kept when it is an error-level line."""
        text = strip_ansi(line).rstrip("\r\n")
        if text.strip() in _HEADERS or not self.is_error_level(text):
            return
        self.miner.add(line_no, text)

    def feed_chunk(self, chunk: str | bytes, first_line: int, explained: Container[int]) -> None:
        """A chunk of whole lines (bytes are UTF-8) starting at `first_line`."""
        data = chunk if isinstance(chunk, bytes) else chunk.encode("utf-8", "surrogatepass")
        hay = data.lower()
        starts = {
            hay.rfind(b"\n", 0, s) + 1 for _w, s, _e in self._words.find_matches_as_indexes(hay)
        }
        starts.update(m.start() for m in _GLOG.finditer(data))
        if not starts:
            return
        line_no, counted = first_line, 0
        for start in sorted(starts):
            line_no += data.count(b"\n", counted, start)
            counted = start
            if line_no in explained:
                continue
            end = data.find(b"\n", start)
            raw = data[start : end if end >= 0 else len(data)]
            self.feed(line_no, raw[:16384].decode("utf-8", "replace"))

    @property
    def overflow(self) -> int:
        return self.miner.overflow

    def to_json(self) -> list[dict[str, Any]]:
        """`[{"template", "count", "first_line", "lines", "text"}]` in order of first line."""
        return [group.to_json() for group in sorted(self.miner.groups, key=lambda g: g.first_line)]
