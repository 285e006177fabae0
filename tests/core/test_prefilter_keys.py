"""The literal prefilter's keys: sharper requirements, still exactly the reference's results."""

from __future__ import annotations

import re

from triage_app.core.events import ChunkState, reference_scan
from triage_app.core.literals import NON_ASCII, requirements
from triage_app.core.matcher import Matcher, Target


def _scan(lines: list[str], matcher: Matcher, as_bytes: bool) -> dict[int, set[str]]:
    out, state = {}, ChunkState()
    for start in range(0, len(lines), 7):
        chunk = "\n".join(lines[start : start + 7]) + "\n"
        data = chunk.encode("utf-8") if as_bytes else chunk
        for m in matcher.scan_chunk(data, start + 1, None, state):
            ids = {c.entry_id for c in m.candidates if c.kind == "regex"}
            if ids:
                out[m.line] = ids
    return out


def _assert_exact(lines: list[str], matcher: Matcher) -> dict[int, set[str]]:
    expected = {
        n: {c.entry_id for c in m.candidates} for n, m in reference_scan(matcher, lines).items()
    }
    assert _scan(lines, matcher, as_bytes=True) == expected
    assert _scan(lines, matcher, as_bytes=False) == expected
    return expected


def test_a_prefix_that_re_moves_out_of_an_alternation_joins_each_branch():
    # re parses `OOMKilled|Out of memory|OOM` as `O(?:OMKilled|ut of memory|OM)`: the key is
    # the whole words, not the fragment "om" that half of all log lines hold.
    [(key, _others)] = requirements("OOMKilled|Out of memory|OOM", re.IGNORECASE)
    assert key == {"oomkilled", "out of memory", "oom"}


def test_a_cased_non_ascii_literal_is_checked_on_the_line_not_just_any_non_ascii():
    [(key, _others)] = requirements("за здоровье", re.IGNORECASE)
    assert key == {NON_ASCII + "за здоровье"}
    assert requirements("pip.*install.*[가-힣]", re.IGNORECASE)[0][1][-1] == {NON_ASCII}
    # a class holding a character IGNORECASE equates with ASCII (Kelvin sign ~ k) is no such
    # requirement
    assert all(NON_ASCII not in f for f in requirements("x[\u212a-\u212b]", re.IGNORECASE)[0][1])


def test_sharper_keys_give_the_reference_results():
    targets = [
        Target.compile("x/oom", "OOM", "OOMKilled|Out of memory|OOM"),
        Target.compile("x/toast", "toast", "(Russian.*toast|за здоровье|нож.*подарок)"),
        Target.compile("x/pip", "pip", "(pip.*install.*[가-힣]|venv.*encode.*error)"),
        Target.compile("x/tet", "tet", r"\b(Tết|giỗ)\b"),
    ]
    matcher = Matcher(targets)
    lines = [
        "the room is full",
        "container OOMKilled",
        "Killed: Out of Memory",
        "ЗА ЗДОРОВЬЕ!",
        "За здоровье, друзья",
        "здоровье за",
        "нож — плохой ПОДАРОК",
        "ПОДАРОК нож",
        "pip install 패키지",
        "pip install package",
        "Chúc mừng TẾT",
        "tết",
        "Tét",
        "\u212aelvin Tết",
    ]
    found = _assert_exact(lines, matcher)
    assert found == {
        1: {"x/oom"},  # IGNORECASE: "room" holds "oom"
        2: {"x/oom"},
        3: {"x/oom"},
        4: {"x/toast"},
        5: {"x/toast"},
        7: {"x/toast"},
        9: {"x/pip"},
        11: {"x/tet"},
        12: {"x/tet"},
        14: {"x/tet"},
    }


def _big_log() -> list[str]:
    """Over a megabyte (so the first chunk is sampled for key frequencies) in which the
    static keys are everywhere and the other required literals rare; some rare lines are
    hard-wrapped in the middle of their long literal."""
    common = [
        "2026-11-04T11:27:20Z INFO this is a very long and common prefix of every line: ok",
        "worker: connection established, error count 0 (build world)",
        "2026-11-04T11:27:21Z WARN connection pool at 80% (still no error)",
    ]
    rare = [
        "this is a very long and common prefix of every line, then the rare tail that "
        "only few lines hold",
        "ld: error: undefined symbol",
        "connection lost while talking to the MQTT broker",
    ]
    lines = []
    for n in range(16000):
        lines.append(common[n % 3])
        if n % 997 == 5:
            lines.append(rare[n % 3])
        if n % 1999 == 11:  # the rare tail cut by a wrap at 80 columns
            text = "x" * 30 + " the rare tail that only few lines hold, and more"
            lines.extend([text[:60] + "the rare t", "ail that only few lines hold"])
    return lines


def test_keys_chosen_by_frequency_give_the_reference_results():
    targets = [
        Target.compile(
            "x/tail",
            "tail",
            r"this is a very long and common prefix.*the rare tail that only few lines hold"
            r"|the rare tail that only few lines hold",
        ),
        Target.compile("x/ld", "ld", r"\bld\b.*error"),
        Target.compile("x/mqtt", "mqtt", r"MQTT.*connection.*lost|connection.*lost.*MQTT"),
    ]
    matcher = Matcher(targets)
    lines = _big_log()
    text = "\n".join(lines) + "\n"
    assert len(text) > 1_000_000
    static = list(matcher._word_targets)
    found = {}
    state = ChunkState()
    for m in matcher.scan_chunk(text.encode("utf-8"), 1, None, state):
        found[m.line] = {c.entry_id for c in m.candidates if c.kind == "regex"}
    assert matcher._sampled and matcher._word_targets != static  # the keys did change
    expected = {
        n: {c.entry_id for c in m.candidates} for n, m in reference_scan(matcher, lines).items()
    }
    assert found == expected
    assert {"x/tail", "x/ld", "x/mqtt"} <= set().union(*expected.values())
    assert any(m.event_lines for m in reference_scan(matcher, lines).values())  # a wrap join
