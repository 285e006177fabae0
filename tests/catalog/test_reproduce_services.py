"""Produce services and cloud errors for real (psql, aws, gcloud, terraform) and check that the
scan ranks the matching catalogue entry first on the line that shows it.

Nothing here reaches a server or the network: psql is pointed at a loopback port where nothing
listens and at a socket directory that does not exist; the AWS CLI and Terraform's S3 backend
get an empty credential chain with the instance metadata service disabled; gcloud gets an empty
configuration directory, and its metadata-server probe is redirected to a closed loopback port;
Terraform only uses its built-in `terraform_data` resource, an empty plugin directory and the
local backend, with the version check (checkpoint) disabled.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import pytest

from .reproduce import AWS_VARS, assert_reproduced, require_tool, run_tool

REPRODUCED_IDS = [
    "postgresql/connection-refused",
    "postgresql/unix-socket-not-found",
    "aws/unable-to-locate-credentials",
    "aws/no-region",
    "gcloud/no-active-account",
    "gcloud/default-credentials-error",
    "terraform/state-lock",
    "terraform/inconsistent-lock-file",
    "terraform/failed-to-query-provider-packages",
    "terraform/backend-init-required",
    "terraform/unsupported-argument",
    "terraform/undeclared-resource",
    "terraform/aws-no-valid-credential-sources",
]

_GCLOUD_VARS = [
    "GOOGLE_APPLICATION_CREDENTIALS",
    "CLOUDSDK_CORE_ACCOUNT",
    "CLOUDSDK_CORE_PROJECT",
    "CLOUDSDK_AUTH_ACCESS_TOKEN_FILE",
    "CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE",
    "GOOGLE_CLOUD_PROJECT",
]
_TF_VARS = ["TF_DATA_DIR", "TF_WORKSPACE", "TF_PLUGIN_CACHE_DIR", "TF_CLI_ARGS", "TF_LOG"]


def _closed_port() -> int:
    """A loopback TCP port with nothing listening on it."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def aws_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict:
    """An AWS credential chain that is empty and never leaves the machine."""
    for name in AWS_VARS:
        monkeypatch.delenv(name, raising=False)
    return {
        "AWS_CONFIG_FILE": str(tmp_path / "no-aws-config"),
        "AWS_SHARED_CREDENTIALS_FILE": str(tmp_path / "no-aws-credentials"),
        "AWS_EC2_METADATA_DISABLED": "true",
        "AWS_PAGER": "",
    }


@pytest.fixture
def gcloud_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict:
    """An empty gcloud configuration whose metadata-server probe goes to a closed loopback port."""
    for name in _GCLOUD_VARS:
        monkeypatch.delenv(name, raising=False)
    config = tmp_path / "gcloud-config"
    config.mkdir()
    # gcloud caches "am I on GCE?" in <config>/gce; seeding it skips gcloud's own probe of
    # metadata.google.internal, and the GCE_METADATA_* variables send the remaining probes
    # (google-auth's) to a loopback port where nothing listens.
    (config / "gce").write_text("False", encoding="utf-8")
    metadata = f"127.0.0.1:{_closed_port()}"
    return {
        "CLOUDSDK_CONFIG": str(config),
        "CLOUDSDK_CORE_DISABLE_USAGE_REPORTING": "true",
        "CLOUDSDK_COMPONENT_MANAGER_DISABLE_UPDATE_CHECK": "true",
        "CLOUDSDK_CORE_CHECK_GCE_METADATA": "false",
        "CLOUDSDK_CORE_DISABLE_PROMPTS": "1",
        "GCE_METADATA_ROOT": metadata,
        "GCE_METADATA_HOST": metadata,
        "GCE_METADATA_IP": metadata,
    }


@pytest.fixture
def tf_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict:
    """Terraform with an empty CLI configuration and no version check."""
    for name in _TF_VARS:
        monkeypatch.delenv(name, raising=False)
    cli_config = tmp_path / "terraformrc"
    cli_config.write_text("", encoding="utf-8")
    return {
        "CHECKPOINT_DISABLE": "1",
        "TF_IN_AUTOMATION": "1",
        "TF_CLI_CONFIG_FILE": str(cli_config),
    }


