"""The versions a log states: Python, torch, CUDA, NCCL, the NVIDIA driver, node, npm, Java,
Go, rustc, gcc, git, kubectl and the Kubernetes server, Docker, and pip packages.

Each rule below is written after a line a real tool prints (the tests quote them, with where
each comes from). `VersionCollector` is fed lines or whole chunks and keeps one version per
package: a rule that states a version outright (`python --version`, `torch==2.1.2`,
nvidia-smi's `Driver Version:`) beats one that only implies it (a `/python3.11/` path in a
traceback, torch's `+cu121` tag); among equals the later line wins, except that a less precise
version (`3.11`) never replaces a more precise one it agrees with (`3.11.7`). Memory stays
bounded: at most `MAX_PACKAGES` packages are kept.

Only lines holding one of the rules' key words run the rules; in a chunk those lines are found
with one Aho-Corasick pass over the lowered bytes, as the matcher finds its candidate lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from triage_app.core.ansi import strip_ansi
from triage_app.core.automaton import LiteralAutomaton, ride_along
from triage_app.core.chunklines import ByteLines, Lines, annotator_bytes, rider_matches
from triage_app.core.memo import LazyPattern
from triage_app.core.plain import Plain

MAX_PACKAGES = 512
MAX_LINE = 4096  # characters of a line the rules look at

STATED = 2  # the line states the version of the tool itself
IMPLIED = 1  # the version follows from something else (a path, a build tag)
WEAK = 0  # a related number: nvidia-smi's "CUDA Version" is the newest CUDA the driver supports

_V = r"(?>\d+(?:\.\d+)+)"  # a dotted version (atomic: never cut short): 3.11, 535.104.05
_PRE = r"(?:\.?(?:dev|rc|a|b|post)\d+)*(?:\+\w+)?"  # PEP 440 pre/dev/post parts, local tag
_NAME = r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?"  # a PEP 508 distribution name

_ALIASES = {
    "pytorch": "torch",
    "nodejs": "node",
    "node-js": "node",
    "golang": "go",
    "rust": "rustc",
    "openjdk": "java",
    "jdk": "java",
    "jre": "java",
    "g++": "gcc",
    "k8s": "kubernetes",
    "kube-apiserver": "kubernetes",
    "nvidia": "nvidia-driver",
    "driver": "nvidia-driver",
    "cudatoolkit": "cuda",
    "cuda-toolkit": "cuda",
    "python3": "python",
    "cpython": "python",
}


def canonical_package(name: str) -> str:
    """One spelling per package: PEP 503 normalisation plus a few common aliases."""
    key = re.sub(r"[-_.]+", "-", name.strip().lower())
    return _ALIASES.get(key, key)


Found = Iterable[tuple[str, str, int]]  # (package, version, strength)


class _Rule(Plain):
    __slots__ = (
        "keys",  # lowered words; a line must hold one for the rule to run
        "pattern",
        "read",
    )

    def __init__(
        self,
        keys: tuple[str, ...],
        pattern: re.Pattern[str],
        read: Callable[[re.Match[str]], Found],
    ) -> None:
        self.keys = keys
        self.pattern = pattern
        self.read = read


def _one(package: str, strength: int = STATED, group: int = 1) -> Callable[..., Found]:
    def read(m: re.Match[str]) -> Found:
        return [(package, m.group(group), strength)]

    return read


def _named(strength: int = STATED) -> Callable[..., Found]:
    """The package name is group 1, its version group 2."""

    def read(m: re.Match[str]) -> Found:
        return [(m.group(1), m.group(2), strength)]

    return read


def _installed(m: re.Match[str]) -> Found:
    """pip's `Successfully installed a-1.2 b_c-3.4`: the version follows the last hyphen."""
    out = []
    for token in m.group(1).split()[:MAX_PACKAGES]:
        name, sep, version = token.rpartition("-")
        if sep and name and version[:1].isdigit():
            out.append((name, version, STATED))
    return out


def _nccl(m: re.Match[str]) -> Found:
    found = [("nccl", m.group(1), STATED)]
    if m.group(2):
        found.append(("cuda", m.group(2), IMPLIED))
    return found


def _pip_self(m: re.Match[str]) -> Found:
    found = [("pip", m.group(1), STATED)]
    if m.group(2):
        found.append(("python", m.group(2), IMPLIED))
    return found


def _node_engine(m: re.Match[str]) -> Found:
    found = [("node", m.group(1), STATED)]
    if m.group(2):
        found.append(("npm", m.group(2), STATED))
    return found


def _kube(m: re.Match[str]) -> Found:
    package = "kubectl" if m.group(1).lower() == "client" else "kubernetes"
    return [(package, m.group(2), STATED)]


