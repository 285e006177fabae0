"""The compiled catalogue: loaded, validated records plus the matcher's plain-data answers,
kept in the user cache folder so that the next start skips the work.

Loading the catalogue validates every record (running its pattern on its examples), and
building the matcher parses every pattern again (required literals, literal weights). That
is the bulk of a short scan's time, and it gives the same answers until something changes.
So the first run stores them, and later runs read one file instead:

- The file is keyed by everything its content depends on: each catalogue folder's record
  files (path, size, modification time), the program (its version and its core modules'
  files), the Python version and the matching libraries' files. Any change rebuilds it.
- It holds data only: a JSON index (each record's core fields, problems, overrides) with
  a CRC-32 over it, followed by a region of JSON documents (every record's light fields,
  each whole record, each `memo` table), each with its own CRC-32 in the index, read and
  parsed only when used (`lazy_record`: a scan of a small log reads the index and a few
  documents, not the prose).
  Nothing in it is executed or unpickled; a damaged, truncated or foreign file fails to
  parse or to match its key, is reported at debug level and rebuilt; a document that does
  not match its CRC is not used (its record is read from its file, its answers worked out).
- It is written to a temporary file and renamed into place, so concurrent processes each
  read a whole file, an old one or a new one.

`TRIAGE_NO_CACHE=1` turns the file off (a benchmark's "before"); `TRIAGE_CACHE_DIR` moves it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import json
import os
import re
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from triage_app import __version__
from triage_app.core import memo, paths
from triage_app.core.catalog import Catalog, FileCheck, load_catalog
from triage_app.core.entry import Entry
from triage_app.core.lazy_record import LazyRecord, core_fields, light_fields
from triage_app.core.overrides import Override
from triage_app.core.problems import Problem, Severity
from triage_app.core.ranking import is_sourced

if TYPE_CHECKING:
    from triage_app.core.matcher import Matcher


class _Log:
    """`logging` at debug level, imported only when a message is written (a scan served
    from the cache writes none)."""

    @staticmethod
    def debug(message: str, *args: object) -> None:
        import logging

        logging.getLogger(__name__).debug(message, *args)


log = _Log()

FORMAT = 5
KEEP_FILES = 8  # compiled catalogues kept (a user with several --catalog sets has several)
MAGIC = b"triage-app compiled catalogue\n"
_CORE_DIR = Path(__file__).resolve().parent
_LIBRARIES = ("ahocorasick_rs", "rapidfuzz")


def cache_folder() -> Path:
    return paths.user_cache_dir() / "catalog"


class CompiledCatalog:
    """A loaded catalogue and the memo table its matcher is built with.

    A plain class, not a dataclass: a scan imports no `dataclasses` (its import and the
    methods it generates at every start cost ~30 ms of a short scan)."""

    __slots__ = (
        "catalog",
        "table",
        "path",
        "key",
        "from_cache",
        "missing_links",
        "checks",
        "program",
    )

    def __init__(
        self,
        catalog: Catalog,
        table: memo.MemoTable | None = None,
        path: Path | None = None,  # where to store it (None: no cache file)
        key: str = "",
        from_cache: bool = False,
        missing_links: Severity = Severity.WARNING,
        checks: dict[str, FileCheck] | None = None,  # each record file's check
        program: str = "",  # `program_key`: stored answers are reused only by the same program
    ) -> None:
        self.catalog = catalog
        self.table = memo.MemoTable() if table is None else table
        self.path = path
        self.key = key
        self.from_cache = from_cache
        self.missing_links = missing_links
        self.checks = {} if checks is None else checks
        self.program = program

    def matcher(self, *, fuzzy: bool = True) -> Matcher:
        """The matcher for this catalogue; new memo answers are stored for next time, and
        the built matcher too (`matcher_cache`), so the next start loads it."""
        from triage_app.core import matcher_cache

        stored = matcher_cache.file_for(self.path, fuzzy) if self.path is not None else None
        if stored is not None and self.from_cache:
            found = matcher_cache.load(stored, self.key, self.table)
            if found is not None:
                return found
        built = self._build(fuzzy)
        if stored is not None:
            matcher_cache.store(stored, self.key, built)
        return built

    def _build(self, fuzzy: bool) -> Matcher:
        from triage_app.core.matcher import Matcher

        try:
            with memo.active(self.table):
                built = Matcher.from_catalog(self.catalog, fuzzy=fuzzy)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            if not self.from_cache:
                raise
            # Stored answers of the wrong shape (a file edited by hand): start afresh.
            log.debug("compiled catalogue %s holds bad answers (%s); rebuilding", self.path, exc)
            fresh = _rebuild(self.catalog.sources, self.path, self.key, self.missing_links, {}, {})
            self.catalog, self.table, self.from_cache = fresh.catalog, fresh.table, False
            with memo.active(self.table):
                built = Matcher.from_catalog(self.catalog, fuzzy=fuzzy)
        # So that these answers are stored too (they are made lazily). Weigher plans are
        # asked for even from the cache: a table from before a pattern was added lacks them
        # (each known one is a look-up).
        if not self.from_cache and built.fuzzy is not None:
            built.fuzzy.build()
        for index in range(len(built.targets)):  # every weigher plan: a scan finds it
            built.weigher(index)
        if self.table.added:
            self.save()
        return built

    def save(self) -> None:
        """Write the cache file atomically; a folder that cannot be written is not an error."""
        if self.path is None:
            return
        index, region = _to_plain(self)
        head = json.dumps(index, separators=(",", ":")).encode()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=self.path.parent)
            try:
                with os.fdopen(fd, "wb") as out:
                    sizes = b"%08x %d %d\n" % (zlib.crc32(head), len(head), len(region))
                    out.write(_head(self.key) + sizes)
                    out.write(head)
                    out.write(region)
                os.replace(tmp, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except OSError as exc:
            log.debug("compiled catalogue not written to %s: %s", self.path, exc)
            return
        self.table.added = 0
        _prune(self.path.parent)


def _prune(folder: Path, keep: int = KEEP_FILES, stale_tmp_s: float = 3600.0) -> None:
    """Keep the `keep` most recently written catalogues (one per set of folders used), with
    their built matchers, and drop temporary files a crashed writer left behind."""
    now = time.time()
    with contextlib.suppress(OSError):
        found, companions = [], []
        for entry in os.scandir(folder):
            st = entry.stat()
            if entry.name.startswith(".tmp-"):
                if now - st.st_mtime > stale_tmp_s:
                    os.unlink(entry.path)
            elif entry.name.endswith(".json"):
                found.append((st.st_mtime, entry.path))
            else:
                companions.append(entry)
        for _mtime, path in sorted(found, reverse=True)[keep:]:
            os.unlink(path)
        kept = {Path(path).stem for _mtime, path in sorted(found, reverse=True)[:keep]}
        for entry in companions:
            if entry.name.split(".", 1)[0] not in kept:
                os.unlink(entry.path)


def open_catalog(
    dirs: Iterable[Path], *, missing_links: Severity = Severity.WARNING
) -> CompiledCatalog:
    """The catalogue from `dirs` (as `load_catalog` gives it), from the cache when it is
    current, else loaded and (once its matcher is built, or now) stored.

    When only some record files changed, the stored checks of the others and the stored
    pattern answers are reused (same program only), so one edited entry costs one file."""
    dirs = [Path(d) for d in dirs]
    if not paths.caches_enabled():
        table = memo.MemoTable()
        with memo.active(table):
            return CompiledCatalog(load_catalog(dirs, missing_links=missing_links), table)
    key = cache_key(dirs, missing_links)
    path = cache_folder() / f"{_slot(dirs, missing_links)}.json"
    found = _read_payload(path)
    earlier: dict[str, FileCheck] = {}
    answers: dict[str, dict[str, Any]] = {}
    if found is not None:
        try:
            if found[0] == key:
                compiled = _from_plain(found[1], found[2], path, key)
                compiled.missing_links = missing_links
                return compiled
            if found[1].get("program") == program_key(missing_links):
                earlier = _checks_from_plain(found[1], found[2])
                answers = _memo_from_plain(found[1], found[2]).plain()
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            log.debug("compiled catalogue %s is damaged (%s); rebuilding", path, exc)
            earlier, answers = {}, {}
    compiled = _rebuild(dirs, path, key, missing_links, earlier, answers)
    compiled.save()
    return compiled


def _rebuild(
    dirs: Sequence[Path],
    path: Path | None,
    key: str,
    missing_links: Severity,
    earlier: dict[str, FileCheck],
    answers: dict[str, dict[str, Any]],
) -> CompiledCatalog:
    table = memo.MemoTable(answers)
    checks: dict[str, FileCheck] = {}
    with memo.active(table):
        catalog = load_catalog(
            dirs, missing_links=missing_links, checked=earlier, record_checks=checks
        )
    return CompiledCatalog(
        catalog, table, path, key, False, missing_links, checks, program_key(missing_links)
    )


# -- the key -------------------------------------------------------------------------------


def _files_stamp(directory: Path) -> list[Any]:
    """(relative path, size, mtime) of every `*.json` below `directory`, as `load_catalog`
    finds them; None when it is not a folder. (Every scan computes this: no per-file Path
    objects or `relpath`, which cost more than the stat calls themselves.)"""
    if not directory.is_dir():
        return [str(directory), None]
    found: list[list[Any]] = []
    _stamp_tree(str(directory), "", found)
    return [str(directory.resolve()), found]


def _stamp_tree(folder: str, prefix: str, found: list[list[Any]]) -> None:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    subfolders = []
    for entry in entries:
        with contextlib.suppress(OSError):
            if entry.is_dir(follow_symlinks=False):
                subfolders.append(entry)
            elif entry.name.endswith(".json"):
                st = entry.stat()
                found.append([prefix + entry.name, st.st_size, st.st_mtime_ns])
    for entry in subfolders:
        _stamp_tree(entry.path, f"{prefix}{entry.name}/", found)


def _module_stamps() -> list[Any]:
    """The program's own core modules (a changed validator or matcher changes the answers,
    even in a checkout whose version string stays the same) and the matching libraries."""
    stamps: list[Any] = []
    for entry in sorted(os.scandir(_CORE_DIR), key=lambda e: e.name):
        if entry.name.endswith(".py"):
            st = entry.stat()
            stamps.append([entry.name, st.st_size, st.st_mtime_ns])
    for name in _LIBRARIES:  # found, not imported: a scan may never need them
        spec = importlib.util.find_spec(name)
        where = (spec.origin if spec is not None else None) or ""
        with contextlib.suppress(OSError):
            st = os.stat(where)
            stamps.append([name, where, st.st_size, st.st_mtime_ns])
    return stamps


def program_key(missing_links: Severity = Severity.WARNING) -> str:
    """A hash of what the stored answers depend on besides the record files."""
    parts = [
        FORMAT,
        __version__,
        sys.version,
        sys.implementation.cache_tag,
        str(missing_links),
        _module_stamps(),
    ]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def cache_key(dirs: Sequence[Path], missing_links: Severity = Severity.WARNING) -> str:
    """A hash of everything the compiled catalogue depends on."""
    parts = [program_key(missing_links), [_files_stamp(Path(d)) for d in dirs]]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def _slot(dirs: Sequence[Path], missing_links: Severity) -> str:
    """The file name for one set of folders (each set keeps its own file)."""
    names = [str(Path(d).resolve()) for d in dirs]
    return hashlib.sha256(json.dumps([names, str(missing_links)]).encode()).hexdigest()[:24]


# -- reading and writing -------------------------------------------------------------------


def _problem_plain(p: Problem) -> list[Any]:
    return [p.severity.value, p.source, p.field, p.message, p.entry_id]


def _problem(item: list[Any]) -> Problem:
    sev, src, fld, msg, eid = item
    return Problem(Severity(sev), str(src), fld, str(msg), eid)


def _to_plain(compiled: CompiledCatalog) -> tuple[dict[str, Any], bytes]:
    """The index (parsed by every start) and the region of documents parsed on demand; the
    index names each document by its (start, end) offsets in the region and its CRC-32."""
    catalog = compiled.catalog
    region = bytearray()

    def document(value: Any) -> list[int]:
        data = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
        start = len(region)
        region.extend(data)
        return [start, len(region), zlib.crc32(data)]

    files, lights = {}, {}
    for source, (stamp, record, found) in compiled.checks.items():
        problems = [_problem_plain(p) for p in found]
        if record is None:
            files[source] = [list(stamp), None, problems, None, False]
            continue
        whole = dict(record)
        lights[source] = light_fields(whole)
        files[source] = [
            list(stamp),
            core_fields(whole),
            problems,
            document(whole),
            is_sourced(whole),
        ]
    index = {
        "program": compiled.program,
        "files": files,
        "lights": document(lights),
        "entries": [[e.id, e.source] for e in catalog],
        "problems": [_problem_plain(p) for p in catalog.problems],
        "sources": [str(s) for s in catalog.sources],
        "overrides": [o.as_list() for o in catalog.overrides.values()],
        "memo": {name: document(table) for name, table in compiled.table.plain().items()},
    }
    return index, bytes(region)


def _read_payload(path: Path) -> tuple[str, dict[str, Any], Region] | None:
    """(key, index, region) of a cache file of ours at `path`; None otherwise. Only the
    index is read (and checked) now; the region's documents are read when asked for."""
    try:
        with open(path, "rb") as f:
            top = f.read(len(MAGIC) + 200)
            if not top.startswith(MAGIC):
                raise ValueError("not a compiled catalogue of this program")
            key_end = top.index(b"\n", len(MAGIC))
            line_end = top.index(b"\n", key_end + 1)
            crc, head_size, region_size = top[key_end + 1 : line_end].split(b" ")
            whole = line_end + 1 + int(head_size) + int(region_size)
            if os.fstat(f.fileno()).st_size != whole:
                raise ValueError("not the size it was written with (truncated or damaged)")
            f.seek(line_end + 1)
            head = f.read(int(head_size))
        if len(head) != int(head_size) or int(crc, 16) != zlib.crc32(head):
            raise ValueError("checksum mismatch (truncated or damaged)")
        plain = json.loads(head)
        if not isinstance(plain, dict):
            raise TypeError("not an object")
        key = top[len(MAGIC) : key_end].decode("ascii")
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.debug("compiled catalogue %s unreadable: %s", path, exc)
        return None
    except (ValueError, TypeError) as exc:
        log.debug("compiled catalogue %s is damaged or foreign (%s); rebuilding", path, exc)
        return None
    return key, plain, Region(path, line_end + 1 + len(head))


