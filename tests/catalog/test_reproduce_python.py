"""Produce real Python and pip errors and check that the scan finds the right catalogue entry.

Every case runs the failing code or tool for real in `tmp_path` (a script under this
interpreter, `python -m pytest`, or `python -m pip`), writes what it printed to a log and
asserts that `triage-app scan` ranks the expected entry first on the line that shows the error.
Only two cases reach PyPI; they skip, saying why, when the registry cannot be reached.
Everything else is offline: the pip cases build their own wheels and projects in `tmp_path`.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.machinery
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.catalog.reproduce import assert_reproduced, require_tool, run_tool

REPRODUCED_IDS = [
    "python/module-not-found",
    "python/import-error-cannot-import-name",
    "python/circular-import",
    "python/relative-import-no-parent",
    "python/import-error-shared-object",
    "python/attribute-error-nonetype",
    "python/module-has-no-attribute",
    "python/object-has-no-attribute",
    "python/key-error",
    "python/missing-positional-argument",
    "python/takes-positional-arguments",
    "python/unexpected-keyword-argument",
    "python/unsupported-operand",
    "python/not-subscriptable",
    "python/object-not-callable",
    "python/object-not-iterable",
    "python/unpack-value-count",
    "python/invalid-literal-for-int",
    "python/index-out-of-range",
    "python/name-error",
    "python/unbound-local-error",
    "python/zero-division",
    "python/recursion-error",
    "python/memory-error",
    "python/file-not-found",
    "python/permission-error",
    "python/is-a-directory",
    "python/unicode-decode-error",
    "python/unicode-encode-error",
    "python/json-decode-error",
    "python/syntax-error",
    "python/fstring-syntax-error",
    "python/indentation-error",
    "python/asyncio-event-loop-closed",
    "python/coroutine-never-awaited",
    "python/dict-changed-size",
    "python/broken-pipe",
    "python/cant-pickle-local-object",
    "python/pytest-fixture-not-found",
    "python/pytest-import-error-test-module",
    "pip/no-matching-distribution",
    "pip/version-not-found",
    "pip/resolution-impossible",
    "pip/wheel-build-failed",
    "pip/metadata-generation-failed",
    "pip/externally-managed-environment",
    "pip/hash-mismatch",
    "pip/dependency-conflict-warning",
    "pip/invalid-requirement",
    "pip/requires-different-python",
    "pip/could-not-install-oserror",
    "pip/retrying-connection-broken",
    "pip/requirements-file-not-found",
    "pip/cannot-uninstall-distutils",
]

# Lines pip prints when it could not reach an index at all (an outage, not the error under test).
REGISTRY_UNREACHABLE = (
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Name or service not known",
    "Network is unreachable",
    "Max retries exceeded",
    "ConnectTimeoutError",
    "Read timed out",
    "ProxyError",
    "SSLError",
    "Could not fetch URL",
    "connection broken by",
)

Case = Callable[[Path, pytest.FixtureRequest], tuple[str, str]]
CASES: dict[str, Case] = {}


def case(entry_id: str) -> Callable[[Case], Case]:
    def register(fn: Case) -> Case:
        CASES[entry_id] = fn
        return fn

    return register


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def run_python(tmp_path: Path, code: str, name: str = "app.py", env: dict | None = None) -> str:
    """Write `code` to a script in tmp_path and run it under this interpreter."""
    script = write(tmp_path / name, code)
    return run_tool([sys.executable, script.name], tmp_path, env={"PYTHONPATH": "", **(env or {})})


def pip(
    args: list[str], cwd: Path, python: str | Path = sys.executable, env: dict | None = None
) -> str:
    cmd = [
        str(python),
        "-m",
        "pip",
        "--disable-pip-version-check",
        "--no-input",
        "--timeout",
        "15",
        "--retries",
        "1",
        *args,
    ]
    return run_tool(cmd, cwd, env=env, timeout=240)


def pip_offline(
    args: list[str],
    cwd: Path,
    find_links: Path | None = None,
    python: str | Path = sys.executable,
    env: dict | None = None,
) -> str:
    links = ["--find-links", str(find_links)] if find_links else []
    return pip(["install", "--no-index", *links, *args], cwd, python=python, env=env)


def skip_if_registry_unreachable(output: str) -> None:
    """Skip only when pip says it could not reach PyPI; any other output is the real result."""
    hits = [marker for marker in REGISTRY_UNREACHABLE if marker in output]
    if hits:
        pytest.skip(f"PyPI is unreachable from this machine ({hits[0]!r} in pip's output)")


def make_wheel(
    dest: Path,
    name: str,
    version: str,
    requires: tuple[str, ...] = (),
    requires_python: str | None = None,
) -> Path:
    """Build a minimal, valid pure-Python wheel by hand (no build tools, no network)."""
    dest.mkdir(parents=True, exist_ok=True)
    dist_info = f"{name}-{version}.dist-info"
    metadata = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    metadata += [f"Requires-Dist: {req}" for req in requires]
    if requires_python:
        metadata.append(f"Requires-Python: {requires_python}")
    files = {
        f"{name}/__init__.py": f"__version__ = {version!r}\n",
        f"{dist_info}/METADATA": "\n".join(metadata) + "\n",
        f"{dist_info}/WHEEL": "Wheel-Version: 1.0\nGenerator: triage-tests\n"
        "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for path, text in files.items():
        data = text.encode()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = "\n".join(record) + "\n"
    wheel = dest / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for path, text in files.items():
            zf.writestr(path, text)
    return wheel


def local_backend_project(root: Path, name: str, *, fail_in: str) -> Path:
    """A project with an in-tree PEP 517 backend that fails in `fail_in` (no downloads needed)."""
    write(
        root / "pyproject.toml",
        f"""
        [build-system]
        requires = []
        build-backend = "backend"
        backend-path = ["."]

        [project]
        name = "{name}"
        version = "0.1.0"
        """,
    )
    write(
        root / "backend.py",
        f"""
        import os
        import sys

        FAIL_IN = {fail_in!r}
        NAME = {name!r}

        def get_requires_for_build_wheel(config_settings=None):
            return []

        def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
            if FAIL_IN == "metadata":
                sys.exit("error: could not read version from src/{name}/_version.py")
            dist_info = os.path.join(metadata_directory, NAME + "-0.1.0.dist-info")
            os.makedirs(dist_info)
            with open(os.path.join(dist_info, "METADATA"), "w") as f:
                f.write("Metadata-Version: 2.1\\nName: " + NAME + "\\nVersion: 0.1.0\\n")
            return NAME + "-0.1.0.dist-info"

        def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
            print("building '" + NAME + "._speedups' extension")
            print("gcc -c src/_speedups.c -o build/_speedups.o")
            print("src/_speedups.c:1:10: fatal error: Python.h: No such file or directory")
            sys.exit("error: command '/usr/bin/gcc' failed with exit code 1")
        """,
    )
    return root


@pytest.fixture(scope="module")
def scratch_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One throwaway virtual environment (with pip) shared by the cases that change one."""
    root = tmp_path_factory.mktemp("venv")
    subprocess.run(
        [sys.executable, "-m", "venv", str(root / "venv")],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return root / "venv" / "bin" / "python"


# ---------------------------------------------------------------------------- python errors


@case("python/module-not-found")
def _(tmp_path, request):
    out = run_python(tmp_path, "import yaml_config_loader_xyz\n")
    return out, "ModuleNotFoundError: No module named 'yaml_config_loader_xyz'"


@case("python/import-error-cannot-import-name")
def _(tmp_path, request):
    write(tmp_path / "helpers.py", "def load_config():\n    return {}\n")
    out = run_python(tmp_path, "from helpers import load_settings\n")
    return out, "ImportError: cannot import name 'load_settings' from 'helpers'"


@case("python/circular-import")
def _(tmp_path, request):
    write(tmp_path / "models.py", "from services import save\n\nclass User:\n    pass\n")
    write(tmp_path / "services.py", "from models import User\n\ndef save(u):\n    pass\n")
    out = run_python(tmp_path, "import models\n")
    return out, "from partially initialized module"


@case("python/relative-import-no-parent")
def _(tmp_path, request):
    write(tmp_path / "utils.py", "def helper():\n    pass\n")
    out = run_python(tmp_path, "from .utils import helper\n", name="main.py")
    return out, "ImportError: attempted relative import with no known parent package"


@case("python/import-error-shared-object")
def _(tmp_path, request):
    gcc = require_tool("gcc")
    write(tmp_path / "dep.c", "int dep_value(void) { return 42; }\n")
    write(tmp_path / "ext.c", "int dep_value(void);\nint call_dep(void) { return dep_value(); }\n")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for cmd in (
        [gcc, "-shared", "-fPIC", "-o", "libfastdep.so", "dep.c"],
        [
            gcc,
            "-shared",
            "-fPIC",
            "-o",
            f"fastext{suffix}",
            "ext.c",
            "-L.",
            "-lfastdep",
            "-Wl,--no-as-needed",
        ],
    ):
        subprocess.run(cmd, cwd=tmp_path, check=True, capture_output=True, timeout=120)
    (tmp_path / "libfastdep.so").unlink()  # the library the extension links to is now missing
    out = run_python(tmp_path, "import fastext\n")
    return out, "libfastdep.so: cannot open shared object file"


@case("python/attribute-error-nonetype")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        import re
        match = re.search(r"version=(\\d+)", "name=demo")
        print(match.group(1))
        """,
    )
    return out, "AttributeError: 'NoneType' object has no attribute 'group'"


@case("python/module-has-no-attribute")
def _(tmp_path, request):
    out = run_python(tmp_path, "import json\n\ndata = json.loadz('{}')\n")
    return out, "AttributeError: module 'json' has no attribute 'loadz'"


@case("python/object-has-no-attribute")
def _(tmp_path, request):
    out = run_python(tmp_path, "items = 'a,b'\nitems.append('c')\n")
    return out, "AttributeError: 'str' object has no attribute 'append'"


@case("python/key-error")
def _(tmp_path, request):
    out = run_python(tmp_path, "config = {'host': 'db'}\nport = config['port']\n")
    return out, "KeyError: 'port'"


@case("python/missing-positional-argument")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        def connect(host, port):
            return host, port

        connect("localhost")
        """,
    )
    return out, "missing 1 required positional argument: 'port'"


