"""Print the README's catalogue table: entries and reproduced entries per domain.

    python scripts/catalogue_table.py           # print the table
    python scripts/catalogue_table.py --write   # replace the table in README.md's "## Catalogue"

The counts come from loading the bundled records the way the app does (invalid records are
skipped, so they are not counted). tests/catalog/test_readme_table.py fails when README.md's
table differs from what this prints.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triage_app.core import paths  # noqa: E402
from triage_app.core.catalog import load_catalog  # noqa: E402

README = ROOT / "README.md"
SECTION = "## Catalogue"
HEADER = "| domain | entries | reproduced |"


def table_rows() -> list[tuple[str, int, int]]:
    """(domain, entries, reproduced entries), sorted by domain."""
    catalog = load_catalog([paths.bundled_records_dir()])
    counts: dict[str, list[int]] = {}
    for entry in catalog:
        row = counts.setdefault(entry.domain, [0, 0])
        row[0] += 1
        if entry.get("verification_tier") == "reproduced":
            row[1] += 1
    return [(domain, n, r) for domain, (n, r) in sorted(counts.items())]


def render_table() -> str:
    lines = [HEADER, "|---|---:|---:|"]
    lines += [f"| {domain} | {n} | {r} |" for domain, n, r in table_rows()]
    return "\n".join(lines) + "\n"


def replace_table(readme: str, table: str) -> str:
    """README text with the table of the Catalogue section replaced (or added)."""
    lines = readme.splitlines(keepends=True)
    try:
        start = next(i for i, line in enumerate(lines) if line.rstrip() == SECTION)
    except StopIteration:
        raise SystemExit(f"README.md has no {SECTION!r} section") from None
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    rows = [i for i in range(start + 1, end) if lines[i].startswith("|")]
    if rows:
        return "".join(lines[: rows[0]]) + table + "".join(lines[rows[-1] + 1 :])
    body_end = end
    while body_end > start + 1 and not lines[body_end - 1].strip():
        body_end -= 1
    return "".join(lines[:body_end]) + "\n" + table + "\n" + "".join(lines[end:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update README.md in place")
    args = parser.parse_args(argv)
    table = render_table()
    if args.write:
        README.write_text(replace_table(README.read_text(encoding="utf-8"), table), "utf-8")
    else:
        sys.stdout.write(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
