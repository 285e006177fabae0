"""Python web and data libraries failing for real, each family scanned in one call.

scripts/repro/pylibs.sh installs pinned current releases (Django, Flask, FastAPI with uvicorn,
pydantic, SQLAlchemy, Celery, NumPy, pandas, nbclient/ipykernel, Poetry, uv) under
.repro/pylibs/. Each test below makes one family fail the way users see it fail (see the case
modules in tests/catalog/pylibs/), joins what the tools printed into one log, scans it once
with `triage-app scan`, and checks that each listed entry ranks first on the first line of
its section that holds the needle. Everything runs offline, against servers, brokers and
package indexes made in `tmp_path`.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

from .pylibs import (
    celery_cases,
    data_cases,
    django_cases,
    jupyter_cases,
    packaging_cases,
    web_cases,
)
from .reproduce import require_repro_tool, scan_json

FAMILIES: dict[str, ModuleType] = {
    "django": django_cases,
    "web": web_cases,
    "celery": celery_cases,
    "data": data_cases,
    "jupyter": jupyter_cases,
    "packaging": packaging_cases,
}

REPRODUCED_IDS = sorted(
    {entry_id for module in FAMILIES.values() for entry_id, _, _ in module.CASES}
)

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def check_sections(sections: dict[str, str], cases: list[tuple[str, str, str]], tmp: Path) -> None:
    """Scan all sections as one log; each case's entry must rank first on its needle's line.

    The expected line is the first one of the case's section that holds the needle (colour
    codes removed, as the scan removes them), found in the real output, never written here.
    """
    lines: list[str] = []
    starts: dict[str, int] = {}
    for name, text in sections.items():
        lines.append(f"===== {name}")
        starts[name] = len(lines)
        lines.extend(text.split("\n"))
    ends = {name: starts[name] + len(sections[name].split("\n")) for name in sections}
    log = tmp / "real-output.log"
    log.write_text("\n".join(lines), encoding="utf-8")
    doc = scan_json(log, tmp / "data")
    matches = {m["line"]: m for m in doc["files"][0]["matches"]}
    problems = []
    for entry_id, section, needle in cases:
        number = next(
            (
                i + 1
                for i in range(starts[section], ends[section])
                if needle in ANSI.sub("", lines[i])
            ),
            None,
        )
        if number is None:
            problems.append(f"{entry_id}: section {section!r} printed no line with {needle!r}")
            continue
        match = matches.get(number)
        if match is None or match["kind"] != "regex":
            problems.append(f"{entry_id}: no pattern matched line {number}: {lines[number - 1]!r}")
        elif match["entry_id"] != entry_id:
            problems.append(
                f"{entry_id}: line {number} ranked {match['entry_id']} first: {lines[number - 1]!r}"
            )
    assert not problems, "\n".join(problems) + "\n--- output ---\n" + "\n".join(lines)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str] | Exception]:
    """Every family's real output, produced concurrently.

    The runs mostly wait (servers starting, workers polling, kernels booting), so running the
    families side by side keeps the module fast; each works in its own folder and ports.
    """
    python = require_repro_tool("pylibs", "bin/python")

    def produce(family: str) -> dict[str, str] | Exception:
        try:
            return FAMILIES[family].produce(python, tmp_path_factory.mktemp(family))
        except Exception as exc:  # reported by that family's test, not by the others
            return exc

    with ThreadPoolExecutor(max_workers=len(FAMILIES)) as pool:
        return dict(zip(FAMILIES, pool.map(produce, FAMILIES), strict=True))


@pytest.mark.parametrize("family", list(FAMILIES))
def test_library_errors_are_found(
    family: str, outputs: dict[str, dict[str, str] | Exception], tmp_path: Path
) -> None:
    sections = outputs[family]
    if isinstance(sections, Exception):
        raise sections
    check_sections(sections, FAMILIES[family].CASES, tmp_path)
