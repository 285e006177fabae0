"""Plain data produced by a scan: candidates, matched lines, progress."""

from __future__ import annotations

from typing import Any, Literal

from triage_app.core.plain import Plain, Value

Kind = Literal["regex", "fuzzy"]


# A scan makes a Candidate and a LineMatch per matched line: plain `__slots__` classes (see
# `plain`), twice as fast to make as instances with a dict, and half their size. Treat them
# as immutable: matches are shared between the scan's summary, groups and spool, and hashed.


class Candidate(Value):
    """One entry that could explain a line, with why it ranks where it does."""

    __slots__ = (
        "entry_id",
        "signature",
        "score",  # 1.0 for a regex match; similarity 0..1 for a fuzzy guess
        "kind",
        "span",
        "literal_chars",
        "confidence",
        "variant",  # which of the entry's `variants` matched (None: its regex)
        "lang",  # the matched variant's language, for localised output
        "role",  # the entry's role: "cause", "consequence" or "summary"
    )

    def __init__(
        self,
        entry_id: str,
        signature: str,
        score: float,
        kind: Kind,
        span: tuple[int, int] | None,
        literal_chars: int = 0,
        confidence: float = 0.0,
        variant: int | None = None,
        lang: str | None = None,
        role: str = "cause",
    ) -> None:
        self.entry_id = entry_id
        self.signature = signature
        self.score = score
        self.kind = kind
        self.span = span
        self.literal_chars = literal_chars
        self.confidence = confidence
        self.variant = variant
        self.lang = lang
        self.role = role

    def with_span(self, span: tuple[int, int] | None) -> Candidate:
        """This candidate with its match at `span` of the line."""
        return Candidate(
            self.entry_id,
            self.signature,
            self.score,
            self.kind,
            span,
            self.literal_chars,
            self.confidence,
            self.variant,
            self.lang,
            self.role,
        )

    @property
    def why(self) -> str:
        if self.kind == "fuzzy":
            return f"no pattern matched; the line is {self.score:.0%} similar to the signature"
        which = "pattern" if self.variant is None else f"variant {self.variant}"
        if self.lang:
            which += f" ({self.lang})"
        return (
            f"{which} matched, {self.literal_chars} literal characters of it consumed; "
            f"entry confidence {self.confidence:.2f}"
        )

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "entry_id": self.entry_id,
            "signature": self.signature,
            "score": round(self.score, 4),
            "kind": self.kind,
            "span": list(self.span) if self.span else None,
            "literal_chars": self.literal_chars,
            "confidence": self.confidence,
            "why": self.why,
        }
        if self.variant is not None:
            doc["variant"] = {"index": self.variant, "lang": self.lang}
        return doc


class LineMatch(Value):
    """A matched line: its number (as `grep -n`), text as matched, ranked candidates."""

    __slots__ = (
        "line",
        "text",
        "truncated",
        "candidates",
        "severity",  # the level the line was logged at, when it states one
        "event_lines",  # [first, last] when lines were joined/decoded
        "event_text",  # the joined, decoded text of that event
    )

    def __init__(
        self,
        line: int,
        text: str,
        truncated: bool,
        candidates: tuple[Candidate, ...],
        severity: str | None = None,
        event_lines: tuple[int, int] | None = None,
        event_text: str | None = None,
    ) -> None:
        self.line = line
        self.text = text
        self.truncated = truncated
        self.candidates = candidates
        self.severity = severity
        self.event_lines = event_lines
        self.event_text = event_text

    @property
    def top(self) -> Candidate:
        return self.candidates[0]

    @property
    def kind(self) -> Kind:
        return self.top.kind

    def shifted(self, offset: int) -> LineMatch:
        """This match from a scan of lines that start at row `offset` of the whole log."""
        event = self.event_lines
        return LineMatch(
            self.line + offset,
            self.text,
            self.truncated,
            self.candidates,
            self.severity,
            (event[0] + offset, event[1] + offset) if event else None,
            self.event_text,
        )

    def with_candidates(self, candidates: tuple[Candidate, ...]) -> LineMatch:
        """This match with its candidates in another order (or others)."""
        return LineMatch(
            self.line,
            self.text,
            self.truncated,
            candidates,
            self.severity,
            self.event_lines,
            self.event_text,
        )

    def with_text(self, text: str) -> LineMatch:
        """This match, showing `text` as its line."""
        return LineMatch(
            self.line,
            text,
            self.truncated,
            self.candidates,
            self.severity,
            self.event_lines,
            self.event_text,
        )

    def with_event(self, event_lines: tuple[int, int] | None, event_text: str | None) -> LineMatch:
        """This match as part of the event on `event_lines`, whose joined text is `event_text`."""
        return LineMatch(
            self.line,
            self.text,
            self.truncated,
            self.candidates,
            self.severity,
            event_lines,
            event_text,
        )

    def to_json(self) -> dict[str, Any]:
        top = self.top
        doc: dict[str, Any] = {
            "line": self.line,
            "entry_id": top.entry_id,
            "signature": top.signature,
            "score": round(top.score, 4),
            "kind": top.kind,
            "span": list(top.span) if top.span else None,
            "text": self.text,
            "truncated": self.truncated,
            "candidates": [c.to_json() for c in self.candidates],
            "severity": self.severity,
            "event_lines": list(self.event_lines) if self.event_lines else None,
        }
        if self.event_text is not None:
            doc["event_text"] = self.event_text
        return doc


class ScanProgress(Plain):
    """Sent after each chunk: new matches and how far the scan has come."""

    __slots__ = ("matches", "lines", "bytes_done", "bytes_total")

    def __init__(
        self, matches: list[LineMatch], lines: int, bytes_done: int, bytes_total: int | None
    ) -> None:
        self.matches = matches
        self.lines = lines
        self.bytes_done = bytes_done
        self.bytes_total = bytes_total


class ScanSummary(Plain):
    """The end of one file's scan."""

    __slots__ = (
        "lines",
        "matches",
        "keep_matches",
        "warning",
        "cancelled",
        "fuzzy_skipped",
        "slow_patterns",
    )

    def __init__(
        self,
        lines: int = 0,
        matches: list[LineMatch] | None = None,  # all of them, if keep_matches
        keep_matches: bool = True,  # False: matches only pass through ScanProgress (bounded memory)
        warning: str | None = None,
        cancelled: bool = False,
        fuzzy_skipped: int = 0,  # error-looking lines not compared because of the per-file cap
        slow_patterns: list[tuple[str, int]] | None = None,  # (entry id, line)
    ) -> None:
        self.lines = lines
        self.matches = [] if matches is None else matches
        self.keep_matches = keep_matches
        self.warning = warning
        self.cancelled = cancelled
        self.fuzzy_skipped = fuzzy_skipped
        self.slow_patterns = [] if slow_patterns is None else slow_patterns
