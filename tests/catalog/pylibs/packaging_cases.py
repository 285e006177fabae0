"""Poetry 2 and uv failing for real, offline: path dependencies, hand-made wheels in a local
folder used as the package index, and an in-tree build backend that fails."""

from __future__ import annotations

import shutil
import tempfile
import zipfile
from pathlib import Path

from . import Case, run, write

CASES: list[Case] = [
    ("poetry/pyproject-not-found", "poetry", "Poetry could not find a pyproject.toml"),
    ("poetry/shell-command-not-available", "poetry", "Looks like you're trying to use"),
    ("poetry/dev-dependencies-deprecated", "poetry", 'The "poetry.dev-dependencies" section'),
    ("poetry/python-requirement-incompatible", "poetry", "supported Python range (>=3.8)"),
    ("poetry/version-solving-failed", "poetry", "version solving failed"),
    ("poetry/lock-file-out-of-date", "poetry", "changed significantly since poetry.lock"),
    ("poetry/current-python-not-allowed", "poetry", "Current Python version"),
    ("poetry/no-file-folder-for-package", "poetry", "No file/folder found for package"),
    ("uv/no-virtual-environment-found", "uv", "No virtual environment found"),
    ("uv/no-interpreter-found", "uv", "No interpreter found for Python 3.99"),
    ("uv/externally-managed-interpreter", "uv", "is externally managed"),
    ("uv/package-not-found-in-registry", "uv", "was not found in the package registry"),
    ("uv/failed-to-build", "uv", "Failed to build `brokenpkg"),
    ("uv/lockfile-needs-update-locked", "uv", "needs to be updated, but `--locked`"),
    ("uv/virtual-env-mismatch-ignored", "uv", "does not match the project environment"),
    ("uv/failed-to-hardlink", "uv", "Failed to hardlink files"),
    ("poetry/no-update-option-removed", "poetry", 'The option "--no-update" does not exist'),
    ("poetry/configuration-invalid", "poetry", "The Poetry configuration is invalid"),
    ("uv/no-pyproject-found", "uv", "No `pyproject.toml` found"),
    ("uv/failed-to-spawn", "uv", "Failed to spawn: "),
    ("uv/no-solution-found", "uv", "No solution found when resolving dependencies"),
    ("uv/no-wheel-for-current-platform", "uv", "for the current platform"),
    ("uv/dev-dependencies-deprecated", "uv", "`tool.uv.dev-dependencies` field"),
    ("uv/invalid-project-venv", "uv", "is not a valid Python environment"),
]

BUILD = """
[build-system]
requires = ["poetry-core>=2.0"]
build-backend = "poetry.core.masonry.api"
"""


def wheel(folder: Path, name: str, version: str, tag: str = "py3-none-any", **meta: str) -> Path:
    """A minimal valid wheel: one module, METADATA (with extra headers), WHEEL and RECORD."""
    dist = f"{name}-{version}"
    path = folder / f"{name}-{version}-{tag}.whl"
    headers = "".join(f"{key.replace('_', '-')}: {value}\n" for key, value in meta.items())
    files = {
        f"{name}/__init__.py": "",
        f"{dist}.dist-info/METADATA": (
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n{headers}"
        ),
        f"{dist}.dist-info/WHEEL": (
            f"Wheel-Version: 1.0\nGenerator: repro\nRoot-Is-Purelib: true\nTag: {tag}\n"
        ),
    }
    files[f"{dist}.dist-info/RECORD"] = "".join(f"{n},,\n" for n in files) + (
        f"{dist}.dist-info/RECORD,,\n"
    )
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in files.items():
            archive.writestr(member, text)
    return path


def _poetry(bin_dir: Path, root: Path) -> str:
    poetry = [str(bin_dir / "poetry"), "--no-ansi"]
    env = {
        "POETRY_CACHE_DIR": str(root / ".cache"),
        "POETRY_CONFIG_DIR": str(root / ".config"),
        "POETRY_DATA_DIR": str(root / ".data"),
        "POETRY_VIRTUALENVS_IN_PROJECT": "true",
        "POETRY_VIRTUALENVS_OPTIONS_NO_PIP": "true",
        "PATH": f"{bin_dir}:/usr/bin:/bin",
    }
    (root / "empty").mkdir(parents=True, exist_ok=True)
    out = run([*poetry, "check"], root / "empty", env)
    out += run([*poetry, "shell"], root / "empty", env)
    write(
        root / "liba/pyproject.toml",
        '[project]\nname = "liba"\nversion = "1.0"\nrequires-python = ">=3.12"\n' + BUILD,
    )
    write(root / "liba/liba/__init__.py", "")
    project = root / "demo"
    head = '[project]\nname = "demo"\nversion = "0.1.0"\n'
    write(
        project / "pyproject.toml",
        head + 'requires-python = ">=3.8"\ndependencies = []\n'
        "[tool.poetry.dev-dependencies]\n" + BUILD,
    )
    out += run([*poetry, "check"], project, env)
    out += run([*poetry, "lock", "--no-update"], project, env)
    liba = f"liba @ {(root / 'liba').as_uri()}"
    write(
        project / "pyproject.toml",
        head + f'requires-python = ">=3.8"\ndependencies = ["{liba}"]\n' + BUILD,
    )
    out += run([*poetry, "lock"], project, env)
    write(
        project / "pyproject.toml", head + 'requires-python = ">=3.12"\ndependencies = []\n' + BUILD
    )
    run([*poetry, "lock"], project, env)
    write(
        project / "pyproject.toml",
        head + f'requires-python = ">=3.12"\ndependencies = ["{liba}"]\n' + BUILD,
    )
    out += run([*poetry, "install"], project, env)
    write(
        project / "pyproject.toml", head + 'requires-python = ">=3.99"\ndependencies = []\n' + BUILD
    )
    out += run([*poetry, "install"], project, env)
    write(
        project / "pyproject.toml", head + 'requires-python = ">=3.12"\ndependencies = []\n' + BUILD
    )
    run([*poetry, "lock"], project, env)
    out += run([*poetry, "install"], project, env)
    write(
        project / "pyproject.toml",
        '[project]\nversion = "0.1.0"\n[tool.poetry]\npackages = "demo"\n' + BUILD,
    )
    out += run([*poetry, "check"], project, env)
    return out


