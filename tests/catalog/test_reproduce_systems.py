"""Produce systems-group errors for real (bash, coreutils, the dynamic loader, git, sqlite3,
sockets, TLS, HTTP) and check that the scan ranks the matching catalogue entry first on the line
that shows it.

Everything runs offline in `tmp_path`: servers are threads on 127.0.0.1 in this process, git
remotes are local bare repositories or those servers, and git never reads the user's or the
machine's configuration (HOME, GIT_CONFIG_GLOBAL and GIT_CONFIG_NOSYSTEM are set per test).
"""

from __future__ import annotations

import contextlib
import http.server
import os
import shutil
import socket
import ssl
import struct
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from .reproduce import assert_reproduced, require_tool, run_tool

REPRODUCED_IDS = [
    "linux/command-not-found",
    "linux/permission-denied",
    "linux/bad-interpreter",
    "linux/argument-list-too-long",
    "linux/text-file-busy",
    "linux/shared-library-not-found",
    "linux/glibc-version-not-found",
    "linux/segmentation-fault",
    "linux/bus-error",
    "linux/process-killed-sigkill",
    "linux/no-space-left-on-device",
    "linux/too-many-open-files",
    "git/not-a-git-repository",
    "git/pathspec-did-not-match",
    "git/merge-conflict",
    "git/push-rejected-non-fast-forward",
    "git/failed-to-push-some-refs",
    "git/local-changes-would-be-overwritten",
    "git/refusing-to-merge-unrelated-histories",
    "git/divergent-branches",
    "git/dubious-ownership",
    "git/bad-object-shallow-clone",
    "git/could-not-read-from-remote-repository",
    "git/authentication-failed",
    "git/unable-to-access-remote",
    "sqlite/no-such-table",
    "sqlite/no-such-column",
    "sqlite/unique-constraint-failed",
    "sqlite/not-null-constraint-failed",
    "sqlite/database-is-locked",
    "sqlite/readonly-database",
    "sqlite/unable-to-open-database-file",
    "sqlite/file-is-not-a-database",
    "network/connection-refused",
    "network/dns-resolution-failed",
    "network/tls-certificate-verify-failed",
    "network/certificate-has-expired",
    "network/ssl-wrong-version-number",
    "network/connection-reset-by-peer",
    "network/http-429-too-many-requests",
    "network/http-502-503-gateway-errors",
    "network/proxy-error",
    "network/address-already-in-use",
]


# ---------------------------------------------------------------------------------------- helpers


