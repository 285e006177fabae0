"""Produce PHP, Composer, Ruby, Bundler, nginx, Apache httpd, Redis, PostgreSQL and MariaDB
errors for real and check that one `triage-app scan` ranks the matching catalogue entry first on
the line that shows each of them.

Everything runs offline in temporary folders: Composer and Bundler only see local path
repositories and locally built gems; nginx and Apache only test their configuration or listen on
loopback; Redis, PostgreSQL and MariaDB are started by the test itself on a unix socket (from
scripts/repro/sys.sh, under .repro/sys/bin) and always stopped. Each ecosystem's cases are
batched into a single scan.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import pytest

from .reproduce import require_repro_tool, require_tool, scan_json

REPRODUCED_IDS = [
    "php/allowed-memory-size-exhausted",
    "php/call-to-undefined-function",
    "php/class-not-found",
    "php/call-to-member-function-on-null",
    "php/undefined-array-key",
    "php/maximum-execution-time-exceeded",
    "php/pdo-could-not-find-driver",
    "php/headers-already-sent",
    "php/parse-error",
    "php/undefined-variable",
    "php/type-error-argument",
    "php/too-few-arguments",
    "php/cannot-redeclare",
    "php/failed-to-open-stream",
    "php/failed-opening-required",
    "php/division-by-zero",
    "php/undefined-constant",
    "php/read-property-on-null",
    "php/array-to-string-conversion",
    "php/cannot-access-private-property",
    "php/call-to-undefined-method",
    "php/cannot-instantiate-abstract-class",
    "php/unsupported-operand-types",
    "php/non-static-method-called-statically",
    "composer/requirements-could-not-be-resolved",
    "composer/root-requires-php-version",
    "composer/missing-php-extension",
    "composer/plugin-blocked-by-allow-plugins",
    "composer/script-returned-error-code",
    "composer/could-not-find-matching-version",
    "composer/installation-failed-reverting",
    "composer/memory-limit",
    "composer/lock-file-out-of-date",
    "composer/lock-file-incompatible",
    "composer/platform-check-failed",
    "composer/package-not-found-in-any-version",
    "composer/found-but-does-not-match-constraint",
    "composer/dependency-requires-php-version",
    "ruby/cannot-load-such-file",
    "ruby/frozen-string-modified",
    "ruby/undefined-local-variable-or-method",
    "ruby/undefined-method-for-nil",
    "ruby/uninitialized-constant",
    "ruby/wrong-number-of-arguments",
    "ruby/gem-native-extension-build-failed",
    "ruby/gem-file-permission-error",
    "ruby/syntax-error-unexpected-end-of-input",
    "ruby/zero-division-error",
    "ruby/key-error",
    "ruby/no-implicit-conversion",
    "ruby/stack-level-too-deep",
    "ruby/errno-enoent",
    "ruby/errno-econnrefused",
    "ruby/private-method-called",
    "ruby/invalid-value-for-integer",
    "ruby/json-parser-error",
    "bundler/already-activated",
    "bundler/command-not-found",
    "bundler/frozen-lockfile-gemfile-changed",
    "bundler/could-not-find-gem-locally",
    "bundler/could-not-locate-gemfile",
    "bundler/ruby-version-mismatch",
    "bundler/platform-not-in-lockfile",
    "bundler/could-not-find-compatible-versions",
    "bundler/could-not-fetch-specs",
    "rails/record-not-found",
    "rails/record-invalid",
    "rails/parameter-missing",
    "rails/pending-migration",
    "rails/blocked-host",
    "nginx/unknown-directive",
    "nginx/directive-not-allowed-here",
    "nginx/host-not-found-in-upstream",
    "nginx/ssl-key-values-mismatch",
    "nginx/directory-index-forbidden",
    "nginx/rewrite-redirection-cycle",
    "nginx/upstream-connection-refused",
    "nginx/upstream-timed-out",
    "nginx/upstream-prematurely-closed",
    "nginx/upstream-sent-too-big-header",
    "nginx/client-body-too-large",
    "nginx/server-names-hash-bucket-size",
    "nginx/unexpected-end-of-file",
    "nginx/duplicate-location",
    "nginx/no-ssl-certificate-defined",
    "nginx/invalid-number-of-arguments",
    "nginx/cannot-load-certificate",
    "nginx/conflicting-server-name",
    "nginx/bind-address-already-in-use",
    "nginx/open-failed-no-such-file",
    "nginx/no-live-upstreams",
    "httpd/syntax-error-on-line",
    "httpd/invalid-command-module-not-loaded",
    "httpd/ssl-certificate-file-missing",
    "httpd/client-denied-by-server-configuration",
    "httpd/no-matching-directoryindex",
    "httpd/search-permissions-missing",
    "httpd/internal-redirect-limit",
    "httpd/make-sock-could-not-bind",
    "httpd/directory-not-closed",
    "httpd/documentroot-not-a-directory",
    "httpd/could-not-open-configuration-file",
    "httpd/multiple-listeners-same-port",
    "httpd/htaccess-pcfg-openfile",
    "postgresql/database-does-not-exist",
    "postgresql/duplicate-key",
    "postgresql/no-pg-hba-entry",
    "postgresql/password-authentication-failed",
    "postgresql/relation-does-not-exist",
    "postgresql/role-does-not-exist",
    "postgresql/too-many-connections",
    "postgresql/column-does-not-exist",
    "postgresql/syntax-error-at-or-near",
    "postgresql/not-null-violation",
    "postgresql/foreign-key-violation",
    "postgresql/delete-violates-foreign-key",
    "postgresql/value-too-long",
    "postgresql/invalid-input-syntax",
    "postgresql/division-by-zero",
    "postgresql/subquery-more-than-one-row",
    "postgresql/function-does-not-exist",
    "postgresql/operator-does-not-exist",
    "postgresql/no-unique-constraint-on-conflict",
    "postgresql/cannot-drop-dependent-objects",
    "postgresql/column-type-mismatch",
    "postgresql/statement-timeout",
    "postgresql/current-transaction-aborted",
    "postgresql/peer-authentication-failed",
    "postgresql/permission-denied-for-table",
    "postgresql/permission-denied-for-schema",
    "postgresql/must-be-owner",
    "postgresql/deadlock-detected",
    "postgresql/could-not-serialize-access",
    "postgresql/database-being-accessed",
    "mysql/unknown-column",
    "mysql/sql-syntax-error",
    "mysql/data-too-long",
    "mysql/foreign-key-constraint-fails",
    "mysql/cannot-delete-parent-row",
    "mysql/column-count-mismatch",
    "mysql/field-no-default-value",
    "mysql/incorrect-string-value",
    "mysql/incorrect-integer-value",
    "mysql/out-of-range-value",
    "mysql/table-already-exists",
    "mysql/subquery-returns-more-than-one-row",
    "mysql/column-ambiguous",
    "mysql/unknown-database",
    "redis/wrongtype",
    "redis/value-not-an-integer",
    "redis/wrong-number-of-arguments",
    "redis/unknown-command",
    "redis/oom-maxmemory",
    "redis/busy-script",
    "redis/misconf-rdb-snapshot",
    "redis/rdb-temp-file-failed",
    "redis/authentication-failed",
    "redis/readonly-replica",
    "redis/connection-refused",
]


# ---------------------------------------------------------------------------------------- helpers


@dataclass(frozen=True)
class Case:
    """One real failure: the entry expected on the first output line containing `needle`."""

    entry_id: str
    needle: str
    output: str


def check_cases(cases: list[Case], tmp_path: Path) -> None:
    """Scan all outputs as one log and check every case's line ranks its entry first.

    Line numbers come from the real outputs (the first line of each case's block holding its
    needle), never from the test; every failing case is reported at once.
    """
    lines: list[str] = []
    expected: list[tuple[Case, int | None]] = []
    for case in cases:
        block = case.output.split("\n")
        hit = next((i for i, line in enumerate(block) if case.needle in line), None)
        expected.append((case, None if hit is None else len(lines) + hit + 1))
        lines.extend(block)
    log = tmp_path / "real-output.log"
    log.write_text("\n".join(lines), encoding="utf-8")
    # What each case expects, beside the log, for reading a failure (pytest --basetemp).
    seen = [
        {"entry_id": case.entry_id, "line": n, "text": lines[n - 1] if n else None}
        for case, n in expected
    ]
    write(tmp_path / "cases.json", json.dumps(seen, indent=1))
    doc = scan_json(log, tmp_path / "data")
    matches = {m["line"]: m for m in doc["files"][0]["matches"]}
    problems = []
    for case, number in expected:
        if number is None:
            problems.append(f"{case.entry_id}: output lacks {case.needle!r}:\n{case.output}")
            continue
        found = matches.get(number)
        if found is None or found["kind"] != "regex" or found["entry_id"] != case.entry_id:
            got = None if found is None else [c["entry_id"] for c in found["candidates"]]
            problems.append(f"{case.entry_id}: line {lines[number - 1]!r} ranked {got}")
    assert not problems, "\n".join(problems)


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 120) -> str:
    """Run a real tool that is expected to fail; stdout and stderr interleaved as in a CI log."""
    full_env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "NO_COLOR": "1"}
    full_env.update(env or {})
    proc = subprocess.run(  # noqa: S603 - fixed command lines built by the tests
        cmd,
        cwd=cwd,
        env=full_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        timeout=timeout,
    )
    return proc.stdout


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(path: Path, proc: subprocess.Popen, log: Path | None, seconds: float = 30) -> None:
    """Wait for a server's socket or pid file; fail with its output if it exits first."""
    deadline = time.monotonic() + seconds
    while not path.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            said = log.read_text(errors="replace") if log and log.exists() else ""
            pytest.fail(f"{path} did not appear (exit status {proc.poll()}):\n{said}")
        time.sleep(0.05)


