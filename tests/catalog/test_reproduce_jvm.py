"""Real JVM, javac, Maven, Docker CLI and kubectl errors, produced on this machine and scanned.

Each test runs the real tool in `tmp_path` so that it fails the way users see it fail, then
checks that `triage-app scan` ranks the catalogue entry first on the line that shows the error.
Nothing here needs the network: the TLS test talks to a server on loopback, Maven resolves
from a file mirror of the local cache (`~/.m2/repository`) into a fresh local repository in
`tmp_path`, and Docker and kubectl are pointed at sockets and ports where no server answers.
"""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

from .reproduce import assert_reproduced, require_tool, run_tool

REPRODUCED_IDS = [
    "java/out-of-memory-heap",
    "java/class-not-found",
    "java/no-class-def-found",
    "java/null-pointer-exception",
    "java/unsupported-class-version",
    "java/javac-cannot-find-symbol",
    "java/javac-incompatible-types",
    "java/stack-overflow",
    "java/concurrent-modification",
    "java/main-class-not-found",
    "java/bind-address-in-use",
    "java/ssl-pkix-path-building-failed",
    "maven/dependency-resolution-failed",
    "maven/compilation-failure",
    "maven/source-option-no-longer-supported",
    "maven/test-failures",
    "maven/non-resolvable-parent-pom",
    "maven/blocked-mirror-http",
    "docker/daemon-not-running",
    "docker/permission-denied-socket",
    "kubernetes/connection-refused-localhost-8080",
]


# --------------------------------------------------------------------------- java / javac


def _java_source(
    tmp_path: Path, name: str, source: str, *args: str, opts: tuple[str, ...] = ()
) -> str:
    """Run a single-file program with the source launcher (`java Foo.java`, Java 11+)."""
    require_tool("java")
    (tmp_path / f"{name}.java").write_text(source, encoding="utf-8")
    return run_tool(["java", *opts, f"{name}.java", *args], cwd=tmp_path, timeout=180)


def _javac(tmp_path: Path, name: str, source: str) -> str:
    require_tool("javac")
    (tmp_path / f"{name}.java").write_text(source, encoding="utf-8")
    return run_tool(["javac", "-d", "out", f"{name}.java"], cwd=tmp_path, timeout=180)


def _java_major(cmd: list[str]) -> int | None:
    """Feature release of a `java -version` / `javac -version` (17 for "17.0.15", 8 for 1.8)."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r'(?:version "|javac )(?:1\.)?(\d+)', proc.stdout + proc.stderr)
    return int(m.group(1)) if m else None


def test_out_of_memory_heap(tmp_path):
    src = """import java.util.*;
