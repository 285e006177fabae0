"""Compiled Hyperscan databases kept across runs, in the user cache folder.

Building the prefilter's literal database (~6,000 words) costs ~0.15 s of every big scan;
loading a stored one costs under a millisecond. A database is stored under a hash of what
it was compiled from (its words, their flags, the mode, the `hyperscan` package version and
the machine), so a changed key set (the matcher re-keys itself per log: `keys.rarest`)
simply gets its own file.

A serialised database is machine code's data tables, and deserialising a hostile one is not
safe: a file is loaded only when it carries an HMAC-SHA256 made with this user's secret
(`sealed.user_key`, the one the stored matchers use) over its key and contents.
A damaged, foreign or outdated file is ignored (and replaced by a fresh build).
`TRIAGE_NO_CACHE=1` turns the files off; `TRIAGE_CACHE_DIR` moves them (`paths`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import platform
import time
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from triage_app.core import paths
from triage_app.core.sealed import read_sealed, write_sealed

MAGIC = b"triage-app hyperscan database 1\n"
KEEP_FILES = 12  # databases kept (~0.7 MB each for the bundled catalogue's keys)
_DIGEST = hashlib.sha256().digest_size


def cache_folder() -> Path:
    return paths.user_cache_dir() / "hyperscan"


def database_key(
    hs: Any, words: Sequence[bytes], flags: Sequence[int], ids: Sequence[int] | None = None
) -> str:
    """A hash of everything the compiled database depends on."""
    digest = hashlib.sha256(MAGIC)
    for part in (hs.__version__, platform.machine(), platform.system(), str(hs.HS_MODE_BLOCK)):
        digest.update(part.encode() + b"\0")
    # (the lengths and the words run together name the words unambiguously)
    for numbers in (map(len, words), flags, () if ids is None else (len(words), *ids)):
        digest.update(array("Q", numbers).tobytes() + b"|")
    digest.update(b"".join(words))
    return digest.hexdigest()


def compiled(
    hs: Any, words: Sequence[bytes], flags: Sequence[int], ids: Sequence[int] | None = None
) -> Any:
    """A block-mode literal database of `words` (`flags` per word; `ids` reported, by default
    each word's position), from the cache when a valid one is there, else compiled (and
    stored)."""
    if not paths.caches_enabled():
        return _compile(hs, words, flags, ids)
    key = database_key(hs, words, flags, ids)
    path = cache_folder() / f"{key[:40]}.hsdb"
    db = load(hs, path, key)
    if db is None:
        db = _compile(hs, words, flags, ids)
        store(hs, path, key, db)
    return db


def _compile(
    hs: Any, words: Sequence[bytes], flags: Sequence[int], ids: Sequence[int] | None
) -> Any:
    db = hs.Database(mode=hs.HS_MODE_BLOCK)
    db.compile(
        expressions=list(words),
        ids=list(range(len(words))) if ids is None else list(ids),
        elements=len(words),
        flags=list(flags),
        literal=True,
    )
    return db


def load(hs: Any, path: Path, key: str) -> Any:
    """The database stored at `path` under `key`, or None (missing, not authentic, or one
    this `hyperscan` cannot read)."""
    body = read_sealed(path, MAGIC + key.encode() + b"\n")
    if body is None:
        return None
    try:
        return hs.loadb(bytes(body), hs.HS_MODE_BLOCK)
    except Exception:  # noqa: BLE001 - authentic but unreadable here (another build): rebuild
        return None


def store(hs: Any, path: Path, key: str, db: Any) -> bool:
    """Write `db` atomically; False when it cannot be (nothing is lost: it is only a cache)."""
    try:
        body = bytes(hs.dumpb(db))
    except Exception:  # noqa: BLE001 - a binding that cannot serialise: keep it in memory only
        return False
    if not write_sealed(path, MAGIC + key.encode() + b"\n", body):
        return False
    _prune(path.parent)
    return True


def _prune(folder: Path, keep: int = KEEP_FILES, stale_tmp_s: float = 3600.0) -> None:
    """Keep the `keep` most recently written databases; drop what a crashed writer left."""
    now = time.time()
    with contextlib.suppress(OSError):
        found = []
        for entry in os.scandir(folder):
            mtime = entry.stat().st_mtime
            if entry.name.endswith(".hsdb"):
                found.append((mtime, entry.path))
            elif entry.name.startswith(".tmp-") and now - mtime > stale_tmp_s:
                found.append((0.0, entry.path))  # sorts last: removed
        for _mtime, path in sorted(found, reverse=True)[keep:]:
            with contextlib.suppress(OSError):
                os.unlink(path)
