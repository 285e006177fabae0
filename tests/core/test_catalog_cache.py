"""The compiled catalogue: current answers from the cache, and a rebuild whenever anything it
depends on changes or the file is not a whole, matching cache of ours."""

from __future__ import annotations

import json
import multiprocessing
import os
import pickle
import re
from pathlib import Path

import pytest

from tests.core.records_factory import make_record, write_record
from triage_app.core import catalog_cache, memo, weigh
from triage_app.core.automaton import LiteralAutomaton
from triage_app.core.catalog import load_catalog
from triage_app.core.catalog_cache import open_catalog
from triage_app.core.scan import scan_file

LOG = (
    "start\n"
    "2026-01-01 ERROR DemoError: the widget 'w' broke at step 3\n"
    "all fine\n"
    "Traceback: BetaError code 17 in stage two\n"
)


@pytest.fixture
def records(tmp_path) -> Path:
    root = tmp_path / "records"
    write_record(root, make_record())
    beta = make_record(
        "python/beta-error",
        signature="BetaError code 17 in stage two",
        regex=r"BetaError code \d+ in stage (?:one|two)",
        examples=["BetaError code 3 in stage one"],
        counter_examples=["BetaError in stage"],
        variants=[
            {"regex": r"BetaFehler Code \d+", "lang": "de", "examples": ["BetaFehler Code 9"]}
        ],
    )
    write_record(root, beta)
    write_record(root, "{ not json", name="python/broken.json")  # a problem, kept in the cache
    return root


def _scan(tmp_path: Path, compiled) -> dict:
    log = tmp_path / "demo.log"
    log.write_text(LOG, encoding="utf-8")
    return scan_file(log, compiled.matcher()).to_json()


def _cache_files(folder: Path) -> list[Path]:
    return sorted((folder / "catalog").glob("*.json"))


def test_a_second_open_is_served_from_the_cache_with_the_same_catalogue_and_matches(
    tmp_path, cache_dir, records
):
    first = open_catalog([records])
    assert not first.from_cache
    first_scan = _scan(tmp_path, first)
    assert [f.name for f in _cache_files(cache_dir)] and first_scan["matches"]

    second = open_catalog([records])
    assert second.from_cache
    assert list(second.catalog.entries) == list(first.catalog.entries)
    assert [dict(e.data) for e in second.catalog] == [dict(e.data) for e in first.catalog]
    assert second.catalog.problems == first.catalog.problems
    assert second.catalog.sources == first.catalog.sources
    assert _scan(tmp_path, second) == first_scan
    # The reference: the catalogue loaded without any cache gives the same scan.
    plain = catalog_cache.CompiledCatalog(load_catalog([records]))
    assert _scan(tmp_path, plain) == first_scan


def test_a_changed_record_rebuilds_the_cache(tmp_path, cache_dir, records):
    open_catalog([records]).matcher()
    changed = make_record(
        signature="DemoError: the gadget 'x' broke at step 42",
        regex=r"DemoError: the gadget '[^']+' broke at step \d+",
        examples=["DemoError: the gadget 'g' broke at step 1"],
    )
    path = write_record(records, changed)
    os.utime(path, ns=(1, 1))  # a different time, whatever the clock's resolution
    again = open_catalog([records])
    assert not again.from_cache
    assert again.catalog.get("python/demo-error").regex == changed["regex"]
    assert open_catalog([records]).from_cache


def test_a_new_or_removed_record_file_rebuilds_the_cache(cache_dir, records):
    open_catalog([records])
    write_record(records, make_record("python/gamma-error"))
    assert "python/gamma-error" in open_catalog([records]).catalog
    (records / "python" / "gamma-error.json").unlink()
    reopened = open_catalog([records])
    assert not reopened.from_cache and "python/gamma-error" not in reopened.catalog


def test_a_new_program_or_library_version_rebuilds_the_cache(cache_dir, records, monkeypatch):
    open_catalog([records])
    assert open_catalog([records]).from_cache
    monkeypatch.setattr(catalog_cache, "__version__", "999.0")
    assert not open_catalog([records]).from_cache
    assert open_catalog([records]).from_cache
    stamps = catalog_cache._module_stamps()
    monkeypatch.setattr(catalog_cache, "_module_stamps", lambda: [*stamps, ["rapidfuzz", "9.9"]])
    assert not open_catalog([records]).from_cache


