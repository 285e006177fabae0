"""Versions a log states: real lines from public threads, and real tools run here."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

from triage_app.core.versions import VersionCollector, canonical_package, stated_versions

BENIGN = Path(__file__).resolve().parents[1] / "catalog" / "benign"

# (line as printed, where it comes from, what it states). Every line is quoted from the thread
# or upstream source named beside it; numbers are theirs.
QUOTED = [
    # torch.utils.collect_env, as pasted in torch-points3d/torch-points3d#66
    ("PyTorch version: 1.1.0", "torch-points3d#66", {"torch": "1.1.0"}),
    ("CUDA used to build PyTorch: 9.0.176", "torch-points3d#66", {"cuda": "9.0.176"}),
    (
        "GCC version: (Ubuntu 8.3.0-6ubuntu1~18.04.1) 8.3.0",
        "torch-points3d#66",
        {"gcc": "8.3.0"},
    ),
    ("Python version: 3.6", "torch-points3d#66", {"python": "3.6"}),
    ("CUDA runtime version: 9.1.85", "torch-points3d#66", {"cuda": "9.1.85"}),
    ("Nvidia driver version: 418.67", "torch-points3d#66", {"nvidia-driver": "418.67"}),
    ("[pip3] torch==1.1.0", "torch-points3d#66", {"torch": "1.1.0"}),
    ("[pip3] numpy-indexed==0.3.5", "torch-points3d#66", {"numpy-indexed": "0.3.5"}),
    # collect_env on Windows, pytorch/pytorch#137846
    (
        "Python version: 3.10.17 | packaged by conda-forge | (main, Apr 10 2025, 22:06:35) "
        "[MSC v.1943 64 bit (AMD64)] (64-bit runtime)",
        "pytorch#137846",
        {"python": "3.10.17"},
    ),
    (
        "PyTorch version: 2.8.0.dev20250528+cpu",
        "pytorch#137846",
        {"torch": "2.8.0.dev20250528+cpu"},
    ),
    # NCCL's banner under Ray, NVIDIA/nccl#1212; nvidia-smi and NCCL in NVIDIA/nccl#904
    (
        "(RayTrainWorker pid=355353) NCCL version 2.14.3+cuda11.8",
        "nccl#1212",
        {"nccl": "2.14.3", "cuda": "11.8"},
    ),
    (
        "Nvidia Driver Version: 470.161.03   CUDA Version: 11.4",
        "nccl#904",
        {"nvidia-driver": "470.161.03", "cuda": "11.4"},
    ),
    # nvcc and nvidia-smi, mlverse/torch#336
    ("Cuda compilation tools, release 10.1, V10.1.243", "mlverse/torch#336", {"cuda": "10.1"}),
    (
        "| NVIDIA-SMI 450.66       Driver Version: 450.66       CUDA Version: 11.0     |",
        "mlverse/torch#336",
        {"nvidia-driver": "450.66", "cuda": "11.0"},
    ),
    # npm 3-4 error header, npm/npm#15763; npm 6 debug log, ernestohegi/yochimu#185
    ("npm ERR! node v7.2.1", "npm#15763", {"node": "7.2.1"}),
    ("npm ERR! npm  v4.2.0", "npm#15763", {"npm": "4.2.0"}),
    ("2 info using npm@6.14.11", "yochimu#185", {"npm": "6.14.11"}),
    ("3 info using node@v14.15.5", "yochimu#185", {"node": "14.15.5"}),
    # npm 7+ engine warning, nodejs/help#3867
    (
        "npm WARN EBADENGINE   current: { node: 'v16.15.0', npm: '8.10.0' }",
        "nodejs/help#3867",
        {"node": "16.15.0", "npm": "8.10.0"},
    ),
    # Go's toolchain check, intel/trustauthority-client-for-go#29; `go version` prints
    # "go version %s %s/%s" (golang/go src/cmd/go/internal/version/version.go)
    (
        "go: go.mod requires go >= 1.22 (running go 1.21.9; GOTOOLCHAIN=local)",
        "trustauthority-client-for-go#29",
        {"go": "1.21.9"},
    ),
    ("go version go1.22.1 linux/amd64", "cmd/go version.go", {"go": "1.22.1"}),
    # cargo's MSRV check (quoted in many READMEs; the -dev suffix is Solana's toolchain)
    (
        "error: package `native-tls v0.2.14` cannot be built because it requires rustc 1.80.0 "
        "or newer, while the currently active rustc version is 1.75.0",
        "cargo MSRV error",
        {"rustc": "1.75.0"},
    ),
    (
        "error: package `solana-program v1.18.10` cannot be built because it requires rustc "
        "1.75.0 or newer, while the currently active rustc version is 1.68.0-dev",
        "cargo MSRV error",
        {"rustc": "1.68.0"},
    ),
    # pip's Requires-Python check
    (
        "ERROR: Package 'hermes-agent' requires a different Python: 3.10.12 not in '>=3.11'",
        "pip requires-python",
        {"python": "3.10.12"},
    ),
    # Gradle 8.x `gradle --version`, gradle/gradle#33488
    (
        "Launcher JVM:  22.0.1 (Oracle Corporation 22.0.1+8-16)",
        "gradle#33488",
        {"java": "22.0.1"},
    ),
    ("Launcher JVM:  11.0.23 (Eclipse Adoptium 11.0.23+9)", "gradle#33488", {"java": "11.0.23"}),
]


@pytest.mark.parametrize(("line", "source", "expected"), QUOTED, ids=[q[1] for q in QUOTED])
def test_quoted_lines(line: str, source: str, expected: dict[str, str]) -> None:
    assert stated_versions([line]) == expected, source


@pytest.mark.parametrize(
    "line",
    [
        "npm notice Run npm install -g npm@10.5.0 to update!",  # advice, not the installed npm
        "Python 3.11.7 (main, May  9 2026, 07:35:25) [GCC 12.2.0]",  # GCC that built Python
        "error: package `x v1.0` cannot be built because it requires rustc 1.80 or newer",
        "assert len(batch) == 4",
        "Server Version: 8.0.36",  # MySQL's banner, not Kubernetes
        "Step 3/9 : RUN pip install -r requirements.txt",
    ],
)
def test_lines_that_state_no_tool_version(line: str) -> None:
    found = stated_versions([line])
    assert "npm" not in found and "gcc" not in found and "rustc" not in found
    assert "kubernetes" not in found and "len-batch" not in found
    if "Python 3.11.7" in line:
        assert found == {"python": "3.11.7"}
    else:
        assert found == {}


def test_npm_upgrade_notice_names_the_installed_version() -> None:
    line = "npm notice New minor version of npm available! 10.2.4 -> 10.5.0"
    assert stated_versions([line]) == {"npm": "10.2.4"}


def test_successfully_installed_and_pip_names() -> None:
    found = stated_versions(
        ["Successfully installed ledger-tools-0.9.2 typing_extensions-4.10.0 torch-2.2.1"]
    )
    assert found == {"ledger-tools": "0.9.2", "typing-extensions": "4.10.0", "torch": "2.2.1"}
    assert canonical_package("PyTorch") == "torch" and canonical_package("Node.js") == "node"


def test_stated_beats_implied_and_precise_beats_vague() -> None:
    lines = [
        "Python 3.11.7",
        '  File "/usr/lib/python3.11/json/decoder.py", line 337, in decode',
        "pip 23.2.1 from /opt/venv/lib/python3.11/site-packages/pip (python 3.11)",
        "[rank0]: torch 2.2.1+cu121",
        "| NVIDIA-SMI 535.129.03             Driver Version: 535.129.03   CUDA Version: 12.2     |",
    ]
    found = stated_versions(lines)
    assert found["python"] == "3.11.7"
    assert found["pip"] == "23.2.1"
    assert found["torch"] == "2.2.1+cu121"
    # nvidia-smi's CUDA Version is what the driver supports; torch's build tag wins.
    assert found["cuda"] == "12.1"
    assert found["nvidia-driver"] == "535.129.03"


def test_later_statement_of_equal_strength_wins() -> None:
    lines = ["Collecting torch==2.1.2", "Successfully installed torch-2.2.0"]
    assert stated_versions(lines)["torch"] == "2.2.0"


def test_memory_is_bounded() -> None:
    collector = VersionCollector(max_packages=3)
    collector.feed("Successfully installed a-1.0 b-2.0 c-3.0 d-4.0 e-5.0")
    assert collector.versions == {"a": "1.0", "b": "2.0", "c": "3.0"}
    assert collector.dropped == 2


def test_chunks_give_what_lines_give_on_the_benign_corpus() -> None:
    for path in sorted(BENIGN.glob("*.log")):
        text = path.read_text(encoding="utf-8")
        by_line = VersionCollector().feed_lines(text.splitlines())
        by_bytes, by_text = VersionCollector(), VersionCollector()
        by_bytes.feed_chunk(text.encode("utf-8"))
        by_text.feed_chunk(text)
        assert by_bytes.versions == by_line.versions == by_text.versions, path.name


# -- real tools on this machine ------------------------------------------------------------


def _run(cmd: list[str], **kw) -> str:
    if shutil.which(cmd[0]) is None and not Path(cmd[0]).exists():
        pytest.skip(f"{cmd[0]} is not installed here")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kw)
    return proc.stdout + proc.stderr


def test_real_python_and_traceback_paths(tmp_path: Path) -> None:
    mine = "{}.{}.{}".format(*sys.version_info[:3])
    assert stated_versions(_run([sys.executable, "--version"]).splitlines()) == {"python": mine}
    crash = _run([sys.executable, "-c", "import json; json.loads('{')"])
    if f"python{sys.version_info[0]}.{sys.version_info[1]}" in crash:  # not a framework build
        assert stated_versions(crash.splitlines())["python"] == mine.rsplit(".", 1)[0]
    pip = _run([sys.executable, "-m", "pip", "--version"])
    assert stated_versions(pip.splitlines())["pip"] == pip.split()[1]
    again = _run(
        [sys.executable, "-m", "pip", "install", "--no-index", "--disable-pip-version-check", "pip"]
    )
    assert stated_versions(again.splitlines())["pip"] == pip.split()[1]


def test_real_pytest_header(tmp_path: Path) -> None:
    (tmp_path / "test_one.py").write_text("def test_ok():\n    assert True\n")
    plugins = ["-p", "no:cacheprovider", "-p", "no:pytestqt", "-p", "no:hypothesispytest"]
    out = _run(
        [sys.executable, "-m", "pytest", *plugins, "--rootdir", str(tmp_path), str(tmp_path)]
    )
    mine = "{}.{}.{}".format(*sys.version_info[:3])
    assert stated_versions(out.splitlines())["python"] == mine


def test_real_java() -> None:
    out = _run(["java", "-XshowSettings:properties", "-version"])
    found = stated_versions(out.splitlines())
    settings = next(line for line in out.splitlines() if line.strip().startswith("java.version ="))
    assert found["java"] == settings.split("=", 1)[1].strip()
    assert 'version "' in out  # the `java -version` banner stated the same version


def test_real_gcc_and_cmake(tmp_path: Path) -> None:
    banner = _run(["gcc", "--version"]).splitlines()[0]
    version = banner.rsplit(" ", 1)[1]
    assert stated_versions([banner]) == {"gcc": version}
    assert stated_versions(_run(["gcc", "-v"]).splitlines())["gcc"] == version
    if shutil.which("cmake"):
        (tmp_path / "CMakeLists.txt").write_text(
            "cmake_minimum_required(VERSION 3.10)\nproject(p C)\n"
        )
        out = _run(["cmake", "-S", str(tmp_path), "-B", str(tmp_path / "b")])
        if "identification is GNU" in out:
            assert stated_versions(out.splitlines())["gcc"] == version


def test_real_rustc_and_cargo() -> None:
    rustc = _run(["rustc", "--version"])
    assert stated_versions([rustc]) == {"rustc": rustc.split()[1].split("-")[0]}
    cargo = _run(["cargo", "--version"])
    assert stated_versions([cargo]) == {"cargo": cargo.split()[1].split("-")[0]}


def test_real_node_and_npm(tmp_path: Path) -> None:
    node = _run(["node", "--version"]).strip().lstrip("v")
    npm = _run(["npm", "--version"]).strip()
    crash = _run(["node", "-e", "throw new Error('boom')"])
    assert stated_versions(crash.splitlines()) == {"node": node}
    (tmp_path / "package.json").write_text(json.dumps({"name": "x", "version": "1.0.0"}))
    out = _run(
        ["npm", "run", "nope", "--loglevel", "verbose", "--cache", str(tmp_path / "cache")],
        cwd=tmp_path,
    )
    found = stated_versions(out.splitlines())
    assert found["node"] == node and found["npm"] == npm


def test_real_git() -> None:
    out = _run(["git", "--version"])
    assert stated_versions([out]) == {"git": out.split()[2]}


def test_real_docker_client() -> None:
    out = _run(["docker", "--version"])
    assert stated_versions([out]) == {"docker": out.split()[2].rstrip(",")}


class _FakeApiServer(BaseHTTPRequestHandler):
    """Answers kubectl's GET /version as a Kubernetes 1.28.5 API server does."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body = json.dumps(
            {"major": "1", "minor": "28", "gitVersion": "v1.28.5", "platform": "linux/amd64"}
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args) -> None:
        pass


def test_real_kubectl_client_and_server() -> None:
    if shutil.which("kubectl") is None:
        pytest.skip("kubectl is not installed here")
    server = HTTPServer(("127.0.0.1", 0), _FakeApiServer)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        out = _run(["kubectl", "version", f"--server={url}"])
    finally:
        server.shutdown()
        server.server_close()
    if "Server Version" not in out:
        pytest.skip("this kubectl did not reach the local server")
    found = stated_versions(out.splitlines())
    assert found["kubernetes"] == "1.28.5"
    client = next(line for line in out.splitlines() if line.startswith("Client Version:"))
    assert found["kubectl"] == client.split("v", 1)[1].split("-")[0]