@contextmanager
def started(
    cmd: list[str], ready: Path, log: Path | None = None, **popen: object
) -> Iterator[None]:
    """Start a server (output to `log`), wait for its socket or pid file, always stop it."""
    # A pid file or socket left by an earlier run in the same folder would end the wait
    # before this server listens (under load its requests then all failed: an empty log).
    ready.unlink(missing_ok=True)
    sink = log.open("ab") if log else subprocess.DEVNULL
    proc = subprocess.Popen(  # noqa: S603 - a test server from a fixed command line
        cmd, stdout=sink, stderr=subprocess.STDOUT, **popen
    )
    try:
        wait_for(ready, proc, log)
        yield
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        if log:
            sink.close()


def shared_tmp(owner: str | None) -> Path:
    """A folder another user can traverse (servers refuse to run as root; tmp_path is 0700)."""
    folder = Path(tempfile.mkdtemp(prefix="triage-sys-"))
    folder.chmod(0o755)
    if owner:
        shutil.chown(folder, owner, owner)
    return folder


def server_user() -> str | None:
    """The unprivileged user to run PostgreSQL as when the tests run as root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    pytest.skip("no unprivileged user to run the PostgreSQL server as")


# -------------------------------------------------------------------------------------------- PHP


def php(name: str, code: str, cwd: Path, *ini: str) -> str:
    """Run a PHP script; errors go to stderr as the CLI logs them ("PHP Fatal error:  ...")."""
    script = write(cwd / "app" / name, code)
    settings = ("display_errors=0", "log_errors=1", "error_log=", "html_errors=0", *ini)
    args = [f"-d{setting}" for setting in settings]
    return run([require_tool("php"), *args, str(script)], script.parent, timeout=60)


# New-entry cases: (entry id, text on the line, script name, script).
_PHP_ERRORS = [
    ("php/parse-error", "Parse error", "list.php", "<?php\n$items = [1, 2\necho $items;\n"),
    ("php/undefined-variable", "Undefined variable", "greet.php", "<?php\necho $username;\n"),
    (
        "php/type-error-argument",
        "must be of type",
        "age.php",
        "<?php\nfunction age(int $years): int { return $years; }\nage('ten');\n",
    ),
    (
        "php/too-few-arguments",
        "Too few arguments",
        "mail.php",
        "<?php\nfunction send($to, $subject) { return $to; }\nsend('ann@example.com');\n",
    ),
    (
        "php/cannot-redeclare",
        "Cannot redeclare",
        "helpers.php",
        "<?php\nfunction format_price() {}\nfunction format_price() {}\n",
    ),
    (
        "php/failed-to-open-stream",
        "Failed to open stream",
        "boot.php",
        "<?php\nrequire 'vendor/autoload.php';\n",
    ),
    (
        "php/failed-opening-required",
        "Failed opening required",
        "boot2.php",
        "<?php\nrequire __DIR__ . '/config/app.php';\n",
    ),
    ("php/division-by-zero", "DivisionByZeroError", "ratio.php", "<?php\necho 10 % 0;\n"),
    ("php/undefined-constant", "Undefined constant", "env.php", "<?php\necho APP_DEBUG;\n"),
    (
        "php/read-property-on-null",
        "Attempt to read property",
        "profile.php",
        "<?php\n$user = json_decode('null');\necho $user->email;\n",
    ),
    (
        "php/array-to-string-conversion",
        "Array to string conversion",
        "tags.php",
        "<?php\n$tags = ['a', 'b'];\n$label = 'Tags: ' . $tags;\n",
    ),
    (
        "php/cannot-access-private-property",
        "Cannot access private property",
        "order.php",
        "<?php\nclass Order { private $total = 5; }\necho (new Order())->total;\n",
    ),
    (
        "php/call-to-undefined-method",
        "Call to undefined method",
        "cart.php",
        "<?php\nclass Cart {}\n(new Cart())->checkout();\n",
    ),
    (
        "php/cannot-instantiate-abstract-class",
        "Cannot instantiate",
        "model.php",
        "<?php\nabstract class Model {}\n$m = new Model();\n",
    ),
    (
        "php/unsupported-operand-types",
        "Unsupported operand types",
        "sum.php",
        "<?php\n$total = [] + 1;\n",
    ),
    (
        "php/non-static-method-called-statically",
        "cannot be called statically",
        "report.php",
        "<?php\nclass Report { public function build() {} }\nReport::build();\n",
    ),
]


def test_php(tmp_path: Path) -> None:
    w = tmp_path
    cases = [
        Case(
            "php/allowed-memory-size-exhausted",
            "Allowed memory size",
            php(
                "import.php",
                '<?php $a = []; while (true) { $a[] = str_repeat("x", 100000); }',
                w,
                "memory_limit=8M",
            ),
        ),
        Case(
            "php/call-to-undefined-function",
            "Call to undefined function",
            php("db.php", "<?php\nmysql_connect('localhost');\n", w),
        ),
        Case(
            "php/class-not-found",
            "not found",
            php("invoice.php", "<?php\nnamespace App;\n$x = new Models\\Invoice();\n", w),
        ),
        Case(
            "php/call-to-member-function-on-null",
            "Call to a member function",
            php("account.php", "<?php\n$db = null;\n$db->prepare('select 1');\n", w),
        ),
        Case(
            "php/undefined-array-key",
            "Undefined array key",
            php("form.php", "<?php\n$_POST = [];\necho $_POST['email'];\n", w),
        ),
        Case(
            "php/maximum-execution-time-exceeded",
            "Maximum execution time",
            php("worker.php", "<?php\nset_time_limit(1);\nwhile (true) {}\n", w),
        ),
        Case(
            "php/pdo-could-not-find-driver",
            "could not find driver",
            php("pdo.php", "<?php\n$pdo = new PDO('pgsql:host=localhost;dbname=app');\n", w),
        ),
        Case(
            "php/headers-already-sent",
            "Cannot modify header information",
            php("login.php", "<?php\necho 'hello', PHP_EOL;\nheader('Location: /login');\n", w),
        ),
    ]
    cases += [
        Case(entry_id, needle, php(name, code, w)) for entry_id, needle, name, code in _PHP_ERRORS
    ]
    check_cases(cases, tmp_path)


# --------------------------------------------------------------------------------------- Composer

_PATH_REPO = [{"type": "path", "url": "../pkgs/*", "options": {"symlink": False}}]


def composer_project(root: Path, name: str, **fields: object) -> Path:
    """A project that only sees the local path repository ../pkgs (Packagist switched off)."""
    doc = {"name": f"acme/{name}", "repositories": [*_PATH_REPO, {"packagist.org": False}]}
    doc.update(fields)
    write(root / name / "composer.json", json.dumps(doc))
    return root / name


def composer(args: list[str], cwd: Path, **env: str) -> str:
    base = {
        "COMPOSER_HOME": str(cwd.parent / "composer-home"),
        "COMPOSER_CACHE_DIR": str(cwd.parent / "composer-cache"),
        "COMPOSER_DISABLE_NETWORK": "1",
        "COMPOSER_NO_INTERACTION": "1",
        "COMPOSER_ALLOW_SUPERUSER": "1",
        "COLUMNS": "120",
    }
    return run([require_tool("composer"), *args], cwd, env={**base, **env})


def test_composer(tmp_path: Path) -> None:
    require_tool("php")
    pkgs = tmp_path / "pkgs"
    write(
        pkgs / "lib/composer.json",
        '{"name": "acme/lib", "version": "1.0.0", "require": {"php": ">=99.0"}}',
    )
    write(
        pkgs / "plug/composer.json",
        json.dumps(
            {
                "name": "acme/plug",
                "version": "1.0.0",
                "type": "composer-plugin",
                "require": {"composer-plugin-api": "^2.0"},
                "extra": {"class": "Acme\\Plug\\Plugin"},
            }
        ),
    )
    cases = []

    app = composer_project(tmp_path, "typo", require={"acme/paymnet": "^1.0"})
    cases.append(
        Case("composer/package-not-found-in-any-version", "any version", composer(["install"], app))
    )
    app = composer_project(tmp_path, "toonew", require={"acme/lib": "^3.0"})
    cases.append(
        Case(
            "composer/found-but-does-not-match-constraint",
            "does not match the constraint",
            composer(["install"], app),
        )
    )
    app = composer_project(tmp_path, "unresolvable", require={"acme/lib": "^1.0"})
    unresolvable = composer(["install"], app)
    cases.append(
        Case("composer/requirements-could-not-be-resolved", "could not be resolved", unresolvable)
    )
    cases.append(
        Case("composer/dependency-requires-php-version", "-> your php version", unresolvable)
    )
    app = composer_project(tmp_path, "newphp", require={"php": ">=99.1"})
    cases.append(
        Case("composer/root-requires-php-version", "does not satisfy", composer(["install"], app))
    )
    app = composer_project(tmp_path, "ext", require={"ext-mongodb": "*"})
    cases.append(
        Case(
            "composer/missing-php-extension", "missing from your system", composer(["install"], app)
        )
    )
    app = composer_project(tmp_path, "plugin", require={"acme/plug": "^1.0"})
    cases.append(
        Case(
            "composer/plugin-blocked-by-allow-plugins",
            "blocked by your",
            composer(["install"], app),
        )
    )
    app = composer_project(tmp_path, "script", require={}, scripts={"post-autoload-dump": "exit 3"})
    cases.append(
        Case(
            "composer/script-returned-error-code",
            "returned with error code",
            composer(["install"], app),
        )
    )

    app = composer_project(tmp_path, "req", require={})
    composer(["install"], app)
    cases.append(
        Case(
            "composer/could-not-find-matching-version",
            "Could not find a matching",
            composer(["require", "acme/nothing-here"], app),
        )
    )
    cases.append(
        Case(
            "composer/installation-failed-reverting",
            "Installation failed, reverting",
            composer(["require", "acme/lib:^1.0"], app),
        )
    )
    cases.append(
        Case(
            "composer/memory-limit",
            "troubleshooting.md#memory-limit-errors",
            composer(["update"], app, COMPOSER_MEMORY_LIMIT="6M"),
        )
    )
    composer(["require", "acme/plug", "--no-install", "--no-update"], app)
    cases.append(
        Case("composer/lock-file-out-of-date", "not up to date", composer(["install"], app))
    )

    app = composer_project(
        tmp_path, "locked", require={"acme/lib": "^1.0"}, config={"platform-check": True}
    )
    composer(["update", "--ignore-platform-req=php"], app)
    cases.append(
        Case(
            "composer/lock-file-incompatible",
            "does not contain a compatible set",
            composer(["install"], app),
        )
    )
    composer(["install", "--ignore-platform-req=php"], app)
    composer(["dump-autoload"], app)  # writes vendor/composer/platform_check.php in full
    out = run([require_tool("php"), "-r", 'require "vendor/autoload.php";'], app)
    cases.append(Case("composer/platform-check-failed", "PHP Fatal error", out))
    check_cases(cases, tmp_path)


# ---------------------------------------------------------------------------------- Ruby, Bundler


def ruby(code: str, cwd: Path, name: str = "app.rb") -> str:
    script = write(cwd / "rb" / name, code)
    return run([require_tool("ruby"), str(script)], script.parent, timeout=60)


def gem_env(root: Path) -> dict[str, str]:
    """Gems live in a private GEM_HOME; Bundler's user folder is private too."""
    return {
        "GEM_HOME": str(root / "gem-home"),
        "GEM_PATH": str(root / "gem-home"),
        "BUNDLE_USER_HOME": str(root / "bundle-home"),
        "BUNDLE_SILENCE_ROOT_WARNING": "1",
        "BUNDLE_APP_CONFIG": str(root / "bundle-config"),
    }