public class Hog {
    public static void main(String[] args) {
        List<long[]> keep = new ArrayList<>();
        while (true) keep.add(new long[1 << 20]);
    }
}
"""
    out = _java_source(tmp_path, "Hog", src, opts=("-Xmx16m",))
    assert_reproduced(
        out, "java/out-of-memory-heap", "java.lang.OutOfMemoryError: Java heap space", tmp_path
    )


def test_class_not_found(tmp_path):
    src = """public class LoadDriver {
    public static void main(String[] args) throws Exception {
        Class.forName("com.example.jdbc.MissingDriver");
    }
}
"""
    out = _java_source(tmp_path, "LoadDriver", src)
    assert_reproduced(
        out,
        "java/class-not-found",
        "java.lang.ClassNotFoundException: com.example.jdbc.MissingDriver",
        tmp_path,
    )


def test_no_class_def_found(tmp_path):
    require_tool("javac")
    require_tool("java")
    pkg = tmp_path / "src" / "com" / "example"
    pkg.mkdir(parents=True)
    (pkg / "Helper.java").write_text(
        "package com.example;\npublic class Helper {\n"
        '    public static String greet() { return "hi"; }\n}\n',
        encoding="utf-8",
    )
    (pkg / "App.java").write_text(
        "package com.example;\npublic class App {\n"
        "    public static void main(String[] args) { System.out.println(Helper.greet()); }\n}\n",
        encoding="utf-8",
    )
    build = run_tool(
        ["javac", "-d", "out", "src/com/example/Helper.java", "src/com/example/App.java"],
        cwd=tmp_path,
    )
    assert (tmp_path / "out/com/example/Helper.class").exists(), build
    # Present when App was compiled, missing at run time: the classic NoClassDefFoundError.
    (tmp_path / "out/com/example/Helper.class").unlink()
    out = run_tool(["java", "-cp", "out", "com.example.App"], cwd=tmp_path)
    assert_reproduced(
        out,
        "java/no-class-def-found",
        "java.lang.NoClassDefFoundError: com/example/Helper",
        tmp_path,
    )


def test_null_pointer_exception(tmp_path):
    # The source launcher compiles without -g, so the helpful message names the local <local1>.
    src = """public class Npe {
    public static void main(String[] args) {
        String name = args.length > 5 ? "x" : null;
        System.out.println(name.length());
    }
}
"""
    out = _java_source(tmp_path, "Npe", src)
    assert_reproduced(
        out,
        "java/null-pointer-exception",
        'java.lang.NullPointerException: Cannot invoke "String.length()"',
        tmp_path,
    )


def test_unsupported_class_version(tmp_path):
    require_tool("java")
    runtime = _java_major(["java", "-version"])
    newer = None
    for javac in sorted(glob.glob("/usr/lib/jvm/*/bin/javac")):
        major = _java_major([javac, "-version"])
        if runtime is not None and major is not None and major > runtime:
            newer = javac
            break
    if newer is None:
        pytest.skip(f"no JDK newer than the default java ({runtime}) under /usr/lib/jvm")
    (tmp_path / "Hello.java").write_text(
        "public class Hello {\n    public static void main(String[] args) {\n"
        '        System.out.println("hello");\n    }\n}\n',
        encoding="utf-8",
    )
    build = run_tool([newer, "-d", "out", "Hello.java"], cwd=tmp_path)
    assert (tmp_path / "out/Hello.class").exists(), build
    out = run_tool(["java", "-cp", "out", "Hello"], cwd=tmp_path)
    assert_reproduced(
        out,
        "java/unsupported-class-version",
        "has been compiled by a more recent version of the Java Runtime",
        tmp_path,
    )


def test_javac_cannot_find_symbol(tmp_path):
    src = """public class Report {
    public static void main(String[] args) {
        System.out.println(totalCount);
    }
}
"""
    out = _javac(tmp_path, "Report", src)
    assert_reproduced(out, "java/javac-cannot-find-symbol", "error: cannot find symbol", tmp_path)


def test_javac_incompatible_types(tmp_path):
    src = """public class Parse {
    public static void main(String[] args) {
        int port = "8080";
    }
}
"""
    out = _javac(tmp_path, "Parse", src)
    assert_reproduced(
        out,
        "java/javac-incompatible-types",
        "error: incompatible types: String cannot be converted to int",
        tmp_path,
    )


def test_stack_overflow(tmp_path):
    src = """public class Recurse {
    static int depth(int n) { return depth(n + 1) + 1; }
    public static void main(String[] args) { depth(0); }
}
"""
    out = _java_source(tmp_path, "Recurse", src)
    assert_reproduced(out, "java/stack-overflow", "java.lang.StackOverflowError", tmp_path)


def test_concurrent_modification(tmp_path):
    src = """import java.util.*;
public class Cme {
    public static void main(String[] args) {
        List<String> names = new ArrayList<>(List.of("a", "b", "c"));
        for (String n : names) {
            if (n.equals("a")) names.remove(n);
        }
    }
}
"""
    out = _java_source(tmp_path, "Cme", src)
    assert_reproduced(
        out, "java/concurrent-modification", "java.util.ConcurrentModificationException", tmp_path
    )


def test_main_class_not_found(tmp_path):
    require_tool("java")
    (tmp_path / "out").mkdir()
    out = run_tool(["java", "-cp", "out", "com.example.App"], cwd=tmp_path)
    assert_reproduced(
        out,
        "java/main-class-not-found",
        "Could not find or load main class com.example.App",
        tmp_path,
    )


def test_bind_address_in_use(tmp_path):
    src = """import java.net.*;