def _tf_dir(tmp_path: Path, main_tf: str) -> Path:
    work = tmp_path / "tf"
    work.mkdir()
    (work / "main.tf").write_text(main_tf, encoding="utf-8")
    return work


# ----------------------------------------------------------------------------- PostgreSQL


def test_postgresql_connection_refused(tmp_path: Path) -> None:
    require_tool("psql")
    port = _closed_port()
    out = run_tool(
        [
            "psql",
            "-h",
            "127.0.0.1",
            "-p",
            str(port),
            "-U",
            "postgres",
            "-d",
            "app",
            "-w",
            "-c",
            "select 1",
        ],
        tmp_path,
        env={"PGCONNECT_TIMEOUT": "5"},
        timeout=60,
    )
    assert_reproduced(out, "postgresql/connection-refused", "failed: Connection refused", tmp_path)


def test_postgresql_unix_socket_not_found(tmp_path: Path) -> None:
    require_tool("psql")
    socket_dir = tmp_path / "no-server-here"
    socket_dir.mkdir()
    out = run_tool(
        ["psql", "-h", str(socket_dir), "-p", "5432", "-U", "postgres", "-w", "-c", "select 1"],
        tmp_path,
        timeout=60,
    )
    assert_reproduced(
        out, "postgresql/unix-socket-not-found", "failed: No such file or directory", tmp_path
    )


# ----------------------------------------------------------------------------- AWS CLI


def test_aws_unable_to_locate_credentials(tmp_path: Path, aws_env: dict) -> None:
    require_tool("aws")
    out = run_tool(
        ["aws", "sts", "get-caller-identity", "--region", "us-east-1"],
        tmp_path,
        env=aws_env,
        timeout=120,
    )
    assert_reproduced(
        out, "aws/unable-to-locate-credentials", "Unable to locate credentials", tmp_path
    )