def build_gem(root: Path, name: str, version: str, extra: str = "") -> Path:
    """Build a tiny real gem with `gem build` and return the .gem file."""
    src = root / "gem-src" / f"{name}-{version}"
    write(src / f"lib/{name}.rb", f"module {name.capitalize()}; end\n")
    write(
        src / f"{name}.gemspec",
        "Gem::Specification.new do |s|\n"
        f'  s.name = "{name}"; s.version = "{version}"; s.summary = "{name}"\n'
        f'  s.authors = ["triage"]; s.files = Dir["**/*"]\n{extra}end\n',
    )
    run([require_tool("gem"), "build", f"{name}.gemspec"], src, gem_env(root))
    return src / f"{name}-{version}.gem"


# New-entry cases: (entry id, text on the line, script name, script).
_RUBY_ERRORS = [
    (
        "ruby/syntax-error-unexpected-end-of-input",
        "end-of-input",
        "report.rb",
        "def report(rows)\n  rows.each do |r|\n    puts r\n  end\n",
    ),
    (
        "ruby/zero-division-error",
        "divided by 0",
        "avg.rb",
        "total = 10\ncount = 0\nputs total / count\n",
    ),
    ("ruby/key-error", "key not found", "config.rb", "ENV.fetch('DATABASE_URL_MISSING_X')\n"),
    (
        "ruby/no-implicit-conversion",
        "no implicit conversion",
        "label.rb",
        "count = 3\nputs 'items: ' + count\n",
    ),
    (
        "ruby/stack-level-too-deep",
        "stack level too deep",
        "tree.rb",
        "def walk(n) = walk(n + 1)\nwalk(0)\n",
    ),
    (
        "ruby/errno-enoent",
        "No such file or directory",
        "load.rb",
        "File.read('config/settings.yml')\n",
    ),
    (
        "ruby/errno-econnrefused",
        "Connection refused",
        "client.rb",
        "require 'socket'\nTCPSocket.new('127.0.0.1', 1)\n",
    ),
    (
        "ruby/private-method-called",
        "private method",
        "account.rb",
        "class Account\n  private\n  def secret = 1\nend\nAccount.new.secret\n",
    ),
    ("ruby/invalid-value-for-integer", "invalid value for Integer", "port.rb", "Integer('80a')\n"),
    (
        "ruby/json-parser-error",
        "unexpected token",
        "parse.rb",
        "require 'json'\nJSON.parse('{\"a\": 1,}')\n",
    ),
]