def test_the_key_covers_python_and_the_library_files():
    stamps = json.dumps(catalog_cache._module_stamps())
    assert "ahocorasick_rs" in stamps and "rapidfuzz" in stamps and "literals.py" in stamps
    key = catalog_cache.cache_key([])
    assert key == catalog_cache.cache_key([])
    assert key != catalog_cache.cache_key([Path("/nonexistent/records")])


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: raw[: len(raw) // 2],  # truncated
        lambda raw: raw[:-40] + bytes(b ^ 0x55 for b in raw[-40:]) + b"x",  # damaged, longer
        lambda raw: b"",  # empty
        lambda raw: b"\x00\xff" * 100,  # not ours at all
        lambda raw: raw.replace(b"triage-app", b"other-app", 1),  # another program's magic
        lambda raw: raw.split(b"\n", 1)[0] + b"\n" + b"0" * 64 + raw[raw.index(b"\n", 40) :],
    ],
    ids=["truncated", "damaged", "empty", "garbage", "foreign", "other-key"],
)
def test_a_bad_cache_file_is_ignored_and_rebuilt(tmp_path, cache_dir, records, damage):
    reference = _scan(tmp_path, open_catalog([records]))
    (path,) = _cache_files(cache_dir)
    path.write_bytes(damage(path.read_bytes()))
    reopened = open_catalog([records])
    assert not reopened.from_cache
    assert _scan(tmp_path, reopened) == reference
    assert open_catalog([records]).from_cache  # the rebuilt file is whole again


def test_a_damaged_document_is_not_used_and_its_answers_are_worked_out_again(
    tmp_path, cache_dir, records
):
    """The index is checked at every start, each document when it is read: a damaged one
    (here the last memo table) is left unused, its answers worked out and stored again."""
    reference = _scan(tmp_path, open_catalog([records]))
    (path,) = _cache_files(cache_dir)
    raw = path.read_bytes()
    path.write_bytes(raw[:-40] + bytes(b ^ 0x55 for b in raw[-40:]))
    reopened = open_catalog([records])
    assert reopened.from_cache
    assert _scan(tmp_path, reopened) == reference
    again = open_catalog([records])
    assert again.from_cache and _scan(tmp_path, again) == reference


def test_a_cache_with_answers_of_the_wrong_shape_is_rebuilt(tmp_path, cache_dir, records):
    reference = _scan(tmp_path, open_catalog([records]))
    (path,) = _cache_files(cache_dir)
    head, index, region = _split(path.read_bytes())
    start, end, _crc = index["memo"]["requirements"]
    table = json.loads(region[start:end])
    for key in table:
        table[key] = 12345  # not a list of alternatives
    index["memo"]["requirements"], region = _append(region, table)
    _write(path, head, index, region)
    for stored in (cache_dir / "catalog").glob("*.pickle"):
        stored.unlink()  # the built matcher (`matcher_cache`) would not ask the answers
    reopened = open_catalog([records])
    assert reopened.from_cache
    assert _scan(tmp_path, reopened) == reference
    assert not reopened.from_cache  # the matcher was built afresh from the records


def test_prose_is_decoded_only_when_asked_for(tmp_path, cache_dir, records):
    reference = _scan(tmp_path, open_catalog([records]))
    reopened = open_catalog([records])
    assert reopened.from_cache
    assert _scan(tmp_path, reopened) == reference
    entries = list(reopened.catalog)
    assert entries and all(e.data._full is None for e in entries)  # a scan read no prose
    assert all(e.data._light is None for e in entries)  # nor the other light fields
    first = entries[0]
    from_file = json.loads(Path(first.source).read_text(encoding="utf-8"))
    assert first.root_cause == from_file["root_cause"]
    assert dict(first.data) == from_file and first.data == from_file
    assert pickle.loads(pickle.dumps(first.data)) == from_file  # a plain dict in another process


def test_a_record_region_that_does_not_decode_is_read_from_its_file(cache_dir, records):
    open_catalog([records])
    (path,) = _cache_files(cache_dir)
    head, index, region = _split(path.read_bytes())
    entry_id, source = index["entries"][0]
    index["files"][source][3], region = _append(region, {"id": "someone/else"})
    _write(path, head, index, region)
    reopened = open_catalog([records])
    assert reopened.from_cache
    entry = reopened.catalog.entries[entry_id]
    assert entry.data == json.loads(Path(source).read_text(encoding="utf-8"))


def test_light_fields_that_do_not_decode_are_read_from_each_record(cache_dir, records):
    open_catalog([records])
    (path,) = _cache_files(cache_dir)
    head, index, region = _split(path.read_bytes())
    entry_id, source = index["entries"][0]
    index["lights"], region = _append(region, {source: {"id": "someone/else"}})
    _write(path, head, index, region)
    reopened = open_catalog([records])
    assert reopened.from_cache
    entry = reopened.catalog.entries[entry_id]
    from_file = json.loads(Path(source).read_text(encoding="utf-8"))
    assert entry.category == from_file["category"]
    assert entry.data.get("domain") == from_file["domain"]
    other_id, other_source = index["entries"][1]
    other = reopened.catalog.entries[other_id]  # not in the damaged document at all
    assert other.signature == json.loads(Path(other_source).read_text("utf-8"))["signature"]


