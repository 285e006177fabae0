"""Literal weights: the heaviest branch first, stopping at the first that decides, gives the
weight of the definition (the heaviest branch that matches where the match starts and ends
where it ends, else the heaviest that matches there, else the static weight)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.weigh import LiteralWeigher

PATTERNS = [
    r"(COPY|ADD).*cache miss|layer cache|--no-cache|cache bust",
    r"(Slow query|planMillis|command.*exceeded|slow.*operation)",
    r"ab|abc|abcd|a.*d|b",
    r"(?:a+b|ab+|aab)c?",
    r"error|err|e",
    r"cache",
    # branches told apart by their first characters (`LiteralWeigher._starting_with`), with
    # letters IGNORECASE gives three cases (s/S/ſ, k/K/K), classes, categories, anchors
    r"\d+ errors?|[a-c]x|ſtop|Kelvin|\bword|(?:x)?stop|.*op",
]


def _defined(weigher: LiteralWeigher, text: str, match: re.Match[str]) -> int:
    weights = [
        w
        for p, w in weigher.branches
        if (m := p.match(text, match.start())) and m.end() == match.end()
    ]
    if not weights:
        weights = [w for p, w in weigher.branches if p.match(text, match.start())]
    return max(weights) if weights else weigher.static


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdeCOPY ADslow query-nh12ſKKelvintpwrdx", max_size=40))
def test_weigh_is_the_heaviest_branch_that_decides(text: str) -> None:
    for regex, weigher in zip(PATTERNS, WEIGHERS, strict=True):
        for match in re.compile(regex, re.IGNORECASE).finditer(text):
            assert weigher.weigh(text, match) == _defined(weigher, text, match)


# Shared by the examples: what a weigher remembers per first character is tested too.
WEIGHERS = [LiteralWeigher(regex, re.IGNORECASE) for regex in PATTERNS]
for _weigher in WEIGHERS:
    _weigher._uses = 1 << 30  # sorted by first character from the first match on


def test_the_matched_branch_decides_the_weight() -> None:
    regex = r"(COPY|ADD).*cache miss|layer cache|--no-cache|cache bust"
    weigher = LiteralWeigher(regex, re.IGNORECASE)
    text = "Step 1/2 : RUN pip install --no-cache-dir x"
    assert weigher.weigh(text, re.search(regex, text, re.IGNORECASE)) == len("--no-cache")
    text = "COPY . /app: cache miss"
    assert weigher.weigh(text, re.search(regex, text, re.IGNORECASE)) == len(
        "ADDcache miss"
    )  # the group counts its lightest