def _uv(bin_dir: Path, root: Path) -> str:
    uv = str(bin_dir / "uv")
    # PATH without the .repro interpreter: uv would take it for the environment to install to.
    env = {
        "UV_CACHE_DIR": str(root / ".uv-cache"),
        "UV_NO_PROGRESS": "1",
        "UV_PYTHON_DOWNLOADS": "never",
        "PATH": "/usr/bin:/bin",
    }
    empty = root / "empty"
    empty.mkdir(parents=True, exist_ok=True)
    out = run([uv, "pip", "install", "six"], empty, env)
    out += run([uv, "venv", "-p", "3.99"], empty, env)
    out += run([uv, "pip", "install", "--python", "/usr/bin/python3", "six"], empty, env)
    out += run([uv, "add", "six"], empty, env)
    out += run([uv, "run", "--no-project", "triage-no-such-command"], empty, env)
    index = root / "index"
    (index / "simple").mkdir(parents=True, exist_ok=True)
    wheel(index / "wheels", "newlib", "1.0", Requires_Python=">=3.14")
    wheel(index / "wheels", "maconly", "1.0", tag="py3-none-macosx_11_0_arm64")
    wheel(index / "wheels", "plainlib", "1.0")
    write(
        root / "broken/pyproject.toml",
        '[project]\nname = "brokenpkg"\nversion = "1.0"\n'
        '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["."]\n',
    )
    write(
        root / "broken/backend.py",
        "def build_wheel(*args, **kwargs):\n"
        "    raise RuntimeError('no compiler found for the extension')\n"
        "def get_requires_for_build_wheel(config_settings=None):\n    return []\n",
    )
    project = root / "uvproj"
    sources = (
        '[[tool.uv.index]]\nname = "local"\nurl = "' + (index / "simple").as_uri() + '"\n'
        'default = true\n[tool.uv]\nfind-links = ["' + (index / "wheels").as_posix() + '"]\n'
    )
    head = '[project]\nname = "uvproj"\nversion = "0.1.0"\nrequires-python = ">=3.8"\n'
    for deps in ('["nosuchpkg-zzq"]', '["newlib"]', '["maconly"]'):
        write(project / "pyproject.toml", head + f"dependencies = {deps}\n" + sources)
        out += run([uv, "lock"], project, env) + run([uv, "sync"], project, env)
    broken = f"brokenpkg @ {(root / 'broken').as_uri()}"
    write(project / "pyproject.toml", head + f'dependencies = ["{broken}"]\n' + sources)
    out += run([uv, "sync"], project, env)
    write(
        project / "pyproject.toml",
        head + "dependencies = []\n" + sources + 'dev-dependencies = ["six"]\n',
    )
    out += run([uv, "lock"], project, env)
    write(project / "pyproject.toml", head + "dependencies = []\n" + sources)
    run([uv, "lock"], project, env)
    write(project / "pyproject.toml", head + 'dependencies = ["plainlib"]\n' + sources)
    out += run([uv, "sync", "--locked"], project, env)
    write(project / "pyproject.toml", head + "dependencies = []\n" + sources)
    other = root / "other-venv"
    run([uv, "venv", str(other)], root, env)
    out += run([uv, "sync"], project, {**env, "VIRTUAL_ENV": str(other)})
    shutil.rmtree(project / ".venv", ignore_errors=True)
    write(project / ".venv/README", "not a virtual environment\n")
    out += run([uv, "sync"], project, env)
    # The cache on another filesystem (tmpfs) than the environment: no hard links across.
    shm = Path("/dev/shm")
    if shm.is_dir():
        cache = Path(tempfile.mkdtemp(prefix="triage-uv-", dir=shm))
        try:
            target = root / "hardlink-venv"
            run([uv, "venv", str(target)], root, env)
            out += run(
                [
                    uv,
                    "pip",
                    "install",
                    "--python",
                    str(target),
                    "--no-index",
                    "--find-links",
                    str(index / "wheels"),
                    "plainlib",
                ],
                root,
                {**env, "UV_CACHE_DIR": str(cache)},
            )
        finally:
            shutil.rmtree(cache, ignore_errors=True)
    return out


def produce(python: Path, work: Path) -> dict[str, str]:
    root = work / "packaging"
    root.mkdir(parents=True, exist_ok=True)
    bin_dir = Path(python).parent
    return {"poetry": _poetry(bin_dir, root / "poetry"), "uv": _uv(bin_dir, root / "uv")}
