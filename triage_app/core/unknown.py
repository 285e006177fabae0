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
`error_level`, asks the severity module's level detector (`detect(text) -> (level, offset)`)
and, for a line that states no level, accepts only a line that starts as
an error statement does (`ValueError: ...`, `java.lang.NoSuchMethodError: ...`, `error: ...`,
`panic: ...`). A line that merely mentions an error ("test src/error.rs - Error (line 12) ...
ok") is not one. Lines that a pattern matched or a fuzzy candidate explains are never fed
(the scan skips their line numbers).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from typing import Any

from triage_app.core import own_regex, severity
from triage_app.core.ansi import strip_ansi
from triage_app.core.automaton import LiteralAutomaton, leftmost, ride_along
from triage_app.core.chunklines import Lines, annotator_bytes, placed_starts, rider_matches
from triage_app.core.plain import Plain

WILDCARD = "<*>"
MAX_TOKENS = 48  # tokens of a line the miner compares; the rest are folded into one
MAX_TEXT = 500  # characters of a group's first line kept for display

# (pattern, placeholder, characters one of which every match holds: a line holding none of
# them is not searched; the placeholders hold none of them, so earlier masks never add one)
_MASKS = (
    (
        own_regex.compile(
            r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
        ),
        "<UUID>",
        "-",
    ),
    (
        own_regex.compile(
            r"\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?(?:Z|[+-]\d\d:?\d\d)?"
        ),
        "<TS>",
        "-",
    ),
    (
        own_regex.compile(r"\b\d\d(?:/\d\d){2} \d\d:\d\d:\d\d\b|\b\d\d:\d\d:\d\d(?:[.,]\d+)?\b"),
        "<TS>",
        ":",
    ),
    (own_regex.compile(r"\b(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b"), "<IP>", "."),
    (
        own_regex.compile(r"\b0x[0-9a-fA-F]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b"),
        "<HEX>",
        "",
    ),
    (own_regex.compile(r"'[^'\n]{0,200}'|\"[^\"\n]{0,200}\"|`[^`\n]{0,200}`"), "<STR>", "'\"`"),
    (own_regex.compile(r"(?:[A-Za-z]:)?(?:\.{0,2}[\\/][\w.@+~-]+){2,}[\\/]?"), "<PATH>", "/\\"),
    (own_regex.compile(r"(?<![\w<])[-+]?\d+(?:\.\d+)*(?![\w>])"), "<NUM>", ""),
)
_TRAILING_DIGITS = own_regex.compile(r"\d")

# Lines that only announce the error on a later line (which is fed on its own).
_HEADERS = (
    "Traceback (most recent call last):",
    "During handling of the above exception, another exception occurred:",
    "The above exception was the direct cause of the following exception:",
)

# Strings (case as written) a line must hold before `is_error_level` is asked about it, plus
# glog/klog error and fatal prefixes ("E0101 12:00:00.000000 ..."). Every line `error_level`
# accepts holds one: level words (ERROR, FATAL, ...), fields (level=error, "level":"err",
# severity: error), GitHub's ##[error] and ::error, npm's ERR!/error, error types and
# statements. Healthy counters ("0 errors") hold none, which keeps this pass cheap.
CANDIDATE_WORDS = (
    "ERR",
    "FATAL",
    "Fatal",
    "fatal",
    "CRIT",
    "SEVERE",
    "PANIC",
    "panic",
    "EMERG",
    "ALERT",
    "Error",
    "Exception",
    "error:",
    "error[",
    "=err",
    ": err",
    '"error"',
    '"err"',
    "[err",
    "::err",
    "npm err",
)
# glog/klog error and fatal lines start "E0101 12:00:00" (month 01-12): their first bytes are
# looked for in the same pass as the words, the rest checked on the line.
_GLOG_STARTS = tuple(f"\n{level}{digit}".encode() for level in "EF" for digit in "01")
_GLOG = own_regex.compile(rb"[EF](?:0[1-9]|1[0-2])\d\d \d\d:\d\d:\d\d")
# One search for both, compiled once per process on the first big chunk (`automaton`), or
# found in the matcher's own pass (case-sensitive, in the clean bytes) once it carries them.
_WORDS = ride_along(
    "unknown", LiteralAutomaton([w.encode() for w in CANDIDATE_WORDS] + list(_GLOG_STARTS), 0)
)
_GLOG_WORDS = frozenset(range(len(CANDIDATE_WORDS), len(CANDIDATE_WORDS) + len(_GLOG_STARTS)))

# A line that states no level counts when it starts as an error statement: an exception or
# error type with its message (after an optional "[rank3]:"-style tag), a compiler/runtime
# "error:"/"fatal:"/"panic:", or the JVM's 'Exception in thread "main"'.
_STARTS_AS_ERROR = own_regex.compile(
    r"\s*(?:\[[^\]]{1,40}\]:?\s*)?"
    r"(?:(?:[A-Za-z_][\w$]*\.)*[A-Z][\w$]*(?:Error|Exception)(?::|$|\s*\(|\s+in\b)"
    r"|(?:error|fatal|panic|fatal error)(?:\[\w+\])?:\s"
    r"|Exception in thread \")"
)
# Counters in summaries ("# ERROR: 0", "errors=0", "FAILED: 0") report that nothing failed.
_ZERO_COUNT = own_regex.compile(
    r"(?i)\b(?:errors?|fatal|failed|failures?)\b\s*[:=]?\s*0\b(?![.\d])"
)

# A line's marker: its first two tokens ("npm ERR!", "E0101 12:00:00.000", "[rank3]: x").
_MARKER = own_regex.compile(r"\s*\S+(?:\s+\S+)?")
_HAS_WORD = own_regex.compile(r"[^\W\d_]{2}")
_LEVELISH = own_regex.compile(
    r"\b(?:npm|ERR|ERROR|[Ee]rror|FATAL|[Ff]atal|CRITICAL|PANIC|panic|SEVERE)\b"
)


def _marker(text: str) -> str:
    found = _MARKER.match(text)
    return found.group() if found else ""


Detector = Callable[[str], tuple[str | None, int]]


def error_level(text: str, detect: Detector = severity.detect) -> bool:
    """Whether `text` was written at error level (see the module doc)."""
    level, _offset = detect(text)
    found = level == "error" if level is not None else _STARTS_AS_ERROR.match(text) is not None
    return found and not _ZERO_COUNT.search(text)


def mask(text: str) -> str:
    """`text` with its variable parts replaced by placeholders."""
    for pattern, placeholder, needs in _MASKS:
        if not needs or any(ch in text for ch in needs):
            text = pattern.sub(placeholder, text)
    return text


def tokens_of(text: str, max_tokens: int = MAX_TOKENS) -> list[str]:
    tokens = mask(text).split()
    if len(tokens) > max_tokens:
        tokens = [*tokens[: max_tokens - 1], WILDCARD]
    return tokens


class UnknownGroup(Plain):
    """Lines that share one template."""

    __slots__ = ("template", "first_line", "text", "count", "lines")

    def __init__(
        self,
        template: list[str],
        first_line: int,
        text: str,
        count: int = 1,
        lines: list[int] | None = None,
    ) -> None:
        self.template = template
        self.first_line = first_line
        self.text = text
        self.count = count
        self.lines = [] if lines is None else lines

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
        # The last error-level line seen: its number, its marker, whether it was explained.
        self._previous: tuple[int, str, bool] = (-2, "", False)

    def feed(self, line_no: int, line: str) -> None:
        """One line that nothing matched: kept when it is an error-level line."""
        text = strip_ansi(line).rstrip("\r\n")
        if self.accepts(text) and _HAS_WORD.search(_LEVELISH.sub("", text)):
            self.miner.add(line_no, text)

    def accepts(self, text: str) -> bool:
        return text.strip() not in _HEADERS and self.is_error_level(text)

    def _explained(self, line_no: int, text: str, explained: Container[int]) -> bool:
        """Whether a line is explained: matched itself, or it continues a block of lines with
        the same marker ("npm ERR! ...") right below an explained line of that block."""
        marker = _marker(text)
        last_no, last_marker, last_explained = self._previous
        found = line_no in explained or (
            last_explained and line_no == last_no + 1 and marker == last_marker
        )
        self._previous = (line_no, marker, found)
        return found

    def feed_chunk(
        self, chunk: str | bytes | Lines, first_line: int, explained: Container[int]
    ) -> None:
        """A chunk of whole lines (bytes are UTF-8; the matcher's `Lines` of a chunk lend
        their clean bytes) starting at `first_line`."""
        data, clean = annotator_bytes(chunk)
        starts = [0] if _GLOG.match(data) else []
        line_end = -1
        shared = rider_matches(chunk, _WORDS.name)
        found = leftmost(shared) if shared is not None else _WORDS.find_matches_as_indexes(data)
        for word, start, _end in found:
            if word in _GLOG_WORDS:
                if _GLOG.match(data, start + 1):
                    starts.append(start + 1)
                continue
            if start > line_end:  # the first hit on a new line
                line_start = data.rfind(b"\n", 0, start) + 1
                line_end = data.find(b"\n", start)
                line_end = len(data) if line_end < 0 else line_end
                starts.append(line_start)
        line_no, counted, known = first_line, 0, None
        for start in sorted(set(starts)):
            if known is None:
                known = placed_starts(chunk)
            at = known.get(start)  # counted only for lines the matcher has not placed
            line_no = (
                first_line + at if at is not None else line_no + data.count(b"\n", counted, start)
            )
            counted = start
            end = data.find(b"\n", start)
            if line_no in explained and line_no + 1 in explained and 0 <= end < len(data) - 1:
                # Neither this line nor its level can change anything (`_explained`): it is
                # explained itself, and so is the one line its block could extend to, the
                # next line of this chunk. (Dense logs: most error words are on matched lines.)
                continue
            raw = data[start : end if end >= 0 else len(data)]
            text = raw[:16384].decode("utf-8", "replace")
            text = (text if clean else strip_ansi(text)).rstrip("\r")
            if not self.accepts(text):
                continue
            if self._explained(line_no, text, explained):
                continue
            if _HAS_WORD.search(_LEVELISH.sub("", text)):  # not "npm ERR! " alone
                self.miner.add(line_no, text)

    def replay(self, lines: Iterable[tuple[int, str, bool]]) -> None:
        """Error-level lines that an `UnknownRecorder` kept, in file order, as `feed_chunk`
        would have taken them: (line number, text, whether a match explained that line)."""
        for line_no, text, matched in lines:
            if self._explained(line_no, text, (line_no,) if matched else ()):
                continue
            if _HAS_WORD.search(_LEVELISH.sub("", text)):
                self.miner.add(line_no, text)

    @property
    def overflow(self) -> int:
        return self.miner.overflow

    def to_json(self) -> list[dict[str, Any]]:
        """`[{"template", "count", "first_line", "lines", "text"}]` in order of first line."""
        return [group.to_json() for group in sorted(self.miner.groups, key=lambda g: g.first_line)]


class UnknownRecorder(UnknownCollector):
    """Finds a chunk's error-level lines as `UnknownCollector.feed_chunk` does, but groups
    nothing: it keeps them in `kept` for a collector's `replay` in file order (grouping
    depends on the order lines arrive; a parallel scan finds lines in worker processes)."""

    def __init__(self, is_error_level: Callable[[str], bool] = error_level) -> None:
        super().__init__(is_error_level)
        self.kept: list[tuple[int, str, bool]] = []

    def _explained(self, line_no: int, text: str, explained: Container[int]) -> bool:
        self.kept.append((line_no, text, line_no in explained))
        return True  # never grouped here
