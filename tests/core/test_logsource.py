"""Reading logs: compression by magic, encodings, line endings as grep -n, refusals."""

from __future__ import annotations

import bz2
import codecs
import gzip
import io
import lzma
import os
import shutil
import subprocess
import sys

import pytest

from triage_app.core.logsource import LogError, open_log

TEXT = "first line\r\nsecond\rwith progress\n\x1b[31mcoloured\x1b[0m line\n\nlast without newline"
LINES = [
    "first line",
    "second\rwith progress",
    "\x1b[31mcoloured\x1b[0m line",
    "",
    "last without newline",
]


def _read(path, **kw):
    with open_log(path, **kw) as source:
        return source.info, list(source.lines()), source.warning


@pytest.mark.parametrize(
    ("compress", "name"),
    [(gzip.compress, "gzip"), (bz2.compress, "bzip2"), (lzma.compress, "xz"), (None, None)],
)
def test_compression_is_detected_by_magic_not_extension(tmp_path, compress, name):
    raw = TEXT.encode()
    path = tmp_path / "misleading.txt.zip"
    path.write_bytes(compress(raw) if compress else raw)
    info, lines, warning = _read(path)
    assert info.compression == name
    assert lines == LINES
    assert warning is None


def test_multi_member_gzip_reads_every_member(tmp_path):
    path = tmp_path / "a.gz"
    path.write_bytes(gzip.compress(b"one\n") + gzip.compress(b"two\n"))
    assert _read(path)[1] == ["one", "two"]


