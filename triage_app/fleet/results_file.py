"""The batch output: one JSON line per file, appended as results arrive.

Each line is flushed as soon as it is written, so a crash or Ctrl+C loses nothing already
written; `--resume` reads the file back, drops a last line cut off by a crash, and reports
which inputs are done. An existing file is never overwritten unless the user says so.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from triage_app.fleet import SCHEMA


class ResultsFileError(Exception):
    """The output file cannot be used (the message says why and what to do)."""


def read_results(path: Path) -> Iterator[dict[str, Any]]:
    """The complete result lines of a batch output (a cut-off last line is skipped)."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.endswith("\n"):
                return  # cut off by a crash mid-write
            try:
                doc = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ResultsFileError(f"{path}: line {number} is not JSON ({exc.msg})") from exc
            if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
                raise ResultsFileError(f"{path}: line {number} is not a {SCHEMA} result")
            yield doc


def is_results_file(path: Path) -> bool:
    """Whether `path` starts with a batch result line (used to open it as results, not a log)."""
    try:
        with open(path, "rb") as handle:
            first = handle.readline(1 << 20)
        doc = json.loads(first)
    except (OSError, ValueError):
        return False
    return isinstance(doc, dict) and doc.get("schema") == SCHEMA


class ResultsWriter:
    """Appends result lines; `done` holds the paths already in the file (with `resume`)."""

    def __init__(self, path: Path, *, resume: bool = False, overwrite: bool = False) -> None:
        self.path = Path(path)
        self.done: set[str] = set()
        self.previous: list[dict[str, Any]] = []
        exists = self.path.exists()
        if exists and self.path.is_dir():
            raise ResultsFileError(f"--out {self.path}: is a folder")
        if exists and not (resume or overwrite) and self.path.stat().st_size:
            raise ResultsFileError(
                f"--out {self.path} already exists: add --resume to continue it "
                "or --overwrite to start again"
            )
        if exists and resume:
            self._recover()
        mode = "a" if resume else "w"
        try:
            self._handle: TextIO = open(self.path, mode, encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise ResultsFileError(f"--out {self.path}: {exc.strerror or exc}") from exc
        self._last_sync = time.monotonic()

    def _recover(self) -> None:
        """Read what is there and cut a last line a crash left unfinished."""
        good_end = 0
        with open(self.path, "rb") as handle:
            for raw in handle:
                if not raw.endswith(b"\n"):
                    break
                good_end += len(raw)
        if good_end != self.path.stat().st_size:
            with open(self.path, "r+b") as handle:
                handle.truncate(good_end)
        self.previous = list(read_results(self.path))
        self.done = {doc.get("path") for doc in self.previous}

    def write(self, line: str) -> None:
        """Append one result line (JSON text without the newline)."""
        self._handle.write(line + "\n")
        self._handle.flush()  # in the OS now: survives a crash of this process
        if time.monotonic() - self._last_sync > 1.0:
            os.fsync(self._handle.fileno())
            self._last_sync = time.monotonic()

    def close(self) -> None:
        if not self._handle.closed:
            self._handle.flush()
            os.fsync(self._handle.fileno())
            self._handle.close()

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
