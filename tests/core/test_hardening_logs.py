"""Hardening, findings 3, 6 and 9 (logs): decompression bombs, very long lines, odd
encodings. Bombs are real, generated here, and small."""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import charset_normalizer
import pytest

from tests.core.test_cli import run_cli
from triage_app.core import lineindex
from triage_app.core.decompress import DecompressingReader
from triage_app.core.encoding import detect
from triage_app.core.lineindex import decompress_to
from triage_app.core.logsource import LogError, open_log


def test_finding9_mixed_encoding_log_is_read_as_utf8_with_replacement():
    good = "2026-01-01 INFO ядро загружено, 中文 日志, café\n" * 40
    mixed = good.encode() + "Fehler: Datei nicht gefunden äöü\n".encode("cp1252") * 3
    detected = detect(mixed, at_eof=True)
    assert detected.encoding == "utf-8"
    assert "ядро загружено, 中文" in mixed.decode(detected.encoding, "replace")


def test_finding9_exotic_detector_guess_falls_back_to_cp1252(monkeypatch):
    guess = SimpleNamespace(encoding="cp1006", chaos=0.0, coherence=0.5)
    monkeypatch.setattr(charset_normalizer, "from_bytes", lambda _sample: [guess])
    sample = "Grüße aus München, Fehler beim Öffnen\n".encode("cp1252") * 20
    assert detect(sample, at_eof=True).encoding == "cp1252"


# -- finding 3: decompression bombs, temp copies ------------------------------------------------

ZEROS = (b"y" * 1023 + b"\n") * 8192  # 8 MiB of one repeated line (NULs would be "binary")


def _bomb(tmp_path, kind: str, streams: int = 128) -> Path:
    """`streams` concatenated streams of 8 MiB each (1 GiB from a few KB)."""
    one = {"bzip2": bz2.compress, "xz": lambda d: lzma.compress(d, preset=1)}[kind](ZEROS)
    path = tmp_path / f"bomb.{kind}"
    path.write_bytes(one * streams)
    return path


def _limit_memory(limit: int = 1024**3):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


@pytest.mark.parametrize("kind", ["bzip2", "xz"])
def test_finding3_bomb_is_stopped_with_a_clear_message_in_bounded_memory(tmp_path, kind):
    bomb = _bomb(tmp_path, kind)
    assert bomb.stat().st_size < 200_000
    done = subprocess.run(
        [sys.executable, "-m", "triage_app", "scan", str(bomb)],
        capture_output=True,
        timeout=300,
        preexec_fn=_limit_memory(),  # the whole 1 GiB at once does not fit
    )
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert "decompression bomb?" in err and "--max-expand" in err
    assert err.count("\n") == 1


def test_finding3_max_expand_sets_the_only_limit(tmp_path):
    bomb = _bomb(tmp_path, "bzip2", streams=4)  # 32 MiB: under the ratio floor
    ok = run_cli("scan", "--format", "json", str(bomb))
    assert ok.returncode in (0, 1), ok.stderr
    small = run_cli("scan", "--max-expand", "10M", str(bomb))
    assert small.returncode == 2
    assert "decompresses to more than 10.0 MiB" in small.stderr.decode()
    bad = run_cli("scan", "--max-expand", "lots", str(bomb))
    assert bad.returncode == 2 and b"not a size" in bad.stderr


def test_finding3_each_decompressor_call_is_bounded():
    reader = DecompressingReader(io.BytesIO(bz2.compress(ZEROS) * 8), "bzip2")
    sizes = []
    while chunk := reader.read(256 * 1024):
        sizes.append(len(reader._buffer) + len(chunk))
    assert max(sizes) <= 1024 * 1024 + 256 * 1024
    assert reader.expanded == 8 * len(ZEROS) and reader.damage is None


def _copies(folder: Path) -> list[Path]:
    return sorted(folder.glob("triage-*"))


def test_finding3_temp_copy_checks_free_space_first(tmp_path, monkeypatch):
    log = tmp_path / "big.log.gz"
    log.write_bytes(gzip.compress(b"a line of a log\n" * 400_000))  # 6.4 MB
    copies = tmp_path / "tmp"
    copies.mkdir()
    usage = shutil.disk_usage(copies)
    fake = usage._replace(free=lineindex.DISK_RESERVE + 1024 * 1024)
    monkeypatch.setattr(lineindex.shutil, "disk_usage", lambda _p: fake)
    with open_log(log) as source, pytest.raises(LogError, match="does not fit"):
        decompress_to(source, copies)
    assert _copies(copies) == []


_FULL_DISK_CHILD = """
import resource, signal, sys
from triage_app.core.lineindex import decompress_to
from triage_app.core.logsource import LogError, open_log
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (1024 * 1024, 1024 * 1024))
try:
    with open_log(sys.argv[1]) as source:
        decompress_to(source, sys.argv[2])
except LogError as exc:
    print(exc)
"""


def test_finding3_full_disk_gives_a_message_and_removes_the_partial_copy(tmp_path):
    """A real short write: the child may write files of at most 1 MiB (RLIMIT_FSIZE)."""
    log = tmp_path / "big.log.xz"
    log.write_bytes(lzma.compress(b"a line of a log\n" * 400_000))
    copies = tmp_path / "tmp"
    copies.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", _FULL_DISK_CHILD, str(log), str(copies)],
        capture_output=True,
        timeout=120,
    )
    assert b"cannot write the decompressed copy" in done.stdout, done.stderr
    assert _copies(copies) == []


_SLOW_COPY_CHILD = """
import sys, time
from triage_app.core.lineindex import decompress_to
from triage_app.core.logsource import open_log

def progress(_done):
    print("copying", flush=True)
    time.sleep(60)

with open_log(sys.argv[1]) as source:
    decompress_to(source, sys.argv[2], progress=progress)
"""


def test_finding3_copy_left_by_a_killed_process_is_removed_at_the_next_start(tmp_path):
    log = tmp_path / "x.log.gz"
    log.write_bytes(gzip.compress(b"line\n" * 1000))
    copies = tmp_path / "tmp"
    copies.mkdir()
    child = subprocess.Popen(
        [sys.executable, "-c", _SLOW_COPY_CHILD, str(log), str(copies)], stdout=subprocess.PIPE
    )
    assert child.stdout.readline() == b"copying\n"
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    child.stdout.close()
    [left] = _copies(copies)
    mine = copies / f"triage-{os.getpid()}-keep.log"
    mine.write_text("in use")
    with open_log(log) as source:
        fresh = decompress_to(source, copies)
    assert not left.exists() and mine.exists() and fresh.exists()
    fresh.unlink()


# -- finding 6: very long lines --------------------------------------------------------------


def test_finding6_a_long_line_across_many_reads_arrives_whole(tmp_path):
    line = ("x" * 1000 + "é") * 8000  # 8 MB, no newline until the end
    log = tmp_path / "long.log"
    log.write_text("first\n" + line + "\nlast\n", encoding="utf-8")
    with open_log(log) as source:
        chunks = list(source.byte_chunks(64 * 1024))
    assert b"".join(chunks) == log.read_bytes()
    assert all(c.endswith(b"\n") for c in chunks)
    with open_log(log, encoding="utf-8") as source:
        assert "".join(source.text_chunks(64 * 1024)) == "first\n" + line + "\nlast\n"
