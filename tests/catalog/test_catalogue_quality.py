"""The bundled catalogue meets its bar: every rule of the catalogue issue, over every entry.

Each test collects every offending entry and prints one problem per line, naming the entry and
what to change, so that a person can act on the whole list at once.
"""

from __future__ import annotations

import importlib
import re
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.core.records_factory import make_record, write_record
from triage_app.core import paths
from triage_app.core.catalog import Catalog, load_catalog
from triage_app.core.entry import Entry
from triage_app.core.literals import required_factor
from triage_app.core.matcher import MATCH_CAP, Matcher
from triage_app.core.problems import Severity

MIN_ENTRIES = 300
MIN_DOMAINS = 20
MIN_REPRODUCED = 40
MIN_LINKED_FRACTION = 1 / 3
MIN_CJK_ROOT_CAUSE = 15  # a root cause is prose: a translated one has many Chinese characters
# Issue 10: at most a tenth of the entries may have an empty provenance.sources list. Until the
# catalogue gets there, UNSOURCED_CEILING holds the fraction reached so far (lower it as entries
# gain sources, never raise it); the test fails above it and reports the current fraction.
TARGET_UNSOURCED_FRACTION = 0.10
UNSOURCED_CEILING = 0.10  # reached 5.7% (48 of 837); the target holds from here
SLOW_SEARCH_SECONDS = 0.05  # per search of one 4 KB line; generous for a busy shared machine
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
TESTS_DIR = Path(__file__).resolve().parent

# Hosts of official documentation the catalogue cites. A URL elsewhere is not necessarily
# wrong, but it must be looked at by a person (and its host added here) before it ships:
# invented URLs tend to sit on invented or generic hosts.
OFFICIAL_DOC_HOSTS = (
    "amazon.com",
    "amazonaws.com",
    "apache.org",
    "cmake.org",
    "djangoproject.com",
    "docker.com",
    "git-scm.com",
    "github.com",
    "gitlab.com",
    "gnu.org",
    "go.dev",
    "gradle.org",
    "hashicorp.com",
    "huggingface.co",
    "jenkins.io",
    "kernel.org",
    "kubernetes.io",
    "man7.org",
    "microsoft.com",
    "mongodb.com",
    "mozilla.org",
    "mysql.com",
    "nodejs.org",
    "npmjs.com",
    "numpy.org",
    "nvidia.com",
    "openbsd.org",
    "oracle.com",
    "pnpm.io",
    "postgresql.org",
    "pydata.org",
    "pydantic.dev",
    "sqlalche.me",
    "pypa.io",
    "pytest.org",
    "python.org",
    "pytorch.org",
    "readthedocs.io",
    "redis.io",
    "rust-lang.org",
    "sqlite.org",
    "tensorflow.org",
    "terraform.io",
    "typescriptlang.org",
    "google.com",
    "angular.dev",
    "bundler.io",
    "eslint.org",
    "getcomposer.org",
    "jestjs.io",
    "nextjs.org",
    "php.net",
    "react.dev",
    "ruby-lang.org",
    "rubyonrails.org",
    "vite.dev",
    "vuejs.org",
    "webpack.js.org",
)
PLACEHOLDER_URL = re.compile(
    r"example\.(?:com|org|net)|placeholder|lorem|todo|fixme|xxx|your[-_]|[<>{}]|\.\.\.|localhost"
    r"|127\.0\.0\.1",
    re.IGNORECASE,
)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog([paths.bundled_records_dir()], missing_links=Severity.ERROR)


@pytest.fixture(scope="module")
def matcher(catalog: Catalog) -> Matcher:
    return Matcher.from_catalog(catalog)


def _report(title: str, problems: list[str]) -> str:
    return f"{title} ({len(problems)}):\n" + "\n".join(problems)


def reproduced_ids() -> dict[str, str]:
    """Entry id -> the test module that lists it in its REPRODUCED_IDS."""
    found: dict[str, str] = {}
    for path in sorted(TESTS_DIR.glob("test_reproduce_*.py")):
        module = importlib.import_module(f"tests.catalog.{path.stem}")
        for entry_id in module.REPRODUCED_IDS:
            assert entry_id not in found, (
                f"{entry_id} is listed by {found[entry_id]} and {path.stem}"
            )
            found[entry_id] = path.stem
    return found