@case("python/takes-positional-arguments")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        class Client:
            def send(message):
                return message

        Client().send("hello")
        """,
    )
    return out, "takes 1 positional argument but 2 were given"


@case("python/unexpected-keyword-argument")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        def fetch(url, retries=3):
            return url

        fetch("https://example.invalid", timeout=10)
        """,
    )
    return out, "got an unexpected keyword argument 'timeout'"


@case("python/unsupported-operand")
def _(tmp_path, request):
    out = run_python(tmp_path, "count = 1\nlabel = count + ' items'\n")
    return out, "TypeError: unsupported operand type(s) for +: 'int' and 'str'"


@case("python/not-subscriptable")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        def find_row(rows, key):
            for row in rows:
                if row[0] == key:
                    return row

        row = find_row([("a", 1)], "b")
        print(row[1])
        """,
    )
    return out, "TypeError: 'NoneType' object is not subscriptable"


@case("python/object-not-callable")
def _(tmp_path, request):
    out = run_python(tmp_path, "list = [1, 2]\nvalues = list('abc')\n")
    return out, "TypeError: 'list' object is not callable"


@case("python/object-not-iterable")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        def load_users():
            users = ["ann", "bob"]

        for user in load_users():
            print(user)
        """,
    )
    return out, "TypeError: 'NoneType' object is not iterable"