def test_aws_no_region(tmp_path: Path, aws_env: dict) -> None:
    require_tool("aws")
    env = {
        **aws_env,
        "AWS_ACCESS_KEY_ID": "AKIAIOSFODNN7EXAMPLE",
        "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    }
    out = run_tool(["aws", "ec2", "describe-instances"], tmp_path, env=env, timeout=120)
    assert_reproduced(out, "aws/no-region", "You must specify a region", tmp_path)


# ----------------------------------------------------------------------------- gcloud


def test_gcloud_no_active_account(tmp_path: Path, gcloud_env: dict) -> None:
    require_tool("gcloud")
    out = run_tool(["gcloud", "projects", "list"], tmp_path, env=gcloud_env, timeout=180)
    assert_reproduced(
        out,
        "gcloud/no-active-account",
        "You do not currently have an active account selected",
        tmp_path,
    )


def test_gcloud_default_credentials_error(tmp_path: Path, gcloud_env: dict) -> None:
    require_tool("gcloud")
    out = run_tool(
        ["gcloud", "auth", "application-default", "print-access-token"],
        tmp_path,
        env=gcloud_env,
        timeout=180,
    )
    assert_reproduced(
        out, "gcloud/default-credentials-error", "Your default credentials were not found", tmp_path
    )


# ----------------------------------------------------------------------------- Terraform


def test_terraform_state_lock(tmp_path: Path, tf_env: dict) -> None:
    require_tool("terraform")
    work = _tf_dir(tmp_path, 'resource "terraform_data" "a" {\n  input = 1\n}\n')
    run_tool(["terraform", "init", "-input=false"], work, env=tf_env, timeout=120)
    run_tool(["terraform", "apply", "-auto-approve", "-input=false"], work, env=tf_env, timeout=120)
    assert (work / "terraform.tfstate").exists()
    # A second apply that has a change to make holds the state lock while it waits for "yes".
    holder = subprocess.Popen(
        ["terraform", "apply", "-replace=terraform_data.a"],
        cwd=work,
        env={**os.environ, **tf_env, "LC_ALL": "C.UTF-8"},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        lock_info = work / ".terraform.tfstate.lock.info"
        deadline = time.monotonic() + 60
        while not lock_info.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert lock_info.exists(), "the first terraform apply never took the state lock"
        out = run_tool(
            ["terraform", "plan", "-lock-timeout=0s", "-input=false"], work, env=tf_env, timeout=120
        )
    finally:
        try:
            holder.communicate(input="no\n", timeout=60)
        except subprocess.TimeoutExpired:
            holder.kill()
            holder.communicate()
    assert_reproduced(out, "terraform/state-lock", "Error acquiring the state lock", tmp_path)


def test_terraform_inconsistent_lock_file(tmp_path: Path, tf_env: dict) -> None:
    require_tool("terraform")
    work = _tf_dir(
        tmp_path,
        "terraform {\n  required_providers {\n    aws = {\n"
        '      source = "hashicorp/aws"\n    }\n  }\n}\n',
    )
    out = run_tool(["terraform", "plan", "-input=false"], work, env=tf_env, timeout=120)
    assert_reproduced(
        out, "terraform/inconsistent-lock-file", "Inconsistent dependency lock file", tmp_path
    )


def test_terraform_failed_to_query_provider_packages(tmp_path: Path, tf_env: dict) -> None:
    require_tool("terraform")
    work = _tf_dir(
        tmp_path,
        "terraform {\n  required_providers {\n    aws = {\n"
        '      source = "hashicorp/aws"\n    }\n  }\n}\n',
    )
    plugins = tmp_path / "empty-plugin-dir"
    plugins.mkdir()
    out = run_tool(
        ["terraform", "init", "-input=false", f"-plugin-dir={plugins}"],
        work,
        env=tf_env,
        timeout=120,
    )
    assert_reproduced(
        out,
        "terraform/failed-to-query-provider-packages",
        "Failed to query available provider packages",
        tmp_path,
    )


def test_terraform_backend_init_required(tmp_path: Path, tf_env: dict) -> None:
    require_tool("terraform")
    work = _tf_dir(
        tmp_path, 'terraform {\n  backend "local" {\n    path = "state/x.tfstate"\n  }\n}\n'
    )
    out = run_tool(["terraform", "plan", "-input=false"], work, env=tf_env, timeout=120)
    assert_reproduced(
        out, "terraform/backend-init-required", "Backend initialization required", tmp_path
    )


def test_terraform_unsupported_argument(tmp_path: Path, tf_env: dict) -> None:
    require_tool("terraform")
    work = _tf_dir(tmp_path, 'resource "terraform_data" "a" {\n  input = 1\n  foo   = "bar"\n}\n')
    run_tool(["terraform", "init", "-input=false"], work, env=tf_env, timeout=120)
    out = run_tool(["terraform", "validate"], work, env=tf_env, timeout=120)
    assert_reproduced(out, "terraform/unsupported-argument", "Unsupported argument", tmp_path)


def test_terraform_undeclared_resource(tmp_path: Path, tf_env: dict) -> None:
    require_tool("terraform")
    work = _tf_dir(tmp_path, 'output "web_id" {\n  value = aws_instance.web.id\n}\n')
    out = run_tool(["terraform", "validate"], work, env=tf_env, timeout=120)
    assert_reproduced(
        out, "terraform/undeclared-resource", "Reference to undeclared resource", tmp_path
    )


def test_terraform_aws_no_valid_credential_sources(
    tmp_path: Path, tf_env: dict, aws_env: dict
) -> None:
    require_tool("terraform")
    work = _tf_dir(
        tmp_path,
        'terraform {\n  backend "s3" {\n    bucket = "my-tf-state"\n'
        '    key    = "prod/terraform.tfstate"\n    region = "us-east-1"\n'
        "  }\n}\n",
    )
    out = run_tool(
        ["terraform", "init", "-input=false"], work, env={**tf_env, **aws_env}, timeout=120
    )
    assert_reproduced(
        out,
        "terraform/aws-no-valid-credential-sources",
        "No valid credential sources found",
        tmp_path,
    )
