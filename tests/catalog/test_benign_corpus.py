"""Nothing fires on a healthy log.

The corpus is the committed files in `benign/` (healthy output written after real tools, see
benign/README.md, plus output captured from real runs) and output generated here, at test
time, by running real tools successfully in `tmp_path` (pip, git, gcc, make, pytest, node,
javac/java, cargo/rustc, sqlite3 through Python, ...; a tool that is not installed is skipped).
Scanning all of it with the bundled catalogue must give no regex match and no fuzzy guess.

When this fails, the report names each line and the entry that fired: tighten that entry's
regex (keep its examples matching, add the line as a counter_example), unless the line really
is an error, in which case it does not belong in the corpus.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import textwrap
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from triage_app.core import paths
from triage_app.core.catalog import Catalog, load_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.scan import scan_file

BENIGN = Path(__file__).resolve().parent / "benign"
MIN_COMMITTED_LINES = 12_000
MIN_TOTAL_LINES = 20_000
MIN_COMMITTED_FILES = 15


# -- running real tools ---------------------------------------------------------------------


class Tools:
    """Run real tools that must succeed, collecting what they print, one log per tool."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.home = root / "home"
        self.home.mkdir(parents=True, exist_ok=True)
        self.env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(self.home),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "NO_COLOR": "1",
            "TERM": "dumb",
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": str(self.home / ".gitconfig"),
            "GIT_AUTHOR_NAME": "Release Bot",
            "GIT_AUTHOR_EMAIL": "release-bot@example.org",
            "GIT_COMMITTER_NAME": "Release Bot",
            "GIT_COMMITTER_EMAIL": "release-bot@example.org",
            "PIP_DISABLE_PIP_VERSION_CHECK": "1",
            "PYTHONDONTWRITEBYTECODE": "1",
            "npm_config_update_notifier": "false",
            "CARGO_NET_OFFLINE": "true",
            "TF_CLI_CONFIG_FILE": str(self.home / ".terraformrc"),
        }
        for name in ("RUSTUP_HOME", "CARGO_HOME", "JAVA_HOME"):
            if name in os.environ:
                self.env[name] = os.environ[name]
        if "CARGO_HOME" not in self.env and Path.home().joinpath(".cargo").is_dir():
            self.env["CARGO_HOME"] = str(Path.home() / ".cargo")
        if "RUSTUP_HOME" not in self.env and Path.home().joinpath(".rustup").is_dir():
            self.env["RUSTUP_HOME"] = str(Path.home() / ".rustup")

    def run(self, cmd: list[str], cwd: Path, out: list[str], *, timeout: float = 120) -> None:
        """Run one command that must succeed; append a prompt line and everything it printed."""
        proc = subprocess.run(
            cmd,
            cwd=cwd,
            env=self.env,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
        assert proc.returncode == 0, (
            f"{' '.join(cmd)} failed ({proc.returncode}), so its output is not healthy output:\n"
            f"{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
        )
        out.append("$ " + " ".join(Path(c).name if i == 0 else c for i, c in enumerate(cmd)))
        out.extend(proc.stdout.splitlines())
        out.extend(proc.stderr.splitlines())


def _python(tools: Tools, work: Path) -> list[str]:
    out: list[str] = []
    py = sys.executable
    tools.run([py, "--version"], work, out)
    tools.run([py, "-m", "pip", "--version"], work, out)
    tools.run([py, "-m", "pip", "list"], work, out)
    tools.run([py, "-m", "pip", "list", "--format=freeze"], work, out)
    tools.run([py, "-m", "pip", "show", "-f", "pip"], work, out)
    tools.run([py, "-X", "importtime", "-c", "import json, email.message, http.client"], work, out)
    tests = work / "pt"
    tests.mkdir()
    (tests / "test_healthy.py").write_text(
        textwrap.dedent(
            """
            import pytest

            @pytest.mark.parametrize("case", range(1500))
            def test_error_count_is_zero(case):
                assert case - case == 0

            @pytest.mark.parametrize("attempt", range(1000))
            def test_retrying_then_ok(attempt):
                assert attempt >= 0

            @pytest.mark.parametrize("timeout", ["30s", "5s", "120s"] * 200)
            def test_timeout_setting_is_parsed(timeout):
                assert timeout.endswith("s")

            def test_no_errors_found():
                assert not []
            """
        ),
        encoding="utf-8",
    )
    (tests / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    tools.run(
        [py, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-c", "pytest.ini", "test_healthy.py"],
        tests,
        out,
    )
    (tests / "test_units.py").write_text(
        "import unittest\n\n\nclass LedgerTests(unittest.TestCase):\n"
        + "".join(
            f"    def test_{name}_{i}(self):\n        self.assertEqual({i} * 0, 0)\n\n"
            for i in range(60)
            for name in ("balance", "errors_are_zero", "retry_ok")
        ),
        encoding="utf-8",
    )
    tools.run([py, "-m", "unittest", "-v", "test_units"], tests, out)
    script = textwrap.dedent(
        """
        import sqlite3
        db = sqlite3.connect("ledger.db")
        db.execute("create table orders(id integer primary key, sku text, qty int, errors int)")
        db.executemany(
            "insert into orders(sku, qty, errors) values (?, ?, 0)",
            [(f"SKU-{i:05d}", i % 7 + 1) for i in range(1200)],
        )
        db.commit()
        print(db.execute("pragma integrity_check").fetchone()[0])
        print("sqlite", sqlite3.sqlite_version, "rows", db.execute("select count(*) from orders").fetchone()[0])
        for line in db.iterdump():
            print(line)
        db.close()
        """
    )
    tools.run([py, "-c", script], work, out)
    tools.run([py, "-m", "compileall", "-f", str(tests)], work, out)
    return out


def _git(tools: Tools, work: Path) -> list[str]:
    git = shutil.which("git")
    if git is None:
        return []
    out: list[str] = []
    repo = work / "repo"
    repo.mkdir()
    tools.run([git, "init", "-b", "main", "."], repo, out)
    stream = []
    for i in range(1, 301):
        body = f"ledger change {i}: retry on timeout=30s, error_count=0\n"
        stream.append(
            f"commit refs/heads/main\nmark :{i}\n"
            f"author Release Bot <release-bot@example.org> {1764400000 + i * 60} +0000\n"
            f"committer Release Bot <release-bot@example.org> {1764400000 + i * 60} +0000\n"
            f"data {len(body)}\n{body}"
            + (f"from :{i - 1}\n" if i > 1 else "")
            + f"M 644 inline src/module_{i % 17}.py\ndata {len(body) + 1}\n{body}\n"
        )
    proc = subprocess.run(
        [git, "fast-import", "--quiet"],
        cwd=repo,
        env=tools.env,
        input="".join(stream),
        text=True,
        capture_output=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    tools.run([git, "checkout", "-q", "main"], repo, out)
    tools.run([git, "log", "--stat", "-n", "150"], repo, out)
    tools.run([git, "log", "--oneline", "--graph", "--decorate"], repo, out)
    (repo / "README.md").write_text("# ledger\n\n0 errors, 0 warnings\n", encoding="utf-8")
    tools.run([git, "add", "README.md"], repo, out)
    tools.run([git, "commit", "-m", "Add README (no errors found)"], repo, out)
    tools.run([git, "status"], repo, out)
    tools.run([git, "tag", "-a", "v1.0.0", "-m", "release 1.0.0"], repo, out)
    tools.run([git, "clone", str(repo), str(work / "clone")], work, out)
    tools.run([git, "fetch", "--all", "--tags"], work / "clone", out)
    tools.run([git, "pull", "--ff-only"], work / "clone", out)
    tools.run([git, "shortlog", "-sn", "HEAD"], repo, out)
    tools.run([git, "gc", "--quiet"], repo, out)
    tools.run([git, "fsck"], repo, out)
    return out


def _c(tools: Tools, work: Path) -> list[str]:
    gcc, make = shutil.which("gcc"), shutil.which("make")
    if gcc is None:
        return []
    out: list[str] = []
    src = work / "c"
    src.mkdir()
    (src / "hello.c").write_text(
        '#include <stdio.h>\nint main(void) { printf("build ok: 0 errors, 0 warnings\\n"); return 0; }\n',
        encoding="utf-8",
    )
    (src / "util.c").write_text("int twice(int x) { return 2 * x; }\n", encoding="utf-8")
    tools.run([gcc, "-v", "-Wall", "-Wextra", "-O2", "hello.c", "-o", "hello"], src, out)
    tools.run([str(src / "hello")], src, out)
    if make is not None:
        (src / "Makefile").write_text(
            "CFLAGS = -O2 -Wall -Werror=implicit-function-declaration\n"
            "all: app\n"
            "app: hello.o util.o\n\t$(CC) $(CFLAGS) -o $@ $^\n"
            "%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n"
            "check: app\n\t./app\n"
            "clean:\n\trm -f app *.o\n"
            ".PHONY: all check clean\n",
            encoding="utf-8",
        )
        tools.run([make, "all"], src, out)
        tools.run([make, "check"], src, out)
        tools.run([make, "all"], src, out)
        tools.run([make, "-d", "all"], src, out)
        tools.run([make, "clean"], src, out)
    return out


def _node(tools: Tools, work: Path) -> list[str]:
    node = shutil.which("node")
    if node is None:
        return []
    out: list[str] = []
    tools.run([node, "--version"], work, out)
    tools.run([node, "-e", "console.log(JSON.stringify(process.versions, null, 2))"], work, out)
    tools.run([node, "-p", "JSON.stringify(process.config, null, 2)"], work, out)
    tests = work / "node-tests"
    tests.mkdir()
    (tests / "ledger.test.js").write_text(
        "const test = require('node:test');\nconst assert = require('node:assert');\n"
        "for (let i = 0; i < 150; i++) {\n"
        "  test(`error_count stays 0 (case ${i})`, () => assert.strictEqual(i - i, 0));\n"
        "}\n"
        "test('retrying... ok', () => assert.ok(true));\n",
        encoding="utf-8",
    )
    tools.run([node, "--test", "ledger.test.js"], tests, out)
    return out


def _java(tools: Tools, work: Path) -> list[str]:
    javac, java = shutil.which("javac"), shutil.which("java")
    if javac is None or java is None:
        return []
    out: list[str] = []
    src = work / "java"
    src.mkdir()
    (src / "Hello.java").write_text(
        "public class Hello {\n  public static void main(String[] args) {\n"
        '    System.out.println("Tests run: 12, Failures: 0, Errors: 0, Skipped: 0");\n'
        '    System.out.println("BUILD SUCCESS");\n  }\n}\n',
        encoding="utf-8",
    )
    tools.run([java, "-version"], src, out)
    tools.run([javac, "-verbose", "Hello.java"], src, out)
    tools.run([java, "-Xlog:gc", "Hello"], src, out)
    return out


def _rust(tools: Tools, work: Path) -> list[str]:
    cargo, rustc = shutil.which("cargo"), shutil.which("rustc")
    if cargo is None or rustc is None:
        return []
    out: list[str] = []
    tools.run([cargo, "--version", "--verbose"], work, out)
    tools.run([rustc, "--version", "--verbose"], work, out)
    (work / "hello.rs").write_text(
        'fn main() { println!("test result: ok. 3 passed; 0 failed"); }\n', encoding="utf-8"
    )
    tools.run([rustc, "-O", "hello.rs", "-o", "hello-rs"], work, out)
    tools.run([str(work / "hello-rs")], work, out)
    tools.run([cargo, "new", "--vcs", "none", "ledger"], work, out)
    crate = work / "ledger"
    with (crate / "src" / "main.rs").open("a", encoding="utf-8") as f:
        f.write(
            "\n#[cfg(test)]\nmod tests {\n"
            + "".join(
                f"    #[test] fn errors_are_zero_{i}() {{ assert_eq!(0, {i} - {i}); }}\n"
                for i in range(40)
            )
            + "}\n"
        )
    tools.run([cargo, "build", "--offline"], crate, out, timeout=300)
    tools.run([cargo, "test", "--offline"], crate, out, timeout=300)
    return out


def _more_tools(tools: Tools, work: Path) -> list[str]:
    """Quick version and help output of the other tools this machine may have."""
    out: list[str] = []
    tools.run([sys.executable, "-m", "pip", "install", "--help"], work, out)
    for cmd in (
        ["cmake", "--version"],
        ["mvn", "--version"],
        ["npm", "--version"],
        ["terraform", "version"],
        ["kubectl", "version", "--client"],
        ["docker", "--version"],
        ["go", "version"],
        ["psql", "--version"],
        ["sqlite3", "--version"],
        ["tar", "--version"],
        ["curl", "--version"],
        ["openssl", "version", "-a"],
        ["gcc", "--help=warnings"],
        ["git", "help", "-a"],
        ["kubectl", "--help"],
        ["docker", "--help"],
        ["terraform", "-help"],
    ):
        path = shutil.which(cmd[0])
        if path is not None:
            tools.run([path, *cmd[1:]], work, out)
    return out


GENERATORS: dict[str, Callable[[Tools, Path], list[str]]] = {
    "python": _python,
    "git": _git,
    "c": _c,
    "node": _node,
    "java": _java,
    "rust": _rust,
    "more": _more_tools,
}


# -- fixtures -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    catalog = load_catalog([paths.bundled_records_dir()])
    assert len(catalog) > 0 and not catalog.errors
    return catalog


@pytest.fixture(scope="module")
def matcher(catalog: Catalog) -> Matcher:
    return Matcher.from_catalog(catalog)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Tool name -> a log of what the real tools printed (empty tools are left out)."""
    root = tmp_path_factory.mktemp("benign-generated")
    tools = Tools(root)

    def make(item: tuple[str, Callable[[Tools, Path], list[str]]]) -> tuple[str, list[str]]:
        name, generate = item
        work = root / name
        work.mkdir()
        return name, generate(tools, work)

    logs = {}
    with ThreadPoolExecutor(max_workers=3) as pool:
        for name, lines in pool.map(make, GENERATORS.items()):
            if lines:
                path = root / f"generated-{name}.log"
                path.write_text("\n".join(lines) + "\n", encoding="utf-8")
                logs[name] = path
    return logs


def _committed() -> list[Path]:
    return sorted(BENIGN.glob("*.log"))


def _line_count(path: Path) -> int:
    with path.open("rb") as f:
        return sum(1 for _ in f)


# -- tests ----------------------------------------------------------------------------------


def test_committed_corpus_is_large_and_varied() -> None:
    files = _committed()
    lines = sum(_line_count(p) for p in files)
    assert len(files) >= MIN_COMMITTED_FILES, [p.name for p in files]
    assert lines >= MIN_COMMITTED_LINES, f"{lines} committed lines, need >= {MIN_COMMITTED_LINES}"
    text = "\n".join(p.read_text(encoding="utf-8") for p in files)
    for near_miss in (
        "0 errors",
        "error_count=0",
        "errors: 0",
        "retrying... ok",
        "no errors found",
        "Failed: 0",
        "fatal: 0",
        "WARNING: ignoring",
        "timeout=30s",
        "OOM score adjust",
        '" 200 ',
        '" 301 ',
        '" 304 ',
        "Connection established",
        "exit code 0",
        "ready to accept connections",
        "Finished: SUCCESS",
        "##[group]",
        "NCCL INFO",
        "Init COMPLETE",
        "NVIDIA-SMI",
        "BUILD SUCCESS",
        "Running",
        "Apply complete!",
        "Successfully installed",
        "Successfully built",
        "构建成功",
    ):
        assert near_miss in text, f"the committed corpus lacks {near_miss!r}"


def test_the_corpus_is_free_of_machine_data() -> None:
    """Captured text must not carry this machine's paths, user, host name or secrets."""
    leaks = {
        str(Path(__file__).resolve().parents[2]),  # this checkout
        str(Path.home()) + "/",
        "/tmp/pytest-of-",
        "BEGIN PRIVATE KEY",
        "BEGIN OPENSSH PRIVATE KEY",
        "ghp_",
        "glpat-",
        "xoxb-",
    }
    host = socket.gethostname()
    if len(host) >= 6 and host not in ("localhost", "build-01"):
        leaks.add(host)
    for path in _committed():
        text = path.read_text(encoding="utf-8")
        for leak in sorted(leaks):
            assert leak not in text, f"{path.name} contains {leak!r}"
        assert not re.search(r"AKIA[0-9A-Z]{16}", text), f"{path.name} holds an AWS key id"


def test_real_tools_ran(generated: dict[str, Path]) -> None:
    assert "python" in generated, "Python-based tools always exist here"
    lines = sum(_line_count(p) for p in generated.values())
    total = lines + sum(_line_count(p) for p in _committed())
    assert total >= MIN_TOTAL_LINES, (
        f"{total} corpus lines ({lines} generated by {sorted(generated)}), need >= {MIN_TOTAL_LINES}"
    )


def test_nothing_fires_on_healthy_logs(matcher: Matcher, generated: dict[str, Path]) -> None:
    offenders = []
    scanned = 0
    for path in [*_committed(), *generated.values()]:
        result = scan_file(path, matcher)
        assert result.error is None, f"{path.name}: {result.error}"
        scanned += result.lines
        for match in result.matches:
            top = match.top
            offenders.append(
                f"{path.name}:{match.line}: {top.entry_id} ({top.kind}, score {top.score:.2f}; "
                f"all: {', '.join(c.entry_id for c in match.candidates)}) | {match.text[:300]}"
            )
    assert scanned >= MIN_TOTAL_LINES
    assert not offenders, (
        f"{len(offenders)} healthy lines matched a catalogue entry (tighten the entry's regex and "
        "add the line to its counter_examples):\n" + "\n".join(offenders)
    )


def test_the_scan_would_notice_an_error_in_the_corpus(matcher: Matcher, tmp_path: Path) -> None:
    """A control: the same scan over corpus text plus one real error finds exactly that error."""
    lines = (BENIGN / "near-misses.log").read_text(encoding="utf-8").splitlines()
    error = "ModuleNotFoundError: No module named 'ledger_tools'"
    lines.insert(len(lines) // 2, error)
    log = tmp_path / "with-one-error.log"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = scan_file(log, matcher)
    assert [(m.line, m.top.entry_id) for m in result.matches] == [
        (len(lines) // 2 + 1, "python/module-not-found")
    ]