@case("python/unpack-value-count")
def _(tmp_path, request):
    out = run_python(tmp_path, "key, value = 'a=b=c'.split('=')\n")
    return out, "ValueError: too many values to unpack (expected 2)"


@case("python/invalid-literal-for-int")
def _(tmp_path, request):
    out = run_python(tmp_path, "port = int('80a')\n")
    return out, "ValueError: invalid literal for int() with base 10: '80a'"


@case("python/index-out-of-range")
def _(tmp_path, request):
    out = run_python(tmp_path, "import sys\nfilename = sys.argv[1]\n")
    return out, "IndexError: list index out of range"


@case("python/name-error")
def _(tmp_path, request):
    out = run_python(tmp_path, "result = compute_total(3)\n")
    return out, "NameError: name 'compute_total' is not defined"


@case("python/unbound-local-error")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        counter = 0

        def increment():
            counter += 1

        increment()
        """,
    )
    return out, "UnboundLocalError: "


@case("python/zero-division")
def _(tmp_path, request):
    out = run_python(tmp_path, "total, n = 10, 0\naverage = total / n\n")
    return out, "ZeroDivisionError: division by zero"


@case("python/recursion-error")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        def depth(node):
            return 1 + depth(node)

        depth(None)
        """,
    )
    return out, "RecursionError: maximum recursion depth exceeded"


