"""The compact form in which a parallel scan's workers send their matches (`parallel_task`):
what the parent rebuilds equals what the worker found, field for field, and a scan on two
processes still gives the one-process result on a log in which every line matches."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_parallel_scan import _tricky
from tests.support.loggen import generate, runaway_line
from tests.support.parallel_spy import spy_on_scans
from triage_app.cli import main as cli_main
from triage_app.core.catalog import default_catalog_dirs
from triage_app.core.catalog_cache import open_catalog
from triage_app.core.match_groups import MatchGroups
from triage_app.core.parallel_task import ChunkOut, pack_matches, unpack_matches
from triage_app.core.results import Candidate, LineMatch
from triage_app.core.scan import scan_file

pytestmark = pytest.mark.filterwarnings(
    "ignore:This process .* is multi-threaded:DeprecationWarning"
)

REGEX = Candidate("net/refused", "Connection refused", 1.0, "regex", (4, 22), 18, 0.9)
VARIANT = Candidate(
    "db/refused", "Verbindung abgelehnt", 1.0, "regex", (0, 20), 12, 0.85, 2, "de", "consequence"
)
FUZZY = Candidate("net/timeout", "Connection timed out", 0.8125, "fuzzy", None, 0, 0.5)


def _matches() -> list[LineMatch]:
    return [
        LineMatch(11, "a: Connection refused", False, (REGEX,)),
        LineMatch(12, "Verbindung abgelehnt", True, (VARIANT, REGEX), "error"),
        LineMatch(13, "connection timed out?", False, (FUZZY,), "warning"),
        LineMatch(15, "x Connection refused", False, (REGEX,), None, (14, 16), "joined\ntext"),
        LineMatch(16, "Verbindung abgelehnt", False, (VARIANT, REGEX), "error", (16, 16), ""),
        LineMatch(17, "Connection refused", False, (REGEX.with_span((0, 18)), FUZZY)),
    ]


def _same(got: list[LineMatch], want: list[LineMatch]) -> None:
    assert got == want
    # Equal values of another type (a list for a tuple, 1 for 1.0) would show in the repr.
    assert [repr(m) for m in got] == [repr(m) for m in want]


def _wire(packed):
    return pickle.loads(pickle.dumps(packed, -1))  # noqa: S301 - our own bytes


def test_every_field_comes_back_numbered_from_the_chunks_first_line() -> None:
    matches = _matches()
    packed = _wire(pack_matches(matches, 11))
    _same(unpack_matches(packed, 11), matches)
    moved = unpack_matches(packed, 111)  # the parent renumbers: every line number moves
    _same(moved, [m.shifted(100) for m in matches])
    assert moved[3].event_lines == (114, 116) and moved[3].event_text == "joined\ntext"


def test_candidates_are_sent_once_per_distinct_tuple_and_shared() -> None:
    matches = _matches() * 500
    rows, distinct = pack_matches(matches, 1)
    assert len(rows) == 3000 and len(distinct) == 4
    back = unpack_matches(_wire((rows, distinct)), 1)
    assert back == matches
    assert back[1].candidates is back[4].candidates is back[1 + 6 * 499].candidates


def test_a_chunk_renumbered_by_the_parent() -> None:
    matches = _matches()
    out = ChunkOut(999, 11, 7, pack_matches(matches, 11), None, 0, None, {3: 13})
    out = _wire(out)
    out.renumber(1011)
    _same(out.line_matches(), [m.shifted(1000) for m in matches])
    assert out.slow == {3: 1013}


_text = st.text(max_size=12)
_span = st.none() | st.tuples(st.integers(0, 500), st.integers(0, 500))
_candidates = st.builds(
    Candidate,
    st.sampled_from(["a/x", "b/y", "c/z"]),
    st.sampled_from(["sig one", "sig two"]),
    st.floats(0.0, 1.0),
    st.sampled_from(["regex", "fuzzy"]),
    _span,
    st.integers(0, 80),
    st.floats(0.0, 1.0),
    st.none() | st.integers(0, 3),
    st.none() | st.sampled_from(["de", "fr"]),
    st.sampled_from(["cause", "consequence", "summary"]),
)


@st.composite
def _chunk(draw) -> tuple[list[LineMatch], int]:
    first = draw(st.integers(1, 10_000))
    pool = draw(st.lists(_candidates, min_size=1, max_size=4))  # repeats, as in a real log
    matches = []
    line = first
    for _ in range(draw(st.integers(0, 30))):
        line += draw(st.integers(0, 3))
        event = None
        if draw(st.booleans()):
            event = (line - draw(st.integers(0, 5)), line + draw(st.integers(0, 2)))
        candidates = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3))
        matches.append(
            LineMatch(
                line,
                draw(_text),
                draw(st.booleans()),
                tuple(candidates),
                draw(st.none() | st.sampled_from(["error", "warning", "info"])),
                event,
                draw(st.none() | _text) if event else None,
            )
        )
    return matches, first


@settings(max_examples=200, deadline=None)
@given(_chunk(), st.integers(-5000, 5000))
def test_generated_matches_round_trip(chunk, shift) -> None:
    matches, first = chunk
    packed = _wire(pack_matches(matches, first))
    _same(unpack_matches(packed, first), matches)
    _same(unpack_matches(packed, first + shift), [m.shifted(shift) for m in matches])


@st.composite
def _shared_batch(draw) -> list[LineMatch]:
    """Matches with few distinct candidates tuples, as a chunk of a dense log brings them."""
    tuples = draw(st.lists(st.lists(_candidates, min_size=1, max_size=3), min_size=1, max_size=3))
    lines = draw(st.lists(st.integers(1, 400), min_size=6, max_size=40))
    return [
        LineMatch(
            line,
            "x",
            False,
            tuple(draw(st.sampled_from(tuples))),
            draw(st.none() | st.sampled_from(["error", "info"])),
        )
        for line in sorted(lines)
    ]


def _groups(batches, fits) -> list:
    groups = MatchGroups(examples=3, tail=2)
    for batch in batches:
        groups.add(batch)
    index = groups.finish({}, fits, frozenset({"b/y"}))
    return [
        (g.to_json(), g.signature, g.role, g.best_score, g.loud, [repr(m) for m in g.kept])
        for g in index.groups()
    ]


@settings(max_examples=150, deadline=None)
@given(
    _shared_batch(),
    _shared_batch(),
    st.dictionaries(st.sampled_from(["a/x", "c/z"]), st.integers(0, 2)),
)
def test_groups_of_shared_candidates_tuples_are_the_groups_of_copies(one, two, fits) -> None:
    """The parent's matches share one candidates tuple per distinct value in a chunk;
    `MatchGroups` counts such a batch once per tuple, with the same result."""
    shared = [unpack_matches(_wire(pack_matches(batch, 1)), 1) for batch in (one, two)]
    assert len({id(m.candidates) for m in shared[0]}) <= 3
    copies = [[m.with_candidates(tuple(list(m.candidates))) for m in b] for b in (one, two)]
    assert len({id(m.candidates) for m in copies[0]}) == len(one)
    assert _groups(shared, fits) == _groups(copies, fits)


# -- end to end: two processes against one ---------------------------------------------------


@pytest.fixture(scope="module")
def compiled():
    return open_catalog(default_catalog_dirs())


@pytest.fixture
def split(monkeypatch) -> list:
    """Every `ParallelScan` made; any file is split, in pieces of a few chunks."""
    return spy_on_scans(monkeypatch, 3 * 4096)


def _dense(path, lines: int = 6000) -> None:
    rows = [runaway_line(n) for n in range(lines)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


def _varied(path, compiled) -> None:
    examples = [x for e in compiled.catalog for x in (e.signature, *e.get("examples", []))]
    lines = generate(4000, examples, error_every=5, seed=3)
    # Lines judged together (wraps, JSON records, tracebacks, chains), and an error line that
    # no pattern matches but is close to an entry's signature (quotes changed: a fuzzy guess).
    guess = 'ERROR Dag "etl_daily" could not be found; either it does not exist or it failed'
    for at in range(200, 4000, 700):
        lines[at:at] = [*_tricky(compiled), f"{guess} to parse (run {at})"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_two_processes_equal_one_on_a_dense_log(tmp_path, compiled, split) -> None:
    log = tmp_path / "dense.log"
    _dense(log)
    matcher = compiled.matcher(fuzzy=True)
    one = scan_file(log, matcher, jobs=1, chunk_bytes=4096).to_json()
    two = scan_file(log, matcher, jobs=2, chunk_bytes=4096).to_json()
    [run] = split
    assert run.next_id > 10 and len(run.workers) == 2
    assert len(one["matches"]) == 6000 and two == one


def test_two_processes_equal_one_on_a_varied_log(tmp_path, compiled, split) -> None:
    log = tmp_path / "varied.log"
    _varied(log, compiled)
    matcher = compiled.matcher(fuzzy=True)
    one = scan_file(log, matcher, jobs=1, chunk_bytes=4096).to_json()
    two = scan_file(log, matcher, jobs=2, chunk_bytes=4096).to_json()
    assert split[0].next_id > 10 and two == one
    kinds = {m["kind"] for m in one["matches"]}
    events = [m for m in one["matches"] if m["event_lines"] and "event_text" in m]
    severities = {m["severity"] for m in one["matches"]}
    assert kinds == {"regex", "fuzzy"} and events and None in severities and "error" in severities


def test_the_cli_json_is_the_same_on_two_processes(tmp_path, split, capsys) -> None:
    log = tmp_path / "dense.log"
    _dense(log, 3000)
    docs = []
    for jobs in ("1", "2"):
        status = cli_main(["scan", "--format", "json", "--jobs", jobs, str(log)])
        docs.append((status, json.loads(capsys.readouterr().out)))
    assert docs[0] == docs[1] and len(split) == 1
