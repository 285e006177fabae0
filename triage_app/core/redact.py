"""Find secrets in log text so that a report never carries one out by accident.

Provider token formats (AWS, GitHub, GitLab, Slack, Stripe, JWT, private keys, passwords in
URLs, npm, PyPI, OpenAI, SendGrid, Twilio, Azure storage keys, ...) come from detect-secrets'
plugins: their curated patterns are run here for their spans. What those plugins leave to
file context is added for log lines: `key=value` assignments with secret-like keys, bearer and
basic `Authorization` headers, `--password X` flags, token formats the plugins do not know
(Hugging Face, Google API keys, npm, fine-grained GitHub tokens, newer OpenAI/Anthropic keys),
PEM blocks across lines, and long mixed-case high-entropy strings (Shannon entropy, the
plugins' own measure). E-mail addresses, IP addresses and user names in home paths are
optional. Digests (hex, `sha512-...` integrity strings), UUIDs, paths and version strings are
left alone: a redacted git hash is as useless as a leaked token is harmful.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from triage_app.core import own_regex

ENTROPY_LIMIT = 4.3
MIN_ENTROPY_LENGTH = 20


@dataclass(frozen=True)
class Redaction:
    """A span of a line to hide, and what it looked like (e.g. `aws-access-key`)."""

    start: int
    end: int
    kind: str


def _kind_name(class_name: str) -> str:
    name = class_name.removesuffix("Detector")
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", name).lower()


@cache
def _plugin_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(kind, pattern) of every regex-based detect-secrets plugin that fits log text."""
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    from detect_secrets.plugins.base import RegexBasedDetector

    skip = {"IPPublicDetector"}  # an option here, not a secret
    out = []
    for cls in get_mapping_from_secret_type_to_class().values():
        if not issubclass(cls, RegexBasedDetector) or cls.__name__ in skip:
            continue
        for pattern in cls().denylist:
            out.append((_kind_name(cls.__name__), pattern))
    return tuple(out)


_SECRET_KEY = (
    r"(?:password|passwd|pwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key"
    r"|secret[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|credentials?)"
)
_OWN_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "authorization-header",
        own_regex.compile(
            r"(?i)\b(?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?(?:bearer|basic|token|bot)"
            r"\s+([A-Za-z0-9._~+/=-]{8,})"
        ),
    ),
    (
        "assignment",
        own_regex.compile(
            rf"(?i)(?<![\w.-])(?:[\w.-]*[_.-])?{_SECRET_KEY}[\"']?\s*[:=]\s*"
            r"(?:\"([^\"]{4,})\"|'([^']{4,})'|([^\s\"',;}&@]{4,}))"
        ),
    ),
    (
        "password-flag",
        own_regex.compile(r"(?i)--(?:password|passwd|token|api-key|secret)[= ]+(\S{4,})"),
    ),
    ("url-password", own_regex.compile(r"://[^:/@\s]*:([^@\s/]{3,})@")),
    ("login-password", own_regex.compile(r"(?i)\blogin\b.*?\s-p\s+(\S{4,})")),
    ("huggingface-token", own_regex.compile(r"\bhf_[A-Za-z0-9]{30,}\b")),
    ("google-api-key", own_regex.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    ("npm-token", own_regex.compile(r"\bnpm_[A-Za-z0-9]{36}\b")),
    ("github-token", own_regex.compile(r"\bgithub_pat_[A-Za-z0-9_]{40,}\b")),
    ("api-key", own_regex.compile(r"\bsk-(?:proj-|ant-|live-)?[A-Za-z0-9_-]{24,}")),
    ("private-key", own_regex.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY( BLOCK)?-----")),
)
_NOT_A_VALUE = own_regex.compile(
    r"(?i)^(?:\*+|x+|<[^>]*>|\[[^\]]*\]|\$\{?[\w.-]+\}?|%\(?\w+\)?s?|null|none|nil|true|false"
    r"|undefined|redacted|hidden|masked|required|optional|\d{1,6}|\.{3})$"
    r"|^(?:/|~/|[A-Za-z]:\\)"  # a path (PWD=/home/x), not a password
)
_TOKEN = own_regex.compile(rf"[A-Za-z0-9+/_-]{{{MIN_ENTROPY_LENGTH},}}={{0,2}}")
_DIGEST_BEFORE = own_regex.compile(
    r"(?i)(?:sha(?:1|224|256|384|512)[-:=]|md5[-:=]|integrity[\"']?[:=]\s*[\"']?)$"
)
_HEX = own_regex.compile(r"^[0-9a-fA-F-]+$")
_EMAIL = own_regex.compile(r"[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
_IP_CANDIDATE = own_regex.compile(
    r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.])"
    r"|(?<![\w.:])[0-9a-fA-F]{0,4}(?::[0-9a-fA-F]{0,4}){2,7}(?![\w.:])"
)
_HOME = own_regex.compile(r"(?:/home/|/Users/|[A-Za-z]:\\Users\\)([^/\\\s]+)")
_PEM_END = own_regex.compile(r"-----END [A-Z ]*PRIVATE KEY( BLOCK)?-----")