def _split(raw: bytes) -> tuple[bytes, dict, bytes]:
    """(magic and key line, index, region) of a cache file."""
    magic_end = len(catalog_cache.MAGIC)
    key_end = raw.index(b"\n", magic_end) + 1
    line_end = raw.index(b"\n", key_end) + 1
    _crc, size, _region_size = raw[key_end : line_end - 1].split(b" ")
    payload = raw[line_end:]
    return raw[:key_end], json.loads(payload[: int(size)]), payload[int(size) :]


def _append(region: bytes, value) -> tuple[list[int], bytes]:
    import zlib

    doc = json.dumps(value).encode()
    return [len(region), len(region) + len(doc), zlib.crc32(doc)], region + doc


def _write(path: Path, head: bytes, index, region: bytes = b"") -> None:
    """A cache file as `CompiledCatalog.save` writes one (the index's CRC and both sizes)."""
    import zlib

    first = index if isinstance(index, bytes) else json.dumps(index).encode()
    sizes = b"%08x %d %d\n" % (zlib.crc32(first), len(first), len(region))
    path.write_bytes(head + sizes + first + region)


class _Plant:
    """Unpickling this creates a file: proof that a loader ran code from the cache."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def test_cache_content_is_never_executed(tmp_path, cache_dir, records):
    open_catalog([records])
    (path,) = _cache_files(cache_dir)
    head, index, region = _split(path.read_bytes())
    marker = tmp_path / "ran"
    _write(path, head, pickle.dumps(_Plant(marker)))  # a valid header and checksum
    reopened = open_catalog([records])
    assert not reopened.from_cache
    assert not marker.exists()
    # Strings that are code are only ever data: a record field stays text.
    head, index, region = _split(path.read_bytes())
    entry_id, source = index["entries"][0]
    start, end, _crc = index["files"][source][3]
    record = json.loads(region[start:end])
    code = f"__import__('pathlib').Path({str(marker)!r}).touch()"
    record["root_cause"] = code
    index["files"][source][3], region = _append(region, record)
    _write(path, head, index, region)
    again = open_catalog([records])
    assert again.from_cache and again.catalog.entries[entry_id].root_cause == code
    again.matcher()
    assert not marker.exists()


def _open_in_child(records: str, out) -> None:  # a top-level function for "spawn"
    compiled = open_catalog([Path(records)])
    compiled.matcher()
    out.put(sorted(compiled.catalog.entries))


def test_concurrent_writers_leave_one_whole_cache(cache_dir, records):
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    children = [context.Process(target=_open_in_child, args=(str(records), out)) for _ in range(4)]
    for child in children:
        child.start()
    results = [out.get(timeout=120) for _ in children]
    for child in children:
        child.join(30)
        assert child.exitcode == 0
    assert all(r == results[0] for r in results)
    files = _cache_files(cache_dir)
    assert [f.suffix for f in files] == [".json"]  # no temporary file left behind
    assert open_catalog([records]).from_cache


def test_turned_off_no_file_is_read_or_written(cache_dir, records, monkeypatch):
    monkeypatch.setenv("TRIAGE_NO_CACHE", "1")
    assert not open_catalog([records]).from_cache
    assert not open_catalog([records]).from_cache
    assert not cache_dir.exists()


def test_an_unwritable_cache_folder_is_not_an_error(tmp_path, records, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TRIAGE_CACHE_DIR", str(blocker))
    compiled = open_catalog([records])
    assert len(compiled.catalog) == 2 and compiled.matcher() is not None


def test_weigher_plans_are_stored_with_the_catalogue_and_used_by_the_scan(
    tmp_path, cache_dir, records, monkeypatch
):
    first = open_catalog([records])
    built = first.matcher()
    plans = first.table.data["weigher"]
    assert len(plans) == len({(t.pattern.pattern, t.pattern.flags) for t in built.targets})

    second = open_catalog([records])
    matcher = second.matcher()
    assert matcher.memo is second.table  # the loaded matcher keeps the loading table
    monkeypatch.setattr(weigh, "_parse", _no_parse)  # a stored plan needs no parse
    assert _scan(tmp_path, second)["matches"]
    weighers = [matcher.weigher(i) for i in range(len(matcher.targets))]
    assert second.table.added == 0
    monkeypatch.undo()
    fresh = [built.weigher(i) for i in range(len(built.targets))]
    assert [(w.static, [b[1] for b in w.branches]) for w in weighers] == [
        (w.static, [b[1] for b in w.branches]) for w in fresh
    ]


def _no_parse(*_args):
    raise AssertionError("the pattern was parsed again")


def test_memo_answers_only_inside_an_active_table():
    table = memo.MemoTable({"compile": {"a+\x1f2": 34}})
    assert isinstance(memo.compile_pattern("a+", 2), re.Pattern)  # no table: compiled now
    with memo.active(table):
        lazy = memo.compile_pattern("a+", 2)
        fresh = memo.compile_pattern("b+", 2)
        with pytest.raises(re.error):
            memo.compile_pattern("(", 0)
    assert isinstance(lazy, memo.LazyPattern) and lazy.flags == 34
    assert isinstance(fresh, re.Pattern) and table.data["compile"]["b+\x1f2"] == fresh.flags
    assert table.data["compile"]["(\x1f0"] is None
    assert lazy.search("xAAy").span() == (1, 3)  # compiled on first use, case-insensitive
    assert [m.group() for m in lazy.finditer("a aa")] == ["a", "aa"]
    assert pickle.loads(pickle.dumps(lazy)).search("aa").group() == "aa"


def test_a_pattern_compiled_later_looks_its_flags_up_only_when_asked():
    table = memo.MemoTable(lazy={"compile": lambda: {"(?m)a+\x1f2": 42}})
    assert isinstance(memo.compile_later("a+", 2), re.Pattern)  # no table: compiled now
    with memo.active(table):
        pending = memo.compile_later("(?m)a+", 2)
        unknown = memo.compile_later("(?s)b", 0)
    assert "compile" not in table.data  # nothing looked up (the table not even parsed)
    assert pending.pattern == "(?m)a+" and pending.flags == 42  # the stored answer
    assert unknown.flags == re.compile("(?s)b").flags  # not stored: what `re` says
    assert pending.search("xAAy").span() == (1, 3)
    assert pickle.loads(pickle.dumps(pending)).search("aa").group() == "aa"


def test_the_automaton_gives_the_same_hits_before_and_after_its_upgrade():
    words = [b"error", b"cuda out of memory", b"rror", b"timeout"]
    hay = b"x error\ncuda out of memory error\n timeout rror\n" * 50
    small = LiteralAutomaton(words, upgrade_after=10**9)
    eager = LiteralAutomaton(words, upgrade_after=0)
    growing = LiteralAutomaton(words, upgrade_after=len(hay) + 1)
    expected = small.find_matches_as_indexes(hay, overlapping=True)
    assert not small.is_dfa and eager.is_dfa
    assert eager.find_matches_as_indexes(hay, overlapping=True) == expected
    assert growing.find_matches_as_indexes(hay, overlapping=True) == expected and not growing.is_dfa
    assert growing.find_matches_as_indexes(hay, overlapping=True) == expected and growing.is_dfa


def test_old_catalogues_and_stray_temporary_files_are_pruned(tmp_path, cache_dir, records):
    folder = cache_dir / "catalog"
    folder.mkdir(parents=True)
    for i in range(12):
        old = folder / f"old-{i}.json"
        old.write_text("{}")
        os.utime(old, (1000 + i, 1000 + i))
    stray = folder / ".tmp-crashed"
    stray.write_text("half")
    os.utime(stray, (1000, 1000))
    open_catalog([records])
    left = sorted(p.name for p in folder.iterdir())
    assert len(left) == catalog_cache.KEEP_FILES and ".tmp-crashed" not in left
    assert "old-11.json" in left and "old-0.json" not in left  # the newest are kept
    assert open_catalog([records]).from_cache  # including the one just written


def test_after_one_record_changed_only_that_file_is_checked_again(
    tmp_path, cache_dir, records, monkeypatch
):
    from triage_app.core import validate as validate_mod

    open_catalog([records]).matcher()
    checked: list[str] = []
    real = validate_mod.validate_record

    def counting(record, source):
        checked.append(Path(source).name)
        return real(record, source)

    monkeypatch.setattr(validate_mod, "validate_record", counting)
    changed = make_record(confidence=0.5)
    path = write_record(records, changed)
    os.utime(path, ns=(7, 7))
    again = open_catalog([records])
    assert not again.from_cache and checked == ["demo-error.json"]
    assert again.catalog.get("python/demo-error").confidence == 0.5
    assert _scan(tmp_path, again) == _scan(
        tmp_path, catalog_cache.CompiledCatalog(load_catalog([records]))
    )
    # Another program version checks every file again.
    checked.clear()
    monkeypatch.setattr(catalog_cache, "__version__", "999.0")
    open_catalog([records])
    assert sorted(checked) == ["beta-error.json", "demo-error.json"]