# -- the validator ------------------------------------------------------------------------


def test_validator_finds_no_errors(catalog: Catalog) -> None:
    """Every record is valid (format, regex vs examples and counter-examples, links)."""
    assert not catalog.errors, _report("catalogue errors", [str(p) for p in catalog.errors])


def test_no_link_points_to_a_missing_entry(catalog: Catalog) -> None:
    missing = [
        f"{entry.id}: transition_graph.{relation} -> {target!r} is not in the catalogue"
        for entry in catalog
        for relation, target, _ in entry.links()
        if target not in catalog
    ]
    assert not missing, _report("links to missing entries", missing)


def test_no_entry_links_to_itself(catalog: Catalog) -> None:
    loops = [
        f"{entry.id}: transition_graph.{relation} links the entry to itself"
        for entry in catalog
        for relation, target, _ in entry.links()
        if target == entry.id
    ]
    assert not loops, _report("self links", loops)


# -- every entry is complete --------------------------------------------------------------


def _cjk_count(text: object) -> int:
    return len(CJK.findall(text)) if isinstance(text, str) else 0


def _entry_gaps(entry: Entry) -> list[str]:
    gaps = []
    examples = entry.get("examples", [])
    if len(examples) < 2:
        gaps.append(f"has {len(examples)} examples, needs >= 2 real-world variants")
    if len(set(examples)) != len(examples):
        gaps.append("repeats an example")
    if len(entry.get("counter_examples", [])) < 1:
        gaps.append("has no counter_example (a near miss the regex must not match)")
    workarounds = entry.get("workarounds", [])
    if len(workarounds) < 2:
        gaps.append(f"has {len(workarounds)} workarounds, needs >= 2")
    for i, workaround in enumerate(workarounds):
        if not str(workaround.get("how") or "").strip():
            gaps.append(f"workarounds[{i}] has an empty 'how'")
    if not any(str(d.get("why_fails") or "").strip() for d in entry.get("dead_ends", [])):
        gaps.append("has no dead end with a 'why_fails'")
    for field, least in (("signature_zh", 2), ("root_cause_zh", MIN_CJK_ROOT_CAUSE)):
        english = entry.get(field.removesuffix("_zh"))
        value = entry.get(field)
        if _cjk_count(value) < least:
            gaps.append(f"{field} holds fewer than {least} Chinese characters: {value!r}")
        elif value == english:
            gaps.append(f"{field} is the English text copied")
    workarounds_zh = entry.get("workarounds_zh", [])
    if len(workarounds_zh) != len(workarounds):
        gaps.append(
            f"workarounds_zh has {len(workarounds_zh)} items, workarounds {len(workarounds)}"
        )
    for i, text in enumerate(workarounds_zh):
        if _cjk_count(text) < 2:
            gaps.append(f"workarounds_zh[{i}] holds no Chinese text: {text!r}")
    english_dead_ends = [_dead_end_text(d) for d in entry.get("dead_ends", [])]
    for i, text in enumerate(entry.get("dead_ends_zh", [])):
        if _cjk_count(text) < 2:
            gaps.append(f"dead_ends_zh[{i}] holds no Chinese text: {text!r}")
        elif text in english_dead_ends:
            gaps.append(f"dead_ends_zh[{i}] is the English text copied: {text!r}")
    return gaps


def _dead_end_text(dead_end: object) -> str:
    if not isinstance(dead_end, dict):
        return ""
    return str(dead_end.get("action") or "")


def test_every_entry_is_complete(catalog: Catalog) -> None:
    problems = [f"{entry.id}: {gap}" for entry in catalog for gap in _entry_gaps(entry)]
    assert not problems, _report("incomplete entries", problems)


def test_catalogue_size_and_breadth(catalog: Catalog) -> None:
    domains = catalog.domains()
    assert len(catalog) >= MIN_ENTRIES, f"{len(catalog)} entries, need >= {MIN_ENTRIES}"
    assert len(domains) >= MIN_DOMAINS, f"{len(domains)} domains ({domains}), need >= {MIN_DOMAINS}"


def test_a_third_of_the_entries_are_linked(catalog: Catalog) -> None:
    linked = [entry.id for entry in catalog if entry.links()]
    assert len(linked) >= MIN_LINKED_FRACTION * len(catalog), (
        f"only {len(linked)} of {len(catalog)} entries have a transition-graph link"
    )