def _rule(keys: str, pattern: str, read: Callable[[re.Match[str]], Found], flags: int = 0) -> _Rule:
    # Compiled on first use: most logs state few versions, and every scan imports this.
    lazy: Any = LazyPattern(pattern, flags)
    return _Rule(tuple(keys.split("|")), lazy, read)


_I = re.IGNORECASE
_CUDA_KEYS = "|".join(f"cuda{sep}{digit}" for sep in ("", " ") for digit in range(1, 10))
RULES: tuple[_Rule, ...] = (
    # Python: `python --version`, pytest's "platform linux -- Python 3.11.8, pytest-8.0.2",
    # torch's collect_env "Python version: 3.10.12 (main, ...)", pip's "requires a different
    # Python: 3.7.3 not in '>=3.8'".
    _rule(
        "python 2|python 3|python: |python version|python v",
        r"\bpython(?: version)?:?\s+v?([23]\.\d{1,2}(?:\.\d{1,3})?)(?![\d.]*\d)",
        _one("python"),
        _I,
    ),
    # Paths in tracebacks: .../lib/python3.11/site-packages/..., C:\...\Python311\Lib\...
    _rule(
        "/python2.|/python3.|\\python2.|\\python3.",
        r"[/\\]python([23]\.\d{1,2})[/\\]",
        _one("python", IMPLIED),
        _I,
    ),
    _rule("\\python3", r"\\Python3(\d{1,2})\\", lambda m: [("python", "3." + m.group(1), IMPLIED)]),
    # pip: "pip 23.2.1 from /path/site-packages/pip (python 3.11)" and its upgrade notice
    # "[notice] A new release of pip is available: 23.2.1 -> 24.0" (the first is installed).
    _rule("pip (python", rf"\bpip ({_V}) from \S.*?(?:\(python ({_V})\))?\s*$", _pip_self),
    _rule("new release of pip", rf"new release of pip is available: ({_V}) ->", _one("pip")),
    # Package pins: pip freeze, requirements, collect_env's "[pip3] torch==2.1.2".
    _rule("==", rf"(?:^|[\s\[\]'\"(,])({_NAME})==(\d[\w.+!]*)(?<![.+])", _named()),
    _rule("successfully installed", r"\bSuccessfully installed (\S.*)", _installed),
    _rule(
        "requirement already satisfied",
        rf"Requirement already satisfied: ({_NAME})\S* in \S.*\((\d[\w.+!]*)\)\s*$",
        _named(),
    ),
    # Poetry: "  - Installing torch (2.2.1)", "  - Updating numpy (1.26.3 -> 1.26.4)".
    _rule("- installing ", rf"-\s+Installing ({_NAME}) \((\d[\w.+!]*)\)", _named()),
    _rule("- updating ", rf"-\s+Updating ({_NAME}) \(\S+ -> (\d[\w.+!]*)\)", _named()),
    # torch: pip list ("torch   2.1.2+cu121"), collect_env "PyTorch version: 2.1.2+cu121",
    # transformers-cli env "PyTorch version (GPU?): 2.1.2+cu121 (True)".
    _rule("torch ", rf"(?:^|\s)torch\s+v?({_V}{_PRE})(?![\w.])", _one("torch")),
    _rule("pytorch version", rf"PyTorch version(?: \(GPU\?\))?:\s*({_V}{_PRE})", _one("torch")),
    # CUDA: nvcc, collect_env, nvidia-smi (the newest CUDA the driver supports: weaker),
    # toolkit paths, and NCCL's "+cuda12.1" (below).
    _rule("cuda compilation tools", rf"Cuda compilation tools, release ({_V})", _one("cuda")),
    _rule(
        "cuda used to build|cuda runtime version",
        rf"CUDA (?:used to build PyTorch|runtime version):\s*({_V})",
        _one("cuda"),
    ),
    _rule("cuda version", rf"\bCUDA Version:\s*({_V})", _one("cuda", WEAK)),
    _rule("/cuda-", r"/cuda-(\d+\.\d+)\b", _one("cuda", IMPLIED)),
    _rule(_CUDA_KEYS, r"\bcuda ?(\d{1,2}\.\d)(?![\d.]*\d)", _one("cuda", IMPLIED), _I),
    # NCCL's banner "NCCL version 2.18.1+cuda12.1"; torch's NCCL errors end "NCCL version 2.14.3".
    _rule("nccl version", rf"\bNCCL version ({_V})(?:\+cuda({_V}))?", _nccl),
    # NVIDIA driver: nvidia-smi "Driver Version: 535.104.05", collect_env "Nvidia driver
    # version: 535.104.05".
    _rule(
        "driver version", r"\bdriver version:\s*(\d{3}\.\d+(?:\.\d+)?)", _one("nvidia-driver"), _I
    ),
    # node: the "Node.js v20.11.0" line after an uncaught exception, npm's "node v20.11.0"
    # (npm ERR! / npm verbose), "npm info using node@v20.11.0", npm's EBADENGINE warning
    # "current: { node: 'v16.20.2', npm: '8.19.4' }", yarn's engine error.
    _rule("node.js v", rf"\bNode\.js v({_V})\b", _one("node")),
    _rule("node v|node -v v", rf"\bnode(?: -v)? v({_V})\b", _one("node")),
    _rule("node@", rf"\busing node@v({_V})\b", _one("node")),
    _rule("current:", rf"current: \{{ node: 'v?({_V})'(?:, npm: '({_V})')?", _node_engine),
    _rule(
        'the engine "node"', rf"The engine \"node\" is incompatible.*Got \"({_V})\"", _one("node")
    ),
    # npm: "npm info using npm@10.2.4", "npm ERR! npm  v9.8.1", old "npm ERR! npm -v 1.3.10",
    # "New minor version of npm available! 10.2.4 -> 10.5.0" (the first is installed; never
    # the "npm install -g npm@10.5.0" advice).
    _rule("npm@", rf"\busing npm@({_V})\b", _one("npm")),
    _rule("npm v|npm  v|npm -v", rf"\bnpm(?:\s+-v\s+v?|\s+v)({_V})\b", _one("npm")),
    _rule("version of npm available", rf"version of npm available! ({_V}) ->", _one("npm")),
    # Java: `java -version` ('openjdk version "17.0.9" 2023-10-17', 'java version "1.8.0_391"'),
    # -XshowSettings "java.version = 17.0.9", `mvn -v` "Java version: 17.0.9, vendor: ...",
    # `gradle --version` "JVM:          17.0.9 (Eclipse Adoptium 17.0.9+9)" (8.x: "Launcher JVM:").
    _rule('version "', r"\b(?:openjdk|java) version \"(\d[\w.+-]*)\"", _one("java")),
    _rule("java.version", r"\bjava\.version\s*[=:]\s*(\d[\w.+-]*)", _one("java")),
    _rule("java version:", r"\bJava version: (\d[\w.+-]*),", _one("java")),
    _rule("jvm:", r"^(?:Launcher )?JVM:\s+(\d[\w.+-]*)", _one("java")),
    # Go: `go version`, `go env` GOVERSION, and "go.mod requires go >= 1.22 (running go 1.21.5".
    _rule(
        "go version|goversion|running go",
        rf"\b(?:go version go|GOVERSION=['\"]?go|running go )({_V})",
        _one("go"),
    ),
    # Rust: `rustc --version` "rustc 1.76.0 (07dca489a 2024-02-04)", cargo's "the currently
    # active rustc version is 1.76.0", `cargo --version`.
    _rule("rustc 1", rf"\brustc ({_V})(?:-\w+)? \(", _one("rustc")),
    _rule("active rustc version", rf"currently active rustc version is ({_V})", _one("rustc")),
    _rule("cargo 1", rf"\bcargo ({_V})(?:-\w+)? \(", _one("cargo")),
    # gcc: "gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0", "g++-12 (Debian ...) 12.2.0",
    # `gcc -v` "gcc version 12.2.0 (Debian ...)", collect_env "GCC version: (Ubuntu ...) 11.4.0",
    # CMake "-- The CXX compiler identification is GNU 11.4.0".
    _rule(
        "gcc (|g++ (|gcc-|g++-|gcc version: (",
        rf"\b(?:gcc|g\+\+)(?:-\d+)?(?: version:)? \([^)]*\) ({_V})\b",
        _one("gcc"),
        _I,
    ),
    _rule("gcc version", rf"\bgcc version ({_V})\b", _one("gcc")),
    _rule("identification is gnu", rf"compiler identification is GNU ({_V})\b", _one("gcc")),
    # kubectl version: "Client Version: v1.29.2" / "Server Version: v1.28.5", and the older
    # 'Client Version: version.Info{Major:"1", Minor:"21", GitVersion:"v1.21.0", ...}'.
    _rule(
        "client version|server version",
        r"\b(Client|Server) Version: (?:version\.Info\{.*?GitVersion:\")?v(1\.\d+\.\d+)",
        _kube,
    ),
    # git: `git --version` "git version 2.39.5" (macOS adds " (Apple Git-143)").
    _rule("git version", rf"\bgit version ({_V})", _one("git")),
    # Docker: `docker --version` "Docker version 24.0.7, build afdd53b".
    _rule("docker version", rf"\bDocker version ({_V})", _one("docker")),
)