def write(path: Path, text: str, mode: int | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if mode is not None:
        path.chmod(mode)
    return path


def python(code: str, cwd: Path) -> str:
    """Run a Python snippet in a fresh interpreter; its traceback is the tool's output."""
    return run_tool([sys.executable, "-c", code], cwd)


def bash(script: str, cwd: Path) -> str:
    """Run a bash command line; `python3` in it is this interpreter (via a symlink on PATH)."""
    require_tool("bash")
    bin_dir = cwd / "bin"
    bin_dir.mkdir(exist_ok=True)
    if not (bin_dir / "python3").exists():
        (bin_dir / "python3").symlink_to(sys.executable)
    return run_tool(
        ["bash", "-c", script],
        cwd,
        env={"PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"},
    )


def gcc(source: str, out: Path, *args: str) -> Path:
    exe = require_tool("gcc")
    src = write(out.with_suffix(".c"), source)
    proc = subprocess.run(
        [exe, str(src), "-o", str(out), *args], cwd=out.parent, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return out


def git_env(tmp_path: Path) -> dict[str, str]:
    """An environment in which git sees no user or system configuration."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    global_config = home / ".gitconfig"
    global_config.touch()
    return {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "GIT_CONFIG_GLOBAL": str(global_config),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_ASKPASS": "",
        "SSH_ASKPASS": "",
        "GIT_CEILING_DIRECTORIES": str(tmp_path),
        "GIT_SSH_COMMAND": "ssh -F /dev/null -o BatchMode=yes -o ConnectTimeout=5",
    }


def git(args: list[str], cwd: Path, tmp_path: Path) -> str:
    return run_tool([require_tool("git"), *args], cwd, env=git_env(tmp_path))


def git_ok(args: list[str], cwd: Path, tmp_path: Path) -> str:
    proc = subprocess.run(
        [require_tool("git"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "LC_ALL": "C.UTF-8", **git_env(tmp_path)},
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.strip()


def git_repo(path: Path, tmp_path: Path, *, bare: bool = False) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git_ok(
        ["-c", "init.defaultBranch=main", "init", "-q", *(["--bare"] if bare else []), "."],
        path,
        tmp_path,
    )
    if not bare:
        git_ok(["config", "user.name", "Triage Test"], path, tmp_path)
        git_ok(["config", "user.email", "triage@example.com"], path, tmp_path)
    return path


def commit(repo: Path, tmp_path: Path, name: str, text: str, message: str) -> None:
    write(repo / name, text)
    git_ok(["add", name], repo, tmp_path)
    git_ok(["commit", "-q", "-m", message], repo, tmp_path)


def closed_port() -> int:
    """A localhost TCP port that nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Quiet(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    status = 200
    reason: str | None = None
    headers_out: dict[str, str] = {}

    def log_message(self, format, *args):
        pass

    def _answer(self) -> None:
        body = f"{self.status}\n".encode()
        self.send_response(self.status, self.reason)
        for key, value in self.headers_out.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    do_GET = do_POST = do_HEAD = do_CONNECT = _answer


@contextlib.contextmanager
def http_server(
    status: int, headers: dict[str, str] | None = None, tls: tuple[Path, Path] | None = None
) -> Iterator[int]:
    """Serve `status` to every request on 127.0.0.1 (optionally over TLS); yield the port."""
    handler = type("Handler", (_Quiet,), {"status": status, "headers_out": headers or {}})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    if tls is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(str(tls[0]), str(tls[1]))
        server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@contextlib.contextmanager
def resetting_server() -> Iterator[int]:
    """Accept one connection, read the request, then reset it (RST, via SO_LINGER 0)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(30)

    def serve() -> None:
        with contextlib.suppress(OSError):
            conn, _ = listener.accept()
            with conn:
                conn.settimeout(10)
                conn.recv(65536)
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        thread.join(timeout=30)
        listener.close()


def self_signed_cert(tmp_path: Path) -> tuple[Path, Path]:
    openssl = require_tool("openssl")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    proc = subprocess.run(
        [
            openssl,
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-subj",
            "/CN=localhost",
            "-days",
            "2",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    return cert, key


def expired_cert(tmp_path: Path) -> tuple[Path, Path]:
    """A self-signed certificate valid for one day in 2020 (`openssl ca` sets the dates)."""
    openssl = require_tool("openssl")
    ca = tmp_path / "ca"
    ca.mkdir()
    (ca / "index.txt").touch()
    write(ca / "serial", "01\n")
    write(
        ca / "ca.cnf",
        "[ ca ]\ndefault_ca = CA_default\n[ CA_default ]\ndir = .\n"
        "database = ./index.txt\nnew_certs_dir = .\nserial = ./serial\ndefault_md = sha256\n"
        "policy = policy_any\n[ policy_any ]\ncommonName = supplied\n"
        # Extensions a strict verifier (Python 3.13+ sets VERIFY_X509_STRICT) requires of a
        # self-signed certificate; without them it says "invalid CA certificate" instead.
        "[ v3 ]\nbasicConstraints = critical, CA:TRUE\n"
        "keyUsage = critical, keyCertSign, digitalSignature, keyEncipherment\n"
        "subjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid:always\n"
        "subjectAltName = DNS:localhost\n",
    )
    for cmd in (
        [
            openssl,
            "req",
            "-new",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "key.pem",
            "-out",
            "csr.pem",
            "-subj",
            "/CN=localhost",
        ],
        [
            openssl,
            "ca",
            "-batch",
            "-config",
            "ca.cnf",
            "-selfsign",
            "-extensions",
            "v3",
            "-keyfile",
            "key.pem",
            "-in",
            "csr.pem",
            "-out",
            "cert.pem",
            "-startdate",
            "20200101000000Z",
            "-enddate",
            "20200102000000Z",
        ],
    ):
        proc = subprocess.run(cmd, cwd=ca, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
    return ca / "cert.pem", ca / "key.pem"


def first_present(output: str, needles: list[str]) -> str:
    """The first of several spellings (they differ between tool versions) found in `output`."""
    for needle in needles:
        if needle in output:
            return needle
    raise AssertionError(f"none of {needles!r} in the output:\n{output}")


def sqlite_error(tmp_path: Path, setup: str, statement: str) -> str:
    """Run SQL through Python's sqlite3 module and let the exception print its traceback."""
    db = tmp_path / "app.db"
    return python(
        "import sqlite3\n"
        f"con = sqlite3.connect({str(db)!r}, isolation_level=None)\n"
        f"con.executescript({setup!r})\n"
        f"con.execute({statement!r})\n",
        tmp_path,
    )


SEGV_C = "int main(void) { volatile int *p = 0; return *p; }\n"


# ------------------------------------------------------------------------------------------ linux


def test_command_not_found(tmp_path):
    out = bash("terraformx plan", tmp_path)
    assert_reproduced(out, "linux/command-not-found", "command not found", tmp_path)


def test_permission_denied(tmp_path):
    write(tmp_path / "deploy.sh", "#!/bin/sh\necho deployed\n", mode=0o644)
    out = bash("./deploy.sh", tmp_path)
    assert_reproduced(out, "linux/permission-denied", "Permission denied", tmp_path)


def test_bad_interpreter(tmp_path):
    """A script saved with Windows line endings: the kernel looks for `/bin/bash\\r`."""
    (tmp_path / "build.sh").write_bytes(b"#!/bin/bash\r\necho built\r\n")
    (tmp_path / "build.sh").chmod(0o755)
    out = bash("./build.sh", tmp_path)
    needle = first_present(out, ["bad interpreter", "cannot execute: required file not found"])
    assert_reproduced(out, "linux/bad-interpreter", needle, tmp_path)


def test_argument_list_too_long(tmp_path):
    """One argument longer than MAX_ARG_STRLEN (128 KiB) makes execve fail with E2BIG."""
    out = bash('/bin/echo "$(head -c 200000 /dev/zero | tr "\\0" x)"', tmp_path)
    assert_reproduced(out, "linux/argument-list-too-long", "Argument list too long", tmp_path)


def test_text_file_busy(tmp_path):
    binary = tmp_path / "worker"
    shutil.copy(require_tool("sleep"), binary)
    running = subprocess.Popen([str(binary), "60"], cwd=tmp_path)
    try:
        out = run_tool(["cp", require_tool("true"), "./worker"], tmp_path)
    finally:
        running.kill()
        running.wait(timeout=10)
    if "Text file busy" not in out:
        pytest.skip("this kernel lets a running executable be overwritten (no ETXTBSY)")
    assert_reproduced(out, "linux/text-file-busy", "Text file busy", tmp_path)


def test_shared_library_not_found(tmp_path):
    gcc("int answer(void) { return 42; }\n", tmp_path / "libanswer.so", "-shared", "-fPIC")
    gcc(
        '#include <stdio.h>\nint answer(void);\nint main(void) { printf("%d\\n", answer()); }\n',
        tmp_path / "app",
        "-L.",
        "-lanswer",
        "-Wl,-rpath,$ORIGIN",
    )
    (tmp_path / "libanswer.so").unlink()
    out = run_tool(["./app"], tmp_path)
    assert_reproduced(out, "linux/shared-library-not-found", "error while loading shared", tmp_path)


def test_glibc_version_not_found(tmp_path):
    """A binary that asks libc.so.6 for a symbol version this glibc does not define.

    Built here against glibc >= 2.34 (which versions `__libc_start_main` as GLIBC_2.34); the
    version name is then changed to GLIBC_2.38 in the binary's string table, which is what the
    loader sees when a binary built on a newer distribution runs on an older one.
    """
    app = gcc('#include <stdio.h>\nint main(void) { puts("hi"); return 0; }\n', tmp_path / "app")
    data = app.read_bytes()
    if b"GLIBC_2.34\0" not in data:
        pytest.skip("this glibc is older than 2.34; no GLIBC_2.34 reference to rename")
    app.write_bytes(data.replace(b"GLIBC_2.34\0", b"GLIBC_2.38\0"))
    out = run_tool(["./app"], tmp_path)
    assert_reproduced(out, "linux/glibc-version-not-found", "GLIBC_2.38' not found", tmp_path)


def test_segmentation_fault(tmp_path):
    gcc(SEGV_C, tmp_path / "crash")
    out = bash("ulimit -c unlimited 2>/dev/null; ./crash; true", tmp_path)
    assert_reproduced(out, "linux/segmentation-fault", "Segmentation fault", tmp_path)


def test_bus_error(tmp_path):
    """Touch a mapped page after the file behind it was truncated: the kernel sends SIGBUS."""
    write(
        tmp_path / "mapped.py",
        "import mmap\n"
        "f = open('data.bin', 'w+b'); f.write(b'x' * 8192); f.flush()\n"
        "m = mmap.mmap(f.fileno(), 8192)\n"
        "f.truncate(0)\n"
        "print(m[4096])\n",
    )
    out = bash("python3 mapped.py; true", tmp_path)
    assert_reproduced(out, "linux/bus-error", "Bus error", tmp_path)


def test_process_killed_sigkill(tmp_path):
    """What a job killed with SIGKILL (by the OOM killer, or `kill -9`) leaves in a bash log."""
    write(tmp_path / "train.py", "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n")
    out = bash("python3 train.py; true", tmp_path)
    assert_reproduced(out, "linux/process-killed-sigkill", "Killed", tmp_path)


def test_no_space_left_on_device(tmp_path):
    """/dev/full fails every write with ENOSPC, exactly like a full disk."""
    if not os.path.exists("/dev/full"):
        pytest.skip("/dev/full does not exist here")
    out = bash("echo 'checkpoint data' > /dev/full", tmp_path)
    assert_reproduced(out, "linux/no-space-left-on-device", "No space left on device", tmp_path)


def test_too_many_open_files(tmp_path):
    write(tmp_path / "leak.py", "handles = [open('leak.py') for _ in range(500)]\n")
    out = bash("ulimit -n 64 && python3 leak.py", tmp_path)
    assert_reproduced(out, "linux/too-many-open-files", "Too many open files", tmp_path)


# -------------------------------------------------------------------------------------------- git


def test_git_not_a_repository(tmp_path):
    work = tmp_path / "not-a-repo"
    work.mkdir()
    out = git(["status"], work, tmp_path)
    assert_reproduced(out, "git/not-a-git-repository", "not a git repository", tmp_path)


def test_git_pathspec_did_not_match(tmp_path):
    repo = git_repo(tmp_path / "repo", tmp_path)
    commit(repo, tmp_path, "README.md", "hello\n", "init")
    out = git(["checkout", "feature/login"], repo, tmp_path)
    assert_reproduced(out, "git/pathspec-did-not-match", "did not match any file", tmp_path)


def test_git_merge_conflict(tmp_path):
    repo = git_repo(tmp_path / "repo", tmp_path)
    commit(repo, tmp_path, "app.py", "VERSION = 1\n", "init")
    git_ok(["checkout", "-q", "-b", "feature"], repo, tmp_path)
    commit(repo, tmp_path, "app.py", "VERSION = 2\n", "feature")
    git_ok(["checkout", "-q", "main"], repo, tmp_path)
    commit(repo, tmp_path, "app.py", "VERSION = 3\n", "main")
    out = git(["merge", "feature"], repo, tmp_path)
    assert_reproduced(out, "git/merge-conflict", "CONFLICT (content)", tmp_path)


def _diverged_clones(tmp_path: Path) -> tuple[Path, Path]:
    """A bare remote and two clones; the first one has pushed a commit the second lacks."""
    remote = git_repo(tmp_path / "remote.git", tmp_path, bare=True)
    seed = git_repo(tmp_path / "seed", tmp_path)
    commit(seed, tmp_path, "README.md", "hello\n", "init")
    git_ok(["push", "-q", str(remote), "main"], seed, tmp_path)
    clones = []
    for name in ("alice", "bob"):
        git_ok(["clone", "-q", str(remote), name], tmp_path, tmp_path)
        clone = tmp_path / name
        git_ok(["config", "user.name", name], clone, tmp_path)
        git_ok(["config", "user.email", f"{name}@example.com"], clone, tmp_path)
        clones.append(clone)
    alice, bob = clones
    commit(alice, tmp_path, "alice.txt", "a\n", "alice")
    git_ok(["push", "-q", "origin", "main"], alice, tmp_path)
    commit(bob, tmp_path, "bob.txt", "b\n", "bob")
    return alice, bob


def test_git_push_rejected_non_fast_forward(tmp_path):
    _, bob = _diverged_clones(tmp_path)
    git_ok(["fetch", "-q", "origin"], bob, tmp_path)
    out = git(["push", "origin", "main"], bob, tmp_path)
    assert_reproduced(out, "git/push-rejected-non-fast-forward", "Updates were rejected", tmp_path)


def test_git_failed_to_push_some_refs(tmp_path):
    _, bob = _diverged_clones(tmp_path)
    out = git(["push", "origin", "main"], bob, tmp_path)
    assert_reproduced(out, "git/failed-to-push-some-refs", "failed to push some refs", tmp_path)


def test_git_divergent_branches(tmp_path):
    _, bob = _diverged_clones(tmp_path)
    out = git(["pull", "origin", "main"], bob, tmp_path)
    assert_reproduced(out, "git/divergent-branches", "Need to specify how to reconcile", tmp_path)


def test_git_local_changes_would_be_overwritten(tmp_path):
    repo = git_repo(tmp_path / "repo", tmp_path)
    commit(repo, tmp_path, "settings.py", "DEBUG = False\n", "init")
    git_ok(["checkout", "-q", "-b", "feature"], repo, tmp_path)
    commit(repo, tmp_path, "settings.py", "DEBUG = True\n", "feature")
    git_ok(["checkout", "-q", "main"], repo, tmp_path)
    write(repo / "settings.py", "DEBUG = 'local'\n")
    out = git(["checkout", "feature"], repo, tmp_path)
    assert_reproduced(
        out, "git/local-changes-would-be-overwritten", "would be overwritten by checkout", tmp_path
    )


def test_git_unrelated_histories(tmp_path):
    repo = git_repo(tmp_path / "repo", tmp_path)
    commit(repo, tmp_path, "README.md", "local\n", "local init")
    other = git_repo(tmp_path / "other", tmp_path)
    commit(other, tmp_path, "LICENSE", "MIT\n", "remote init")
    out = git(["pull", "--no-rebase", str(other), "main"], repo, tmp_path)
    assert_reproduced(
        out,
        "git/refusing-to-merge-unrelated-histories",
        "refusing to merge unrelated histories",
        tmp_path,
    )


def test_git_dubious_ownership(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("giving the repository to another user needs root")
    repo = git_repo(tmp_path / "checkout", tmp_path)
    for path in [repo, *repo.rglob("*")]:
        os.lchown(path, 12345, 12345)
    out = git(["status"], repo, tmp_path)
    assert_reproduced(out, "git/dubious-ownership", "dubious ownership", tmp_path)


def test_git_bad_object_in_shallow_clone(tmp_path):
    source = git_repo(tmp_path / "source", tmp_path)
    commit(source, tmp_path, "app.py", "v = 1\n", "one")
    base = git_ok(["rev-parse", "HEAD"], source, tmp_path)
    commit(source, tmp_path, "app.py", "v = 2\n", "two")
    git_ok(["clone", "-q", "--depth", "1", source.as_uri(), "shallow"], tmp_path, tmp_path)
    out = git(["diff", base, "HEAD"], tmp_path / "shallow", tmp_path)
    assert_reproduced(out, "git/bad-object-shallow-clone", "bad object", tmp_path)


def test_git_could_not_read_from_remote(tmp_path):
    require_tool("ssh")
    out = git(
        ["ls-remote", f"ssh://git@127.0.0.1:{closed_port()}/acme/api.git"], tmp_path, tmp_path
    )
    assert_reproduced(
        out,
        "git/could-not-read-from-remote-repository",
        "Could not read from remote repository",
        tmp_path,
    )


def test_git_authentication_failed(tmp_path):
    with http_server(401, {"WWW-Authenticate": 'Basic realm="git"'}) as port:
        out = git(
            ["ls-remote", f"http://ci-bot:wrong-token@127.0.0.1:{port}/acme/api.git"],
            tmp_path,
            tmp_path,
        )
    assert_reproduced(out, "git/authentication-failed", "Authentication failed", tmp_path)


def test_git_unable_to_access(tmp_path):
    with http_server(403) as port:
        out = git(["ls-remote", f"http://127.0.0.1:{port}/acme/api.git"], tmp_path, tmp_path)
    assert_reproduced(out, "git/unable-to-access-remote", "unable to access", tmp_path)


# ----------------------------------------------------------------------------------------- sqlite

USERS = "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT);"


def test_sqlite_no_such_table(tmp_path):
    out = sqlite_error(tmp_path, USERS, "SELECT * FROM orders")
    assert_reproduced(out, "sqlite/no-such-table", "no such table", tmp_path)


def test_sqlite_no_such_column(tmp_path):
    out = sqlite_error(tmp_path, USERS, "SELECT age FROM users")
    assert_reproduced(out, "sqlite/no-such-column", "no such column", tmp_path)


def test_sqlite_unique_constraint(tmp_path):
    out = sqlite_error(
        tmp_path,
        USERS + "INSERT INTO users(email) VALUES ('a@example.com');",
        "INSERT INTO users(email) VALUES ('a@example.com')",
    )
    assert_reproduced(out, "sqlite/unique-constraint-failed", "UNIQUE constraint failed", tmp_path)


def test_sqlite_not_null_constraint(tmp_path):
    out = sqlite_error(tmp_path, USERS, "INSERT INTO users(name) VALUES ('Ann')")
    assert_reproduced(
        out, "sqlite/not-null-constraint-failed", "NOT NULL constraint failed", tmp_path
    )


def test_sqlite_database_is_locked(tmp_path):
    """A second connection with timeout=0 writes while the first holds a write transaction."""
    out = python(
        "import sqlite3\n"
        "a = sqlite3.connect('app.db', isolation_level=None)\n"
        f"a.executescript({USERS!r})\n"
        "a.execute('BEGIN IMMEDIATE')\n"
        "a.execute(\"INSERT INTO users(email) VALUES ('a@example.com')\")\n"
        "b = sqlite3.connect('app.db', timeout=0)\n"
        "b.execute(\"INSERT INTO users(email) VALUES ('b@example.com')\")\n",
        tmp_path,
    )
    assert_reproduced(out, "sqlite/database-is-locked", "database is locked", tmp_path)


def test_sqlite_readonly_database(tmp_path):
    out = python(
        "import sqlite3\n"
        f"sqlite3.connect('app.db').executescript({USERS!r})\n"
        "ro = sqlite3.connect('file:app.db?mode=ro', uri=True)\n"
        "ro.execute(\"INSERT INTO users(email) VALUES ('a@example.com')\")\n",
        tmp_path,
    )
    assert_reproduced(
        out, "sqlite/readonly-database", "attempt to write a readonly database", tmp_path
    )


def test_sqlite_unable_to_open(tmp_path):
    out = python(
        f"import sqlite3\nsqlite3.connect({str(tmp_path / 'missing' / 'app.db')!r})\n", tmp_path
    )
    assert_reproduced(
        out, "sqlite/unable-to-open-database-file", "unable to open database file", tmp_path
    )


def test_sqlite_file_is_not_a_database(tmp_path):
    write(tmp_path / "app.db", "id,email\n1,a@example.com\n" * 200)
    out = python(
        "import sqlite3\nsqlite3.connect('app.db').execute('SELECT * FROM users')\n", tmp_path
    )
    assert_reproduced(out, "sqlite/file-is-not-a-database", "file is not a database", tmp_path)


# ---------------------------------------------------------------------------------------- network


def test_connection_refused(tmp_path):
    out = python(
        f"import socket\nsocket.create_connection(('127.0.0.1', {closed_port()}))\n", tmp_path
    )
    assert_reproduced(out, "network/connection-refused", "Connection refused", tmp_path)


def test_dns_resolution_failed(tmp_path):
    """`.invalid` never resolves (RFC 2606); curl reports it the same way with or without DNS."""
    curl = require_tool("curl")
    out = run_tool(
        [curl, "-sS", "--max-time", "60", "https://registry.nosuchhost.invalid/"], tmp_path
    )
    if "Resolving timed out" in out:
        pytest.skip("the resolver here times out instead of answering")
    assert_reproduced(out, "network/dns-resolution-failed", "Could not resolve host", tmp_path)


def test_tls_certificate_verify_failed(tmp_path):
    cert, key = self_signed_cert(tmp_path)
    with http_server(200, tls=(cert, key)) as port:
        out = python(
            f"import urllib.request\nurllib.request.urlopen("
            f"'https://localhost:{port}/simple/', timeout=30)\n",
            tmp_path,
        )
    assert_reproduced(
        out, "network/tls-certificate-verify-failed", "CERTIFICATE_VERIFY_FAILED", tmp_path
    )


def test_certificate_has_expired(tmp_path):
    cert, key = expired_cert(tmp_path)
    with http_server(200, tls=(cert, key)) as port:
        out = python(
            "import ssl, urllib.request\n"
            f"ctx = ssl.create_default_context(cafile={str(cert)!r})\n"
            f"urllib.request.urlopen('https://localhost:{port}/', context=ctx, timeout=30)\n",
            tmp_path,
        )
    assert_reproduced(out, "network/certificate-has-expired", "certificate has expired", tmp_path)


def test_ssl_wrong_version_number(tmp_path):
    """An HTTPS client talking to a plain-HTTP port."""
    with http_server(200) as port:
        out = python(
            f"import urllib.request\nurllib.request.urlopen("
            f"'https://127.0.0.1:{port}/', timeout=30)\n",
            tmp_path,
        )
    needle = first_present(
        out,
        [
            "WRONG_VERSION_NUMBER",
            "record layer failure",
            "RECORD_LAYER_FAILURE",
            "packet length too long",
        ],
    )
    assert_reproduced(out, "network/ssl-wrong-version-number", needle, tmp_path)


def test_connection_reset_by_peer(tmp_path):
    with resetting_server() as port:
        out = python(
            f"import urllib.request\nurllib.request.urlopen("
            f"'http://127.0.0.1:{port}/api/v1/jobs', timeout=30)\n",
            tmp_path,
        )
    assert_reproduced(out, "network/connection-reset-by-peer", "Connection reset by peer", tmp_path)


def test_http_429_too_many_requests(tmp_path):
    with http_server(429, {"Retry-After": "30"}) as port:
        out = python(
            f"import urllib.request\nurllib.request.urlopen("
            f"'http://127.0.0.1:{port}/api/models', timeout=30)\n",
            tmp_path,
        )
    assert_reproduced(out, "network/http-429-too-many-requests", "Too Many Requests", tmp_path)


def test_http_503_service_unavailable(tmp_path):
    with http_server(503) as port:
        out = python(
            f"import urllib.request\nurllib.request.urlopen("
            f"'http://127.0.0.1:{port}/health', timeout=30)\n",
            tmp_path,
        )
    assert_reproduced(out, "network/http-502-503-gateway-errors", "Service Unavailable", tmp_path)


def test_proxy_authentication_required(tmp_path):
    with http_server(407, {"Proxy-Authenticate": 'Basic realm="corp"'}) as port:
        out = python(
            "import urllib.request\n"
            "handler = urllib.request.ProxyHandler({'https': "
            f"'http://127.0.0.1:{port}'}})\n"
            "urllib.request.build_opener(handler).open('https://pypi.org/simple/', timeout=30)\n",
            tmp_path,
        )
    assert_reproduced(out, "network/proxy-error", "Tunnel connection failed: 407", tmp_path)


def test_address_already_in_use(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        out = python(
            f"import socket\ns = socket.socket()\ns.bind(('127.0.0.1', {port}))\n", tmp_path
        )
    assert_reproduced(out, "network/address-already-in-use", "Address already in use", tmp_path)