def test_ruby(tmp_path: Path) -> None:
    w = tmp_path
    cases = [
        Case(
            "ruby/cannot-load-such-file",
            "cannot load such file",
            ruby('require "nokogiri_not_installed"\n', w),
        ),
        Case(
            "ruby/frozen-string-modified",
            "can't modify frozen",
            ruby('# frozen_string_literal: true\nname = "a"\nname << "b"\n', w),
        ),
        Case(
            "ruby/undefined-local-variable-or-method",
            "undefined local variable",
            ruby("puts current_usr\n", w),
        ),
        Case(
            "ruby/undefined-method-for-nil",
            "undefined method",
            ruby("user = nil\nputs user.upcase\n", w),
        ),
        Case("ruby/uninitialized-constant", "uninitialized constant", ruby("Invoice.new\n", w)),
        Case(
            "ruby/wrong-number-of-arguments",
            "wrong number of arguments",
            ruby("def total(a, b) = a + b\ntotal(1)\n", w),
        ),
    ]
    cases += [
        Case(entry_id, needle, ruby(code, w, name)) for entry_id, needle, name, code in _RUBY_ERRORS
    ]
    gem = require_tool("gem")
    write(w / "gem-src/natx-0.1.0/ext/natx/extconf.rb", 'abort "libnatx is missing"\n')
    native = build_gem(w, "natx", "0.1.0", '  s.extensions = ["ext/natx/extconf.rb"]\n')
    cases.append(
        Case(
            "ruby/gem-native-extension-build-failed",
            "Failed to build gem native",
            run([gem, "install", "--local", str(native)], w, gem_env(w)),
        )
    )
    # Installing into a GEM_HOME the user may not write (root: run gem as nobody).
    locked = shared_tmp(None)
    try:
        demo = shutil.copy(build_gem(w, "demo", "1.0.0"), locked)
        Path(demo).chmod(0o644)
        (locked / "gem-home").mkdir(mode=0o555)
        as_user = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
        env = {**gem_env(locked), "HOME": str(locked)}
        out = run([*as_user, gem, "install", "--local", str(demo)], locked, env)
    finally:
        shutil.rmtree(locked, ignore_errors=True)
    cases.append(Case("ruby/gem-file-permission-error", "write permissions", out))
    check_cases(cases, tmp_path)


def bundle_project(root: Path, name: str, gemfile: str, lock: str | None = None) -> Path:
    write(root / name / "Gemfile", gemfile)
    if lock is not None:
        write(root / name / "Gemfile.lock", lock)
    return root / name


_DARWIN_LOCK = """GEM
  remote: https://rubygems.org/
  specs:
    demo (1.0.0)

PLATFORMS
  x86_64-darwin-20

DEPENDENCIES
  demo
"""


def test_bundler(tmp_path: Path) -> None:
    w = tmp_path
    gem, bundle, ruby_exe = require_tool("gem"), require_tool("bundle"), require_tool("ruby")
    env = gem_env(w)
    demos = [str(build_gem(w, "demo", v)) for v in ("1.0.0", "2.0.0")]
    run([gem, "install", "--local", *demos], w, env)
    rubygems = 'source "https://rubygems.org"\n'
    cases = []

    app = bundle_project(w, "activated", rubygems + 'gem "demo", "1.0.0"\n')
    run([bundle, "install", "--local"], app, env)
    out = run([ruby_exe, "-e", 'gem "demo", "2.0.0"; require "bundler/setup"'], app, env)
    cases.append(Case("bundler/already-activated", "already activated", out))
    out = run([bundle, "exec", "rspec"], app, env)
    cases.append(Case("bundler/command-not-found", "command not found", out))
    write(app / "Gemfile", rubygems + 'gem "demo", "2.0.0"\n')
    out = run([bundle, "install", "--local"], app, {**env, "BUNDLE_DEPLOYMENT": "true"})
    cases.append(Case("bundler/frozen-lockfile-gemfile-changed", "deployment mode", out))

    app = bundle_project(w, "missing", rubygems + 'gem "rack"\n')
    out = run([bundle, "install", "--local"], app, env)
    cases.append(Case("bundler/could-not-find-gem-locally", "Could not find gem", out))
    app = bundle_project(w, "nogemfile", "")
    (app / "Gemfile").unlink()
    out = run([bundle, "install"], app, env)
    cases.append(Case("bundler/could-not-locate-gemfile", "Could not locate Gemfile", out))
    app = bundle_project(w, "rubyver", rubygems + 'ruby "9.9.9"\ngem "demo"\n')
    out = run([bundle, "install", "--local"], app, env)
    cases.append(Case("bundler/ruby-version-mismatch", "Your Ruby version", out))
    app = bundle_project(w, "darwin", rubygems + 'gem "demo"\n', _DARWIN_LOCK)
    out = run([bundle, "install", "--local"], app, {**env, "BUNDLE_FROZEN": "true"})
    cases.append(Case("bundler/platform-not-in-lockfile", "only supports platforms", out))

    app = w / "conflict"
    write(
        app / "a/a.gemspec",
        'Gem::Specification.new { |s| s.name = "a"; s.version = "1.0.0"; '
        's.summary = "a"; s.authors = ["t"]; s.add_dependency "b", "~> 1.0" }\n',
    )
    write(
        app / "b/b.gemspec",
        'Gem::Specification.new { |s| s.name = "b"; s.version = "2.0.0"; '
        's.summary = "b"; s.authors = ["t"] }\n',
    )
    write(app / "Gemfile", rubygems + 'gem "a", path: "a"\ngem "b", path: "b"\n')
    out = run([bundle, "install", "--local"], app, env)
    cases.append(Case("bundler/could-not-find-compatible-versions", "compatible versions", out))

    closed = free_port()
    app = bundle_project(w, "offline", f'source "http://127.0.0.1:{closed}/"\ngem "rack"\n')
    out = run([bundle, "install", "--retry", "0"], app, env)
    cases.append(Case("bundler/could-not-fetch-specs", "Could not fetch specs", out))
    check_cases(cases, tmp_path)


# ------------------------------------------------------------------------------------------ nginx


def nginx_conf(root: Path, name: str, http: str, main: str = "") -> Path:
    """A complete nginx.conf whose pid, logs and temp folders live under `root`."""
    body = (
        f"pid {root}/nginx.pid;\nerror_log stderr;\n{main}events {{}}\nhttp {{\n"
        f"  access_log off;\n  client_body_temp_path {root}/tmp;\n{http}\n}}\n"
    )
    return write(root / name, body)


def nginx_cmd(conf: Path, *args: str) -> list[str]:
    exe = require_tool("nginx")
    return [exe, "-p", f"{conf.parent}/", "-e", "stderr", "-c", str(conf), *args]


# The resolver gives up quickly on names that cannot resolve (no long DNS waits offline).
_RESOLVER = {"RES_OPTIONS": "timeout:2 attempts:1"}


def request(url: str, body: bytes | None = None) -> int:
    """One HTTP request to a loopback server; returns the status (error statuses included)."""
    try:
        with urllib.request.urlopen(url, data=body, timeout=30) as response:  # noqa: S310
            return response.status
    except urllib.error.HTTPError as err:
        return err.code
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0


