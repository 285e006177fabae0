"""The literal prefilter's keys: which required literal of each alternative is searched for.

Every alternative of a pattern (`literals.requirements`) needs one literal of each of a few
factors; one factor is its key, an Aho-Corasick word, and the others are checked on the lines
where a key was found (`placement`). Any factor gives the same results (each is required),
but not the same speed: a key that half of the log's lines hold ("error", "connection") sends
them all to the check, while "$<" or "mqtt" finds a handful. The static choice
(`literals.requirements`) can only guess from the words; `rarest` counts how often each
factor occurs in a sample of the log being scanned and keys each alternative on its rarest.
A matcher does this once, on the first chunk big enough to be a fair sample
(`Matcher.scan_chunk`); later logs keep those keys (rebuilding the automaton per file would
cost a long-lived scan process more than it saves).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import itemgetter

from triage_app.core import wraps
from triage_app.core.automaton import LiteralAutomaton
from triage_app.core.chunklines import UTF8_FOLD_SPECIALS
from triage_app.core.literals import NON_ASCII, Requirement, is_non_ascii
from triage_app.core.placement import TRIGGER
from triage_app.core.plain import Plain

SAMPLE_BYTES = 256 * 1024  # of the first big chunk, counted to choose the keys
SAMPLE_AFTER_BYTES = 512 * 1024  # a chunk this big is sampled (a smaller log keeps the guess)
MIN_KEY_BYTES = 2  # a shorter literal is never a key by count
Choice = dict[tuple[int, int], int]  # (target, alternative) -> position of its key factor


class Keys(Plain):
    """What the prefilter searches for and checks, built from the chosen keys."""

    __slots__ = (
        "checks",
        "non_ascii_keys",
        "word_targets",
        "word_joins",
        "automaton",
        "first_special",
    )

    def __init__(
        self,
        checks: dict[tuple[int, int], tuple[tuple[bytes, ...], ...]],  # alternatives with others
        non_ascii_keys: list[tuple[int, int]],  # alternatives keyed on "the line is not ASCII"
        word_targets: list[tuple[tuple[int, int], ...]],  # per AC word: the alternatives it keys
        word_joins: list[tuple],  # per AC word: the long literals it is half of (`wraps`)
        automaton: LiteralAutomaton,
        first_special: int,  # AC words from here on are `UTF8_FOLD_SPECIALS` (`placement`)
    ) -> None:
        self.checks = checks
        self.non_ascii_keys = non_ascii_keys
        self.word_targets = word_targets
        self.word_joins = word_joins
        self.automaton = automaton
        self.first_special = first_special


def factors(requirement: Requirement) -> tuple[frozenset[str], ...]:
    """An alternative's factors, its static key first."""
    key, others = requirement
    return (key, *others)


def build(
    needs: Sequence[list[Requirement] | None],
    trigger_words: Sequence[str] = (),
    choice: Choice | None = None,
    like: LiteralAutomaton | None = None,
) -> Keys:
    """The keys of every target's alternatives (the static key unless `choice` says another
    factor); `like`: an automaton whose progress (and upgrade) the new one takes over: its
    fast searcher, if not built yet, is then built only once, over the new keys."""
    words: dict[str, list[tuple[int, int]]] = {}
    checks: dict[tuple[int, int], tuple[tuple[bytes, ...], ...]] = {}
    non_ascii_keys: list[tuple[int, int]] = []
    for index, target_needs in enumerate(needs):
        for alt, requirement in enumerate(target_needs or ()):
            every = factors(requirement)
            at = (choice or {}).get((index, alt), 0)
            key = every[at]
            others = every[:at] + every[at + 1 :]
            if any(is_non_ascii(lit) and lit != NON_ASCII for lit in key):
                others = (key, *others)  # the prefilter only finds "non-ASCII": check it
            if others:
                checks[(index, alt)] = tuple(
                    tuple(sorted(lit.encode("utf-8") for lit in f)) for f in others
                )
            for literal in sorted(key):  # (a set: sorted, so a stored database fits)
                if is_non_ascii(literal):
                    non_ascii_keys.append((index, alt))
                else:
                    words.setdefault(literal, []).append((index, alt))
    for word in trigger_words:
        words.setdefault(word, []).append((TRIGGER, 0))
    # Literals are folded; the haystack is lowered bytes (see `Matcher.scan_chunk`). Halves of
    # long keys are words too: they find a key that a hard wrap cut in two (`wraps`).
    halves = wraps.half_words(words)
    all_words = [*words, *(w for w in halves if w not in words)]
    # Last, the characters that send a chunk to the text path (found in the same pass).
    encoded = [word.encode("utf-8") for word in all_words] + list(UTF8_FOLD_SPECIALS)
    automaton = (
        like.successor(encoded)
        if like is not None
        else LiteralAutomaton(encoded, lowered=True, shared=True)  # (the annotators ride along)
    )
    nothing = ((),) * len(UTF8_FOLD_SPECIALS)
    return Keys(
        checks,
        non_ascii_keys,
        [*(tuple(sorted(set(words.get(w, ())))) for w in all_words), *nothing],
        [*(tuple(halves.get(w, ())) for w in all_words), *nothing],
        automaton,
        len(all_words),
    )


def _eligible(factor: frozenset[str]) -> bool:
    return all(not is_non_ascii(lit) and len(lit.encode()) >= MIN_KEY_BYTES for lit in factor)


def rarest(needs: Sequence[list[Requirement] | None], haystack: bytes) -> Choice:
    """For each alternative with a choice, the factor least frequent in `haystack` (a lowered
    sample of the log), when it is clearly rarer than the static key (at most half as many
    occurrences: a tie keeps the static choice)."""
    eligible: dict[frozenset[str], bool] = {}  # (many alternatives share a factor)
    literals: dict[str, int] = {}
    options = []  # per alternative with a choice: its eligible factors' literals, by position
    for index, target_needs in enumerate(needs):
        for alt, (key, others) in enumerate(target_needs or ()):
            if not others:
                continue
            scored = []
            for at, factor in enumerate((key, *others)):
                fit = eligible.get(factor)
                if fit is None:
                    fit = eligible[factor] = _eligible(factor)
                if fit:
                    scored.append((at, [literals.setdefault(lit, len(literals)) for lit in factor]))
                elif not at:
                    break  # the static key is not countable: keep it
            else:
                options.append(((index, alt), scored))
    if not literals:
        return {}
    counter = LiteralAutomaton([lit.encode("utf-8") for lit in literals])  # the cheap NFA
    found = counter.find_matches_as_indexes(haystack[:SAMPLE_BYTES], overlapping=True)
    counts = Counter(map(itemgetter(0), found))
    choice: Choice = {}
    for pair, scored in options:
        totals = [(sum(counts[lit] for lit in lits), at) for at, lits in scored]
        best, at = min(totals)
        if at and best * 2 <= totals[0][0] and totals[0][0] > 0:
            choice[pair] = at
    return choice
