"""A TinyDB storage that never leaves a half-written file and never loses another process's write.

TinyDB's `JSONStorage` rewrites its file in place, so a crash mid-write leaves a truncated file,
and two processes each write back their own stale copy. This storage (TinyDB's documented
extension point) instead:

* writes durably (`durable.durable_write`: a temporary file in the same folder, flush, fsync,
  `os.replace`, fsync of the folder), so the file on disk is always the old or the new state;
* runs read-modify-write under a cross-platform lock on `<file>.lock` (`filelock`: flock on
  POSIX, LockFileEx on Windows; released by the OS when a process dies, so a killed writer never
  leaves a stale lock) inside `transaction()`, which re-reads the file first if it changed and
  writes once at the end;
* notices changes made by other processes on every read: each write puts a fresh random
  revision at the very start of the file, so checking for a change costs one small read
  (revision, size, mtime and inode must all match), not a parse.

Queries stay plain TinyDB; the cached state is only reloaded when the file actually changed.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import stat
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout
from tinydb import TinyDB, where
from tinydb.queries import QueryInstance
from tinydb.storages import Storage
from tinydb.table import Document, Table

from triage_app.core import own_regex
from triage_app.core.notes import durable
from triage_app.core.notes.errors import (
    CorruptNotesFileError,
    NotesBusyError,
    NotesConflictError,
    NotesError,
    NotesReadOnlyError,
)

_REVISION_TABLE = "_storage"
_HEAD = own_regex.compile(rb'\A\{"_storage": \{"1": \{"revision": "([0-9a-f]{32})"')
_HEAD_SIZE = 80
#: How often a waiting writer retries the lock (filelock polls a non-blocking flock; its 50 ms
#: default lets a busy writer starve the other window).
_POLL_INTERVAL = 0.005
#: (revision or None, size, mtime_ns, inode); `_MISSING` when there is no file.
Signature = tuple[bytes | None, int, int, int]
_MISSING: Signature = (None, -1, -1, -1)


class DurableJSONStorage(Storage):
    """TinyDB storage: durable atomic writes, a file lock for transactions, reload on change.

    `loader` turns the parsed file (minus this storage's revision table) into the tables TinyDB
    sees; it raises CorruptNotesFileError for a file it cannot use.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        loader: Callable[[Any], dict] | None = None,
        lock_timeout: float = 15.0,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.mutex = threading.RLock()  # one thread at a time; the file lock is for processes
        self.read_only_reason: str | None = None
        self._loader = loader or (lambda tables: tables)
        self._lock_path = self.path.with_name(self.path.name + ".lock")
        self._lock = FileLock(str(self._lock_path), timeout=lock_timeout, thread_local=False)
        self._lock_timeout = lock_timeout
        self._cache: dict | None = None
        self._sig: Signature | None = None  # None: the cache is not to be trusted
        self._depth = 0
        self._dirty = False
        self.generation = 0  # bumped whenever the cached state is replaced (load or write)

    # TinyDB's interface ------------------------------------------------------------------------

    def read(self) -> dict | None:
        with self.mutex:
            if self._depth == 0 or self._sig is None:
                self._refresh()
            return self._cache

    def write(self, data: dict) -> None:
        with self.mutex:
            if self.read_only_reason is not None:
                self._forget()
                raise NotesReadOnlyError(f"the notes are read-only: {self.read_only_reason}")
            if self._depth:
                self._cache, self._dirty = data, True
                return
            with self.locked():  # a bare TinyDB call: refuse to overwrite a newer file
                if self.signature() != self._sig:
                    self._forget()
                    raise NotesConflictError(f"{self.path.name} changed on disk; try again")
                self.commit(data)

    # Transactions -------------------------------------------------------------------------------

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Lock, reload if the file changed, run the body, then write once (nothing on error)."""
        with self.mutex:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            if self.read_only_reason is not None:
                raise NotesReadOnlyError(f"the notes are read-only: {self.read_only_reason}")
            with self.locked():
                self._refresh()
                self._depth, self._dirty = 1, False
                try:
                    yield
                    if self._dirty:
                        self.commit(self._cache or {})
                except BaseException:
                    self._forget()  # TinyDB may have changed cached documents in place
                    raise
                finally:
                    self._depth, self._dirty = 0, False

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the inter-process lock (and the thread mutex)."""
        with self.mutex:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._lock.acquire(poll_interval=_POLL_INTERVAL)
            except Timeout:
                raise NotesBusyError(
                    f"another Triage process has held {self._lock_path} for over "
                    f"{self._lock_timeout:g} s; close it or try again"
                ) from None
            except OSError as exc:
                raise NotesReadOnlyError(
                    f"cannot take the lock {self._lock_path}: {exc.strerror or exc}"
                ) from exc
            try:
                yield
            finally:
                self._lock.release()

    # Lower-level pieces (used under `locked()` by the store's recovery) -------------------------

    def commit(self, data: dict) -> None:
        """Write `data` durably with a fresh revision; the caller holds the lock."""
        revision = uuid.uuid4().hex
        payload = json.dumps({_REVISION_TABLE: {"1": {"revision": revision}}, **data})
        try:
            durable.durable_write(self.path, payload.encode("ascii"))
            st = os.stat(self.path)
        except OSError as exc:  # the file on disk is still the old complete state
            self._forget()
            error = NotesReadOnlyError if isinstance(exc, PermissionError) else NotesError
            raise error(f"could not save {self.path.name}: {exc.strerror or exc}") from exc
        except BaseException:
            self._forget()
            raise
        self._set(data, (revision.encode(), st.st_size, st.st_mtime_ns, st.st_ino))

    def read_raw(self) -> tuple[bytes | None, Signature]:
        """The file's bytes (None when missing) and their signature."""
        try:
            with open_regular(self.path) as handle:
                st = os.fstat(handle.fileno())
                raw = handle.read()
        except FileNotFoundError:
            return None, _MISSING
        return raw, (_revision(raw), st.st_size, st.st_mtime_ns, st.st_ino)

    def decode(self, raw: bytes | None) -> dict | None:
        """Parse and check file bytes; raises CorruptNotesFileError."""
        if raw is None:
            return None
        if not raw or raw.isspace():  # (isspace stops at the first other byte: no copy)
            raise CorruptNotesFileError("the file is empty")
        try:
            tables = json.loads(raw)
        except (ValueError, RecursionError) as exc:  # JSON and UTF-8 errors are ValueErrors
            raise CorruptNotesFileError(f"it is not valid JSON ({exc})") from None
        if type(tables) is dict:
            tables.pop(_REVISION_TABLE, None)
        return self._loader(tables)

    def adopt(self, data: dict | None, sig: Signature) -> None:
        """Use `data` as the state of the file with signature `sig`."""
        self._set(data, sig)

    def last_good(self) -> dict | None:
        """The last state read from or written to disk, if it is still trustworthy."""
        return self._cache if self._sig is not None else None

    def signature(self) -> Signature:
        """The file's current signature, from one small read."""
        try:
            with open_regular(self.path) as handle:
                st = os.fstat(handle.fileno())
                head = handle.read(_HEAD_SIZE)
        except FileNotFoundError:
            return _MISSING
        return (_revision(head), st.st_size, st.st_mtime_ns, st.st_ino)

    def _refresh(self) -> None:
        if self._sig is not None and self._sig != _MISSING and self.signature() == self._sig:
            return
        if self._sig == _MISSING and not self.path.exists():
            return
        raw, sig = self.read_raw()
        self._set(self.decode(raw), sig)

    def _set(self, data: dict | None, sig: Signature) -> None:
        self._cache, self._sig = data, sig
        self.generation += 1

    def _forget(self) -> None:
        self._cache, self._sig = None, None


def open_regular(path: Path) -> io.BufferedReader:
    """Open `path` for reading if it is a regular file; never blocks (a FIFO named notes.json).

    Anything else raises NotesError with one sentence; a missing file raises FileNotFoundError.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            what = "a folder" if stat.S_ISDIR(mode) else "a pipe, device or special file"
            raise NotesError(f"{path} is {what}, not a notes file; move it away or use --notes-db")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _revision(head: bytes) -> bytes | None:
    found = _HEAD.match(head)
    return found.group(1) if found else None


class StrIdTable(Table):
    """Documents keyed by note id (or mark key): lookups are direct and ids never clash."""

    document_id_class = str  # type: ignore[assignment]


class NotesDB(TinyDB):
    table_class = StrIdTable


def put(table: Table, key: str, doc: dict) -> None:
    """Insert or replace the document `key` (works the same on every TinyDB 4 release)."""
    if table.contains(doc_id=key):
        table.update(doc, doc_ids=[key])
    else:
        table.insert(Document(doc, doc_id=key))


def text_or_tag_contains(needle: str) -> QueryInstance:
    """A TinyDB query: `needle` (already case-folded) in the note's text or one of its tags."""
    return where("text").test(_contains, needle) | where("tags").test(_any_contains, needle)


def _contains(text: str, needle: str) -> bool:
    return needle in text.casefold()


def _any_contains(tags: list[str], needle: str) -> bool:
    return any(needle in tag.casefold() for tag in tags)
