"""What runs on a Dask worker: rebuild the catalogue once, then scan groups of logs.

The catalogue travels as data (the record files' text, folder by folder, so overrides keep
their order), scattered to every worker once. Each worker process writes it to a private temp
folder and loads it through the normal loader the first time a task needs it, then keeps the
matcher for every later task with the same catalogue key. Nothing here is pickled code from
the user: the payload is plain strings.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from triage_app.core.catalog import Catalog, load_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.scan import FileResult, scan_file
from triage_app.fleet import SCHEMA
from triage_app.fleet.inputs import InputError, filesystem_for, is_url


@dataclass(frozen=True)
class CatalogPayload:
    """The catalogue as data: one list of (relative path, text) per folder, in load order."""

    key: str
    folders: tuple[tuple[tuple[str, str], ...], ...]
    fuzzy: bool = True

    @classmethod
    def from_dirs(cls, dirs: Sequence[Path], *, fuzzy: bool = True) -> CatalogPayload:
        folders = []
        digest = hashlib.sha256(b"fuzzy" if fuzzy else b"exact")
        for directory in dirs:
            files = []
            directory = Path(directory)
            if directory.is_dir():
                for path in sorted(directory.rglob("*.json")):
                    try:
                        text = path.read_text(encoding="utf-8")
                    except (OSError, UnicodeDecodeError):
                        continue  # the client's own load reports it; the worker skips it too
                    rel = path.relative_to(directory).as_posix()
                    files.append((rel, text))
                    digest.update(rel.encode() + b"\0" + text.encode("utf-8") + b"\0")
            digest.update(b"\1")
            folders.append(tuple(files))
        return cls(digest.hexdigest()[:16], tuple(folders), fuzzy)


_cache: dict[str, tuple[Catalog, Matcher]] = {}
_cache_lock = threading.Lock()


def matcher_for(payload: CatalogPayload) -> tuple[Catalog, Matcher]:
    """The catalogue and matcher of `payload`, built once per worker process."""
    with _cache_lock:
        hit = _cache.get(payload.key)
        if hit is None:
            root = Path(tempfile.mkdtemp(prefix="triage-fleet-catalog-"))
            try:
                dirs = []
                for i, files in enumerate(payload.folders):
                    folder = root / str(i)
                    folder.mkdir()
                    for rel, text in files:
                        target = folder / rel
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_text(text, encoding="utf-8")
                    dirs.append(folder)
                catalog = load_catalog(dirs)
            finally:
                shutil.rmtree(root, ignore_errors=True)
            hit = _cache[payload.key] = (
                catalog,
                Matcher.from_catalog(catalog, fuzzy=payload.fuzzy),
            )
        return hit


@dataclass(frozen=True)
class ResultLine:
    """One file's result: the JSON line as written, and the few facts the summary needs.

    The worker encodes the line, so the client (which also runs the scheduler of a local
    cluster) only writes strings instead of decoding and re-encoding every match.
    """

    path: str
    line: str
    facts: dict[str, Any]


def facts_of(doc: dict[str, Any]) -> dict[str, Any]:
    """What the batch summary reads of a result (see fleet.summary.BatchSummary.add)."""
    return {
        "path": doc.get("path"),
        "error": doc.get("error"),
        "matches": [
            {"kind": "regex", "entry_id": m.get("entry_id")}
            for m in doc.get("matches") or []
            if m.get("kind") == "regex"
        ],
        "first_cause": doc.get("first_cause"),
        "unknown": [{"template": g.get("template")} for g in doc.get("unknown") or []],
    }


def result_line(doc: dict[str, Any]) -> ResultLine:
    return ResultLine(str(doc.get("path")), json.dumps(doc, ensure_ascii=False), facts_of(doc))


def scan_group(payload: CatalogPayload, inputs: Sequence[str]) -> list[ResultLine]:
    """Scan each input; one result line per input, never an exception per file."""
    _catalog, matcher = matcher_for(payload)
    return [result_line(scan_one(spec, matcher, fuzzy=payload.fuzzy)) for spec in inputs]


def scan_one(spec: str, matcher: Matcher, *, fuzzy: bool = True) -> dict[str, Any]:
    try:
        result = (
            _scan_url(spec, matcher, fuzzy)
            if is_url(spec)
            else scan_file(spec, matcher, fuzzy=fuzzy)
        )
    except (InputError, OSError, ValueError) as exc:
        result = FileResult(spec, error=str(exc) or type(exc).__name__)
    return {"schema": SCHEMA, **result.to_json()}


def _scan_url(url: str, matcher: Matcher, fuzzy: bool) -> FileResult:
    """Copy the object to a private temp file (the reader needs a seekable local file)."""
    fs = filesystem_for(url)
    fd, tmp = tempfile.mkstemp(prefix="triage-fleet-", suffix=".log")
    try:
        with os.fdopen(fd, "wb") as out, fs.open(url, "rb") as src:
            shutil.copyfileobj(src, out, 1 << 20)
        result = scan_file(tmp, matcher, fuzzy=fuzzy)
    except FileNotFoundError:
        return FileResult(url, error=f"{url}: no such object (it may have vanished)")
    finally:
        os.unlink(tmp)
    result.path = url
    if result.error:
        result.error = result.error.replace(tmp, url)
    return result
