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

from .reproduce import require_tool, scan_json

REPRODUCED_IDS = [
    "php/allowed-memory-size-exhausted",
    "php/call-to-undefined-function",
    "php/class-not-found",
    "php/call-to-member-function-on-null",
    "php/undefined-array-key",
    "php/maximum-execution-time-exceeded",
    "php/pdo-could-not-find-driver",
    "php/headers-already-sent",
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
    "ruby/cannot-load-such-file",
    "ruby/frozen-string-modified",
    "ruby/undefined-local-variable-or-method",
    "ruby/undefined-method-for-nil",
    "ruby/uninitialized-constant",
    "ruby/wrong-number-of-arguments",
    "ruby/gem-native-extension-build-failed",
    "ruby/gem-file-permission-error",
    "bundler/already-activated",
    "bundler/command-not-found",
    "bundler/frozen-lockfile-gemfile-changed",
    "bundler/could-not-find-gem-locally",
    "bundler/could-not-locate-gemfile",
    "bundler/ruby-version-mismatch",
    "bundler/platform-not-in-lockfile",
    "bundler/could-not-find-compatible-versions",
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
    "httpd/syntax-error-on-line",
    "httpd/invalid-command-module-not-loaded",
    "httpd/ssl-certificate-file-missing",
    "httpd/client-denied-by-server-configuration",
    "httpd/no-matching-directoryindex",
    "httpd/search-permissions-missing",
    "httpd/internal-redirect-limit",
    "httpd/make-sock-could-not-bind",
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

    app = composer_project(tmp_path, "unresolvable", require={"acme/lib": "^1.0"})
    cases.append(
        Case(
            "composer/requirements-could-not-be-resolved",
            "could not be resolved",
            composer(["install"], app),
        )
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
  }}""",
            main="daemon off;\nmaster_process off;\n",
        )
        log = w / "error.log"
        with started(nginx_cmd(conf), w / "nginx.pid", log):
            base = f"http://127.0.0.1:{port}"
            for path in ("/empty/", "/spa/x", "/refused", "/silent", "/closer", "/big"):
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

    for folder in ("denied", "empty", "loop"):
        (w / "www" / folder).mkdir()
    (w / "private/www").mkdir(parents=True)
    (w / "private/www/index.html").write_text("ok\n")
    (w / "private").chmod(0o600)  # nobody may search it, its owner included
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
""",
        ("alias", "rewrite", "autoindex"),
    )
    second = write(w / "second.conf", conf.read_text().replace("runtime.pid", "second.pid"))
    with started(httpd_cmd(conf, "-DFOREGROUND"), w / "runtime.pid", w / "runtime.log"):
        for path in ("/denied/", "/empty/", "/private/index.html", "/loop/a"):
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
    ]:
        cases.append(Case(entry_id, needle, runtime))
    check_cases(cases, tmp_path)
