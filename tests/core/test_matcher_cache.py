"""The built matcher kept beside the compiled catalogue: loaded only when authenticated."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import stat
from pathlib import Path

import pytest

from tests.core.records_factory import make_record, write_record
from triage_app.core import matcher_cache, sealed
from triage_app.core.catalog_cache import open_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.scan import scan_file

LOG = "starting\nTraceback: BetaError code 17 in stage two\nall fine\n"


@pytest.fixture
def records(tmp_path) -> Path:
    root = tmp_path / "records"
    write_record(root, make_record())
    write_record(
        root,
        make_record(
            "python/beta-error",
            signature="BetaError code 17 in stage two",
            regex=r"BetaError code \d+ in stage (?:one|two)",
            examples=["BetaError code 3 in stage one"],
        ),
    )
    return root


def _scan(tmp_path: Path, matcher: Matcher) -> dict:
    log = tmp_path / "demo.log"
    log.write_text(LOG, encoding="utf-8")
    return scan_file(log, matcher).to_json()


def _no_build(monkeypatch) -> None:
    def refuse(*_a, **_k):
        raise AssertionError("the matcher was built, not loaded")

    monkeypatch.setattr(Matcher, "from_catalog", classmethod(refuse))


def _stored(cache_dir: Path) -> Path:
    (path,) = sorted((cache_dir / "catalog").glob("*.pickle"))
    return path


def test_the_next_start_loads_the_built_matcher_with_the_same_results(
    tmp_path, cache_dir, records, monkeypatch
):
    reference = _scan(tmp_path, open_catalog([records]).matcher())
    again = open_catalog([records])
    assert again.from_cache
    _no_build(monkeypatch)
    loaded = again.matcher()
    assert _scan(tmp_path, loaded) == reference
    assert [t.pattern.pattern for t in loaded.targets] == [
        r.pattern.pattern for r in loaded.targets
    ]
    assert type(loaded.targets[0].pattern).__name__ == "LazyPattern"  # nothing compiled on load


def test_required_literals_stay_pickled_until_a_big_log_re_keys_the_matcher(
    tmp_path, cache_dir, records
):
    built = open_catalog([records]).matcher()
    loaded = open_catalog([records]).matcher()
    assert loaded._needs_value is None and loaded._needs_blob  # not unpickled on load
    _scan(tmp_path, loaded)  # a small log does not re-key
    assert loaded._needs_value is None
    assert loaded._needs == built._needs  # the same alternatives once asked for


def test_a_changed_record_does_not_load_the_old_matcher(tmp_path, cache_dir, records):
    open_catalog([records]).matcher()
    write_record(
        records,
        make_record(
            "python/beta-error",
            signature="BetaError code 17",
            regex=r"BetaError code 17\b",
            examples=["BetaError code 17 in stage two"],
        ),
    )
    fresh = open_catalog([records])
    assert not fresh.from_cache
    assert [m["entry_id"] for m in _scan(tmp_path, fresh.matcher())["matches"]] == [
        "python/beta-error"
    ]


class _Plant:
    """Unpickling this creates a file: proof that a loader ran code from the cache."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


@pytest.mark.parametrize("mac", ["wrong", "other user's key"])
def test_a_file_not_written_for_this_user_is_never_unpickled(
    tmp_path, cache_dir, records, monkeypatch, mac
):
    reference = _scan(tmp_path, open_catalog([records]).matcher())
    path = _stored(cache_dir)
    compiled = open_catalog([records])
    marker = tmp_path / "ran"
    head = matcher_cache.MAGIC + compiled.key.encode() + b"\n"
    body = pickle.dumps(_Plant(marker))
    secret = os.urandom(32) if mac == "other user's key" else sealed.user_key()
    signature = sealed.mac(secret, head, memoryview(body))
    if mac == "wrong":
        signature = bytes([signature[0] ^ 1]) + signature[1:]
    path.write_bytes(head + signature + body)
    assert _scan(tmp_path, compiled.matcher()) == reference  # rebuilt
    assert not marker.exists()
    again = open_catalog([records])
    _no_build(monkeypatch)
    assert _scan(tmp_path, again.matcher()) == reference  # and stored whole again


def test_a_copied_cache_folder_is_not_trusted_without_this_users_key(
    tmp_path, cache_dir, records, monkeypatch
):
    open_catalog([records]).matcher()
    monkeypatch.setenv("TRIAGE_DATA_DIR", str(tmp_path / "another-user"))
    again = open_catalog([records])
    assert again.from_cache  # the data-only catalogue is still used
    assert matcher_cache.load(_stored(cache_dir), again.key, again.table) is None


def test_the_key_is_private_and_made_once(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIAGE_DATA_DIR", str(tmp_path / "data"))
    first = sealed.user_key()
    assert first is not None and len(first) == 32
    assert sealed.user_key() == first
    mode = (tmp_path / "data" / sealed.KEY_FILE).stat().st_mode
    assert stat.S_IMODE(mode) == 0o600


def _key_in_child(folder: str, out) -> None:  # top level: for "spawn"
    out.put(sealed.user_key(Path(folder)))


def test_processes_making_the_key_at_once_agree(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    procs = [ctx.Process(target=_key_in_child, args=(str(tmp_path), out)) for _ in range(4)]
    for proc in procs:
        proc.start()
    keys = {out.get(timeout=60) for _ in procs}
    for proc in procs:
        proc.join(60)
    assert len(keys) == 1 and None not in keys
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".tmp-")]


def test_an_unreadable_data_folder_means_no_stored_matcher(
    tmp_path, cache_dir, records, monkeypatch
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("TRIAGE_DATA_DIR", str(blocker / "data"))
    assert sealed.user_key() is None
    reference = _scan(tmp_path, open_catalog([records]).matcher())
    assert not list((cache_dir / "catalog").glob("*.pickle"))
    assert _scan(tmp_path, open_catalog([records]).matcher()) == reference