class Region:
    """The documents after a cache file's index, read when one is asked for.

    Each document is checked against the CRC-32 the index gives it, so a file damaged or
    replaced since its index was read yields None for it (the caller then falls back: a
    record is read from its own file, a memo table's answers are worked out again). A start
    needs a few documents; after `BULK_AFTER` of them (a rebuild reads every record) the
    whole region is read once and kept."""

    BULK_AFTER = 16

    def __init__(self, path: Path, offset: int) -> None:
        self.path, self.offset = path, offset
        self.reads = 0
        self._all: bytes | None = None

    def read(self, span: Any) -> bytes | None:
        start, end, crc = _span(span)
        self.reads += 1
        try:
            if self._all is None and self.reads > self.BULK_AFTER:
                with open(self.path, "rb") as f:
                    f.seek(self.offset)
                    self._all = f.read()
            if self._all is not None:
                data = self._all[start:end]
            else:
                with open(self.path, "rb") as f:
                    f.seek(self.offset + start)
                    data = f.read(end - start)
        except OSError:
            return None
        return data if len(data) == end - start and zlib.crc32(data) == crc else None


def _head(key: str) -> bytes:
    return MAGIC + key.encode() + b"\n"


def _span(value: Any) -> tuple[int, int, int]:
    if not (isinstance(value, list) and len(value) == 3 and all(isinstance(n, int) for n in value)):
        raise ValueError("a document's place is not (start, end, crc)")
    start, end, crc = value
    if not 0 <= start <= end:
        raise ValueError("a document's offsets are not offsets")
    return start, end, crc