@cache
def _base64_plugin():
    from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString

    return Base64HighEntropyString()


def shannon_entropy(text: str) -> float:
    """Bits per character over the base64 alphabet, as detect-secrets measures it."""
    return _base64_plugin().calculate_shannon_entropy(text)


def _looks_random(token: str) -> bool:
    """Mixed case and digits, not hex or a digest, and as random as a key."""
    core = token.strip("=")
    if _HEX.match(core) or len(core) < MIN_ENTROPY_LENGTH:
        return False
    # words joined to a digest (cache keys like Linux-node-<sha256>) are not a key
    parts = [p for p in re.split(r"[-_.]", core) if not (len(p) >= 7 and _HEX.match(p))]
    if sum(map(len, parts)) < MIN_ENTROPY_LENGTH:
        return False
    if not (re.search(r"[a-z]", core) and re.search(r"[A-Z]", core) and re.search(r"\d", core)):
        return False
    if "/" in core and not core.endswith("="):
        # a path (a/b/c) is not a key unless it is plainly base64 with padding
        parts = core.split("/")
        if all(len(p) < 16 for p in parts):
            return False
    return shannon_entropy(core) >= ENTROPY_LIMIT


class Redactor:
    """Finds spans to hide in one line at a time; `redact_lines` also hides PEM blocks."""

    def __init__(
        self, *, emails: bool = False, ips: bool = False, home_paths: bool = False
    ) -> None:
        self.emails, self.ips, self.home_paths = emails, ips, home_paths

    def find(self, line: str) -> list[Redaction]:
        """Non-overlapping spans to hide, in order."""
        found: list[Redaction] = []
        for kind, pattern in (*_plugin_patterns(), *_OWN_PATTERNS):
            for match in pattern.finditer(line):
                span = self._span(match)
                if span is None:
                    continue
                value = line[span[0] : span[1]]
                if kind in ("assignment", "password-flag") and _NOT_A_VALUE.match(value):
                    continue
                found.append(Redaction(span[0], span[1], kind))
        for match in _TOKEN.finditer(line):
            if _DIGEST_BEFORE.search(line, 0, match.start()) or not _looks_random(match.group()):
                continue
            found.append(Redaction(match.start(), match.end(), "high-entropy-string"))
        found.extend(self._optional(line))
        return _merge(found)

    @staticmethod
    def _span(match: re.Match[str]) -> tuple[int, int] | None:
        """The value a pattern captures (a password after `user:`), else the whole match.

        A group at the very start of the match is a token's prefix (`(ghp|gho)_...`), not its
        value: then the whole match is hidden.
        """
        for group in range(1, (match.re.groups or 0) + 1):
            if match.group(group) and match.start(group) > match.start():
                return match.span(group)
        start, end = match.span()
        text = match.group()
        start += len(text) - len(text.lstrip(" \t=:\"'"))
        end -= len(text) - len(text.rstrip(" \t\"'"))
        return (start, end) if end > start else None

    def _optional(self, line: str) -> Iterator[Redaction]:
        if self.emails:
            for m in _EMAIL.finditer(line):
                yield Redaction(m.start(), m.end(), "email")
        if self.ips:
            for m in _IP_CANDIDATE.finditer(line):
                try:
                    ipaddress.ip_address(m.group())
                except ValueError:
                    continue
                yield Redaction(m.start(), m.end(), "ip-address")
        if self.home_paths:
            for m in _HOME.finditer(line):
                yield Redaction(m.start(1), m.end(1), "user-name")

    def redact(self, line: str) -> str:
        return apply(line, self.find(line))

    def redact_lines(self, lines: Iterable[str]) -> Iterator[tuple[str, list[Redaction]]]:
        """Each line with its redactions; every line inside a PEM private key is hidden."""
        in_key = False
        for line in lines:
            if in_key:
                ends = _PEM_END.search(line)
                spans = [Redaction(0, ends.start() if ends else len(line), "private-key")]
                in_key = not ends
                yield apply(line, spans), spans
                continue
            spans = self.find(line)
            if any(r.kind == "private-key" for r in spans) and not _PEM_END.search(line):
                in_key = True
            yield apply(line, spans), spans


def _merge(found: list[Redaction]) -> list[Redaction]:
    out: list[Redaction] = []
    for r in sorted(found, key=lambda r: (r.start, -r.end)):
        if out and r.start < out[-1].end:
            last = out[-1]
            if r.end > last.end:
                out[-1] = Redaction(last.start, r.end, last.kind)
            continue
        out.append(r)
    return out


def marker(kind: str) -> str:
    return f"[REDACTED {kind}]"


def apply(line: str, spans: list[Redaction]) -> str:
    """`line` with each span replaced by a visible marker naming what was there."""
    parts, pos = [], 0
    for r in spans:
        parts.append(line[pos : r.start])
        parts.append(marker(r.kind))
        pos = r.end
    parts.append(line[pos:])
    return "".join(parts)