@contextmanager
def raw_upstream(reply: bytes | None, close_after_request: bool = False) -> Iterator[int]:
    """A loopback TCP upstream: sends `reply` (or nothing, then waits) for each connection."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    server.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            conn.settimeout(5)
            with suppress(OSError):
                conn.recv(65536)
            if reply is not None:
                conn.sendall(reply)
            if close_after_request or reply is not None:
                conn.close()
            else:
                held.append(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join(timeout=5)
        for conn in held:
            conn.close()
        server.close()


def openssl_pair(root: Path) -> tuple[Path, Path, Path]:
    """A self-signed certificate, its key, and a second key that does not belong to it."""
    exe = require_tool("openssl")
    cert, key, other = root / "site.crt", root / "site.key", root / "other.key"
    run(
        [
            exe,
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-subj",
            "/CN=localhost",
            "-days",
            "1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        root,
    )
    run([exe, "genrsa", "-out", str(other), "2048"], root)
    return cert, key, other


def test_nginx(tmp_path: Path) -> None:
    w = tmp_path
    (w / "tmp").mkdir()
    port = free_port()
    cases = []

    def config_case(entry_id: str, needle: str, http: str, main: str = "") -> None:
        conf = nginx_conf(w, f"{entry_id.split('/')[1]}.conf", http, main)
        cases.append(Case(entry_id, needle, run(nginx_cmd(conf, "-t"), w, _RESOLVER)))

    listen = f"listen 127.0.0.1:{port}"
    config_case(
        "nginx/unknown-directive",
        "unknown directive",
        f"  server {{ {listen}; location / {{ proxy_passs http://127.0.0.1:9; }} }}",
    )
    config_case(
        "nginx/directive-not-allowed-here",
        "is not allowed here",
        f"  server {{ {listen}; }}",
        main="server { listen 8080; }\n",
    )
    config_case(
        "nginx/host-not-found-in-upstream",
        "host not found in upstream",
        "  upstream app { server backend.invalid:8000; }\n"
        f"  server {{ {listen}; location / {{ proxy_pass http://app; }} }}",
    )
    cert, _key, other = openssl_pair(w)
    config_case(
        "nginx/ssl-key-values-mismatch",
        "key values mismatch",
        f"  server {{ listen 127.0.0.1:{free_port()} ssl; ssl_certificate {cert}; "
        f"ssl_certificate_key {other}; }}",
    )

    long_name = "x" * 100 + ".example.com"
    config_case(
        "nginx/server-names-hash-bucket-size",
        "could not build server_names_hash",
        f"  server {{ {listen}; server_name {long_name}; }}\n"
        f"  server {{ {listen}; server_name www.example.com; }}",
    )
    config_case(
        "nginx/unexpected-end-of-file",
        "unexpected end of file",
        f"  server {{ {listen}; location / {{ root {w}/www; }}",
    )
    config_case(
        "nginx/duplicate-location",
        "duplicate location",
        f"  server {{ {listen}; location /api {{ }} location /api {{ }} }}",
    )
    config_case(
        "nginx/no-ssl-certificate-defined",
        'no "ssl_certificate" is defined',
        f"  server {{ listen 127.0.0.1:{free_port()} ssl; }}",
    )
    config_case(
        "nginx/invalid-number-of-arguments",
        "invalid number of arguments",
        f"  server {{ {listen}; location / {{ root; }} }}",
    )
    config_case(
        "nginx/cannot-load-certificate",
        "cannot load certificate",
        f"  server {{ listen 127.0.0.1:{free_port()} ssl; ssl_certificate {w}/missing.crt; "
        f"ssl_certificate_key {w}/missing.key; }}",
    )
    config_case(
        "nginx/conflicting-server-name",
        "conflicting server name",
        f"  server {{ {listen}; server_name shop.example.com; }}\n"
        f"  server {{ {listen}; server_name shop.example.com; }}",
    )
    with socket.socket() as taken:  # a port another program already listens on
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        conf = nginx_conf(
            w, "bind.conf", f"  server {{ listen 127.0.0.1:{taken.getsockname()[1]}; }}"
        )
        cases.append(
            Case(
                "nginx/bind-address-already-in-use",
                "Address already in use",
                run(nginx_cmd(conf), w, timeout=60),
            )
        )

    (w / "www/empty").mkdir(parents=True)
    with (
        raw_upstream(None) as silent,
        raw_upstream(b"", close_after_request=True) as closer,
        raw_upstream(b"HTTP/1.1 200 OK\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\nok") as big,
    ):
        refused = free_port()
        conf = nginx_conf(
            w,
            "runtime.conf",
            f"""  server {{
    {listen};
    root {w}/www;
    client_max_body_size 1k;
    proxy_read_timeout 1s;
    location /empty/ {{ }}
    location /spa/ {{ try_files $uri /spa/index.html; }}
    location /refused {{ proxy_pass http://127.0.0.1:{refused}; }}
    location /silent {{ proxy_pass http://127.0.0.1:{silent}; }}
    location /closer {{ proxy_pass http://127.0.0.1:{closer}; }}
    location /big {{ proxy_pass http://127.0.0.1:{big}; }}
    location /upload {{ return 200; }}
    location /pool {{ proxy_pass http://pool; }}
  }}
  upstream pool {{
    server 127.0.0.1:{refused} max_fails=1 fail_timeout=30s;
    server 127.0.0.1:{free_port()} max_fails=1 fail_timeout=30s;
  }}""",
            main="daemon off;\nmaster_process off;\n",
        )
        log = w / "error.log"
        with started(nginx_cmd(conf), w / "nginx.pid", log):
            base = f"http://127.0.0.1:{port}"
            paths = ("/empty/", "/spa/x", "/refused", "/silent", "/closer", "/big", "/favicon.ico")
            for path in (*paths, "/pool", "/pool"):
                request(base + path)
            request(base + "/upload", b"x" * 4096)
        runtime = log.read_text(encoding="utf-8", errors="replace")
    for entry_id, needle in [
        ("nginx/directory-index-forbidden", "directory index of"),
        ("nginx/rewrite-redirection-cycle", "redirection cycle"),
        ("nginx/upstream-connection-refused", "Connection refused"),
        ("nginx/upstream-timed-out", "upstream timed out"),
        ("nginx/upstream-prematurely-closed", "prematurely closed"),
        ("nginx/upstream-sent-too-big-header", "too big header"),
        ("nginx/client-body-too-large", "too large body"),
        ("nginx/open-failed-no-such-file", 'favicon.ico" failed'),
        ("nginx/no-live-upstreams", "no live upstreams"),
    ]:
        cases.append(Case(entry_id, needle, runtime))
    check_cases(cases, tmp_path)


# ------------------------------------------------------------------------------------ Apache httpd

_MODULES = "/usr/lib/apache2/modules"


def httpd_conf(root: Path, name: str, port: int, body: str, modules: tuple[str, ...] = ()) -> Path:
    """A self-contained Apache configuration (Debian's module folder, files under `root`)."""
    loads = "".join(
        f"LoadModule {m}_module {_MODULES}/mod_{m}.so\n"
        for m in ("mpm_event", "authz_core", "dir", *modules)
    )
    head = (
        f"ServerRoot {root}\nPidFile {root}/{name}.pid\nErrorLog {root}/{name}.log\n"
        f"LogLevel warn\n{loads}Listen 127.0.0.1:{port}\nServerName localhost\n"
        f"DocumentRoot {root}/www\n"
    )
    return write(root / f"{name}.conf", head + body)


def httpd_cmd(conf: Path, *args: str) -> list[str]:
    exe = require_tool("apache2") if shutil.which("apache2") else require_tool("httpd")
    return [exe, "-f", str(conf), *args]


def test_httpd(tmp_path: Path) -> None:
    w = shared_tmp(None)  # the www-data workers must reach the document root
    try:
        _httpd_cases(w, tmp_path)
    finally:
        shutil.rmtree(w, ignore_errors=True)


def _httpd_cases(w: Path, tmp_path: Path) -> None:
    (w / "www").mkdir()
    port = free_port()
    cases = []

    def config_case(entry_id: str, needle: str, body: str, modules: tuple[str, ...] = ()) -> None:
        conf = httpd_conf(w, entry_id.split("/")[1], port, body, modules)
        cases.append(Case(entry_id, needle, run(httpd_cmd(conf, "-t"), w)))

    config_case("httpd/syntax-error-on-line", "Syntax error on line", "Options +Indexs\n")
    config_case("httpd/invalid-command-module-not-loaded", "Invalid command", "RewriteEngine On\n")
    config_case(
        "httpd/ssl-certificate-file-missing",
        "does not exist or is empty",
        f"SSLCertificateFile {w}/missing.pem\n",
        ("ssl", "socache_shmcb"),
    )
    config_case("httpd/directory-not-closed", "was not closed", f"<Directory {w}/www>\n")
    config_case(
        "httpd/documentroot-not-a-directory",
        "is not a directory",
        f"DocumentRoot {w}/site/public\n",
    )
    config_case(
        "httpd/could-not-open-configuration-file",
        "Could not open configuration file",
        f"Include {w}/sites-enabled/shop.conf\n",
    )
    config_case(
        "httpd/multiple-listeners-same-port",
        "Cannot define multiple Listeners",
        f"Listen 127.0.0.1:{port}\n",
    )

    for folder in ("denied", "empty", "loop"):
        (w / "www" / folder).mkdir()
    (w / "private/www").mkdir(parents=True)
    (w / "private/www/index.html").write_text("ok\n")
    (w / "private").chmod(0o600)  # nobody may search it, its owner included
    (w / "locked/www").mkdir(parents=True)
    (w / "locked").chmod(0o600)
    user = "User www-data\nGroup www-data\n" if os.geteuid() == 0 else ""
    conf = httpd_conf(
        w,
        "runtime",
        port,
        f"""{user}<Directory />
  AllowOverride None
</Directory>
<Directory {w}/www>
  Require all granted
  Options None
</Directory>
<Directory {w}/www/denied>
  Require all denied
</Directory>
<Directory {w}/www/loop>
  Options FollowSymLinks
  RewriteEngine On
  RewriteRule ^(.*)$ /loop/x/$1 [L]
</Directory>
Alias /private {w}/private/www
<Directory {w}/private/www>
  Require all granted
</Directory>
Alias /locked {w}/locked/www
<Directory {w}/locked>
  AllowOverride All
  Require all granted
</Directory>
""",
        ("alias", "rewrite", "autoindex"),
    )
    second = write(w / "second.conf", conf.read_text().replace("runtime.pid", "second.pid"))
    with started(httpd_cmd(conf, "-DFOREGROUND"), w / "runtime.pid", w / "runtime.log"):
        for path in ("/denied/", "/empty/", "/private/index.html", "/loop/a", "/locked/a"):
            request(f"http://127.0.0.1:{port}{path}")
        busy = run(httpd_cmd(second, "-DFOREGROUND"), w, timeout=60)
    runtime = (w / "runtime.log").read_text(encoding="utf-8", errors="replace")
    runtime += busy
    for entry_id, needle in [
        ("httpd/client-denied-by-server-configuration", "client denied"),
        ("httpd/no-matching-directoryindex", "No matching DirectoryIndex"),
        ("httpd/search-permissions-missing", "search permissions are missing"),
        ("httpd/internal-redirect-limit", "internal redirects"),
        ("httpd/make-sock-could-not-bind", "could not bind"),
        ("httpd/htaccess-pcfg-openfile", "pcfg_openfile"),
    ]:
        cases.append(Case(entry_id, needle, runtime))
    check_cases(cases, tmp_path)


# ------------------------------------------------------------------------------------- PostgreSQL


@dataclass
class Postgres:
    """A throwaway PostgreSQL cluster: unix socket in `folder`, TCP on 127.0.0.1:`port`."""

    folder: Path
    port: int

    def psql(
        self,
        sql: str,
        *,
        user: str = "postgres",
        db: str = "app",
        tcp: bool = False,
        password: str | None = None,
        timeout: float = 60,
    ) -> str:
        host = "127.0.0.1" if tcp else str(self.folder)
        env = {"PGPASSWORD": password} if password else {"PGPASSWORD": ""}
        cmd = [
            str(require_repro_tool("sys", "bin/psql")),
            "-X",
            "-w",
            "-v",
            "ON_ERROR_STOP=0",
            "-h",
            host,
            "-p",
            str(self.port),
            "-U",
            user,
            "-d",
            db,
            "-c",
            sql,
        ]
        return run(cmd, self.folder, {**env, "PGCONNECT_TIMEOUT": "10"}, timeout)

    def psql_script(self, script: str, *, user: str = "postgres", db: str = "app") -> str:
        path = write(self.folder / f"script-{abs(hash(script))}.sql", script)
        cmd = [
            str(require_repro_tool("sys", "bin/psql")),
            "-X",
            "-w",
            "-h",
            str(self.folder),
            "-p",
            str(self.port),
            "-U",
            user,
            "-d",
            db,
            "-f",
            str(path),
        ]
        return run(cmd, self.folder)

    def background(self, sql: str, *, db: str = "app") -> subprocess.Popen:
        cmd = [
            str(require_repro_tool("sys", "bin/psql")),
            "-X",
            "-w",
            "-h",
            str(self.folder),
            "-p",
            str(self.port),
            "-U",
            "postgres",
            "-d",
            db,
            "-c",
            sql,
        ]
        return subprocess.Popen(  # noqa: S603
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )


_HBA = """local all app peer
local all all trust
host all app 127.0.0.1/32 scram-sha-256
"""


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    initdb = require_repro_tool("sys", "bin/initdb")
    server = require_repro_tool("sys", "bin/postgres")
    user = server_user()
    folder = shared_tmp(user)
    as_user = ["runuser", "-u", user, "--"] if user else []
    try:
        out = run(
            [
                *as_user,
                str(initdb),
                "-D",
                str(folder / "data"),
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
            ],
            folder,
            timeout=180,
        )
        assert (folder / "data/PG_VERSION").exists(), out
        (folder / "data/pg_hba.conf").write_text(_HBA)
        port = free_port()
        cmd = [
            *as_user,
            str(server),
            "-D",
            str(folder / "data"),
            "-k",
            str(folder),
            "-p",
            str(port),
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "max_connections=8",
            "-c",
            "superuser_reserved_connections=0",
            "-c",
            "fsync=off",
            "-c",
            "deadlock_timeout=200ms",
            "-c",
            "shared_buffers=16MB",
        ]
        with started(cmd, folder / f".s.PGSQL.{port}", folder / "server.log"):
            pg = Postgres(folder, port)
            time.sleep(0.3)
            pg.psql("create database app", db="postgres")
            pg.psql("create role app login password 'secret'", db="postgres")
            yield pg
    finally:
        shutil.rmtree(folder, ignore_errors=True)


_SCHEMA = """create table users (id int primary key, name varchar(3) not null, email text unique);
create table orders (id int primary key, user_id int references users (id));
create table acct (id int primary key, v int);
insert into users values (1, 'ann', 'ann@example.com');
insert into orders values (1, 1);
insert into acct values (1, 0), (2, 0);
"""

# One session, one error per statement (psql -f goes on after an error).
_ERRORS = """select * from invoices;
insert into users values (1, 'bob', 'bob@example.com');
select nme from users;
selec id from users;
insert into users (id, name) values (2, null);
insert into orders values (2, 99);
insert into users values (3, 'abcdef', 'c@example.com');
select * from users where id = 'abc';
select 1 / 0;
delete from users where id = 1;
select (select id from acct);
select lower(42);
select 1 where 1 = '1'::text;
insert into users values (5, 'bo', 'b@example.com') on conflict (name) do nothing;
drop table users;
insert into orders values (3, 'x'::text);
set statement_timeout = '100ms';
select pg_sleep(1);
reset statement_timeout;
begin;
select nme from users;
select 1;
rollback;
"""


def _pair(pg: Postgres, first: str, second: str) -> str:
    """Two sessions at once (the second starts 0.2 s later); both outputs."""
    a = pg.background(first)
    time.sleep(0.2)
    b = pg.background(second)
    return a.communicate(timeout=60)[0] + b.communicate(timeout=60)[0]


def test_postgresql(postgres: Postgres, tmp_path: Path) -> None:
    pg = postgres
    pg.psql_script(_SCHEMA)
    errors = pg.psql_script(_ERRORS)
    cases = [
        Case(entry_id, needle, errors)
        for entry_id, needle in [
            ("postgresql/relation-does-not-exist", 'relation "invoices"'),
            ("postgresql/duplicate-key", "duplicate key value"),
            ("postgresql/column-does-not-exist", 'column "nme" does not exist'),
            ("postgresql/syntax-error-at-or-near", "syntax error at or near"),
            ("postgresql/not-null-violation", "violates not-null constraint"),
            ("postgresql/foreign-key-violation", "insert or update on table"),
            ("postgresql/value-too-long", "value too long for type"),
            ("postgresql/invalid-input-syntax", "invalid input syntax for type"),
            ("postgresql/division-by-zero", "division by zero"),
            ("postgresql/delete-violates-foreign-key", "update or delete on table"),
            ("postgresql/subquery-more-than-one-row", "more than one row returned"),
            ("postgresql/function-does-not-exist", "function lower(integer)"),
            ("postgresql/operator-does-not-exist", "operator does not exist"),
            ("postgresql/no-unique-constraint-on-conflict", "ON CONFLICT specification"),
            ("postgresql/cannot-drop-dependent-objects", "other objects depend on it"),
            ("postgresql/column-type-mismatch", "but expression is of type"),
            ("postgresql/statement-timeout", "statement timeout"),
            ("postgresql/current-transaction-aborted", "current transaction is aborted"),
        ]
    ]
    cases += [
        Case("postgresql/role-does-not-exist", "does not exist", pg.psql("select 1", user="ghost")),
        Case(
            "postgresql/database-does-not-exist",
            "does not exist",
            pg.psql("select 1", db="analytics"),
        ),
        Case(
            "postgresql/peer-authentication-failed",
            "Peer authentication failed",
            pg.psql("select 1", user="app"),
        ),
        Case("postgresql/no-pg-hba-entry", "no pg_hba.conf entry", pg.psql("select 1", tcp=True)),
        Case(
            "postgresql/password-authentication-failed",
            "password authentication failed",
            pg.psql("select 1", user="app", tcp=True, password="wrong"),
        ),
    ]
    as_app = {"user": "app", "tcp": True, "password": "secret"}
    cases += [
        Case(
            "postgresql/permission-denied-for-table",
            "permission denied for table",
            pg.psql("select * from users", **as_app),
        ),
        Case(
            "postgresql/permission-denied-for-schema",
            "permission denied for schema",
            pg.psql("create table notes (id int)", **as_app),
        ),
        Case(
            "postgresql/must-be-owner",
            "must be owner of",
            pg.psql("alter table users add column age int", **as_app),
        ),
    ]
    cases.append(
        Case(
            "postgresql/deadlock-detected",
            "deadlock detected",
            _pair(
                pg,
                "begin; update acct set v = 1 where id = 1; select pg_sleep(0.6); "
                "update acct set v = 1 where id = 2; commit;",
                "begin; update acct set v = 2 where id = 2; select pg_sleep(0.6); "
                "update acct set v = 2 where id = 1; commit;",
            ),
        )
    )
    cases.append(
        Case(
            "postgresql/could-not-serialize-access",
            "could not serialize",
            _pair(
                pg,
                "begin isolation level repeatable read; select * from acct; select pg_sleep(0.6); "
                "update acct set v = v + 1 where id = 1; commit;",
                "update acct set v = v + 10 where id = 1;",
            ),
        )
    )
    pg.psql("create database reports", db="postgres")
    holder = pg.background("select pg_sleep(60)", db="reports")
    count = "select 'sessions=' || count(*) from pg_stat_activity where datname = 'reports'"
    for _ in range(50):  # until the holder's session is in; DROP DATABASE then refuses
        if "sessions=1" in pg.psql(count, db="postgres"):
            break
        time.sleep(0.1)
    # DROP DATABASE waits 5 s for other sessions to leave, then refuses.
    out = pg.psql("drop database reports", db="postgres")
    kill = "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'reports'"
    pg.psql(kill, db="postgres")
    holder.communicate(timeout=60)
    cases.append(Case("postgresql/database-being-accessed", "is being accessed", out))
    out = ""
    holders = [pg.background("select pg_sleep(4)") for _ in range(8)]
    for _ in range(20):  # until all eight slots are taken
        time.sleep(0.2)
        out = pg.psql("select 1")
        if "too many clients" in out:
            break
    cases.append(Case("postgresql/too-many-connections", "too many clients", out))
    for proc in holders:
        proc.communicate(timeout=60)
    check_cases(cases, tmp_path)


# ------------------------------------------------------------------------------------------ Redis


def redis_cli(sock: Path, *args: str, stdin: str | None = None) -> str:
    cli = require_repro_tool("sys", "bin/redis-cli")
    cmd = [str(cli), "-s", str(sock), *args]
    if stdin is None:
        return run(cmd, sock.parent)
    proc = subprocess.run(  # noqa: S603
        cmd, input=stdin, capture_output=True, text=True, timeout=60, cwd=sock.parent
    )
    return proc.stdout + proc.stderr


@contextmanager
def redis(folder: Path, name: str, *options: str) -> Iterator[Path]:
    server = require_repro_tool("sys", "bin/redis-server")
    sock = folder / f"{name}.sock"
    data = folder / name
    data.mkdir()
    cmd = [
        str(server),
        "--port",
        "0",
        "--unixsocket",
        str(sock),
        "--dir",
        str(data),
        "--save",
        "",
        "--appendonly",
        "no",
        "--logfile",
        str(folder / f"{name}.log"),
        *options,
    ]
    with started(cmd, sock, folder / f"{name}.out"):
        yield sock


def test_redis(tmp_path: Path) -> None:
    w = tmp_path
    cases = []
    with redis(
        w,
        "main",
        "--maxmemory",
        "2mb",
        "--maxmemory-policy",
        "noeviction",
        "--busy-reply-threshold",
        "100",
        "--maxclients",
        "8",
    ) as sock:
        redis_cli(sock, "set", "session:42", "active")
        cases += [
            Case("redis/wrongtype", "WRONGTYPE", redis_cli(sock, "lpush", "session:42", "x")),
            Case(
                "redis/value-not-an-integer",
                "not an integer",
                redis_cli(sock, "incr", "session:42"),
            ),
            Case(
                "redis/wrong-number-of-arguments",
                "wrong number of arguments",
                redis_cli(sock, "get"),
            ),
            Case("redis/unknown-command", "unknown command", redis_cli(sock, "jsonget", "k")),
            Case(
                "redis/oom-maxmemory",
                "OOM command not allowed",
                redis_cli(sock, "-x", "set", "blob", stdin="x" * 3_000_000),
            ),
        ]
        busy = subprocess.Popen(  # noqa: S603 - a Lua loop that keeps the server busy
            [
                str(require_repro_tool("sys", "bin/redis-cli")),
                "-s",
                str(sock),
                "eval",
                "local i = 0 while true do i = i + 1 end",
                "0",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        time.sleep(0.5)
        cases.append(Case("redis/busy-script", "BUSY", redis_cli(sock, "get", "session:42")))
        redis_cli(sock, "script", "kill")
        busy.communicate(timeout=30)
    with redis(w, "misconf", "--save", "1 1") as sock:
        shutil.rmtree(w / "misconf")  # BGSAVE cannot create its temp file any more
        redis_cli(sock, "set", "a", "1")
        redis_cli(sock, "bgsave")
        time.sleep(0.5)
        cases.append(
            Case("redis/misconf-rdb-snapshot", "MISCONF", redis_cli(sock, "set", "b", "2"))
        )
        redis_cli(sock, "shutdown", "nosave")  # SIGTERM would try (and fail) to save first
        log = (w / "misconf.log").read_text(errors="replace")
        cases.append(Case("redis/rdb-temp-file-failed", "Failed opening the temp RDB file", log))
    with redis(w, "secured", "--requirepass", "s3cret") as sock:
        cases.append(Case("redis/authentication-failed", "NOAUTH", redis_cli(sock, "get", "a")))
    with redis(w, "replica", "--replicaof", "127.0.0.1", str(free_port())) as sock:
        cases.append(Case("redis/readonly-replica", "READONLY", redis_cli(sock, "set", "a", "1")))
    cli = require_repro_tool("sys", "bin/redis-cli")
    cases.append(
        Case(
            "redis/connection-refused",
            "Connection refused",
            run([str(cli), "-p", str(free_port()), "ping"], w),
        )
    )
    check_cases(cases, tmp_path)


# ---------------------------------------------------------------------------------------- MariaDB

_MYSQL_SCHEMA = """create database shop;
create table shop.users (id int primary key, name varchar(3) not null) engine=innodb;
create table shop.orders (id int primary key, user_id int,
  foreign key (user_id) references shop.users (id)) engine=innodb;
insert into shop.users values (1, 'ann'), (2, 'bob');
insert into shop.orders values (1, 1);
"""

_MYSQL_ERRORS = [
    ("mysql/unknown-column", "Unknown column", "select nme from users"),
    ("mysql/sql-syntax-error", "error in your SQL syntax", "selec id from users"),
    ("mysql/data-too-long", "Data too long", "insert into users values (3, 'abcdef')"),
    (
        "mysql/foreign-key-constraint-fails",
        "Cannot add or update a child row",
        "insert into orders values (2, 99)",
    ),
    (
        "mysql/cannot-delete-parent-row",
        "Cannot delete or update a parent row",
        "delete from users where id = 1",
    ),
    ("mysql/column-count-mismatch", "Column count", "insert into users values (4)"),
    (
        "mysql/field-no-default-value",
        "doesn't have a default value",
        "insert into users (id) values (5)",
    ),
    (
        "mysql/incorrect-string-value",
        "Incorrect string value",
        "insert into users values (6, '\U0001f600')",
    ),
    (
        "mysql/incorrect-integer-value",
        "Incorrect integer value",
        "insert into users values ('abc', 'x')",
    ),
    (
        "mysql/out-of-range-value",
        "Out of range value",
        "insert into users values (2147483648, 'x')",
    ),
    ("mysql/table-already-exists", "already exists", "create table users (id int)"),
    (
        "mysql/subquery-returns-more-than-one-row",
        "Subquery returns more than 1 row",
        "select (select id from users)",
    ),
    (
        "mysql/column-ambiguous",
        "ambiguous",
        "select id from users join orders on orders.user_id = users.id",
    ),
]


def test_mysql(tmp_path: Path) -> None:
    server = require_repro_tool("sys", "bin/mariadbd")
    install = require_repro_tool("sys", "bin/mariadb-install-db")
    client = str(require_repro_tool("sys", "bin/mariadb"))
    w = tmp_path
    as_root = ["--user=root"] if os.geteuid() == 0 else []
    out = run(
        [
            str(install),
            "--no-defaults",
            f"--datadir={w}/data",
            *as_root,
            "--auth-root-authentication-method=normal",
            "--skip-test-db",
        ],
        w,
        timeout=180,
    )
    assert (w / "data/mysql").is_dir(), out
    sock = w / "mysqld.sock"
    cmd = [
        str(server),
        "--no-defaults",
        f"--datadir={w}/data",
        f"--socket={sock}",
        "--skip-networking",
        f"--pid-file={w}/mysqld.pid",
        f"--log-error={w}/error.log",
        "--innodb-buffer-pool-size=16M",
        "--skip-log-bin",
        *as_root,
    ]
    base = [client, "--no-defaults", "-S", str(sock), "-uroot"]
    with started(cmd, sock, w / "error.log"):
        run([*base, "-e", _MYSQL_SCHEMA], w)
        cases = [
            Case(entry_id, needle, run([*base, "shop", "-e", sql], w))
            for entry_id, needle, sql in _MYSQL_ERRORS
        ]
        two_rows = "insert into users values (7, 'eve'), (8)"
        cases.append(
            Case("mysql/column-count-mismatch", "at row 2", run([*base, "shop", "-e", two_rows], w))
        )
        script = write(w / "report.sql", "select 1;\nselect (select id from users);\n")
        source = run([*base, "shop", "-e", f"source {script}"], w)
        cases.append(Case("mysql/subquery-returns-more-than-one-row", "at line 2", source))
        cases.append(
            Case(
                "mysql/unknown-database",
                "Unknown database",
                run([*base, "analytics", "-e", "select 1"], w),
            )
        )
    check_cases(cases, tmp_path)


# ------------------------------------------------------------------------------------------ Rails

_AR_SETUP = """require "active_record"
ActiveRecord::Base.establish_connection(adapter: "sqlite3", database: ":memory:")
ActiveRecord::Migration.verbose = false
ActiveRecord::Schema.define { create_table(:users) { |t| t.string :name } }
class User < ActiveRecord::Base
  validates :name, presence: true
end
"""

_RAILS_APP = """require "rails"
require "action_controller/railtie"
class ShopApp < Rails::Application
  config.eager_load = false
  config.logger = Logger.new($stdout)
  config.hosts << "shop.example.com"
end
ShopApp.initialize!
status, = ShopApp.call(Rack::MockRequest.env_for("http://evil.example.org/"))
puts "status #{status}"
"""


def test_rails(tmp_path: Path) -> None:
    exe = str(require_repro_tool("sys", "bin/ruby-rails"))
    w = tmp_path

    def rb(name: str, code: str) -> str:
        return run([exe, str(write(w / name, code))], w, {"RUBYOPT": "-W0"}, timeout=120)

    migrations = w / "db/migrate"
    write(
        migrations / "20260101000000_create_orders.rb",
        "class CreateOrders < ActiveRecord::Migration[6.1]\n"
        "  def change\n    create_table :orders\n  end\nend\n",
    )
    # One process for the Active Record / Action Controller cases (loading Rails is slow): each
    # failure is printed by Ruby's own formatter for uncaught exceptions (full_message).
    script = (
        _AR_SETUP
        + 'require "action_controller"\n'
        + f'ActiveRecord::Migrator.migrations_paths = ["{migrations}"]\n'
        + "[-> { User.find(42) }, -> { User.create!(name: '') },\n"
        + " -> { ActionController::Parameters.new(name: 'ann').require(:user) },\n"
        + " -> { ActiveRecord::Migration.check_pending! }].each do |step|\n"
        + "  step.call\n"
        + "rescue StandardError => e\n"
        + "  $stderr.puts e.full_message(highlight: false)\n"
        + "end\n"
    )
    out = rb("records.rb", script)
    cases = [
        Case("rails/record-not-found", "Couldn't find", out),
        Case("rails/record-invalid", "Validation failed", out),
        Case("rails/parameter-missing", "param is missing", out),
        Case("rails/pending-migration", "Migrations are pending", out),
        Case("rails/blocked-host", "Blocked host", rb("app.rb", _RAILS_APP)),
    ]
    check_cases(cases, tmp_path)
