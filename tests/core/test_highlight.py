"""The log lexer: what each kind of span covers, offsets, speed path equal to pygments' own."""

from __future__ import annotations

import random

import pytest
from pygments.lexer import RegexLexer
from pygments.token import Text

from triage_app.core.highlight import KINDS, LogLexer, highlight_spans


def kinds_of(text: str) -> dict[str, str]:
    """Highlighted substring -> kind."""
    return {text[s : s + n]: kind for s, n, kind in highlight_spans(text)}


def test_iso_timestamp_and_levels() -> None:
    line = "2026-11-28 03:12:03,254 ERROR dist: failed; 2026-11-28T03:12:04Z WARNING again"
    found = kinds_of(line)
    assert found["2026-11-28 03:12:03,254"] == "timestamp"
    assert found["2026-11-28T03:12:04Z"] == "timestamp"
    assert found["ERROR"] == "level_error"
    assert found["WARNING"] == "level_warn"


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("ERROR", "level_error"),
        ("FATAL", "level_error"),
        ("CRITICAL", "level_error"),
        ("WARN", "level_warn"),
        ("WARNING", "level_warn"),
        ("INFO", "level_info"),
        ("DEBUG", "level_debug"),
        ("TRACE", "level_debug"),
    ],
)
def test_level_words(word: str, kind: str) -> None:
    assert kinds_of(f"12:00:01 {word} something happened")[word] == kind


def test_level_word_inside_another_word_is_not_a_level() -> None:
    assert "ERROR" not in kinds_of("XERRORS are not levels")
    assert "INFO" not in kinds_of("INFORMATION")


def test_glog_timestamp() -> None:
    found = kinds_of("[rank0]:[E1128 03:45:10.986203 ProcessGroupNCCL.cpp:616] timeout")
    assert found["E1128 03:45:10.986203"] == "timestamp"


def test_python_traceback_and_frames() -> None:
    assert kinds_of("Traceback (most recent call last):") == {
        "Traceback (most recent call last):": "traceback"
    }
    frame = '  File "/opt/conda/lib/python3.11/site-packages/torch/_tensor.py", line 626, in f'
    found = kinds_of(frame)
    assert found["File "] == "frame"
    assert found['"/opt/conda/lib/python3.11/site-packages/torch/_tensor.py"'] == "path"
    assert found["626"] == "number"
    assert kinds_of("torch.OutOfMemoryError: CUDA out of memory")["torch.OutOfMemoryError"] == (
        "traceback"
    )


def test_java_and_node_frames() -> None:
    found = kinds_of("\tat com.example.Foo.bar(Foo.java:42)")
    assert found["at com.example.Foo.bar("] == "frame"
    assert found["Foo.java:42"] == "path"
    found = kinds_of("    at Object.<anonymous> (/srv/app/index.js:3:9)")
    assert "frame" in found.values()


def test_paths_urls_numbers_strings() -> None:
    line = (
        "loading /mnt/data/ft-mix-v3 from https://example.com/a?b=1 "
        "size=412 ratio=0.95 addr=0x7f3a 'quoted name' \"double\" C:\\Users\\ci\\build.log"
    )
    found = kinds_of(line)
    assert found["/mnt/data/ft-mix-v3"] == "path"
    assert found["https://example.com/a?b=1"] == "url"
    assert found["412"] == "number"
    assert found["0.95"] == "number"
    assert found["0x7f3a"] == "number"
    assert found["'quoted name'"] == "string"
    assert found['"double"'] == "string"
    assert found["C:\\Users\\ci\\build.log"] == "path"


def test_digits_inside_words_are_not_numbers() -> None:
    assert "0" not in kinds_of("rank0 sm_80 cuda12")


def test_spans_are_ordered_disjoint_and_in_range() -> None:
    line = '[rank3]: 2026-11-28 03:12:03,254 ERROR File "/a/b.py", line 3 at x.y(z.java:1)'
    spans = highlight_spans(line)
    assert spans
    end = 0
    for start, length, kind in spans:
        assert start >= end and length > 0 and kind in KINDS.values()
        end = start + length
    assert end <= len(line)


def test_empty_and_plain_text() -> None:
    assert highlight_spans("") == []
    assert highlight_spans("nothing to see here") == []


def test_offsets_are_character_offsets_into_the_given_text() -> None:
    line = "\t\u00e9\u4e2d ERROR \x1b tab\there"
    (start, length, kind), *_ = highlight_spans(line)
    assert line[start : start + length] == "ERROR" and kind == "level_error"


def _merged(tokens) -> list:
    out = []
    for pos, token, value in tokens:
        if not value:
            continue
        if token is Text and out and out[-1][1] is Text:
            out[-1] = (out[-1][0], Text, out[-1][2] + value)
        else:
            out.append((pos, token, value))
    return out


def test_fast_tokenizer_equals_pygments_rule_by_rule_tokenizer() -> None:
    """The one-regex fast path must give exactly what RegexLexer's own loop gives."""
    fragments = [
        "2026-11-28 03:12:03,254",
        "ERROR",
        "error:",
        "WARN",
        "Info]",
        "DEBUG",
        "x",
        "rank0",
        "File ",
        '"/a/b.py"',
        ", line ",
        "42",
        "at ",
        "com.x.Y(",
        "Y.java:3)",
        "/opt/x",
        "~/a",
        "./b",
        "C:\\x\\y",
        "https://h/p",
        "'s'",
        "it's",
        "0x1F",
        "-3.5e-4",
        "ValueError",
        "Traceback (most recent call last):",
        " ",
        "  ",
        "\t",
        ":",
        "[",
        "]",
        "=",
        "(",
        ")",
        "a/b.c",
        "12:00:01",
        "E1128 03:45:10.1",
        "FAILED",
        "panic:",
        "é",
        "中文",
        "\\",
        '"',
    ]
    rng = random.Random(1234)
    lexer = LogLexer()
    for _ in range(3000):
        line = "".join(rng.choice(fragments) for _ in range(rng.randint(0, 14)))
        fast = _merged(lexer.get_tokens_unprocessed(line))
        reference = _merged(RegexLexer.get_tokens_unprocessed(lexer, line))
        assert fast == reference, line


def test_lexer_works_with_pygments_highlight() -> None:
    from pygments import highlight
    from pygments.formatters import NullFormatter

    text = "2026-11-28 03:12:03 ERROR boom\n"
    assert highlight(text, LogLexer(), NullFormatter()) == text