public class Bind {
    public static void main(String[] args) throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        ServerSocket first = new ServerSocket(0, 50, lo);
        new ServerSocket(first.getLocalPort(), 50, lo);
    }
}
"""
    out = _java_source(tmp_path, "Bind", src)
    assert_reproduced(
        out, "java/bind-address-in-use", "java.net.BindException: Address already in use", tmp_path
    )


def test_ssl_pkix_path_building_failed(tmp_path):
    require_tool("java")
    keytool = require_tool("keytool")
    gen = run_tool(
        [
            keytool,
            "-genkeypair",
            "-alias",
            "srv",
            "-keyalg",
            "RSA",
            "-keysize",
            "2048",
            "-dname",
            "CN=localhost",
            "-validity",
            "2",
            "-keystore",
            "ks.p12",
            "-storetype",
            "PKCS12",
            "-storepass",
            "changeit",
            "-keypass",
            "changeit",
        ],
        cwd=tmp_path,
    )
    assert (tmp_path / "ks.p12").exists(), gen
    # A TLS server with a self-signed certificate on loopback, and a client that trusts only
    # the JDK's default CA store: the handshake fails with PKIX path building failed.
    src = """import javax.net.ssl.*;
import java.io.FileInputStream;
import java.net.*;
import java.security.KeyStore;
public class Tls {
    public static void main(String[] args) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(new FileInputStream(args[0]), "changeit".toCharArray());
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        SSLContext sc = SSLContext.getInstance("TLS");
        sc.init(kmf.getKeyManagers(), null, null);
        SSLServerSocket ss = (SSLServerSocket) sc.getServerSocketFactory()
                .createServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            try (SSLSocket c = (SSLSocket) ss.accept()) { c.startHandshake(); } catch (Exception e) { }
        });
        t.setDaemon(true);
        t.start();
        new URL("https://localhost:" + ss.getLocalPort() + "/").openStream();
    }
}
"""
    out = _java_source(tmp_path, "Tls", src, "ks.p12")
    assert_reproduced(
        out,
        "java/ssl-pkix-path-building-failed",
        "javax.net.ssl.SSLHandshakeException: PKIX path building failed",
        tmp_path,
    )


# --------------------------------------------------------------------------- maven

_PLUGINS = """  <build>
    <plugins>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.2.5</version></plugin>
    </plugins>
  </build>
"""


def _pom(
    properties: str = "<maven.compiler.release>17</maven.compiler.release>",
    dependencies: str = "",
    repositories: str = "",
) -> str:
    return f"""<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>demo</artifactId>
  <version>1.0</version>
  <properties>
    {properties}
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  {repositories}
  <dependencies>{dependencies}</dependencies>
{_PLUGINS}</project>
"""


def _mvn(tmp_path: Path, pom: str, files: dict[str, str], goal: str, needle: str) -> str:
    """Build a tiny project with plugins taken from the local cache, never from the network.

    `central` is mirrored to `~/.m2/repository` through a file:// URL and the build uses a fresh
    local repository in tmp_path, so the user's cache is only read. When the cache lacks a
    plugin the build fails on that instead; then the test is skipped, saying so.
    """
    require_tool("mvn")
    cache = Path.home() / ".m2" / "repository"
    if not cache.is_dir():
        pytest.skip(f"no local Maven cache at {cache} to take plugins from")
    project = tmp_path / "demo"
    project.mkdir()
    (project / "pom.xml").write_text(pom, encoding="utf-8")
    for rel, text in files.items():
        path = project / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "settings.xml").write_text(
        f"""<settings>
  <localRepository>{tmp_path / "m2repo"}</localRepository>
  <mirrors>
    <mirror><id>m2-cache</id><mirrorOf>central</mirrorOf><url>{cache.as_uri()}</url></mirror>
  </mirrors>
