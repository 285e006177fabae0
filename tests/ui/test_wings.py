"""The window's code is grouped in wings; the import rule between them is checked here.

A wing (`log`, `entry`, `notes`, `catalog`) imports only itself, the shared packages
(`widgets`, `workers`) and the Qt-free core. The shared packages import no wing. Only the shell
(`ui/window`, `triage_app/app.py`) puts wings together. Read from the source with `ast`, so a
lazy import inside a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import triage_app

PACKAGE = Path(triage_app.__file__).parent
UI = PACKAGE / "ui"
WINGS = ("log", "entry", "notes", "catalog", "fleet")
SHARED = ("widgets", "workers")
SHELL = ("window",)
MAX_LINES = 400


def imported_modules(path: Path) -> set[str]:
    """Every `triage_app…` module a file imports (`from a import b` counts as `a.b` too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("triage_app")}


def part_of(module: str) -> str | None:
    """`log` for `triage_app.ui.log.view`; None outside `triage_app.ui.<package>`."""
    pieces = module.split(".")
    if pieces[:2] != ["triage_app", "ui"] or len(pieces) < 3:
        return None
    return pieces[2]


def ui_parts() -> dict[str, list[Path]]:
    parts: dict[str, list[Path]] = {}
    for path in sorted(UI.rglob("*.py")):
        relative = path.relative_to(UI)
        key = relative.parts[0] if len(relative.parts) > 1 else "top"
        parts.setdefault(key, []).append(path)
    return parts


def allowed_parts(part: str) -> set[str] | None:
    """What `part` may import inside `triage_app.ui` (None: anything, the shell)."""
    if part in WINGS:
        return {part, *SHARED}
    if part in SHARED:
        return {part}  # widgets and workers stand on the core alone
    if part in SHELL:
        return None
    return set()  # ui/binding_guard.py imports nothing of the ui


def violations() -> list[str]:
    out = []
    for part, files in ui_parts().items():
        allowed = allowed_parts(part)
        for path in files:
            for module in sorted(imported_modules(path)):
                target = part_of(module)
                if target is not None and allowed is not None and target not in allowed:
                    out.append(f"{path.relative_to(PACKAGE)} imports {module}")
    return out


def test_the_ui_is_grouped_in_wings_shared_packages_and_the_shell():
    packages = {p.name for p in UI.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages == {*WINGS, *SHARED, *SHELL}
    top = {p.name for p in UI.glob("*.py")}
    assert top == {"__init__.py", "binding_guard.py"}


def test_wings_import_only_themselves_the_shared_packages_and_core():
    assert violations() == []


def test_only_the_shell_imports_the_wings():
    outside = [
        path
        for path in PACKAGE.rglob("*.py")
        if not path.is_relative_to(UI) and path != PACKAGE / "app.py"
    ]
    for path in outside:
        wings = {part_of(m) for m in imported_modules(path)} & set(WINGS)
        assert not wings, f"{path.relative_to(PACKAGE)} imports the wings {sorted(wings)}"


def test_every_window_module_stays_small():
    sizes = {
        str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
        for path in [*UI.rglob("*.py"), PACKAGE / "app.py", PACKAGE / "core" / "scan_process.py"]
    }
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def test_the_checker_sees_a_forbidden_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "def later():\n    from triage_app.ui.notes.panel import NotesPanel\n",
        encoding="utf-8",
    )
    assert part_of("triage_app.ui.notes.panel") == "notes"
    assert "triage_app.ui.notes.panel" in imported_modules(probe)
    assert "notes" not in allowed_parts("entry")
    assert allowed_parts("widgets") == {"widgets"}