def _memo_from_plain(plain: dict[str, Any], region: Region) -> memo.MemoTable:
    """The memo tables, each read and parsed on its first look-up (one that cannot be read
    back is empty: its answers are worked out again, and stored by the next save)."""
    spans = plain["memo"]
    if not isinstance(spans, dict):
        raise TypeError("memo tables are not listed")

    def loader(span: Any) -> Any:
        def load() -> dict[str, Any]:
            data = region.read(span)
            table = json.loads(data) if data is not None else {}
            if not isinstance(table, dict):
                raise TypeError("a memo table is not an object")
            return table

        return load

    for span in spans.values():
        _span(span)
    return memo.MemoTable(lazy={str(n): loader(v) for n, v in spans.items()})


def _checks_from_plain(plain: dict[str, Any], region: Region) -> dict[str, FileCheck]:
    checks: dict[str, FileCheck] = {}
    lights = _Lights(region, _span(plain["lights"]))
    for source, (stamp, core, found, span, sourced) in plain["files"].items():
        record = None
        if core is not None:
            if not (isinstance(core, dict) and isinstance(core["id"], str)):
                raise TypeError("a record is not an object")
            _span(span)
            load = functools.partial(region.read, span)
            light = functools.partial(lights.of, source)
            record = LazyRecord(core, light, load, bool(sourced), _reader(str(source)))
        checks[str(source)] = ((int(stamp[0]), int(stamp[1])), record, [_problem(p) for p in found])
    return checks


