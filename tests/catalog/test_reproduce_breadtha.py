"""Produce infrastructure-CLI errors for real (terraform, kubectl, the AWS CLI, gcloud, the
docker client, ssh) and check that one `triage-app scan` per tool ranks the matching catalogue
entry first on the line that shows each error.

Nothing leaves the machine: terraform uses only its built-in `terraform_data` resource and the
local backend; kubectl and docker are pointed at loopback ports or sockets where nothing (or a
throw-away TLS server of this process) listens; the AWS CLI gets an empty credential chain and
loopback endpoints; gcloud gets an empty configuration directory; ssh talks to a loopback socket
that closes the connection.
"""

from __future__ import annotations

import contextlib
import re
import socket
import ssl
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from .reproduce import AWS_VARS, require_repro_tool, require_tool, run_tool, scan_json

REPRODUCED_IDS = [
    "terraform/undeclared-input-variable",
    "terraform/dependency-cycle",
    "terraform/duplicate-resource-configuration",
    "terraform/unsupported-attribute",
    "terraform/invalid-count-unknown",
    "terraform/invalid-for-each-unknown",
    "terraform/module-not-installed",
    "terraform/no-value-for-required-variable",
    "terraform/unsupported-core-version",
    "terraform/unsupported-block-type",
    "terraform/call-to-unknown-function",
    "aws/cli-invalid-choice",
    "kubernetes/kubectl-unknown-command",
    "kubernetes/exec-plugin-invalid-apiversion",
    "kubernetes/yaml-to-json-parse-error",
    "kubernetes/path-does-not-exist",
    "kubernetes/no-context-exists",
    "kubernetes/current-context-not-set",
    "kubernetes/unable-to-connect-x509",
    "kubernetes/openapi-download-failed",
    "aws/config-profile-not-found",
    "aws/partial-credentials",
    "aws/could-not-connect-to-endpoint",
    "aws/invalid-region-name-format",
    "aws/config-parse-error",
    "aws/sso-token-load-error",
    "gcloud/invalid-choice",
    "gcloud/unrecognized-arguments",
    "gcloud/required-property-project-not-set",
    "gcloud/account-no-valid-credentials",
    "gcloud/could-not-read-json-file",
    "gcloud/section-has-no-property",
    "gcloud/crashed",
    "docker/invalid-reference-format",
    "docker/input-device-not-a-tty",
    "docker/unknown-command-plugin-missing",
    "docker/unable-to-evaluate-symlinks-dockerfile",
    "network/ssh-unprotected-private-key",
    "network/ssh-kex-exchange-identification",
    "network/ssh-load-key-error",
    "ansible/conditional-evaluation-failed",
    "ansible/yaml-parsing-failed",
    "ansible/conflicting-action-statements",
    "ansible/not-a-valid-attribute",
    "ansible/could-not-find-or-access",
    "ansible/module-interpreter-not-found",
    "ansible/undefined-variable",
    "mongodb/mongoose-buffering-timed-out",
    "mongodb/invalid-connection-string-scheme",
    "mongodb/mongoose-overwrite-model",
    "mongodb/client-not-connected",
    "mongodb/querysrv-enotfound",
]

