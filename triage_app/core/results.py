"""Plain data produced by a scan: candidates, matched lines, progress."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

Kind = Literal["regex", "fuzzy"]


# A scan makes a Candidate and a LineMatch per matched line. Their `__init__` stores the fields
# in the instance's dict: three times as fast as the frozen dataclass's own (one
# `object.__setattr__` per field). They stay frozen dataclasses in every other way.


@dataclass(frozen=True, init=False)
class Candidate:
    """One entry that could explain a line, with why it ranks where it does."""

    entry_id: str
    signature: str
    score: float  # 1.0 for a regex match; similarity 0..1 for a fuzzy guess
    kind: Kind
    span: tuple[int, int] | None
    literal_chars: int = 0
    confidence: float = 0.0
    variant: int | None = None  # which of the entry's `variants` matched (None: its regex)
    lang: str | None = None  # the matched variant's language, for localised output
    role: str = "cause"  # the entry's role: "cause", "consequence" or "summary"

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
        fields = self.__dict__
        fields["entry_id"] = entry_id
        fields["signature"] = signature
        fields["score"] = score
        fields["kind"] = kind
        fields["span"] = span
        fields["literal_chars"] = literal_chars
        fields["confidence"] = confidence
        fields["variant"] = variant
        fields["lang"] = lang
        fields["role"] = role

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


@dataclass(frozen=True, init=False)
class LineMatch:
    """A matched line: its number (as `grep -n`), text as matched, ranked candidates."""

    line: int
    text: str
    truncated: bool
    candidates: tuple[Candidate, ...]
    severity: str | None = None  # the level the line was logged at, when it states one
    event_lines: tuple[int, int] | None = None  # [first, last] when lines were joined/decoded
    event_text: str | None = None  # the joined, decoded text of that event

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
        fields = self.__dict__
        fields["line"] = line
        fields["text"] = text
        fields["truncated"] = truncated
        fields["candidates"] = candidates
        fields["severity"] = severity
        fields["event_lines"] = event_lines
        fields["event_text"] = event_text

    @property
    def top(self) -> Candidate:
        return self.candidates[0]

    @property
    def kind(self) -> Kind:
        return self.top.kind

    def shifted(self, offset: int) -> LineMatch:
        """This match from a scan of lines that start at row `offset` of the whole log."""
        event = self.event_lines
        return replace(
            self,
            line=self.line + offset,
            event_lines=(event[0] + offset, event[1] + offset) if event else None,
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


@dataclass(frozen=True)
class ScanProgress:
    """Sent after each chunk: new matches and how far the scan has come."""

    matches: list[LineMatch]
    lines: int
    bytes_done: int
    bytes_total: int | None


@dataclass
class ScanSummary:
    """The end of one file's scan."""

    lines: int = 0
    matches: list[LineMatch] = field(default_factory=list)  # all of them, if keep_matches
    keep_matches: bool = True  # False: matches only pass through ScanProgress (bounded memory)
    warning: str | None = None
    cancelled: bool = False
    fuzzy_skipped: int = 0  # error-looking lines not compared because of the per-file cap
    slow_patterns: list[tuple[str, int]] = field(default_factory=list)  # (entry id, line)
