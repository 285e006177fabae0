"""Judge candidate lines: what a matched line means, in the context of the lines around it.

The literal prefilter (`placement.literal_hits`) names the lines and targets worth trying;
here each of them is judged as a person reading the log would:

* a line that quotes source or a stack frame (`context.is_context`) reports nothing;
* a line logged at info/debug level only matches entries with `fires_on_info`
  (`severity`), and gets no fuzzy guess;
* a JSON-lines or logfmt record is decoded and its message fields matched
  (`structured`), reported on its physical line with `event_lines` and `event_text`.

`reference_line` is the same judgement without the prefilter (every target tried); the
exactness tests and `bench/` compare the two.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from triage_app.core import own_regex, severity, structured
from triage_app.core.ansi import strip_ansi
from triage_app.core.chunklines import ByteLines, Lines, cap_line
from triage_app.core.context import is_context
from triage_app.core.fuzzy import FuzzyBudget, looks_like_error
from triage_app.core.placement import TRIGGER
from triage_app.core.plain import Value
from triage_app.core.results import Candidate, LineMatch

if TYPE_CHECKING:
    from triage_app.core.matcher import Matcher

CHAIN_LOOKBACK = 500  # lines walked back from a `Caused by:` to the chain's first exception
_CAUSED_BY = own_regex.compile(r"\s*Caused by:")  # (`\s` is what str.lstrip() strips)
_CHAIN_LINE = own_regex.compile(
    r"\s+at \S|\s*\.\.\. \d+ (?:more|common frames omitted)|Caused by: |\s+Suppressed: "
)


class ChunkState(Value):
    """What the next chunk of one file needs of the previous one (equal when every field but
    `text_first` is: a parallel scan checks that a piece started from the state the file
    reached). `text_first` is only a hint for speed: the last chunk held a character that
    IGNORECASE equates with an ASCII letter, so the next one is likely to hold one too and
    goes straight to the text path (`Matcher.scan_chunk`); either path gives the same matches."""

    __slots__ = ("previous", "previous_matched", "carry", "chain_head", "chain_run", "text_first")
    _not_compared = ("text_first",)
    __hash__ = None  # type: ignore[assignment] - changed as chunks are read

    def __init__(
        self,
        previous: str | None = None,  # the previous chunk's last line, cleaned
        previous_matched: bool = False,  # that line already has a match
        carry: set[int] | None = None,  # targets to try joined across the boundary
        # A Java exception chain still open at the end: the line that heads it (None: no
        # chain, or none within `CHAIN_LOOKBACK`) and how many chain lines follow that line.
        chain_head: str | None = None,
        chain_run: int = 0,
    ) -> None:
        self.previous = previous
        self.previous_matched = previous_matched
        self.carry = set() if carry is None else carry
        self.chain_head = chain_head
        self.chain_run = chain_run
        self.text_first = False

    def copy(self) -> ChunkState:
        """A copy whose `carry` is its own."""
        return ChunkState(
            self.previous, self.previous_matched, set(self.carry), self.chain_head, self.chain_run
        )


def evaluate(
    matcher: Matcher,
    lines: Lines,
    hits: dict[int, tuple[int, int, set[int]]],
    first_line: int,
    fuzzy_budget: FuzzyBudget | None,
    state: ChunkState,
) -> list[LineMatch]:
    """Judge every candidate line of a chunk, in line order."""
    out: list[LineMatch] = []
    line_of = lines.line
    for line_no in sorted(hits):
        start, end, indexes = hits[line_no]
        trigger = TRIGGER in indexes
        if trigger:
            indexes.discard(TRIGGER)
        raw = line_of(line_no, start, end)
        previous = _Previous(lines, line_no, start) if line_no else _Known(state.previous)
        found = _judge(
            matcher,
            raw,
            first_line + line_no,
            sorted(indexes) if len(indexes) > 1 else list(indexes),
            previous,
            fuzzy_budget,
            trigger,
        )
        if found is not None:
            # (`_CAUSED_BY` can only match a line holding its words: a look first)
            if "Caused by:" in found.text and _CAUSED_BY.match(found.text):
                found = _in_chain(found, lines, line_no, first_line, state)
            out.append(found)
    _close_chain(lines, state)
    return out


class _Known:
    """The previous line, already known."""

    __slots__ = ("text",)

    def __init__(self, text: str | None) -> None:
        self.text = text

    def __call__(self) -> str | None:
        return self.text


class _Previous:
    """The previous line of a chunk, decoded only when asked (most candidate lines never
    need it: it only matters once a regex matched, or for a fuzzy guess)."""

    __slots__ = ("lines", "line_no", "start")

    def __init__(self, lines: Lines, line_no: int, start: int) -> None:
        self.lines, self.line_no, self.start = lines, line_no, start

    def __call__(self) -> str | None:
        return self.lines.previous(self.line_no, self.start)


def _in_chain(
    found: LineMatch, lines: Lines, line_no: int, first_line: int, state: ChunkState
) -> LineMatch:
    """A Java `Caused by:` line as part of its exception chain: `event_lines` from the chain's
    first exception line, the nearest line before it (within `CHAIN_LOOKBACK`) that is not a
    frame or a cause, in this chunk or, through `state`, in an earlier one."""
    k = line_no - 1
    while k >= 0 and line_no - k < CHAIN_LOOKBACK and _CHAIN_LINE.match(lines.line(k)):
        k -= 1
    if k >= 0:
        if line_no - k >= CHAIN_LOOKBACK:
            return found
        header, distance = lines.line(k), line_no - k
    else:  # the chain began before this chunk
        distance = line_no + state.chain_run + 1
        if state.chain_head is None or distance >= CHAIN_LOOKBACK:
            return found
        header = state.chain_head
    return found.with_event(
        (found.line - distance, found.line), cap_line(header)[0] + "\n" + found.text
    )


def _close_chain(lines: Lines, state: ChunkState) -> None:
    """Record in `state` the exception chain the chunk ends in, for the next chunk's
    `Caused by:` lines (read after the chunk's own lines used the state it started with).

    The result does not depend on where chunks were cut: the head is the nearest line before
    the trailing frames and causes, kept only while it is within `CHAIN_LOOKBACK`."""
    run = 0
    while run < lines.count and run < CHAIN_LOOKBACK:
        if not _CHAIN_LINE.match(lines.line(lines.count - 1 - run)):
            break
        run += 1
    if run < lines.count:
        head = lines.line(lines.count - 1 - run) if run + 1 < CHAIN_LOOKBACK else None
    elif state.chain_head is not None:
        head, run = state.chain_head, state.chain_run + run
        if run + 1 >= CHAIN_LOOKBACK:
            head = None
    else:
        head = None
    state.chain_head, state.chain_run = head, (run if head is not None else 0)


def chain_tail(chunk: bytes) -> tuple[str | None, int]:
    """(`chain_head`, `chain_run`) after the whole lines of UTF-8 `chunk`, which must hold at
    least the last `CHAIN_LOOKBACK` + 1 lines before the point (or start the file)."""
    state = ChunkState()
    _close_chain(ByteLines(chunk), state)
    return state.chain_head, state.chain_run


def judge_line(
    matcher: Matcher,
    raw: str,
    line_no: int,
    indexes: Iterable[int] | None,
    previous: str | None,
    fuzzy_budget: FuzzyBudget | None,
    trigger: bool = True,
) -> LineMatch | None:
    """The match of one clean line (None when nothing explains it). `indexes=None`: all."""
    indexes = list(indexes) if indexes is not None else None
    return _judge(matcher, raw, line_no, indexes, _Known(previous), fuzzy_budget, trigger)


def _judge(
    matcher: Matcher,
    raw: str,
    line_no: int,
    indexes: list[int] | None,
    previous: Callable[[], str | None],
    fuzzy_budget: FuzzyBudget | None,
    trigger: bool,
) -> LineMatch | None:
    """`judge_line`, the previous line asked for only when needed. The line's level is read
    only once a regex matched (or for a fuzzy guess): most candidate lines match nothing."""
    record = structured.decode(raw)
    if record is not None:
        return _judge_record(matcher, raw, line_no, indexes, record)
    text, truncated = cap_line(raw)
    hits = matcher.regex_hits(text, indexes, line_no)
    if hits:
        level, offset = severity.detect(text)
        found = _allowed(matcher, text, hits, level, offset)
        if found and _quotes_context(text, previous):
            return None
    else:
        found = []
    if not found:
        if not trigger or fuzzy_budget is None:
            return None
        if not hits:
            level, offset = severity.detect(text)
        if level in severity.QUIET:
            return None
        if not looks_like_error(text) or _quotes_context(text, previous):
            return None
        found = fuzzy_budget.lookup(matcher, text)
        if not found:
            return None
        return LineMatch(line_no, text, truncated, matcher.rank(found), level)
    ranked = matcher.rank(found)
    top_level = level if severity.applies(offset, ranked[0].span[0]) else None
    return LineMatch(line_no, text, truncated, ranked, top_level)


def _quotes_context(text: str, previous: Callable[[], str | None]) -> bool:
    """`is_context`, the previous line decoded only for an indented line (the only kind it
    is read for: the source line under a frame header)."""
    return is_context(text, previous() if text[:1] in (" ", "\t") else None)


def _regex(
    matcher: Matcher,
    text: str,
    indexes: Iterable[int] | None,
    level: str | None,
    offset: int,
    line_no: int,
) -> list[Candidate]:
    """Regex candidates on `text`, without entries that may not fire at the line's level."""
    return _allowed(matcher, text, matcher.regex_hits(text, indexes, line_no), level, offset)


def _allowed(
    matcher: Matcher,
    text: str,
    hits: list[tuple[int, re.Match[str]]],
    level: str | None,
    offset: int,
) -> list[Candidate]:
    """The candidates of `hits`, without entries that may not fire at the line's level."""
    found = []
    quiet = level in severity.QUIET
    for index, match in hits:
        quiet_here = quiet and severity.applies(offset, match.start())
        if quiet_here and not matcher.targets[index].fires_on_info:
            continue
        found.append(matcher.candidate(index, text, match))
    return found


def _judge_record(
    matcher: Matcher,
    raw: str,
    line_no: int,
    indexes: list[int] | None,
    record: structured.Record,
) -> LineMatch | None:
    """A JSON/logfmt record: the raw line and its decoded message fields, line by line."""
    text, truncated = cap_line(raw)
    raw_level, raw_offset = severity.detect(text)
    found = _regex(matcher, text, indexes, raw_level, raw_offset, line_no)
    previous = None
    for sub in record.text.split("\n"):
        piece, _cut = cap_line(sub)
        level, offset = severity.detect(piece)
        if level is None:
            level, offset = record.level, 0
        if not is_context(piece, previous):
            for cand in _regex(matcher, piece, indexes, level, offset, line_no):
                found.append(_moved(cand, piece, text))
        previous = piece
    if not found:
        return None
    ranked = matcher.rank(found)
    return LineMatch(
        line_no,
        text,
        truncated,
        ranked,
        record.level,
        (line_no, line_no),
        structured.clip_event_text(record.text),
    )


def _moved(cand: Candidate, piece: str, text: str) -> Candidate:
    """A candidate found in decoded text, its span moved onto the physical line's text:
    where the matched words appear there, else clipped to the line."""
    start, end = cand.span or (0, 0)
    where = text.find(piece[start:end][:200]) if end > start else -1
    if where >= 0:
        span = (where, min(len(text), where + end - start))
    else:
        span = (min(start, len(text)), min(end, len(text)))
    return cand.with_span(span)


def reference_line(
    matcher: Matcher, raw: str, line_no: int, previous: str | None
) -> LineMatch | None:
    """The regex judgement of one line with every target tried (no prefilter, no fuzzy)."""
    return judge_line(matcher, raw, line_no, None, previous, None, trigger=False)


def reference_scan(matcher: Matcher, raw_lines: list[str]) -> dict[int, LineMatch]:
    """Every regex on every line and every wrap-joined pair of lines, judged as the scan
    judges them (no prefilter, no fuzzy): what `Matcher.scan_chunk` must find."""
    from triage_app.core import wraps  # noqa: PLC0415 - wraps imports this module's callers

    clean = [strip_ansi(line).removesuffix("\r") for line in raw_lines]
    out: dict[int, LineMatch] = {}
    for n, text in enumerate(clean):
        found = reference_line(matcher, text, n + 1, clean[n - 1] if n else None)
        if found is not None:
            out[n + 1] = found
    joined = []
    for n in range(len(clean) - 1):
        found = wraps.reference_pair(matcher, clean[n], clean[n + 1], n + 1)
        if found is not None:
            joined.append(found)
    return {m.line: m for m in wraps.merge(sorted(out.values(), key=_line), joined, matcher)}


def _line(match: LineMatch) -> int:
    return match.line