class _Lights:
    """The document of every record's light fields, parsed when one is first asked for
    (empty when it cannot be read back: each record then reads its own document)."""

    def __init__(self, region: Region, span: tuple[int, int, int]) -> None:
        self.region, self.span = region, span
        self._parsed: dict[str, Any] | None = None

    def of(self, source: str) -> Any:
        if self._parsed is None:
            data = self.region.read(list(self.span))
            try:
                parsed = json.loads(data) if data is not None else {}
            except ValueError:
                parsed = {}
            self._parsed = parsed if isinstance(parsed, dict) else {}
        return self._parsed.get(source)


def _reader(source: str) -> Callable[[], dict[str, Any]]:
    def read() -> dict[str, Any]:
        from triage_app.core.record_file import RecordFileError, load_record_file

        log.debug("compiled catalogue: record of %s read from its file", source)
        try:
            return load_record_file(Path(source))
        except RecordFileError as exc:
            raise ValueError(str(exc)) from None

    return read


def _from_plain(plain: dict[str, Any], region: Region, path: Path, key: str) -> CompiledCatalog:
    table = _memo_from_plain(plain, region)
    checks = _checks_from_plain(plain, region)
    catalog = Catalog()
    with memo.active(table):
        for entry_id, source in plain["entries"]:
            data = checks[source][1]
            if data is None or data["id"] != entry_id:
                raise ValueError("an entry's record is missing")
            # (validated when the cache was built: it compiles; nothing is looked up yet)
            flags = 0 if data.get("case_sensitive") else re.IGNORECASE
            pattern = memo.compile_later(str(data["regex"]), flags)
            catalog.entries[entry_id] = Entry(data=data, source=str(source), pattern=pattern)
    catalog.problems = [_problem(p) for p in plain["problems"]]
    catalog.sources = [Path(s) for s in plain["sources"]]
    catalog.overrides = {str(o[0]): Override(*o) for o in plain["overrides"]}
    table.added = 0
    return CompiledCatalog(
        catalog, table, path, key, True, checks=checks, program=str(plain["program"])
    )