</settings>
""",
        encoding="utf-8",
    )
    out = run_tool(["mvn", "-B", "-s", str(tmp_path / "settings.xml"), goal], cwd=project)
    if needle not in out and re.search(
        r"could not be resolved|Could not find artifact|Could not resolve dependencies", out
    ):
        pytest.skip(
            "the local Maven cache lacks a plugin or library this build needs:\n"
            + "\n".join(line for line in out.splitlines() if "[ERROR]" in line)[:2000]
        )
    return out


_APP = {
    "src/main/java/com/example/App.java": "package com.example;\n\npublic class App {\n    public static int add(int a, int b) { return a + b; }\n}\n"
}


def test_maven_dependency_resolution_failed(tmp_path):
    dep = (
        "<dependency><groupId>com.acme.internal</groupId><artifactId>billing-client</artifactId>"
        "<version>2.4.1</version></dependency>"
    )
    needle = "Could not resolve dependencies for project com.example:demo:jar:1.0"
    out = _mvn(tmp_path, _pom(dependencies=dep), _APP, "compile", needle)
    assert_reproduced(out, "maven/dependency-resolution-failed", needle, tmp_path)


def test_maven_compilation_failure(tmp_path):
    files = {
        "src/main/java/com/example/App.java": "package com.example;\n\npublic class App {\n    int total = undefinedThing;\n}\n"
    }
    needle = "maven-compiler-plugin:3.13.0:compile (default-compile) on project demo: Compilation failure"
    out = _mvn(tmp_path, _pom(), files, "compile", needle)
    assert_reproduced(out, "maven/compilation-failure", needle, tmp_path)


def test_maven_source_option_no_longer_supported(tmp_path):
    props = (
        "<maven.compiler.source>1.5</maven.compiler.source>"
        "<maven.compiler.target>1.5</maven.compiler.target>"
    )
    needle = "Source option 5 is no longer supported. Use 7 or later."
    out = _mvn(tmp_path, _pom(properties=props), _APP, "compile", needle)
    assert_reproduced(out, "maven/source-option-no-longer-supported", needle, tmp_path)


def test_maven_test_failures(tmp_path):
    dep = (
        "<dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId>"
        "<version>5.10.2</version><scope>test</scope></dependency>"
    )
    files = dict(_APP)
    files["src/test/java/com/example/AppTest.java"] = (
        "package com.example;\n\nimport org.junit.jupiter.api.Test;\n"
        "import static org.junit.jupiter.api.Assertions.assertEquals;\n\n"
        "class AppTest {\n    @Test\n    void adds() { assertEquals(4, App.add(2, 3)); }\n}\n"
    )
    needle = "There are test failures."
    out = _mvn(tmp_path, _pom(dependencies=dep), files, "test", needle)
    assert_reproduced(out, "maven/test-failures", needle, tmp_path)


def test_maven_non_resolvable_parent_pom(tmp_path):
    pom = """<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>com.acme.platform</groupId>
    <artifactId>acme-parent</artifactId>
    <version>3.2.0</version>
  </parent>
  <artifactId>demo</artifactId>