def test_truncated_gzip_keeps_what_was_read_and_warns(tmp_path):
    data = b"".join(b"line %d\n" % i for i in range(50000))
    blob = gzip.compress(data)
    path = tmp_path / "cut.log.gz"
    path.write_bytes(blob[: len(blob) // 2])
    _info, lines, warning = _read(path)
    assert 0 < len(lines) < 50000
    assert lines[:3] == ["line 0", "line 1", "line 2"]
    assert "ends early" in warning


def test_garbage_after_gzip_magic_is_a_clear_error(tmp_path):
    path = tmp_path / "bad.gz"
    path.write_bytes(b"\x1f\x8b" + b"garbage" * 20)
    with pytest.raises(LogError, match="cannot decompress"):
        open_log(path)


@pytest.mark.parametrize(
    ("codec", "expected"),
    [
        ("utf-8", "utf-8"),
        ("utf-8-sig", "utf-8-sig"),
        ("utf-16", "utf-16"),
        ("utf-16-le", "utf-16-le"),
        ("utf-16-be", "utf-16-be"),
        ("utf-32", "utf-32"),
    ],
)
def test_unicode_encodings(tmp_path, codec, expected):
    text = TEXT + "\nüñí 中文 😀"
    path = tmp_path / "u.log"
    path.write_bytes(text.encode(codec))
    info, lines, _ = _read(path)
    assert info.encoding == expected
    assert lines == [*LINES[:-1], "last without newline", "üñí 中文 😀"]


def test_gbk_log_from_a_chinese_windows_machine(tmp_path):
    text = "".join(
        f"2024-05-0{i % 9 + 1} 12:00:0{i % 10} 错误：无法连接到数据库服务器，请检查网络配置。"
        f"第{i}次重试失败。\n"
        for i in range(40)
    )
    path = tmp_path / "gbk.log"
    path.write_bytes(text.encode("gbk"))
    info, lines, _ = _read(path)
    assert info.encoding in ("gbk", "gb18030", "gb2312")
    assert lines[0].endswith("第0次重试失败。")
    assert info.encoding_method == "detector"


def test_cp1252_log(tmp_path):
    text = "Café résumé naïve — “quoted” build failed\n" * 30
    path = tmp_path / "win.log"
    path.write_bytes(text.encode("cp1252"))
    _info, lines, _ = _read(path)
    assert lines[0] == "Café résumé naïve — “quoted” build failed"


def test_encoding_override_and_unknown_encoding(tmp_path):
    path = tmp_path / "a.log"
    path.write_bytes("é\n".encode("latin-1"))
    info, lines, _ = _read(path, encoding="latin-1")
    assert (info.encoding, info.encoding_method, lines) == ("iso8859-1", "override", ["é"])
    with pytest.raises(LogError, match="unknown encoding"):
        open_log(path, encoding="no-such-codec")


def test_invalid_bytes_are_replaced_never_raised(tmp_path):
    path = tmp_path / "mixed.log"
    path.write_bytes(b"ok line\n" * 10000 + b"bad \xff\xfe byte\n")
    _info, lines, _ = _read(path)
    assert lines[-1] == "bad \ufffd\ufffd byte"


def test_stray_nul_bytes_are_tolerated(tmp_path):
    path = tmp_path / "crash.log"
    path.write_bytes(b"started\n" + b"working\n" * 100 + b"\x00" * 4096 + b"\nrestarted\n")
    _info, lines, _ = _read(path)
    assert lines[0] == "started" and lines[-1] == "restarted"


@pytest.mark.parametrize(
    "payload",
    [
        b"\x7fELF\x02\x01\x01" + b"\x00" * 100,
        b"PK\x03\x04" + os.urandom(2000),
        b"\x89PNG\r\n\x1a\n" + os.urandom(100),
        os.urandom(65536),
        b"\x00" * 5000,
    ],
)
def test_binary_files_are_refused_with_a_reason(tmp_path, payload):
    path = tmp_path / "thing.log"
    path.write_bytes(payload)
    with pytest.raises(LogError) as info:
        open_log(path)
    assert "thing.log" in str(info.value)
    assert any(word in str(info.value) for word in ("binary", "not a text log", "NUL"))


def test_missing_directory_and_fifo_are_refused_without_reading(tmp_path):
    with pytest.raises(LogError, match="no such file"):
        open_log(tmp_path / "missing.log")
    with pytest.raises(LogError, match="is a folder"):
        open_log(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(LogError, match="FIFO"):
        open_log(fifo)  # would block forever if it were opened


def test_device_is_refused():
    with pytest.raises(LogError, match="device or special file"):
        open_log("/dev/zero")


def test_unreadable_file_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "secret.log"
    path.write_text("x\n")
    real_open = open

    def deny(file, mode="r", *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr("builtins.open", deny)
    with pytest.raises(LogError, match="Permission denied"):
        open_log(path)


def test_standard_input(monkeypatch):
    fake = io.TextIOWrapper(io.BytesIO(gzip.compress(b"from stdin\n")))
    monkeypatch.setattr(sys, "stdin", fake)
    info, lines, _ = _read("-")
    assert (info.compression, lines, info.size) == ("gzip", ["from stdin"], None)


@pytest.mark.skipif(shutil.which("grep") is None, reason="grep is not installed")
def test_line_numbers_agree_with_grep_n(tmp_path):
    body = (
        "a\r\nprogress 10%\rprogress 100%\nERROR here\n\r\n\rERROR lone cr\n"
        "x" * 70000 + "\nERROR after long line\nERROR no newline at end"
    )
    path = tmp_path / "g.log"
    path.write_bytes(body.encode())
    grep = subprocess.run(["grep", "-n", "ERROR", str(path)], capture_output=True, check=True)
    expected = [int(row.split(b":", 1)[0]) for row in grep.stdout.split(b"\n") if row]
    _info, lines, _ = _read(path)
    ours = [i + 1 for i, line in enumerate(lines) if "ERROR" in line]
    assert ours == expected
    count = subprocess.run(["grep", "-c", "", str(path)], capture_output=True, check=True)
    assert len(lines) == int(count.stdout)


def test_bom_is_not_part_of_the_first_line(tmp_path):
    path = tmp_path / "bom.log"
    path.write_bytes(codecs.BOM_UTF8 + b"hello\n")
    assert _read(path)[1] == ["hello"]
