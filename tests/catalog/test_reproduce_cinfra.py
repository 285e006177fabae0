"""javac, the JVM, GNU ld and bash errors, produced on this machine and scanned in one call.

One test runs each tool so that it fails the way users see it fail, joins everything they
printed into one log and scans it once with `triage-app scan`; each entry must rank first on
the line that shows its error. A tool that is not installed is skipped, as in the other
reproduction tests.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from .reproduce import require_tool, run_tool, scan_json

REPRODUCED_IDS = [
    "java/no-such-method-error",
    "java/javac-invalid-release",
    "cpp/dso-missing-from-command-line",
    "linux/bash-unexpected-eof",
]


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _java_no_such_method(tmp_path: Path) -> str:
    """Compile a caller against one version of a class, then run it with another."""
    require_tool("javac")
    require_tool("java")
    _write(
        tmp_path / "Caller.java",
        "public class Caller { public static void main(String[] a) { Lib.greet(); } }\n",
    )
    _write(tmp_path / "Lib.java", "public class Lib { public static void greet() { } }\n")
    subprocess.run(["javac", "Caller.java", "Lib.java"], cwd=tmp_path, check=True, timeout=180)
    _write(tmp_path / "Lib.java", "public class Lib { public static void greet(String s) { } }\n")
    subprocess.run(["javac", "Lib.java"], cwd=tmp_path, check=True, timeout=180)
    return run_tool(["java", "Caller"], cwd=tmp_path, timeout=180)


def _javac_invalid_release(tmp_path: Path) -> str:
    return run_tool(["javac", "--release", "99", "Caller.java"], cwd=tmp_path, timeout=180)


def _ld_dso_missing(tmp_path: Path) -> str:
    """libshim.so links libm; the program calls cos() itself but names only -lshim."""
    require_tool("gcc")
    _write(tmp_path / "shim.c", "#include <math.h>\ndouble shim(double x) { return sin(x); }\n")
    subprocess.run(
        ["gcc", "-shared", "-fPIC", "-o", "libshim.so", "shim.c", "-lm"],
        cwd=tmp_path,
        check=True,
        timeout=120,
    )
    _write(
        tmp_path / "prog.c",
        "#include <math.h>\ndouble shim(double);\n"
        "int main(void) { return (int)(shim(1.0) + cos(2.0 * shim(0.0))); }\n",
    )
    return run_tool(
        ["gcc", "prog.c", "-L.", "-lshim", "-Wl,--no-copy-dt-needed-entries", "-o", "prog"],
        cwd=tmp_path,
        timeout=120,
    )


def _bash_unexpected_eof(tmp_path: Path) -> str:
    require_tool("bash")
    _write(tmp_path / "deploy.sh", 'if [ -n "$1" ]; then\n  echo "unterminated\nfi\n')
    return run_tool(["bash", "deploy.sh"], cwd=tmp_path)


def test_named_errors_are_found_in_one_scan(tmp_path: Path) -> None:
    cases = [
        ("java/no-such-method-error", "java.lang.NoSuchMethodError", _java_no_such_method),
        ("java/javac-invalid-release", "release version 99 not supported", _javac_invalid_release),
        ("cpp/dso-missing-from-command-line", "DSO missing from command line", _ld_dso_missing),
        (
            "linux/bash-unexpected-eof",
            "unexpected EOF while looking for matching",
            _bash_unexpected_eof,
        ),
    ]
    outputs = [(entry_id, needle, produce(tmp_path)) for entry_id, needle, produce in cases]
    lines: list[str] = []
    expected: dict[int, tuple[str, str]] = {}
    for entry_id, needle, output in outputs:
        chunk = output.split("\n")
        at = next((i for i, line in enumerate(chunk) if needle in line), None)
        assert at is not None, f"{entry_id}: the tool did not print {needle!r}:\n{output}"
        expected[len(lines) + at + 1] = (entry_id, chunk[at])
        lines.extend(chunk)
    log = tmp_path / "real-output.log"
    log.write_text("\n".join(lines), encoding="utf-8")
    doc = scan_json(log, tmp_path / "data")
    found = {m["line"]: m for m in doc["files"][0]["matches"]}
    problems = []
    for number, (entry_id, text) in expected.items():
        match = found.get(number)
        if match is None or match["kind"] != "regex" or match["entry_id"] != entry_id:
            problems.append(
                f"line {number} {text!r}: expected {entry_id}, got {match and match['entry_id']}"
            )
    assert not problems, "\n".join(problems)
