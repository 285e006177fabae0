"""The README's catalogue table tells the truth about the records, so it cannot go stale."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from triage_app.core import paths
from triage_app.core.catalog import Catalog, load_catalog

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
SCRIPT = ROOT / "scripts" / "catalogue_table.py"
ROW = re.compile(r"^\| *([a-z0-9-]+) *\| *(\d+) *\| *(\d+) *\|$")
FIX = "run `python scripts/catalogue_table.py --write` and commit README.md"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog([paths.bundled_records_dir()])


def _section() -> list[str]:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert "## Catalogue" in lines, "README.md has no '## Catalogue' section"
    start = lines.index("## Catalogue")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start + 1 : end]


def _table() -> list[str]:
    return [line for line in _section() if line.startswith("|")]


def _script():
    spec = importlib.util.spec_from_file_location("catalogue_table", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_table_is_what_the_script_prints() -> None:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=120, check=True
    )
    assert proc.stdout.splitlines() == _table(), f"README.md's catalogue table is stale: {FIX}"


def test_every_domain_in_the_table_exists_with_its_count(catalog: Catalog) -> None:
    rows = {}
    for line in _table()[2:]:
        found = ROW.match(line)
        assert found, f"not a table row: {line!r}"
        rows[found[1]] = (int(found[2]), int(found[3]))
    reproduced: dict[str, int] = {}
    for entry in catalog:
        if entry.get("verification_tier") == "reproduced":
            reproduced[entry.domain] = reproduced.get(entry.domain, 0) + 1
    actual = {domain: (n, reproduced.get(domain, 0)) for domain, n in catalog.domains().items()}
    for domain, counts in rows.items():
        assert domain in actual, f"README lists domain {domain!r}, which has no entries: {FIX}"
        assert counts == actual[domain], (
            f"README says {domain} has {counts[0]} entries, {counts[1]} reproduced; the records "
            f"say {actual[domain][0]} and {actual[domain][1]}: {FIX}"
        )
    assert set(rows) == set(actual), f"domains missing from README: {set(actual) - set(rows)}"
    assert sum(n for n, _ in rows.values()) == len(catalog)
    assert _table()[:2] == ["| domain | entries | reproduced |", "|---|---:|---:|"]


def test_write_replaces_only_the_table() -> None:
    module = _script()
    readme = README.read_text(encoding="utf-8")
    assert module.replace_table(readme, module.render_table()) == readme
    stale = readme.replace(
        "| domain | entries | reproduced |", "| domain | entries | reproduced |\n| old | 1 | 0 |"
    )
    assert module.replace_table(stale, module.render_table()) == readme
    fresh = "# T\n\n## Catalogue\n\nText.\n\n## Next\n\nMore.\n"
    table = "| domain | entries | reproduced |\n|---|---:|---:|\n| x | 1 | 0 |\n"
    written = module.replace_table(fresh, table)
    assert written == "# T\n\n## Catalogue\n\nText.\n\n" + table + "\n## Next\n\nMore.\n"
    assert module.replace_table(written, table) == written
