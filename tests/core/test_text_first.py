"""A file whose chunk held a character IGNORECASE equates with an ASCII letter (Turkish dotless
i, ...) sends its next chunk straight to the text path (`ChunkState.text_first`), while such
chunks keep coming: the same matches and carried state as the byte path first, fewer passes."""

from __future__ import annotations

import random

from triage_app.core import placement
from triage_app.core.chunklines import ByteLines
from triage_app.core.events import ChunkState
from triage_app.core.matcher import Matcher, Target

TARGETS = [
    Target.compile("x/file", "file missing", r"file missing: \S+"),
    Target.compile("x/conn", "connection refused", r"connection refused"),
    Target.compile("x/space", "no space", r"no space left on device"),
]
TURKISH = [
    "Bağlantı reddedildi: sunucu yanıt vermedi",
    "fıle missing: /etc/x",
    "F\u0130LE missing: a",
]
PLAIN = [
    "INFO all good",
    "ERROR connection refused",
    "file missing: /tmp/y",
    "no space left on device",
]


def _chunks(seed: int) -> list[bytes]:
    """Chunks of whole lines; some hold Turkish lines, some none, in runs and alone."""
    rng = random.Random(seed)
    out = []
    for _ in range(14):
        rows = [rng.choice(PLAIN) for _ in range(rng.randrange(1, 30))]
        if rng.random() < 0.5:
            rows.insert(rng.randrange(len(rows) + 1), rng.choice(TURKISH))
        out.append(("\n".join(rows) + "\n").encode("utf-8"))
    return out


def _scan(matcher: Matcher, chunks: list[bytes], hinted: bool) -> tuple[list, list]:
    state, first, found, states = ChunkState(), 1, [], []
    for chunk in chunks:
        if not hinted:
            state = state.copy()  # (a copy starts without the hint)
        for match in matcher.scan_chunk(chunk, first, None, state):
            found.append((match.line, match.text, [c.entry_id for c in match.candidates]))
        states.append(state.copy())
        first += chunk.count(b"\n")
    return found, states


def test_the_hint_changes_no_match_and_no_state(monkeypatch):
    byte_passes = []
    literal_hits = placement.literal_hits

    def counted(matcher, lines):
        if isinstance(lines, ByteLines):
            byte_passes.append(lines)
        return literal_hits(matcher, lines)

    monkeypatch.setattr(placement, "literal_hits", counted)
    matcher = Matcher(TARGETS)
    for seed in range(20):
        chunks = _chunks(seed)
        expected = _scan(matcher, chunks, hinted=False)
        unhinted = len(byte_passes)
        assert unhinted == len(chunks)
        del byte_passes[:]
        assert _scan(matcher, chunks, hinted=True) == expected
        turkish = [any(t.encode() in c for t in TURKISH) for c in chunks]
        after_turkish = sum(1 for a, b in zip(turkish, turkish[1:], strict=False) if a)
        assert len(byte_passes) == len(chunks) - after_turkish
        del byte_passes[:]


def test_the_hint_is_not_part_of_the_state():
    hinted = ChunkState("last line")
    hinted.text_first = True
    assert hinted == ChunkState("last line")
    assert hinted.copy().text_first is False
