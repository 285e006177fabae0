"""Turn the paths, folders, globs and URLs a user names into the list of logs to scan.

Local inputs stay plain paths (the workers of a local cluster share this machine's disk).
Anything with a scheme (`s3://`, `gs://`, `file://`, ...) goes through fsspec, whose optional
filesystems (s3fs, gcsfs) are extras: a missing one is one clear message, not a traceback.
"""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Iterable
from pathlib import Path

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*://")
_GLOB_CHARS = re.compile(r"[*?\[]")
_FILESYSTEM_EXTRAS = {"s3": "s3fs", "s3a": "s3fs", "gs": "gcsfs", "gcs": "gcsfs"}


class InputError(Exception):
    """An input that cannot be expanded at all (the message names it and says why)."""


def is_url(spec: str) -> bool:
    return bool(_SCHEME.match(spec))


def expand_inputs(specs: Iterable[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """The logs to scan, in a stable order without duplicates, and the inputs that matched
    nothing as (input, reason) pairs.

    Folders are walked recursively (hidden files and folders skipped); a glob is expanded
    (`**` recursive); a URL is listed with fsspec (a folder URL recursively).
    """
    found: list[str] = []
    missing: list[tuple[str, str]] = []
    for spec in specs:
        items = _expand_url(spec) if is_url(spec) else _expand_local(spec)
        if not items:
            missing.append((spec, "no such file, folder or matching glob"))
        found.extend(items)
    return list(dict.fromkeys(found)), missing


def _expand_local(spec: str) -> list[str]:
    path = Path(spec)
    if path.is_dir():
        return sorted(str(p) for p in _walk(path))
    if path.exists() or os.path.lexists(spec):
        return [spec]
    if _GLOB_CHARS.search(spec):
        out: list[str] = []
        for match in sorted(glob.glob(spec, recursive=True)):
            p = Path(match)
            out.extend(sorted(str(q) for q in _walk(p)) if p.is_dir() else [match])
        return out
    return []


def _walk(folder: Path) -> Iterable[Path]:
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith("."):
                yield Path(root) / name


def filesystem_for(url: str):
    """The fsspec filesystem for `url`, or InputError saying which package to install."""
    try:
        import fsspec
    except ImportError as exc:  # pragma: no cover - fsspec comes with dask
        raise InputError("URLs need fsspec: pip install 'triage-app[fleet]'") from exc
    protocol = url.split("://", 1)[0].lower()
    try:
        return fsspec.filesystem(protocol)
    except ImportError as exc:
        package = _FILESYSTEM_EXTRAS.get(protocol, f"the fsspec filesystem for {protocol}://")
        raise InputError(
            f"{url}: reading {protocol}:// needs {package} (pip install {package})"
        ) from exc
    except ValueError as exc:
        raise InputError(f"{url}: unknown protocol {protocol!r}") from exc


def _expand_url(url: str) -> list[str]:
    fs = filesystem_for(url)
    protocol = url.split("://", 1)[0]
    try:
        if _GLOB_CHARS.search(url):
            names = fs.glob(url)
        elif fs.isdir(url):
            names = fs.find(url)
        elif fs.exists(url):
            names = [url]
        else:
            names = []
    except (OSError, ValueError) as exc:
        raise InputError(f"{url}: {exc}") from exc
    return sorted(_with_protocol(str(n), protocol) for n in names)


def _with_protocol(name: str, protocol: str) -> str:
    return name if is_url(name) else f"{protocol}://{name}"