@case("python/memory-error")
def _(tmp_path, request):
    out = run_python(tmp_path, "buffer = bytearray(1 << 60)\n")
    if "MemoryError" not in out:
        pytest.fail(f"a 1 EiB allocation did not raise MemoryError here:\n{out}")
    lines = out.splitlines()
    assert lines[-1] == "MemoryError", out
    return out, "MemoryError"


@case("python/file-not-found")
def _(tmp_path, request):
    out = run_python(tmp_path, "with open('config/settings.yaml') as f:\n    f.read()\n")
    return out, "FileNotFoundError: [Errno 2] No such file or directory: 'config/settings.yaml'"


@case("python/permission-error")
def _(tmp_path, request):
    # Not even root may execute a file that has no execute bit at all.
    script = write(tmp_path / "deploy.sh", "#!/bin/sh\necho deploying\n")
    script.chmod(0o644)
    out = run_python(tmp_path, "import subprocess\nsubprocess.run(['./deploy.sh'])\n")
    return out, "PermissionError: [Errno 13] Permission denied: './deploy.sh'"


@case("python/is-a-directory")
def _(tmp_path, request):
    (tmp_path / "data").mkdir()
    out = run_python(tmp_path, "with open('data') as f:\n    f.read()\n")
    return out, "IsADirectoryError: [Errno 21] Is a directory: 'data'"


@case("python/unicode-decode-error")
def _(tmp_path, request):
    (tmp_path / "export.csv").write_bytes("name,city\nJosé,Zürich\n".encode("cp1252"))
    out = run_python(tmp_path, "with open('export.csv', encoding='utf-8') as f:\n    f.read()\n")
    return out, "UnicodeDecodeError: 'utf-8' codec can't decode byte"


@case("python/unicode-encode-error")
def _(tmp_path, request):
    out = run_python(tmp_path, "print('status: \\u2713 done')\n", env={"PYTHONIOENCODING": "ascii"})
    return out, "UnicodeEncodeError: 'ascii' codec can't encode character"


@case("python/json-decode-error")
def _(tmp_path, request):
    (tmp_path / "response.json").write_text("", encoding="utf-8")
    out = run_python(
        tmp_path, "import json\n\nwith open('response.json') as f:\n    data = json.load(f)\n"
    )
    return out, "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)"


@case("python/syntax-error")
def _(tmp_path, request):
    out = run_python(tmp_path, "total = = 1\n")
    return out, "SyntaxError: invalid syntax"


@case("python/fstring-syntax-error")
def _(tmp_path, request):
    out = run_python(tmp_path, "name = 'x'\nprint(f'hello {name')\n")
    return out, "SyntaxError: f-string"


@case("python/indentation-error")
def _(tmp_path, request):
    out = run_python(tmp_path, "x = 1\n    y = 2\n")
    return out, "IndentationError: unexpected indent"


@case("python/asyncio-event-loop-closed")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        import asyncio

        async def job():
            return 1

        loop = asyncio.new_event_loop()
        loop.close()
        loop.run_until_complete(job())
        """,
    )
    return out, "RuntimeError: Event loop is closed"


@case("python/coroutine-never-awaited")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        import asyncio

        async def send_email(to):
            await asyncio.sleep(0)

        send_email("ops@example.com")
        """,
    )
    return out, "RuntimeWarning: coroutine 'send_email' was never awaited"