# -- reproduced entries -------------------------------------------------------------------


def test_reproduced_tier_is_exactly_the_reproduced_tests(catalog: Catalog) -> None:
    listed = reproduced_ids()
    marked = {entry.id for entry in catalog if entry.get("verification_tier") == "reproduced"}
    problems = [
        f"{entry_id}: verification_tier is 'reproduced' but no test_reproduce_*.py lists it"
        for entry_id in sorted(marked - set(listed))
    ]
    problems += [
        f"{entry_id}: listed in {listed[entry_id]}.REPRODUCED_IDS but "
        + (
            "not in the catalogue"
            if entry_id not in catalog
            else f"its verification_tier is {catalog.get(entry_id).get('verification_tier')!r}"
        )
        for entry_id in sorted(set(listed) - marked)
    ]
    assert not problems, _report("verification tier out of step with the tests", problems)
    assert len(marked) >= MIN_REPRODUCED, f"{len(marked)} reproduced entries, need >= 40"


# -- matching -----------------------------------------------------------------------------


def _confused_with(entry: Entry) -> set[str]:
    return {target for rel, target, _ in entry.links() if rel == "frequently_confused_with"}


def test_every_entry_ranks_first_on_its_own_lines(catalog: Catalog, matcher: Matcher) -> None:
    """An entry's signature and examples name it first, unless it lists the winner as confused."""
    problems = []
    for entry in catalog:
        allowed = {entry.id} | _confused_with(entry)
        for field, text in [("signature", entry.signature)] + [
            (f"examples[{i}]", t) for i, t in enumerate(entry.get("examples", []))
        ]:
            found = matcher.match_line(text, fuzzy=False)
            top = found.top.entry_id if found else None
            if top not in allowed:
                problems.append(
                    f"{entry.id}: {field} ranks {top} first (add it to "
                    f"transition_graph.frequently_confused_with, or make one pattern more "
                    f"specific): {text!r}"
                )
    assert not problems, _report("entries that lose their own lines", problems)


def test_every_regex_has_a_prefilter_literal(catalog: Catalog) -> None:
    """Without a required literal a pattern runs on every line of every log."""
    problems = [
        f"{entry.id}: regex has no literal every match must contain: {entry.regex!r}"
        for entry in catalog
        if required_factor(entry.pattern.pattern, entry.pattern.flags) is None
    ]
    assert not problems, _report("regexes without a literal", problems)