ANSI = re.compile(r"\x1b\[[0-9;]*m")
Case = tuple[str, str, str]  # entry id, text on the expected line, the tool's whole output


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _closed_port() -> int:
    """A loopback TCP port with nothing listening on it."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def assert_cases_found(cases: list[Case], tmp_path: Path) -> None:
    """Join every output into one log, scan it once, and check each expected line's first match.

    The expected line of a case is the first line of its output holding the needle, so line
    numbers come from the real output, never from the test.
    """
    lines: list[str] = []
    expected: dict[int, tuple[str, str]] = {}
    for entry_id, needle, output in cases:
        chunk = output.split("\n")
        plain = [ANSI.sub("", line) for line in chunk]  # the scan strips colours too
        at = next((i for i, line in enumerate(plain) if needle in line), None)
        assert at is not None, f"{entry_id}: the tool did not print {needle!r}:\n{output}"
        expected[len(lines) + at + 1] = (entry_id, plain[at])
        lines.extend(chunk)
    log = _write(tmp_path / "real-output.log", "\n".join(lines))
    doc = scan_json(log, tmp_path / "data")
    found = {m["line"]: m for m in doc["files"][0]["matches"]}
    problems = []
    for number, (entry_id, text) in expected.items():
        match = found.get(number)
        if match is None or match["kind"] != "regex" or match["entry_id"] != entry_id:
            got = match and [c["entry_id"] for c in match["candidates"]]
            problems.append(f"line {number} {text!r}: expected {entry_id} first, got {got}")
    assert not problems, "\n".join(problems)


@contextlib.contextmanager
def tls_server(tmp_path: Path, *, reset: bool = False) -> Iterator[int]:
    """A loopback TLS server with a self-signed certificate for 'localhost' (or, with
    reset=True, a plain socket that accepts and closes each connection); yields its port."""
    require_tool("openssl")
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key)]
        + ["-out", str(cert), "-days", "2", "-subj", "/CN=localhost"]
        + ["-addext", "subjectAltName=DNS:localhost"],
        check=True,
        capture_output=True,
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            with conn:
                if reset:
                    continue
                with contextlib.suppress(OSError), context.wrap_socket(conn, server_side=True):
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        stop.set()
        thread.join(5)
        listener.close()


# -------------------------------------------------------------------------------- terraform

_TF_VARS = ["TF_DATA_DIR", "TF_WORKSPACE", "TF_PLUGIN_CACHE_DIR", "TF_CLI_ARGS", "TF_LOG"]


def _terraform(tmp_path: Path, name: str, main_tf: str, *args: str, env: dict) -> str:
    work = tmp_path / "tf" / name
    _write(work / "main.tf", main_tf)
    return run_tool(["terraform", *args], work, env=env, timeout=120)


def test_terraform_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    require_tool("terraform")
    for name in _TF_VARS:
        monkeypatch.delenv(name, raising=False)
    env = {
        "CHECKPOINT_DISABLE": "1",
        "TF_IN_AUTOMATION": "1",
        "TF_CLI_CONFIG_FILE": str(_write(tmp_path / "terraformrc", "")),
    }
    unknown = 'resource "terraform_data" "a" { input = timestamp() }\n'
    specs = [
        (
            "terraform/undeclared-input-variable",
            "Error: Reference to undeclared input variable",
            'output "o" { value = var.missing }\n',
            ["validate"],
        ),
        (
            "terraform/dependency-cycle",
            "Error: Cycle: ",
            'resource "terraform_data" "a" { input = terraform_data.b.output }\n'
            'resource "terraform_data" "b" { input = terraform_data.a.output }\n',
            ["validate"],
        ),
        (
            "terraform/duplicate-resource-configuration",
            "Error: Duplicate resource",
            'resource "terraform_data" "a" {}\nresource "terraform_data" "a" {}\n',
            ["validate", "-no-color"],
        ),
        (
            "terraform/unsupported-attribute",
            "Error: Unsupported attribute",
            'resource "terraform_data" "a" {}\noutput "o" { value = terraform_data.a.nope }\n',
            ["validate"],
        ),
        (
            "terraform/invalid-count-unknown",
            "Error: Invalid count argument",
            unknown + 'resource "terraform_data" "b" {\n'
            "  count = length(terraform_data.a.output) > 3 ? 1 : 0\n}\n",
            ["plan", "-input=false"],
        ),
        (
            "terraform/invalid-for-each-unknown",
            "Error: Invalid for_each argument",
            unknown + 'resource "terraform_data" "b" {\n'
            "  for_each = toset([terraform_data.a.output])\n}\n",
            ["plan", "-input=false", "-no-color"],
        ),
        (
            "terraform/module-not-installed",
            "Error: Module not installed",
            'module "m" { source = "./m" }\n',
            ["validate"],
        ),
        (
            "terraform/no-value-for-required-variable",
            "Error: No value for required variable",
            'variable "region" { type = string }\n',
            ["plan", "-input=false"],
        ),
        (
            "terraform/unsupported-core-version",
            "Error: Unsupported Terraform Core version",
            'terraform { required_version = ">= 99.0" }\n',
            ["validate"],
        ),
        (
            "terraform/unsupported-block-type",
            "Error: Unsupported block type",
            'resource "terraform_data" "a" {\n  lifecycle_rule {}\n}\n',
            ["validate", "-no-color"],
        ),
        (
            "terraform/call-to-unknown-function",
            "Error: Call to unknown function",
            'output "o" { value = upper_case("x") }\n',
            ["validate"],
        ),
    ]
    cases = [
        (entry_id, needle, _terraform(tmp_path, str(i), main_tf, *args, env=env))
        for i, (entry_id, needle, main_tf, args) in enumerate(specs)
    ]
    assert_cases_found(cases, tmp_path)


# -------------------------------------------------------------------------------- kubectl


def _kubeconfig(path: Path, server: str, user: str) -> Path:
    return _write(
        path,
        "apiVersion: v1\nkind: Config\n"
        f"clusters:\n- cluster: {{server: {server!r}}}\n  name: c\n"
        f"users:\n- name: u\n  user:\n{user}"
        "contexts:\n- context: {cluster: c, user: u}\n  name: ctx\ncurrent-context: ctx\n",
    )


def test_kubectl_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    require_tool("kubectl")
    monkeypatch.delenv("KUBECONFIG", raising=False)
    home = tmp_path / "home"
    home.mkdir()
    empty = {"KUBECONFIG": str(tmp_path / "no-kubeconfig"), "HOME": str(home)}
    _write(tmp_path / "configmap.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\n")
    _write(tmp_path / "bad.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   labels: a\n")
    exec_user = (
        "    exec:\n      apiVersion: client.authentication.k8s.io/v1alpha1\n"
        "      command: aws\n      args: [eks, get-token]\n"
    )
    old_exec = _kubeconfig(
        tmp_path / "exec.kubeconfig", f"https://127.0.0.1:{_closed_port()}", exec_user
    )

    def kubectl(*args: str, env: dict | None = None) -> str:
        return run_tool(["kubectl", *args], tmp_path, env={**empty, **(env or {})}, timeout=60)

    with tls_server(tmp_path) as port:
        untrusted = _kubeconfig(
            tmp_path / "tls.kubeconfig", f"https://localhost:{port}", "    token: abc\n"
        )
        x509 = kubectl("get", "pods", "--request-timeout=20s", env={"KUBECONFIG": str(untrusted)})
    cases = [
        (
            "kubernetes/exec-plugin-invalid-apiversion",
            "exec plugin: invalid apiVersion",
            kubectl("get", "pods", env={"KUBECONFIG": str(old_exec)}),
        ),
        (
            "kubernetes/yaml-to-json-parse-error",
            "error converting YAML to JSON",
            kubectl("apply", "--dry-run=client", "--validate=false", "-f", "bad.yaml"),
        ),
        (
            "kubernetes/path-does-not-exist",
            "does not exist",
            kubectl("apply", "-f", "missing.yaml"),
        ),
        (
            "kubernetes/no-context-exists",
            "no context exists with the name",
            kubectl("config", "use-context", "staging"),
        ),
        (
            "kubernetes/current-context-not-set",
            "current-context is not set",
            kubectl("config", "current-context"),
        ),
        ("kubernetes/unable-to-connect-x509", "Unable to connect to the server", x509),
        ("kubernetes/kubectl-unknown-command", "unknown command", kubectl("gett", "pods")),
        # No cluster at all: the openapi download fails, which must not be read as a manifest
        # error (kubernetes/error-validating-data must not rank first on this line).
        (
            "kubernetes/openapi-download-failed",
            "failed to download openapi",
            kubectl("apply", "-f", "configmap.yaml"),
        ),
    ]
    assert_cases_found(cases, tmp_path)


# -------------------------------------------------------------------------------- AWS CLI


def test_aws_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    require_tool("aws")
    for name in AWS_VARS:
        monkeypatch.delenv(name, raising=False)
    base = {
        "AWS_CONFIG_FILE": str(tmp_path / "no-aws-config"),
        "AWS_SHARED_CREDENTIALS_FILE": str(tmp_path / "no-aws-credentials"),
        "AWS_EC2_METADATA_DISABLED": "true",
        "AWS_PAGER": "",
    }
    keys = {"AWS_ACCESS_KEY_ID": "AKIAIOSFODNN7EXAMPLE", "AWS_SECRET_ACCESS_KEY": "not-a-secret"}
    broken = _write(tmp_path / "broken-config", "[default\nregion = us-east-1\n")
    sso = _write(
        tmp_path / "sso-config",
        "[profile dev]\nsso_session = corp\nsso_account_id = 111122223333\n"
        "sso_role_name = ReadOnly\nregion = us-east-1\n"
        "[sso-session corp]\nsso_region = us-east-1\nsso_start_url = https://corp.awsapps.com/start\n",
    )

    def aws(*args: str, env: dict | None = None) -> str:
        return run_tool(["aws", *args], tmp_path, env={**base, **(env or {})}, timeout=120)

    endpoint = f"http://127.0.0.1:{_closed_port()}"
    cases = [
        (
            "aws/config-profile-not-found",
            "could not be found",
            aws("--profile", "prod", "s3", "ls"),
        ),
        (
            "aws/partial-credentials",
            "Partial credentials found",
            aws(
                "sts",
                "get-caller-identity",
                "--region",
                "us-east-1",
                env=keys | {"AWS_SECRET_ACCESS_KEY": ""},
            ),
        ),
        (
            "aws/could-not-connect-to-endpoint",
            "Could not connect to the endpoint URL",
            aws(
                "sts",
                "get-caller-identity",
                "--region",
                "us-east-1",
                "--endpoint-url",
                endpoint,
                env=keys,
            ),
        ),
        (
            "aws/invalid-region-name-format",
            "doesn't match a supported format",
            aws("sts", "get-caller-identity", "--region", "us east 1", env=keys),
        ),
        (
            "aws/config-parse-error",
            "Unable to parse config file",
            aws("s3", "ls", env={"AWS_CONFIG_FILE": str(broken)}),
        ),
        (
            "aws/cli-invalid-choice",
            "Invalid choice, valid choices are",
            aws("ec2", "describe-instancez"),
        ),
        (
            "aws/sso-token-load-error",
            "Error loading SSO Token",
            aws(
                "--profile", "dev", "sts", "get-caller-identity", env={"AWS_CONFIG_FILE": str(sso)}
            ),
        ),
    ]
    assert_cases_found(cases, tmp_path)


# -------------------------------------------------------------------------------- gcloud

_GCLOUD_VARS = [
    "GOOGLE_APPLICATION_CREDENTIALS",
    "CLOUDSDK_CORE_ACCOUNT",
    "CLOUDSDK_CORE_PROJECT",
    "CLOUDSDK_AUTH_ACCESS_TOKEN",
    "CLOUDSDK_AUTH_ACCESS_TOKEN_FILE",
    "CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE",
    "GOOGLE_CLOUD_PROJECT",
]


def test_gcloud_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    require_tool("gcloud")
    for name in _GCLOUD_VARS:
        monkeypatch.delenv(name, raising=False)
    config = tmp_path / "gcloud-config"
    # "am I on GCE?" is cached in <config>/gce; metadata probes go to a closed loopback port.
    _write(config / "gce", "False")
    metadata = f"127.0.0.1:{_closed_port()}"
    env = {
        "CLOUDSDK_CONFIG": str(config),
        "CLOUDSDK_CORE_DISABLE_USAGE_REPORTING": "true",
        "CLOUDSDK_COMPONENT_MANAGER_DISABLE_UPDATE_CHECK": "true",
        "CLOUDSDK_CORE_CHECK_GCE_METADATA": "false",
        "CLOUDSDK_CORE_DISABLE_PROMPTS": "1",
        "GCE_METADATA_ROOT": metadata,
        "GCE_METADATA_HOST": metadata,
        "GCE_METADATA_IP": metadata,
    }
    _write(tmp_path / "broken-key.json", "{broken")
    _write(
        tmp_path / "bad-key.json",
        '{"type": "service_account", "client_email": "ci@demo.iam.gserviceaccount.com",'
        ' "private_key": "not a key", "private_key_id": "1", "project_id": "demo",'
        f' "token_uri": "http://{metadata}/token"}}',
    )

    def gcloud(*args: str, extra: dict | None = None) -> str:
        return run_tool(["gcloud", *args], tmp_path, env={**env, **(extra or {})}, timeout=120)

    token = {"CLOUDSDK_AUTH_ACCESS_TOKEN": "not-a-token"}
    cases = [
        ("gcloud/invalid-choice", "Invalid choice:", gcloud("comput", "instances", "list")),
        (
            "gcloud/unrecognized-arguments",
            "unrecognized arguments",
            gcloud("config", "list", "--foo"),
        ),
        (
            "gcloud/required-property-project-not-set",
            "is not currently set",
            gcloud("compute", "instances", "list", extra=token),
        ),
        (
            "gcloud/account-no-valid-credentials",
            "does not have any valid credentials",
            gcloud("projects", "list", "--account", "dev@example.com"),
        ),
        (
            "gcloud/could-not-read-json-file",
            "Could not read json file",
            gcloud("auth", "activate-service-account", "--key-file", "broken-key.json"),
        ),
        (
            "gcloud/section-has-no-property",
            "has no property",
            gcloud("config", "set", "compute/zonee", "europe-west1-b"),
        ),
        (
            "gcloud/crashed",
            "gcloud crashed",
            gcloud("auth", "activate-service-account", "--key-file", "bad-key.json"),
        ),
    ]
    assert_cases_found(cases, tmp_path)


# -------------------------------------------------------------------------------- docker client


def test_docker_client_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    require_tool("docker")
    for name in ("DOCKER_CONTEXT", "DOCKER_TLS_VERIFY", "DOCKER_CERT_PATH"):
        monkeypatch.delenv(name, raising=False)
    env = {
        "DOCKER_CONFIG": str(tmp_path / "docker-config"),
        "DOCKER_HOST": f"unix://{tmp_path / 'no-engine.sock'}",
        "DOCKER_BUILDKIT": "0",
    }
    (tmp_path / "app").mkdir()

    def docker(*args: str) -> str:
        return run_tool(["docker", *args], tmp_path, env=env, timeout=60)

    cases = [
        ("docker/invalid-reference-format", "invalid reference format", docker("run", "MyApp:1.0")),
        ("docker/input-device-not-a-tty", "not a TTY", docker("run", "-it", "alpine", "sh")),
        ("docker/unknown-command-plugin-missing", "unknown command", docker("composer", "up")),
        (
            "docker/unable-to-evaluate-symlinks-dockerfile",
            "unable to evaluate symlinks in Dockerfile path",
            docker("build", "-t", "app", "app"),
        ),
    ]
    assert_cases_found(cases, tmp_path)


# -------------------------------------------------------------------------------- ssh


def test_ssh_errors(tmp_path: Path) -> None:
    require_tool("ssh")
    require_tool("ssh-keygen")
    open_key = tmp_path / "id_open"
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(open_key)],
        check=True,
        capture_output=True,
    )
    open_key.chmod(0o644)
    broken_key = _write(tmp_path / "id_broken", "-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n")
    broken_key.chmod(0o600)
    options = ["-F", "/dev/null", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no"]
    options += ["-o", f"UserKnownHostsFile={tmp_path / 'known_hosts'}", "-o", "ConnectTimeout=10"]
    with tls_server(tmp_path, reset=True) as port:
        kex = run_tool(["ssh", *options, "-p", str(port), "127.0.0.1", "true"], tmp_path)
    cases = [
        (
            "network/ssh-unprotected-private-key",
            "are too open",
            run_tool(["ssh-keygen", "-y", "-f", str(open_key)], tmp_path),
        ),
        ("network/ssh-kex-exchange-identification", "kex_exchange_identification", kex),
        (
            "network/ssh-load-key-error",
            "Load key",
            run_tool(["ssh-keygen", "-y", "-f", str(broken_key)], tmp_path),
        ),
    ]
    assert_cases_found(cases, tmp_path)


# -------------------------------------------------------------------------------- ansible

_PLAY = "- hosts: all\n  gather_facts: false\n"


def test_ansible_errors(tmp_path: Path) -> None:
    playbook = require_repro_tool("ansible", "bin/ansible-playbook")
    env = {
        "ANSIBLE_NOCOLOR": "1",
        "ANSIBLE_HOME": str(tmp_path / "ansible-home"),
        "ANSIBLE_CONFIG": str(tmp_path / "no-ansible.cfg"),
        "ANSIBLE_LOCALHOST_WARNING": "0",
        "ANSIBLE_INVENTORY_UNPARSED_WARNING": "0",
    }

    def play(name: str, body: str, *extra: str) -> str:
        _write(tmp_path / f"{name}.yml", _PLAY + body)
        args = [str(playbook), "-i", "localhost,", "-c", "local", *extra, f"{name}.yml"]
        return run_tool(args, tmp_path, env=env, timeout=120)

    cases = [
        (
            "ansible/conditional-evaluation-failed",
            "Error while evaluating conditional",
            play("when", "  tasks:\n    - debug: msg=hi\n      when: undefined_thing.attr == 1\n"),
        ),
        (
            "ansible/yaml-parsing-failed",
            "YAML parsing failed",
            play("yaml", "  tasks:\n    - name: bad\n      debug: msg=hi\n     when: true\n"),
        ),
        (
            "ansible/conflicting-action-statements",
            "conflicting action statements",
            play("two", "  tasks:\n    - debug: msg=hi\n      command: echo hi\n"),
        ),
        (
            "ansible/not-a-valid-attribute",
            "is not a valid attribute for a Play",
            play("attr", "  taskss:\n    - debug: msg=hi\n"),
        ),
        (
            "ansible/could-not-find-or-access",
            "Could not find or access",
            play("copy", f"  tasks:\n    - copy: src=nope.txt dest={tmp_path / 'out.txt'}\n"),
        ),
        (
            "ansible/module-interpreter-not-found",
            "was not found",
            play(
                "python",
                "  tasks:\n    - command: /bin/true\n",
                "-e",
                "ansible_python_interpreter=/nonexistent/python3",
            ),
        ),
        (
            "ansible/undefined-variable",
            "is undefined",
            play("undefined", '  tasks:\n    - debug: msg="{{ nope }}"\n'),
        ),
    ]
    assert_cases_found(cases, tmp_path)


# -------------------------------------------------------------------------------- MongoDB (Node)

_MONGO_JS = """
const path = require('path');
const mods = process.argv[2];
const mongoose = require(path.join(mods, 'mongoose'));
const { MongoClient } = require(path.join(mods, 'mongodb'));
const closed = 'mongodb://127.0.0.1:' + process.argv[4] + '/app';
const cases = {
  buffer: async () => {
    mongoose.set('bufferTimeoutMS', 500);
    const User = mongoose.model('User', new mongoose.Schema({ name: String }));
    await User.findOne({ name: 'a' });
  },
  scheme: async () => new MongoClient('http://localhost:27017/app'),
  overwrite: async () => {
    mongoose.model('Product', new mongoose.Schema({ name: String }));
    mongoose.model('Product', new mongoose.Schema({ name: String }));
  },
  closed: async () => {
    const client = new MongoClient(closed, { serverSelectionTimeoutMS: 300 });
    await client.close();
    await client.db('app').collection('users').findOne({});
  },
  srv: async () => {
    const client = new MongoClient('mongodb+srv://cluster0.nonexistent.invalid/app');
    await client.connect();
  },
};
cases[process.argv[3]]().then(
  () => process.exit(0),
  (err) => { console.error(String(err)); process.exit(1); },
);
"""


def test_mongodb_node_errors(tmp_path: Path) -> None:
    require_tool("node")
    modules = require_repro_tool("mongojs", "node_modules")
    script = _write(tmp_path / "mongo-errors.js", _MONGO_JS)
    port = str(_closed_port())

    def node(case: str) -> str:
        return run_tool(["node", str(script), str(modules), case, port], tmp_path, timeout=60)

    cases = [
        ("mongodb/mongoose-buffering-timed-out", "buffering timed out", node("buffer")),
        ("mongodb/invalid-connection-string-scheme", "Invalid scheme", node("scheme")),
        ("mongodb/mongoose-overwrite-model", "Cannot overwrite", node("overwrite")),
        ("mongodb/client-not-connected", "must be connected", node("closed")),
        ("mongodb/querysrv-enotfound", "querySrv", node("srv")),
    ]
    assert_cases_found(cases, tmp_path)
