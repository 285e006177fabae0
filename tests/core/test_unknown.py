"""Unknown errors: error-level lines grouped by template (Drain-style), bounded."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core.unknown import (
    _HAS_WORD,
    _LEVELISH,
    _MASKS,
    TemplateMiner,
    UnknownCollector,
    UnknownRecorder,
    mask,
    tokens_of,
)

BENIGN = Path(__file__).resolve().parents[1] / "catalog" / "benign"

# A Spark job that died of a NoSuchMethodError, lines as quoted in public threads:
# harsha2010/magellan#115, sorenmacbeth/flambo#134, SHSE/spark-es#3, apache/hudi#2031.
SPARK = """\
17/06/12 10:59:14 INFO SparkContext: Running Spark version 2.1.1
17/06/12 10:59:16 ERROR Executor: Exception in task 0.0 in stage 0.0 (TID 0)
java.lang.NoSuchMethodError: org.apache.commons.io.IOUtils.readFully(Ljava/io/InputStream;[B)V
\tat magellan.mapreduce.WholeFileReader.nextKeyValue(WholeFileReader.scala:47)
\tat org.apache.spark.rdd.NewHadoopRDD$$anon$1.hasNext(NewHadoopRDD.scala:199)
2018-07-31 21:09:12,817 ERROR executor.Executor:91 - Exception in task 3.0 in stage 2.0 (TID 10)
java.lang.NoSuchMethodError: net.jpountz.lz4.LZ4BlockInputStream.<init>(Ljava/io/InputStream;Z)V
\tat org.apache.spark.io.LZ4CompressionCodec.compressedInputStream(CompressionCodec.scala:122)
16/11/06 17:30:18 WARN spark.ExecutorAllocationManager: Attempted to mark unknown executor 5 idle
16/11/06 17:30:18 ERROR scheduler.LiveListenerBus: Listener SQLListener threw an exception
java.lang.NullPointerException
20/08/25 10:01:22 ERROR scheduler.TaskSetManager: Task 0 in stage 3.0 failed 1 times; aborting job
17/06/12 10:59:16 ERROR Executor: Exception in task 1.0 in stage 0.0 (TID 1)
"""


def _collect(text: str, explained: set[int] | None = None, **kw) -> UnknownCollector:
    collector = UnknownCollector(**kw)
    collector.feed_chunk(text.encode("utf-8"), 1, explained or set())
    return collector


def test_masks_variable_parts() -> None:
    line = (
        "2024-01-15T10:23:45.123Z ERROR job 3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b on 10.0.0.12:7077 "
        "read '/data/in.csv' at 0x7ffd5e8c failed after 3 tries in /opt/app/lib/io.py"
    )
    assert mask(line) == (
        "<TS> ERROR job <UUID> on <IP> read <STR> at <HEX> failed after <NUM> tries in <PATH>"
    )


# Every mask's matches whole, pieces of them and near misses, joined by hypothesis into lines.
_MASK_PIECES = ["2024-01-15T10:23:45.123Z", "2024-01-15 10:23", "12/31/24 10:23:45", "10:23:45,5",
                "3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b", "01234567-89bc-def0-1234-56789bcdef01",
                "10.0.0.12:7077", "0x7ffd", "deadbeef12",
                "'a b'", '"q"', "`c`", "/opt/io.py", "\\opt\\io.py", "C:\\x\\y", "../a/b",
                "2024-01-15", "T", " ", "10:23", ".123", "-9a4d", "'", '"', "`", "/", "\\", "C:",
                "..", "opt", "42", "-7", "1.2.3", "<", ">", "x", "ERROR"]  # fmt: skip


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_MASK_PIECES), max_size=24).map("".join))
def test_masks_skipped_for_lacking_a_character_change_nothing(line: str) -> None:
    every = line
    for pattern, placeholder, _needs in _MASKS:  # each mask searched for on every line
        every = pattern.sub(placeholder, every)
    assert mask(line) == every


def test_spark_no_such_method_groups() -> None:
    groups = _collect(SPARK).to_json()
    by_template = {g["template"]: g for g in groups}
    # Both executors' task failures share one template although prefix and numbers differ?
    # They do not: the two log4j layouts differ in tokens, so they stay apart; the two lines
    # with the same layout (lines 2 and 13) join.
    task = next(g for g in groups if g["first_line"] == 2)
    assert task["count"] == 2 and task["lines"] == [2, 13]
    assert (
        task["template"]
        == "<TS> ERROR Executor: Exception in task <NUM> in stage <NUM> (TID <NUM>)"
    )
    nsme = [g for g in groups if "NoSuchMethodError" in g["template"]]
    assert [g["first_line"] for g in nsme] == [3]
    assert nsme[0]["count"] == 2 and nsme[0]["lines"] == [3, 7]
    assert nsme[0]["text"].startswith("java.lang.NoSuchMethodError: org.apache.commons.io")
    assert any(g["first_line"] == 11 for g in groups)  # the bare NullPointerException
    assert all("INFO" not in t and "WARN" not in t for t in by_template)  # healthy lines never
    assert all(g["first_line"] not in (4, 5, 8) for g in groups)  # stack frames are not errors


def test_explained_lines_are_skipped() -> None:
    groups = _collect(SPARK, explained={3, 7}).to_json()
    assert not any("NoSuchMethodError" in g["template"] for g in groups)


def test_is_error_level_is_the_callers_choice() -> None:
    only_java = _collect(SPARK, is_error_level=lambda text: text.startswith("java.lang.")).to_json()
    assert sorted(g["first_line"] for g in only_java) == [3, 11]  # 3 and 7 join


def test_traceback_header_is_not_an_error_of_its_own() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/main.py", line 3, in <module>\n'
        "ValueError: invalid literal for int() with base 10: 'x'\n"
    )
    groups = _collect(text).to_json()
    assert [g["first_line"] for g in groups] == [3]


def test_group_cap_counts_the_rest_and_lines_are_capped() -> None:
    miner = TemplateMiner(max_groups=2, max_lines=3)
    collector = UnknownCollector(miner=miner)
    text = "".join(f"ERROR: task {i} failed\n" for i in range(10))
    text += "FATAL: disk quota exceeded\nERROR: cannot reach the metadata service\n"
    text += "panic: runtime error: index out of range\n"
    collector.feed_chunk(text, 1, set())
    groups = collector.to_json()
    assert len(groups) == 2
    assert groups[0]["count"] == 10 and groups[0]["lines"] == [1, 2, 3]
    assert collector.overflow == 1 + 1  # the metadata line and the panic found no room


def test_long_lines_are_folded() -> None:
    tokens = tokens_of("ERROR " + " ".join(f"w{i}x" for i in range(500)))
    assert len(tokens) == 48 and tokens[-1] == "<*>"


def test_text_and_bytes_chunks_agree() -> None:
    as_bytes = _collect(SPARK).to_json()
    collector = UnknownCollector()
    collector.feed_chunk(SPARK, 1, set())
    assert collector.to_json() == as_bytes


def test_glog_error_lines_are_candidates() -> None:
    text = (
        "I0312 10:00:00.000000    1 main.go:10] starting\n"
        "E0312 10:00:01.000000    1 reflector.go:138] watch of *v1.Pod ended with: too old resource version\n"
    )
    seen: list[str] = []
    collector = UnknownCollector(is_error_level=lambda t: seen.append(t) or t.startswith("E"))
    collector.feed_chunk(text, 1, set())
    assert [g["first_line"] for g in collector.to_json()] == [2]
    assert all(not t.startswith("I0312") for t in seen)


def test_healthy_corpus_gives_no_unknown_group() -> None:
    for path in sorted(BENIGN.glob("*.log")):
        collector = UnknownCollector()
        collector.feed_chunk(path.read_bytes(), 1, set())
        assert collector.to_json() == [], path.name


def test_error_level() -> None:
    from triage_app.core.unknown import error_level

    yes = [
        "java.lang.NullPointerException",
        "ValueError: invalid literal for int() with base 10: 'x'",
        "[rank3]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB.",
        'Exception in thread "main" java.lang.NoSuchMethodError: scala.Predef$.refArrayOps',
        "panic: runtime error: index out of range [5] with length 3",
        "error: linker `cc` not found",
        "2024-01-15 10:23:45,120 ERROR [worker-2] Job 42 lost its lease",
    ]
    no = [
        "test src/error.rs - Error (line 12) ... ok",
        "# ERROR: 0",
        "2024-01-15 10:23:45,120 INFO [worker-2] retrying after ValueError: x",
        "All 12 tests passed, errors=0",
        "Traceback (most recent call last):",
    ]
    assert [error_level(t) for t in yes] == [True] * len(yes)
    assert [error_level(t) for t in no] == [False] * len(no)


def test_lines_continuing_an_explained_block_are_explained() -> None:
    # npm 8's ERESOLVE block (tests/heldout/logs/npm-eresolve-notice.log): line 1 is matched by
    # an entry; the lines below it with the same "npm ERR!" marker belong to that error.
    text = (
        "npm ERR! code ERESOLVE\n"
        "npm ERR! ERESOLVE unable to resolve dependency tree\n"
        "npm ERR! \n"
        "npm ERR! Found: eslint@7.30.0\n"
        "npm ERR! node_modules/eslint\n"
        "some other output\n"
        "npm ERR! A complete log of this run can be found in:\n"
    )
    groups = _collect(text, explained={1, 2}).to_json()
    assert [g["first_line"] for g in groups] == [7]  # after a break, a new block
    assert _collect(text, explained=set()).to_json()[0]["first_line"] == 1
    assert all(g["text"].strip() != "npm ERR!" for g in _collect(text).to_json())


# Lines for the shortcut check below: npm blocks (their marker continues an explained line),
# error-level lines of several kinds, and lines that are not errors.
_POOL = [
    "npm ERR! code ERESOLVE",
    "npm ERR! ERESOLVE unable to resolve dependency tree",
    "npm ERR! ",
    "npm ERR! Found: eslint@7.30.0",
    "npm WARN deprecated request@2.88.2",
    "2026-12-01T12:00:03.003Z ERROR worker-3 attempt 3: ConnectionRefusedError: refused",
    "E1201 12:00:01.000001  4242 reflector.go:138] Failed to watch *v1.Pod",
    "error: linker command failed with exit code 1",
    "Traceback (most recent call last):",
    "INFO all good, no errors",
    "building module 3 of 9",
]


def _reference(lines: list[str], explained: set[int]) -> list[dict]:
    """Every line's level judged, one by one, in file order (no shortcut)."""
    collector = UnknownCollector()
    for number, line in enumerate(lines, 1):
        if (
            collector.accepts(line)
            and not collector._explained(number, line, explained)
            and _HAS_WORD.search(_LEVELISH.sub("", line))
        ):
            collector.miner.add(number, line)
    return collector.to_json()


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(range(len(_POOL))), min_size=1, max_size=40),
    st.sets(st.integers(1, 40)),
    st.integers(1, 39),
)
def test_explained_lines_skipped_unread_give_what_reading_every_line_gives(
    picks: list[int], explained: set[int], cut: int
) -> None:
    lines = [_POOL[i] for i in picks]
    expected = _reference(lines, explained)
    whole = UnknownCollector()
    whole.feed_chunk(("\n".join(lines) + "\n").encode(), 1, explained)
    assert whole.to_json() == expected
    # in two chunks, recorded and replayed in order as a parallel scan does
    cut = min(cut, len(lines))
    collector, recorder = UnknownCollector(), UnknownRecorder()
    for first, part in ((1, lines[:cut]), (cut + 1, lines[cut:])):
        if part:
            recorder.feed_chunk(("\n".join(part) + "\n").encode(), first, explained)
            collector.replay(recorder.kept)
            recorder.kept = []
    assert collector.to_json() == expected
