"""Local history of what scans found: which entries matched, when, in which log.

SQLite from the standard library: tens of thousands of rows, each scan one small transaction
(TinyDB would rewrite the whole file on every write). WAL journaling survives a kill at any
moment and lets two processes write (each waits for the other's lock for a few seconds). Log
contents are never stored: only entry ids, the log's name and size, the time, and whether the
entry was the first cause. A file that is not a database is copied aside and replaced, and the
problem reported.
"""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS hits (
    id INTEGER PRIMARY KEY,
    entry_id TEXT NOT NULL,
    seen_at TEXT NOT NULL,            -- ISO 8601 UTC
    log_name TEXT NOT NULL,           -- the file's name, not its path or contents
    log_size INTEGER,
    scan_id TEXT NOT NULL,            -- one per scanned log, to count distinct logs
    first_cause INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS hits_entry ON hits(entry_id, seen_at);
"""
BUSY_TIMEOUT_MS = 10_000


@dataclass(frozen=True)
class EntryHistory:
    entry_id: str
    times: int  # logs scanned in which it matched
    logs: int  # distinct log names
    last_seen: str  # ISO time
    first_cause: int  # times it was the first cause

    def summary(self) -> str:
        """'seen 14 times in 9 logs, last on 2 Dec'."""
        when = dt.datetime.fromisoformat(self.last_seen).astimezone()
        times = "once" if self.times == 1 else f"{self.times} times"
        logs = "1 log" if self.logs == 1 else f"{self.logs} logs"
        return f"seen {times} in {logs}, last on {when.day} {when:%b}"


class History:
    """The history store. `problem` says what was wrong with the file, if anything."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.problem: str | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as exc:
            aside = self.path.with_name(
                f"{self.path.name}.corrupt-{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%SZ}"
            )
            shutil.copy2(self.path, aside)
            self.path.unlink()
            for suffix in ("-wal", "-shm"):
                self.path.with_name(self.path.name + suffix).unlink(missing_ok=True)
            self.problem = f"{self.path}: not a usable history file ({exc}); kept as {aside.name}"
            self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            db.executescript(SCHEMA)
            db.execute("SELECT count(*) FROM hits").fetchone()
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def record_scan(
        self,
        log_name: str,
        log_size: int | None,
        entry_ids: Iterable[str],
        first_cause: str | None = None,
        *,
        when: dt.datetime | None = None,
    ) -> None:
        """One scanned log: each entry that matched in it, once, in one transaction."""
        stamp = (when or dt.datetime.now(dt.UTC)).isoformat(timespec="seconds")
        scan_id = f"{stamp}/{Path(log_name).name}/{id(object())}"
        rows = [
            (e, stamp, Path(log_name).name, log_size, scan_id, int(e == first_cause))
            for e in dict.fromkeys(entry_ids)
        ]
        if not rows:
            return
        with self._transaction():
            self._db.executemany(
                "INSERT INTO hits (entry_id, seen_at, log_name, log_size, scan_id, first_cause)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                rows,
            )

    def _transaction(self):
        db = self._db

        class _Tx:
            def __enter__(self):
                db.execute("BEGIN IMMEDIATE")

            def __exit__(self, exc_type, *_):
                db.execute("ROLLBACK" if exc_type else "COMMIT")

        return _Tx()

    def entry(self, entry_id: str) -> EntryHistory | None:
        row = self._db.execute(
            "SELECT count(DISTINCT scan_id), count(DISTINCT log_name), max(seen_at),"
            " sum(first_cause) FROM hits WHERE entry_id = ?",
            (entry_id,),
        ).fetchone()
        if not row or not row[0]:
            return None
        return EntryHistory(entry_id, row[0], row[1], row[2], row[3] or 0)

    def ranked(self, order: str = "most", limit: int | None = None) -> list[EntryHistory]:
        """Entries by 'most' (times seen) or 'recent' (last seen)."""
        key = {"most": "2 DESC, 4 DESC", "recent": "4 DESC, 2 DESC"}[order]
        sql = (
            "SELECT entry_id, count(DISTINCT scan_id), count(DISTINCT log_name), max(seen_at),"
            f" sum(first_cause) FROM hits GROUP BY entry_id ORDER BY {key}, 1"
        )
        if limit:
            sql += f" LIMIT {int(limit)}"
        return [EntryHistory(*row) for row in self._db.execute(sql)]

    def clear(self) -> None:
        with self._transaction():
            self._db.execute("DELETE FROM hits")
        self._db.execute("VACUUM")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
