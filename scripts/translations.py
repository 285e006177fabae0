"""Update the UI translations: collect the marked strings, then compile every .ts to .qm.

    python scripts/translations.py          # lupdate (keeps existing translations) + lrelease
    python scripts/translations.py --check  # exit 1 if a .ts or .qm is stale (used by a test)

Sources are the English strings marked in `triage_app/ui` (see `triage_app/ui/widgets/i18n.py`);
translators edit `resources/i18n/triage_<lang>.ts` (Qt Linguist, `pyside6-linguist`, or by
hand); the compiled `.qm` files are committed so that a checkout and a wheel both have them.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "resources" / "i18n"
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    """`pyside6-<name>` from this interpreter's environment (PySide6-Essentials ships it)."""
    found = shutil.which(f"pyside6-{name}", path=str(BIN)) or shutil.which(f"pyside6-{name}")
    if found is None:
        raise SystemExit(f"translations: pyside6-{name} not found (install PySide6-Essentials)")
    return found


def sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "triage_app" / "ui").rglob("*.py"))


def update(ts: Path) -> None:
    subprocess.run(
        [tool("lupdate"), *sources(), "-ts", str(ts), "-no-obsolete", "-locations", "none"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


def release(ts: Path, qm: Path) -> None:
    subprocess.run([tool("lrelease"), str(ts), "-qm", str(qm)], check=True, capture_output=True)


def messages(ts: Path) -> dict[tuple[str, str], str]:
    """(context, source) -> translation ("" when unfinished)."""
    out = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            done = translation is not None and translation.get("type") != "unfinished"
            out[(name, message.findtext("source") or "")] = (translation.text or "") if done else ""
    return out


def check() -> list[str]:
    """Why the committed translations are stale (empty when they are not)."""
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for ts in sorted(I18N.glob("triage_*.ts")):
            fresh = Path(tmp) / ts.name
            shutil.copy(ts, fresh)
            update(fresh)
            if set(messages(fresh)) != set(messages(ts)):
                problems.append(f"{ts.name}: marked strings changed; run scripts/translations.py")
            missing = [src for (_, src), text in messages(ts).items() if not text]
            if missing:
                problems.append(f"{ts.name}: untranslated: {missing}")
            qm = Path(tmp) / ts.with_suffix(".qm").name
            release(ts, qm)
            committed = ts.with_suffix(".qm")
            if not committed.exists() or committed.read_bytes() != qm.read_bytes():
                problems.append(f"{committed.name} is older than {ts.name}; run lrelease")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale files")
    if parser.parse_args().check:
        problems = check()
        print("\n".join(problems) or "translations: up to date")
        return 1 if problems else 0
    for ts in sorted(I18N.glob("triage_*.ts")):
        update(ts)
        release(ts, ts.with_suffix(".qm"))
        print(f"translations: {ts.name} -> {ts.with_suffix('.qm').name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