def _key_words() -> tuple[list[list[int]], LiteralAutomaton]:
    """Per key word, the rules it wakes; and one search for them all (compiled once per
    process, on the first big chunk: `automaton`; or found in the matcher's own pass, over
    the same lowered bytes, once it carries them)."""
    words: dict[str, list[int]] = {}
    for index, rule in enumerate(RULES):
        for key in rule.keys:
            words.setdefault(key, []).append(index)
    search = LiteralAutomaton([w.encode("utf-8") for w in words], 0, lowered=True)
    return list(words.values()), ride_along("versions", search)


_RULES_BY_WORD, _KEYS = _key_words()


def _precision(version: str) -> int:
    return len(re.findall(r"\d+", version))


class VersionCollector:
    """Feed lines (or chunks of whole lines); read `versions` for {package: version}."""

    def __init__(self, max_packages: int = MAX_PACKAGES) -> None:
        self.max_packages = max_packages
        self._seen: dict[str, tuple[str, int]] = {}
        self.dropped = 0  # packages not kept because of the cap

    @property
    def versions(self) -> dict[str, str]:
        return {package: version for package, (version, _) in self._seen.items()}

    def feed(self, line: str) -> None:
        """Read one line (ANSI sequences are removed here)."""
        text = strip_ansi(line[:MAX_LINE]).rstrip("\r\n")
        lowered = text.lower().encode("utf-8", "replace")
        rules: set[int] = set()
        for word, _start, _end in _KEYS.find_matches_as_indexes(lowered, overlapping=True):
            rules.update(_RULES_BY_WORD[word])
        if rules:
            self._apply(text, rules)

    def feed_chunk(self, chunk: str | bytes | Lines) -> None:
        """Read a chunk of whole lines (bytes are UTF-8; the matcher's `Lines` of a chunk
        lend their clean, lowered bytes); only lines with a key word run rules."""
        data, clean = annotator_bytes(chunk)
        hay = chunk.haystack if isinstance(chunk, ByteLines) else data.lower()
        line_start, line_end, rules = 0, -1, set()
        found = rider_matches(chunk, _KEYS.name)
        if found is None:
            found = _KEYS.find_matches_as_indexes(hay, overlapping=True)
        for word, start, _end in found:
            if start > line_end:  # the first hit on a new line
                if rules:
                    self._apply_span(data, line_start, line_end, rules, clean)
                line_start = hay.rfind(b"\n", 0, start) + 1
                line_end = hay.find(b"\n", start)
                line_end = len(hay) if line_end < 0 else line_end
                rules = set()
            rules.update(_RULES_BY_WORD[word])
        if rules:
            self._apply_span(data, line_start, line_end, rules, clean)

    def _apply_span(self, data: bytes, start: int, end: int, rules: set[int], clean: bool) -> None:
        raw = data[start : min(end, start + MAX_LINE * 4)]
        text = raw.decode("utf-8", "replace")[:MAX_LINE]
        self._apply((text if clean else strip_ansi(text)).rstrip("\r"), rules)

    def feed_lines(self, lines: Iterable[str]) -> VersionCollector:
        for line in lines:
            self.feed(line)
        return self

    def _apply(self, text: str, rules: Iterable[int]) -> None:
        for index in sorted(rules):
            rule = RULES[index]
            for match in rule.pattern.finditer(text):
                for package, version, strength in rule.read(match):
                    self._keep(canonical_package(package), version, strength)

    def replay(self, kept: Iterable[tuple[str, str, int]]) -> None:
        """What a `VersionRecorder` kept, in file order, as if this collector had read it."""
        for package, version, strength in kept:
            self._keep(package, version, strength)

    def _keep(self, package: str, version: str, strength: int) -> None:
        if package == "torch":
            tag = re.search(r"\+cu(\d{2,3})$", version)
            if tag:  # torch's CUDA build tag: cu121 -> 12.1, cu118 -> 11.8
                digits = tag.group(1)
                self._keep("cuda", f"{int(digits[:-1])}.{digits[-1]}", IMPLIED)
        old = self._seen.get(package)
        if old is None:
            if len(self._seen) >= self.max_packages:
                self.dropped += 1
                return
        elif strength < old[1] or (
            old[0].startswith(version + ".") and _precision(version) < _precision(old[0])
        ):
            return
        self._seen[package] = (version, strength)


class VersionRecorder(VersionCollector):
    """Reads chunks as `VersionCollector` does but keeps what they state in `kept`, in order,
    for a collector's `replay` (which version wins depends on the order statements arrive;
    a parallel scan reads chunks in worker processes)."""

    def __init__(self) -> None:
        super().__init__()
        self.kept: list[tuple[str, str, int]] = []

    def _keep(self, package: str, version: str, strength: int) -> None:
        self.kept.append((package, version, strength))


def stated_versions(lines: Iterable[str]) -> dict[str, str]:
    """The versions `lines` state, as {package: version}."""
    return VersionCollector().feed_lines(lines).versions


def iter_rule_keys() -> Iterator[str]:
    """Every key word of the rules (for tests that check each rule is reachable)."""
    for rule in RULES:
        yield from rule.keys