</project>
"""
    needle = "Non-resolvable parent POM for com.acme.platform:demo:3.2.0"
    out = _mvn(tmp_path, pom, {}, "validate", needle)
    assert_reproduced(out, "maven/non-resolvable-parent-pom", needle, tmp_path)


def test_maven_blocked_mirror_http(tmp_path):
    # Maven 3.8.1+ ships a mirror that blocks every http:// repository.
    repo = (
        "<repositories><repository><id>acme-nexus</id>"
        "<url>http://nexus.acme.example/repository/maven-releases/</url>"
        "</repository></repositories>"
    )
    dep = (
        "<dependency><groupId>com.acme.internal</groupId><artifactId>billing-client</artifactId>"
        "<version>2.4.1</version></dependency>"
    )
    out = _mvn(
        tmp_path,
        _pom(dependencies=dep, repositories=repo),
        _APP,
        "compile",
        "Could not resolve dependencies",
    )
    if "Blocked mirror for repositories" not in out:
        pytest.skip("this Maven does not block http:// repositories (it is older than 3.8.1)")
    assert_reproduced(out, "maven/blocked-mirror-http", "Blocked mirror for repositories", tmp_path)


# --------------------------------------------------------------------------- docker / kubectl


def test_docker_daemon_not_running(tmp_path):
    require_tool("docker")
    sock = tmp_path / "no-daemon" / "docker.sock"  # nothing listens here
    out = run_tool(
        ["docker", "ps"],
        cwd=tmp_path,
        env={"DOCKER_HOST": f"unix://{sock}", "DOCKER_CONFIG": str(tmp_path / "cfg")},
    )
    assert_reproduced(
        out, "docker/daemon-not-running", "Cannot connect to the Docker daemon at unix://", tmp_path
    )


def test_docker_permission_denied_socket(tmp_path):
    docker = require_tool("docker")
    setpriv = require_tool("setpriv")
    if os.geteuid() != 0:
        pytest.skip("needs root to run the docker client as an unprivileged user")
    sock_dir = tmp_path
    if len(str(tmp_path / "docker.sock")) > 100:  # AF_UNIX paths are limited to ~108 bytes
        sock_dir = Path(tempfile.mkdtemp(prefix="dsock-"))
    sock_path = sock_dir / "docker.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(sock_path))
        server.listen(1)
        os.chmod(sock_path, 0o600)  # root-only, like a docker.sock the user's group cannot use
        # The docker client, run as `nobody`, is refused by the socket's permissions.
        out = run_tool(
            [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", docker, "ps"],
            cwd=tmp_path,
            env={
                "DOCKER_HOST": f"unix://{sock_path}",
                "HOME": "/nonexistent",
                "DOCKER_CONFIG": "/nonexistent/.docker",
            },
        )
    finally:
        server.close()
        if sock_dir != tmp_path:
            shutil.rmtree(sock_dir, ignore_errors=True)
    assert_reproduced(
        out,
        "docker/permission-denied-socket",
        "permission denied while trying to connect to the Docker daemon socket",
        tmp_path,
    )


def test_kubectl_connection_refused_localhost_8080(tmp_path):
    kubectl = require_tool("kubectl")
    probe = socket.socket()
    try:
        if probe.connect_ex(("127.0.0.1", 8080)) == 0:
            pytest.skip("something listens on localhost:8080 here")
    finally:
        probe.close()
    # No kubeconfig at all: kubectl falls back to http://localhost:8080.
    out = run_tool(
        [kubectl, "get", "pods"],
        cwd=tmp_path,
        env={"KUBECONFIG": str(tmp_path / "missing-kubeconfig"), "HOME": str(tmp_path)},
        timeout=120,
    )
    assert_reproduced(
        out,
        "kubernetes/connection-refused-localhost-8080",
        "The connection to the server localhost:8080 was refused",
        tmp_path,
    )


def test_reproduced_ids_are_marked():
    """Exactly the entries proven here carry verification_tier "reproduced" in these domains."""
    root = Path(__file__).resolve().parents[2] / "records"
    marked = set()
    for domain in ("java", "gradle", "maven", "docker", "kubernetes"):
        for path in (root / domain).glob("*.json"):
            record = json.loads(path.read_text(encoding="utf-8"))
            if record.get("verification_tier") == "reproduced":
                marked.add(record["id"])
    from .test_catalogue_quality import reproduced_ids

    owners = reproduced_ids()  # other modules now reproduce entries of these domains too
    marked = {i for i in marked if owners.get(i, "test_reproduce_jvm") == "test_reproduce_jvm"}
    assert marked == set(REPRODUCED_IDS)
