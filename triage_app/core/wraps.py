"""Hard-wrapped lines: a message cut at the terminal's width and continued on the next line.

Terminals, CI viewers and issue trackers wrap long lines at 75-140 columns, so a message can
arrive in two pieces ("...Watchdog caught colle" / "ctive operation timeout", "Allocation
failed -" / "JavaScript heap out of memory"). Two consecutive lines A and B are joined for an
entry when, conservatively:

* A is as long as a wrapped line can be (`MIN_WIDTH`..`MAX_WIDTH` characters) and B starts
  with neither whitespace nor what starts a new record (a timestamp, a level, a bracket);
* the entry's pattern matches A+B (or A+" "+B, when the wrap ate a space) across the seam,
  and matches neither A nor B alone;
* the wrap point falls inside one of the pattern's required literals of at least
  `MIN_SPLIT_LITERAL` characters, or one required literal ends there and another starts
  there (so two unrelated lines that a `.*` happens to bridge are never joined).

The report stays on A (where the message starts) with `event_lines` [A, B] and the joined text
as `event_text`; the span is clipped to A.

Which pairs are tried comes from the literal prefilter: an entry whose required literal lies
wholly in A or in B, or one of whose literals of at least `MIN_SPLIT_LITERAL` characters is
cut by the wrap (then the literal's first half ends A or its second half starts B; both halves
are Aho-Corasick words). `reference_pair` is the same test with every entry tried.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from triage_app.core import seams, severity
from triage_app.core.chunklines import ByteLines, Lines, cap_line
from triage_app.core.literals import fold, is_non_ascii
from triage_app.core.results import Candidate, LineMatch
from triage_app.core.seams import (
    MAX_WIDTH,
    MIN_SPLIT_LITERAL,
    MIN_WIDTH,
    NEW_RECORD,
    continuation_lines,
    span_of,
)

if TYPE_CHECKING:
    from triage_app.core.matcher import Matcher

HEAD, TAIL = 0, 1


def half_words(words: Mapping[str, Iterable[tuple[int, int]]]) -> dict[str, list[tuple]]:
    """Halves of long literals -> [(side, target, literal bytes, head bytes)]."""
    out: dict[str, list[tuple]] = {}
    for literal, pairs in words.items():
        targets = {index for index, _alt in pairs if index >= 0}
        if len(literal) < MIN_SPLIT_LITERAL or not targets:
            continue
        mid = len(literal) // 2
        size, head_size = len(literal.encode()), len(literal[:mid].encode())
        for index in targets:
            out.setdefault(literal[:mid], []).append((HEAD, index, size, head_size))
            out.setdefault(literal[mid:], []).append((TAIL, index, size, head_size))
    return out


def seam_ok(first: str, second: str) -> bool:
    """Could `second` continue `first` after a hard wrap?"""
    return (
        MIN_WIDTH <= len(first) <= MAX_WIDTH
        and bool(second)
        and NEW_RECORD.match(second) is None
        and not severity.stated_at_start(second)
    )


def candidate_pairs(
    hay: bytes,
    join_found: list[tuple[int, int, int]],
    word_joins: list[tuple],
    pending: Mapping[int, tuple[int, int, set]],
    may_continue: set[int] | None = None,
    last: int = -2,
) -> dict[int, set[int]]:
    """First line of each pair worth trying (-1: the previous chunk's last line) -> targets.
    (`pending`: chunk line -> its haystack span and the targets its literal hits key.)

    With `may_continue` (the lines that may continue the one before), a pair whose second
    line cannot is not listed; pairs across the chunk's edges (line -1, line `last`) always
    are."""
    pairs: dict[int, set[int]] = {}
    rows = pending.items()
    if may_continue is not None:  # only lines either side of a possible seam, and the edges
        wanted = {0, last, *may_continue, *(n - 1 for n in may_continue)}
        rows = [(n, pending[n]) for n in sorted(wanted) if n in pending]
    for line_no, (_start, _end, targets) in rows:
        as_second = may_continue is None or line_no in may_continue or line_no == 0
        as_first = may_continue is None or line_no + 1 in may_continue or line_no == last
        if not (as_first or as_second):
            continue
        if targets:
            if as_second:
                pairs.setdefault(line_no - 1, set()).update(targets)
            if as_first:
                pairs.setdefault(line_no, set()).update(targets)
    for word, start, line_no in join_found:  # every hit's line is in `pending`
        line_start, line_end, _targets = pending[line_no]
        end = line_end - 1 if line_end > line_start and hay[line_end - 1] == 13 else line_end
        for side, index, size, head_size in word_joins[word]:
            if side == HEAD and end - start < size:
                pairs.setdefault(line_no, set()).add(index)
            elif side == TAIL and start - line_start <= head_size:
                pairs.setdefault(line_no - 1, set()).add(index)
    return pairs


def join_pair(
    matcher: Matcher, first: str, second: str, targets: Iterable[int], line_no: int
) -> LineMatch | None:
    """The match of A+B on line `line_no` (A), for the `targets` that only match joined."""
    if not seam_ok(first, second):
        return None
    level, offset = severity.detect(first)
    quiet = level in severity.QUIET
    a_text, truncated = cap_line(first)
    b_text = cap_line(second)[0]
    found: list[Candidate] = []
    joined_text = None
    seam = len(first)
    edges = (fold(first[-1:]), fold(second[:1]))
    targets = [i for i in targets if _may_touch(matcher.seam_edges[i], edges)]
    for joined in _joinings(first, second):
        text = cap_line(joined)[0]
        gap = len(joined) - len(first) - len(second)  # 1 when a space was put back
        folded = fold(text[max(0, seam - _WINDOW) : seam + gap + _WINDOW])
        local_seam = min(seam, _WINDOW)
        for index in targets:
            if not _literal_at_seam(folded, local_seam, gap, matcher.seam_literals[index]):
                continue
            hits = matcher.regex_hits(text, (index,), line_no)
            if not hits:
                continue
            match = hits[0][1]
            if not (match.start() < seam < match.end()):
                continue
            if matcher.regex_hits(a_text, (index,), line_no):
                continue
            if matcher.regex_hits(b_text, (index,), line_no + 1):
                continue
            silenced = quiet and severity.applies(offset, match.start())
            if silenced and not matcher.targets[index].fires_on_info:
                continue
            cand = matcher.candidate(index, text, match)
            span = (match.start(), min(match.end(), len(a_text)))
            found.append(_with_span(cand, span))
            joined_text = joined_text or joined
        if found:
            break
    if not found:
        return None
    ranked = matcher.rank(found)
    top_level = level if severity.applies(offset, ranked[0].span[0]) else None
    return LineMatch(
        line_no, a_text, truncated, ranked, top_level, (line_no, line_no + 1), joined_text
    )


_WINDOW = 200  # characters either side of the seam where a cut literal is looked for


def literal_edges(literals: tuple[str, ...]) -> tuple[frozenset, frozenset, bool]:
    """(last characters, first characters, has a literal long enough to be found cut)."""
    return (
        frozenset(lit[-1] for lit in literals),
        frozenset(lit[0] for lit in literals),
        any(len(lit) >= MIN_SPLIT_LITERAL for lit in literals),
    )


def _may_touch(edges: tuple[frozenset, frozenset, bool], seam: tuple[str, str]) -> bool:
    """A cheap necessary condition of `_literal_at_seam`: a literal long enough to be cut, or
    literals that can end where A ends (or at a put-back space) and start where B starts."""
    lasts, firsts, has_long = edges
    if has_long:
        return True
    return (seam[0] in lasts or " " in lasts) and (seam[1] in firsts or " " in firsts)


def required_literals(needs: list | None) -> tuple[str, ...]:
    """The folded literals a pattern requires (its alternatives' factors), longest first."""
    found: set[str] = set()
    for key, others in needs or []:
        for factor in (key, *others):
            found.update(lit for lit in factor if len(lit) >= 3 and not is_non_ascii(lit))
    return tuple(sorted(found, key=len, reverse=True))


def _literal_at_seam(folded: str, seam: int, gap: int, literals: tuple[str, ...]) -> bool:
    """A long required literal is cut by the wrap, or one ends where the wrap is and another
    starts there: the pattern needs the cut itself, not two unrelated lines that `.*` happens
    to bridge. (`gap` is 1 when a space was put back at the seam.)"""
    ends = starts = False
    for literal in literals:
        size = len(literal)
        start = folded.find(literal, max(0, seam - size))
        while start != -1 and start <= seam + gap:
            end = start + size
            if start < seam and end > seam + gap and size >= MIN_SPLIT_LITERAL:
                return True
            ends = ends or end in (seam, seam + gap)
            starts = starts or start in (seam, seam + gap)
            start = folded.find(literal, start + 1)
    return ends and starts


def _joinings(first: str, second: str) -> list[str]:
    if first.endswith((" ", "\t")):
        return [first + second]
    return [first + second, first + " " + second]


def _with_span(cand: Candidate, span: tuple[int, int]) -> Candidate:
    return cand.with_span(span)


def neighbours(lines: Lines, line_no: int, spans: Mapping[int, tuple[int, int, set]]) -> tuple:
    """(text of line `line_no`, text of the next line) within the chunk, or None."""
    if isinstance(lines, ByteLines):
        start, end = span_of(lines, line_no, spans)
        if start < 0:
            return None
        data = lines.stripped
        if end >= len(data):
            return None
        nxt_end = data.find(b"\n", end + 1)
        if nxt_end == -1:
            nxt_end = len(data)
        return lines.line(line_no, start, end), lines.line(line_no + 1, end + 1, nxt_end)
    if line_no + 1 >= lines.count:
        return None
    return lines.line(line_no), lines.line(line_no + 1)


def merge(out: list[LineMatch], joined: list[LineMatch], matcher: Matcher) -> list[LineMatch]:
    """Add joined matches to a chunk's matches: one item per line, line order."""
    if not joined:
        return out
    by_line = {m.line: m for m in out}
    for extra in joined:
        known = by_line.get(extra.line)
        if known is None:
            by_line[extra.line] = extra
            continue
        ranked = matcher.rank([*known.candidates, *extra.candidates])
        from_join = ranked[0] in extra.candidates and ranked[0] not in known.candidates
        by_line[extra.line] = LineMatch(
            known.line,
            known.text,
            known.truncated,
            ranked,
            known.severity,
            extra.event_lines if from_join else known.event_lines,
            extra.event_text if from_join else known.event_text,
        )
    return [by_line[n] for n in sorted(by_line)]


def reference_pair(matcher: Matcher, first: str, second: str, line_no: int) -> LineMatch | None:
    """`join_pair` with every target that has a required literal (the exactness reference)."""
    return join_pair(matcher, first, second, matcher.joinable, line_no)


def chunk_joins(
    matcher: Matcher,
    lines: Lines,
    pending: Mapping[int, tuple[int, int, set]],
    join_found: list[tuple[int, int, int]],
    first_line: int,
    state,  # noqa: ANN001 - events.ChunkState
    matched: Mapping[int, set[int]] | None = None,
) -> list[LineMatch]:
    """Joined matches of one chunk (pairs across its start use `state`; a pair across its
    end is left in `state.carry` for the next chunk). `matched`: chunk line -> targets that
    already match that line alone (never joined for it)."""
    matched = matched or {}
    # Worth a pass over the whole chunk only when many lines have literal hits (a big
    # catalogue, a noisy log); with few, each pair's own look at the seam is cheaper.
    dense = len(pending) * 8 > lines.count
    may_continue = continuation_lines(lines) if dense else None
    last = lines.count - 1
    pairs = candidate_pairs(
        lines.haystack, join_found, matcher.word_joins, pending, may_continue, last
    )
    if state.carry:
        pairs.setdefault(-1, set()).update(state.carry)
    state.carry = set()
    out = []
    slow = matcher.slow
    for first in sorted(pairs):
        if may_continue is not None and 0 <= first < last and first + 1 not in may_continue:
            continue
        wanted = pairs[first]
        for done in (slow.keys(), matched.get(first), matched.get(first + 1)):
            if done:
                wanted = wanted - done
        if not wanted:
            continue
        targets = sorted(wanted)
        if first == last:
            state.carry = set(targets)
            continue
        if first == -1:
            if state.previous is None or state.previous_matched or lines.count == 0:
                continue
            texts = (state.previous, _first_line_text(lines))
        else:
            edges = seams.edge_bytes(lines, first, pending)
            if edges is not None:  # a look at two bytes before anything else
                targets = seams.may_touch(matcher, targets, *edges)
                if not targets:
                    continue
            seam = seams.seam_bytes(lines, first, pending)
            if seam is seams.NO_WRAP:
                continue
            if seam is not None:  # ASCII either side of the seam: look before decoding
                targets = seams.touching(matcher, targets, *seam)
                if not targets:
                    continue
            texts = neighbours(lines, first, pending)
            if texts is None:
                continue
        found = join_pair(matcher, texts[0], texts[1], targets, first_line + first)
        if found is not None:
            out.append(found)
    return out


def _first_line_text(lines: Lines) -> str:
    if isinstance(lines, ByteLines):
        end = lines.stripped.find(b"\n")
        return lines.line(0, 0, len(lines.stripped) if end == -1 else end)
    return lines.line(0)