@case("python/dict-changed-size")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        cache = {"a": 1, "b": None}
        for key in cache:
            if cache[key] is None:
                del cache[key]
        """,
    )
    return out, "RuntimeError: dictionary changed size during iteration"


@case("python/broken-pipe")
def _(tmp_path, request):
    require_tool("head")
    write(tmp_path / "emit.py", "for i in range(2_000_000):\n    print(i)\n")
    cmd = f"{shlex.quote(sys.executable)} emit.py | head -n 1"
    out = run_tool(cmd, tmp_path, shell=True)
    return out, "BrokenPipeError: [Errno 32] Broken pipe"


@case("python/cant-pickle-local-object")
def _(tmp_path, request):
    out = run_python(
        tmp_path,
        """
        import multiprocessing

        def main():
            def square(x):
                return x * x

            with multiprocessing.get_context("spawn").Pool(1) as pool:
                print(pool.map(square, [1, 2, 3]))

        if __name__ == "__main__":
            main()
        """,
    )
    # Python 3.13 words it "Can't get local object"; earlier versions "Can't pickle ...".
    wording = ("Can't pickle local object", "Can't get local object")
    return out, next((w for w in wording if w in out), wording[0])


@case("python/pytest-fixture-not-found")
def _(tmp_path, request):
    write(
        tmp_path / "test_orders.py", "def test_create_order(db_session):\n    assert db_session\n"
    )
    out = run_tool(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "test_orders.py"],
        tmp_path,
        env={"PYTHONPATH": ""},
    )
    return out, "fixture 'db_session' not found"


@case("python/pytest-import-error-test-module")
def _(tmp_path, request):
    write(tmp_path / "test_api.py", "import fastapi_missing_xyz\n\ndef test_ok():\n    pass\n")
    out = run_tool(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "test_api.py"],
        tmp_path,
        env={"PYTHONPATH": ""},
    )
    return out, "ImportError while importing test module"


# ------------------------------------------------------------------------------- pip errors


@case("pip/no-matching-distribution")
def _(tmp_path, request):
    out = pip(["install", "triage-no-such-package-xyz"], tmp_path)
    skip_if_registry_unreachable(out)
    return out, "No matching distribution found for triage-no-such-package-xyz"


@case("pip/version-not-found")
def _(tmp_path, request):
    out = pip(["download", "--no-deps", "-d", str(tmp_path / "dl"), "six==99999"], tmp_path)
    skip_if_registry_unreachable(out)
    return out, "Could not find a version that satisfies the requirement six==99999"


@case("pip/resolution-impossible")
def _(tmp_path, request):
    wheels = tmp_path / "wheels"
    make_wheel(wheels, "webapp", "1.0", requires=("corelib==1.0",))
    make_wheel(wheels, "corelib", "1.0")
    make_wheel(wheels, "corelib", "2.0")
    out = pip_offline(["--dry-run", "webapp==1.0", "corelib==2.0"], tmp_path, wheels)
    return out, "ResolutionImpossible"


@case("pip/wheel-build-failed")
def _(tmp_path, request):
    project = local_backend_project(tmp_path / "fastparse", "fastparse", fail_in="wheel")
    out = pip_offline([str(project)], tmp_path)
    return out, "Failed building wheel for fastparse"


@case("pip/metadata-generation-failed")
def _(tmp_path, request):
    project = local_backend_project(tmp_path / "oldpkg", "oldpkg", fail_in="metadata")
    out = pip_offline([str(project)], tmp_path)
    return out, "error: metadata-generation-failed"


@case("pip/externally-managed-environment")
def _(tmp_path, request):
    # A real base interpreter whose stdlib folder carries an EXTERNALLY-MANAGED marker, as on
    # Debian or Ubuntu (PEP 668): the binary is copied, the stdlib is linked entry by entry.
    real_exe = Path(sys._base_executable).resolve()
    stdlib = Path(
        sysconfig.get_path(
            "stdlib", vars={"installed_base": sys.base_prefix, "base": sys.base_prefix}
        )
    )
    prefix = tmp_path / "system-python"
    (prefix / "bin").mkdir(parents=True)
    shutil.copy2(real_exe, prefix / "bin" / real_exe.name)
    libdir = prefix / "lib" / stdlib.name
    libdir.mkdir(parents=True)
    for entry in stdlib.iterdir():
        if entry.name != "EXTERNALLY-MANAGED":
            (libdir / entry.name).symlink_to(entry)
    for shared in stdlib.parent.glob("libpython*"):
        (prefix / "lib" / shared.name).symlink_to(shared)
    (libdir / "EXTERNALLY-MANAGED").write_text(
        "[externally-managed]\n"
        "Error=To install Python packages system-wide, try apt install\n"
        " python3-xyz, where xyz is the package you are trying to\n"
        " install.\n",
        encoding="utf-8",
    )
    wheel = make_wheel(tmp_path / "wheels", "requests_helper", "1.0")
    out = pip_offline(
        [str(wheel)],
        tmp_path,
        python=prefix / "bin" / real_exe.name,
        env={"PYTHONHOME": "", "VIRTUAL_ENV": ""},
    )
    if "No module named pip" in out:
        pytest.skip("this interpreter's base installation has no pip to run")
    return out, "error: externally-managed-environment"


@case("pip/hash-mismatch")
def _(tmp_path, request):
    wheels = tmp_path / "wheels"
    make_wheel(wheels, "tinyhttp", "2.1.0")
    write(tmp_path / "requirements.txt", "tinyhttp==2.1.0 --hash=sha256:" + "0" * 64 + "\n")
    out = pip_offline(["--dry-run", "-r", "requirements.txt"], tmp_path, wheels)
    return out, "THESE PACKAGES DO NOT MATCH THE HASHES"


@case("pip/dependency-conflict-warning")
def _(tmp_path, request):
    python = request.getfixturevalue("scratch_venv")
    wheels = tmp_path / "wheels"
    make_wheel(wheels, "reportgen", "1.0", requires=("chartlib==1.0",))
    make_wheel(wheels, "chartlib", "1.0")
    make_wheel(wheels, "chartlib", "2.0")
    first = pip_offline(["reportgen==1.0"], tmp_path, wheels, python=python)
    assert "Successfully installed" in first, first
    out = pip_offline(["chartlib==2.0"], tmp_path, wheels, python=python)
    return out, "pip's dependency resolver does not currently take into account"


@case("pip/invalid-requirement")
def _(tmp_path, request):
    write(tmp_path / "requirements.txt", "requests>=2.31\nnumpy=1.26.4\n")
    out = pip_offline(["-r", "requirements.txt"], tmp_path)
    return out, "Invalid requirement: 'numpy=1.26.4'"


@case("pip/requires-different-python")
def _(tmp_path, request):
    wheel = make_wheel(tmp_path / "wheels", "futurelib", "1.0", requires_python=">=3.99")
    out = pip_offline([str(wheel)], tmp_path)
    return out, "requires a different Python"


@case("pip/could-not-install-oserror")
def _(tmp_path, request):
    out = pip_offline(["./dist/mytool-1.0-py3-none-any.whl"], tmp_path)
    return out, "Could not install packages due to an OSError"


@case("pip/retrying-connection-broken")
def _(tmp_path, request):
    # Port 9 (discard) on the loopback address: nothing listens there, so every attempt fails.
    out = pip(
        [
            "download",
            "--no-deps",
            "-d",
            str(tmp_path / "dl"),
            "--index-url",
            "http://127.0.0.1:9/simple",
            "left-pad-xyz",
        ],
        tmp_path,
        env={"PIP_EXTRA_INDEX_URL": "", "PIP_FIND_LINKS": "", "PIP_CONFIG_FILE": os.devnull},
    )
    return out, "after connection broken by"


@case("pip/requirements-file-not-found")
def _(tmp_path, request):
    out = pip_offline(["-r", "requirements.txt"], tmp_path)
    return out, "Could not open requirements file"


@case("pip/cannot-uninstall-distutils")
def _(tmp_path, request):
    python = request.getfixturevalue("scratch_venv")
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # distutils' `setup.py install` left a single .egg-info FILE and no list of installed files.
    write(
        Path(purelib) / "legacyyaml-3.13-py3.11.egg-info",
        "Metadata-Version: 1.1\nName: legacyyaml\nVersion: 3.13\n",
    )
    out = pip(["uninstall", "-y", "legacyyaml"], tmp_path, python=python)
    return out, "It is a distutils installed project"


assert sorted(CASES) == sorted(REPRODUCED_IDS), set(CASES) ^ set(REPRODUCED_IDS)


@pytest.mark.parametrize("entry_id", REPRODUCED_IDS)
def test_reproduced_error_is_found(
    entry_id: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    output, needle = CASES[entry_id](work, request)
    assert_reproduced(output, entry_id, needle, tmp_path)
