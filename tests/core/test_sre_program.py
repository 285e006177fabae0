"""Patterns made from stored programs are the patterns `re.compile` makes (`sre_program`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.core.records_factory import make_record, write_record
from triage_app.core import matcher_cache, memo, sre_program
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.catalog_cache import open_catalog

pytestmark = pytest.mark.skipif(
    sre_program.program_of("a", 0) is None, reason="not an interpreter whose programs are kept"
)


@pytest.fixture
def fresh(monkeypatch):
    """An empty registry that decodes at the first compile."""
    monkeypatch.setattr(sre_program, "_known", {})
    monkeypatch.setattr(sre_program, "_blocks", {})
    monkeypatch.setattr(sre_program, "_read", set())
    monkeypatch.setattr(sre_program, "DECODE_AFTER", 0)


def _same(made: re.Pattern[str], real: re.Pattern[str], texts: list[str]) -> None:
    assert (made.pattern, made.flags, made.groups, made.groupindex) == (
        real.pattern,
        real.flags,
        real.groups,
        real.groupindex,
    )
    for text in texts:
        a, b = made.search(text), real.search(text)
        assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups())), (real, text)


TRICKY = [
    (r"(?P<pkg>[\w.-]+)==(?P<ver>\d+(?:\.\d+)*)", 0),
    (r"(?i)error:\s+(?:no such file|not found)", 0),
    (r"(?<!\w)E\d{4}\b", re.MULTILINE),
    (r"^\s*at [\w$.]+\((?:\w+\.java:\d+|Native Method)\)$", re.IGNORECASE),
    (r"ошибка сегментирования|段错误", 0),
    (r"(a|b)\1(?=c)", re.DOTALL),
]


def test_a_pattern_made_from_its_program_behaves_as_re_compile_makes_it(fresh):
    patterns = [re.compile(p, f) for p, f in TRICKY]
    sre_program.register("tricky", lambda: sre_program.pack(patterns))
    texts = [
        "requests==2.31.0",
        "ERROR:  Not found",
        "xE1234 ",
        "  at a.B(C.java:12)",
        "段错误",
        "aac",
        "bbc",
        "abc",
        "",
    ]
    for real in patterns:
        made = sre_program.compile_pattern(real.pattern, real.flags)
        _same(made, real, texts)
    assert not sre_program._blocks and len(sre_program._known) == len(TRICKY)


def test_every_bundled_pattern_and_weigher_branch_is_made_the_same(fresh):
    catalog = load_catalog(default_catalog_dirs())
    from triage_app.core.matcher import Matcher

    matcher = Matcher.from_catalog(catalog, fuzzy=False)
    patterns = list(matcher_cache._patterns(matcher))
    assert len(patterns) > 1000
    sre_program.register("bundled", lambda: sre_program.pack(patterns))
    texts_by_id = {
        e.id: [e.signature, *e.get("examples", []), *e.get("counter_examples", [])] for e in catalog
    }
    for index, target in enumerate(matcher.targets):
        real = re.compile(target.pattern.pattern, target.pattern.flags)
        texts = texts_by_id.get(target.id, [target.id])
        _same(sre_program.compile_pattern(real.pattern, real.flags), real, texts)
        for branch, _weight in matcher.weigher(index).branches:
            branch_real = re.compile(branch.pattern, branch.flags)
            _same(sre_program.compile_pattern(branch.pattern, branch.flags), branch_real, texts)


def test_a_program_the_engine_rejects_falls_back_to_re_compile(fresh):
    real = re.compile(r"disk (?P<dev>\w+) full")
    code, groups, groupindex, indexgroup = sre_program.program_of(real.pattern, real.flags)
    bad = {(real.pattern, real.flags): (b"\xff\xff\xff\xff" * 3, groups, groupindex, indexgroup)}
    import marshal

    sre_program.register("bad", lambda: marshal.dumps((1, bad)))
    made = sre_program.compile_pattern(real.pattern, real.flags)
    _same(made, real, ["disk sda1 full", "disk full"])


@pytest.mark.parametrize("block", [b"", b"not marshal", None])
def test_an_unreadable_block_only_means_compiling(fresh, block):
    sre_program.register("broken", lambda: block)
    real = re.compile(r"x+y")
    _same(sre_program.compile_pattern(real.pattern, real.flags), real, ["xxy", "y"])


def test_a_stored_matcher_brings_its_programs_and_a_tampered_file_is_not_read(
    tmp_path: Path, cache_dir, fresh, monkeypatch
):
    root = tmp_path / "records"
    write_record(
        root,
        make_record(
            "python/beta-error",
            signature="BetaError code 17",
            regex=r"BetaError code (?P<code>\d+)",
            examples=["BetaError code 3"],
        ),
    )
    open_catalog([root]).matcher()  # built and stored, with its programs
    (programs,) = (cache_dir / "catalog").glob("*.programs")
    loaded = open_catalog([root]).matcher()
    assert sre_program._blocks  # registered, not read yet
    pattern = loaded.targets[0].pattern
    made = pattern.compiled()
    assert (pattern.pattern, pattern.flags) in sre_program._known and not sre_program._blocks
    _same(made, re.compile(pattern.pattern, pattern.flags), ["BetaError code 17"])

    raw = bytearray(programs.read_bytes())
    raw[-1] ^= 1
    programs.write_bytes(bytes(raw))
    monkeypatch.setattr(sre_program, "_known", {})
    monkeypatch.setattr(sre_program, "_read", set())
    again = open_catalog([root]).matcher()
    pattern = again.targets[0].pattern
    made = pattern.compiled()
    assert not sre_program._known  # the damaged block was refused; compiled by re
    _same(made, re.compile(pattern.pattern, pattern.flags), ["BetaError code 17"])


def test_lazy_patterns_compile_through_the_registry(fresh):
    real = re.compile(r"(?i)OutOfMemoryError: (?P<what>Java heap space|Metaspace)")
    sre_program.register("one", lambda: sre_program.pack([real]))
    lazy = memo.LazyPattern(real.pattern, real.flags)
    assert lazy.search("java.lang.OutOfMemoryError: Java heap space").group("what") == (
        "Java heap space"
    )
    assert (real.pattern, real.flags) in sre_program._known


def test_a_short_log_compiles_its_few_patterns_without_reading_the_block(monkeypatch):
    monkeypatch.setattr(sre_program, "_known", {})
    monkeypatch.setattr(sre_program, "_blocks", {})
    monkeypatch.setattr(sre_program, "_read", set())
    monkeypatch.setattr(sre_program, "_compiled", 0)
    reads = []
    patterns = [re.compile(rf"step {n} failed") for n in range(sre_program.DECODE_AFTER + 1)]
    sre_program.register("many", lambda: reads.append(1) or sre_program.pack(patterns))
    for real in patterns[:-1]:
        sre_program.compile_pattern(real.pattern, real.flags)
    assert not reads
    sre_program.compile_pattern(patterns[-1].pattern, patterns[-1].flags)
    assert reads == [1] and len(sre_program._known) == len(patterns)


def test_a_short_log_compiles_only_the_patterns_it_needs(tmp_path: Path, cache_dir, monkeypatch):
    """A stored matcher's patterns stay uncompiled until a line needs them (a two-line log
    must not pay for the whole catalogue, nor read the programs block)."""
    from triage_app.core.scan import scan_file

    open_catalog(default_catalog_dirs()).matcher()  # built and stored
    loaded = open_catalog(default_catalog_dirs()).matcher()
    made = []
    real_compile = sre_program.compile_pattern
    monkeypatch.setattr(
        sre_program, "compile_pattern", lambda p, f: made.append(p) or real_compile(p, f)
    )
    log = tmp_path / "two.log"
    log.write_text("starting job\nTraceback: java.lang.OutOfMemoryError: Java heap space\n")
    result = scan_file(log, loaded)
    assert [m.candidates[0].entry_id for m in result.matches] == ["java/out-of-memory-heap"]
    assert 1 <= len(made) < sre_program.DECODE_AFTER


def test_a_new_build_reuses_the_programs_of_the_previous_one(monkeypatch):
    patterns = [re.compile(r"alpha (\d+)"), re.compile(r"beta (?P<n>\d+)", re.I)]
    first = sre_program.unpack(sre_program.pack(patterns))
    assert set(first) == {(p.pattern, p.flags) for p in patterns}
    worked_out = []
    real = sre_program.program_of
    monkeypatch.setattr(sre_program, "program_of", lambda p, f: worked_out.append(p) or real(p, f))
    added = re.compile(r"gamma")
    again = sre_program.unpack(sre_program.pack([*patterns, added], first))
    assert worked_out == ["gamma"]
    assert (
        again[(patterns[0].pattern, patterns[0].flags)]
        == first[(patterns[0].pattern, patterns[0].flags)]
    )
    assert sre_program.unpack(b"junk") == {}