def _adversarial_lines(entry: Entry) -> list[str]:
    """4 KB lines that make backtracking patterns explode, some shaped after the entry."""
    generic = [
        "a" * MATCH_CAP,
        "word " * 820,
        " " * MATCH_CAP,
        "\t " * 2048,
        ": " * 2048,
        "/" * MATCH_CAP,
        "a/" * 2048,
        "a-" * 2048,
        "a." * 2048,
        "0." * 2048,
        "'a' " * 1024,
        '"x", ' * 820,
        "[" * MATCH_CAP,
        "(a" * 2048,
        "error " * 683,
        "Error: " * 585,
        "at a.b.C.d(E.java:1) " * 200,
        "=" * MATCH_CAP,
        "\\" * MATCH_CAP,
    ]
    shaped = []
    for text in [entry.signature, *entry.get("examples", [])[:2]]:
        words = text.split()
        if len(words) > 1:
            head = " ".join(words[: max(1, len(words) // 2)])
            shaped.append(((head + " ") * (MATCH_CAP // (len(head) + 1) + 1))[:MATCH_CAP])
            shaped.append((text[:-1] * (MATCH_CAP // max(1, len(text) - 1) + 1))[:MATCH_CAP])
    return [line[:MATCH_CAP] for line in generic + shaped]


def _search_seconds(pattern: re.Pattern[str], line: str) -> float:
    """CPU seconds of this thread: other processes on a shared machine do not count."""
    start = time.thread_time()
    pattern.search(line)
    return time.thread_time() - start


def test_no_regex_backtracks_catastrophically(catalog: Catalog) -> None:
    problems = []
    for entry in catalog:
        for line in _adversarial_lines(entry):
            if _search_seconds(entry.pattern, line) > SLOW_SEARCH_SECONDS:
                # A busy machine can stall any call once: only a repeatably slow search counts.
                best = min(_search_seconds(entry.pattern, line) for _ in range(3))
                if best > SLOW_SEARCH_SECONDS:
                    problems.append(
                        f"{entry.id}: {best * 1000:.0f} ms on a {len(line)}-character line "
                        f"starting {line[:40]!r}; regex {entry.regex!r}"
                    )
    assert not problems, _report("slow regexes (catastrophic backtracking)", problems)


# -- references ---------------------------------------------------------------------------


def test_doc_urls_are_real_looking(catalog: Catalog) -> None:
    problems = []
    for entry in catalog:
        url = entry.get("official_doc_url")
        if url is None:
            continue
        parsed = urlparse(url)
        host = (parsed.hostname or "").lower()
        if parsed.scheme not in ("http", "https") or not host:
            problems.append(f"{entry.id}: official_doc_url is not an http(s) URL: {url!r}")
        elif PLACEHOLDER_URL.search(url):
            problems.append(f"{entry.id}: official_doc_url looks like a placeholder: {url!r}")
        elif not any(host == h or host.endswith("." + h) for h in OFFICIAL_DOC_HOSTS):
            problems.append(
                f"{entry.id}: official_doc_url host {host!r} is not a known documentation "
                f"host; check the page exists and add the host to OFFICIAL_DOC_HOSTS: {url!r}"
            )
        elif parsed.path in ("", "/") and not parsed.query:
            problems.append(f"{entry.id}: official_doc_url is a bare home page: {url!r}")
    assert not problems, _report("doubtful documentation URLs", problems)


def test_ids_and_signatures_are_unique(catalog: Catalog) -> None:
    signatures = Counter(entry.signature.strip().lower() for entry in catalog)
    problems = [
        f"{entry.id}: signature shared with another entry: {entry.signature!r}"
        for entry in catalog
        if signatures[entry.signature.strip().lower()] > 1
    ]
    assert not problems, _report("duplicate signatures", problems)


def test_the_bar_rejects_an_incomplete_entry(tmp_path: Path) -> None:
    """A control: an entry that misses the bar is reported, field by field."""
    record = make_record(
        signature_zh="DemoError: the widget 'x' broke at step 42",
        root_cause_zh="部件坏了",
        workarounds_zh=["Reset the widget"],
    )
    write_record(tmp_path, record)
    [entry] = list(load_catalog([tmp_path]))
    gaps = "\n".join(_entry_gaps(entry))
    for expected in (
        "has 1 examples",
        "has 1 workarounds",
        "signature_zh holds fewer than 2 Chinese characters",
        "root_cause_zh holds fewer than 15 Chinese characters",
        "workarounds_zh[0] holds no Chinese text",
    ):
        assert expected in gaps, gaps


def test_the_bar_rejects_english_dead_ends_zh(tmp_path: Path) -> None:
    """A control: dead_ends_zh must be Chinese, not the English action copied."""
    record = make_record(dead_ends_zh=["Restart"])
    write_record(tmp_path, record)
    [entry] = list(load_catalog([tmp_path]))
    assert "dead_ends_zh[0] holds no Chinese text" in "\n".join(_entry_gaps(entry))


# -- provenance ---------------------------------------------------------------------------


def _patterns(entry: Entry) -> list[re.Pattern[str]]:
    """The entry's own pattern and those of its variants (other wordings of the same error)."""
    patterns = [entry.pattern]
    for variant in entry.get("variants", []):
        if isinstance(variant, dict) and isinstance(variant.get("regex"), str):
            flags = 0 if variant.get("case_sensitive") else re.IGNORECASE
            patterns.append(re.compile(variant["regex"], flags))
    return patterns


def _sources(entry: Entry) -> list[dict]:
    provenance = entry.get("provenance", {})
    sources = provenance.get("sources") if isinstance(provenance, dict) else None
    return [s for s in sources or [] if isinstance(s, dict)]


def test_every_entry_has_provenance(catalog: Catalog) -> None:
    """Every entry says where its message comes from; an empty list says: nowhere found."""
    problems = []
    for entry in catalog:
        provenance = entry.get("provenance")
        if not isinstance(provenance, dict) or not isinstance(provenance.get("sources"), list):
            problems.append(f"{entry.id}: has no provenance.sources list")
    assert not problems, _report("entries without provenance", problems)


def test_every_quote_is_matched_by_its_entry(catalog: Catalog) -> None:
    """A source's quote is the line as printed: the entry (or a variant) must match it."""
    problems = []
    for entry in catalog:
        patterns = _patterns(entry)
        for i, source in enumerate(_sources(entry)):
            quote = source.get("quote")
            if not isinstance(quote, str) or not quote.strip():
                problems.append(f"{entry.id}: provenance.sources[{i}] has no quote")
            elif not any(p.search(quote) for p in patterns):
                problems.append(
                    f"{entry.id}: provenance.sources[{i}].quote is matched by neither the regex "
                    f"nor a variant: {quote!r}"
                )
    assert not problems, _report("quotes the entry does not match", problems)


def test_an_issue_only_source_has_two_threads(catalog: Catalog) -> None:
    """Without an upstream file, reproduction or doc, one thread is not enough (issue 10)."""
    problems = []
    for entry in catalog:
        kinds = Counter(source.get("kind") for source in _sources(entry))
        if kinds and set(kinds) == {"issue"} and kinds["issue"] < 2:
            problems.append(f"{entry.id}: one issue thread is its only source; find a second")
    assert not problems, _report("entries sourced by a single thread", problems)


def _unsourced(catalog: Catalog) -> list[str]:
    return [entry.id for entry in catalog if not _sources(entry)]


@pytest.mark.parametrize("ceiling", [UNSOURCED_CEILING])
def test_few_entries_are_unsourced(catalog: Catalog, ceiling: float) -> None:
    """At most `ceiling` of the entries have an empty sources list (the goal is 10%)."""
    unsourced = _unsourced(catalog)
    fraction = len(unsourced) / len(catalog)
    assert fraction <= ceiling, _report(
        f"{fraction:.1%} of the entries are unsourced, more than {ceiling:.1%} "
        f"(goal {TARGET_UNSOURCED_FRACTION:.0%})",
        unsourced,
    )


def test_the_unsourced_ceiling_only_goes_down_to_the_goal() -> None:
    assert TARGET_UNSOURCED_FRACTION <= UNSOURCED_CEILING <= 1.0


# -- collisions ---------------------------------------------------------------------------


def _linked_as_confused(catalog: Catalog) -> set[frozenset[str]]:
    return {
        frozenset((entry.id, target))
        for entry in catalog
        for relation, target, _ in entry.links()
        if relation == "frequently_confused_with"
    }


def _collisions(catalog: Catalog) -> list[str]:
    linked = _linked_as_confused(catalog)
    entries = list(catalog)
    patterns = {entry.id: _patterns(entry) for entry in entries}
    problems = []
    for entry in entries:
        for i, text in enumerate(entry.get("examples", [])):
            for other in entries:
                if other.id == entry.id or frozenset((entry.id, other.id)) in linked:
                    continue
                if any(p.search(text) for p in patterns[other.id]):
                    problems.append(
                        f"{entry.id}: examples[{i}] is also matched by {other.id} (make one "
                        f"pattern more specific, or link them as frequently_confused_with): "
                        f"{text!r}"
                    )
    return problems


def test_no_entry_matches_another_entrys_examples(catalog: Catalog) -> None:
    """An example belongs to one entry, unless the two are linked as frequently confused."""
    problems = _collisions(catalog)
    assert not problems, _report("examples matched by another entry", problems)


def test_the_collision_check_finds_a_collision(tmp_path: Path) -> None:
    """A control: two unlinked entries that match each other's example are reported."""
    write_record(tmp_path, make_record("python/demo-error"))
    loose = make_record(
        "python/demo-loose",
        regex=r"DemoError: the widget",
        signature="DemoError: the widget",
        counter_examples=["DemoError: a gadget broke"],
    )
    write_record(tmp_path, loose)
    found = _collisions(load_catalog([tmp_path]))
    assert any(
        line.startswith("python/demo-error: examples[0] is also matched by python/demo-loose")
        for line in found
    ), found
    linked = make_record(
        "python/demo-loose",
        regex=r"DemoError: the widget",
        signature="DemoError: the widget",
        counter_examples=["DemoError: a gadget broke"],
        transition_graph={"frequently_confused_with": ["python/demo-error"]},
    )
    write_record(tmp_path, linked)
    assert not [line for line in _collisions(load_catalog([tmp_path])) if "demo-loose" in line]
