"""Redaction: secrets in real log lines are hidden; healthy lines are left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.secrets_corpus import pem_lines, secrets_corpus, tricky_healthy_lines
from triage_app.core.redact import Redactor, marker

BENIGN = Path(__file__).resolve().parents[1] / "catalog" / "benign"
MIN_RECALL = 0.98
MAX_FALSE_REDACTION = 0.01


def leaked(secret: str, text: str, width: int = 10) -> bool:
    """Whether any `width` characters of the secret survive in `text` (a partly hidden token
    is still a leak)."""
    return any(secret[i : i + width] in text for i in range(max(1, len(secret) - width + 1)))


def test_leak_check_sees_a_partly_hidden_token():
    assert leaked("ghp_abcdefghijklmnop", "token [REDACTED x]_abcdefghijklmnop")
    assert not leaked("ghp_abcdefghijklmnop", "token [REDACTED github-token]")


def test_recall_on_documented_token_formats():
    redactor = Redactor()
    items = secrets_corpus(seed=11)
    missed = [(kind, line) for kind, line, secret in items if leaked(secret, redactor.redact(line))]
    recall = 1 - len(missed) / len(items)
    assert recall >= MIN_RECALL, missed[:20]
    kinds = {kind for kind, _line, _secret in items}
    assert len(kinds) >= 20  # the corpus covers many providers, not one easy format


def test_false_redactions_on_healthy_lines():
    redactor = Redactor()
    lines = tricky_healthy_lines(seed=5)
    for path in sorted(BENIGN.glob("*.log")):
        lines += path.read_text(encoding="utf-8", errors="replace").splitlines()
    hit = [line for line in lines if redactor.find(line)]
    assert len(lines) > 10_000
    assert len(hit) / len(lines) <= MAX_FALSE_REDACTION, hit[:20]
    tricky = tricky_healthy_lines(seed=6)
    assert not [line for line in tricky if redactor.find(line)]  # digests, hashes, UUIDs


def test_a_pem_private_key_is_hidden_across_lines():
    lines, body = pem_lines(seed=3)
    out = [text for text, _spans in Redactor().redact_lines(["before", *lines, "after"])]
    joined = "\n".join(out)
    assert all(part not in joined for part in body)
    assert out[0] == "before" and out[-1] == "after"


def test_markers_say_what_was_there_and_keep_the_rest():
    line = "+ git clone https://x-access-token:ghp_" + "a1B2" * 9 + "@github.com/acme/app.git"
    out = Redactor().redact(line)
    assert out.startswith("+ git clone https://x-access-token:")
    assert out.endswith("@github.com/acme/app.git")
    assert "[REDACTED" in out and "ghp_" not in out


@pytest.mark.parametrize(
    ("option", "line", "secret"),
    [
        ("emails", "Author: Jane Doe <jane.doe@example.org>", "jane.doe@example.org"),
        ("ips", "connect to 10.42.7.19:5432 failed; also fe80::1ff:fe23:4567:890a", "10.42.7.19"),
        ("home_paths", 'File "/home/jdoe/proj/app.py", line 3', "jdoe"),
        ("home_paths", r"C:\Users\jdoe\AppData\Local\Temp\x.log", "jdoe"),
    ],
)
def test_optional_kinds_only_when_asked(option, line, secret):
    assert secret in Redactor().redact(line)
    assert secret not in Redactor(**{option: True}).redact(line)


def test_ips_option_leaves_versions_alone():
    line = "Successfully installed torch-2.1.2 numpy-1.26.4 at 12:03:44.123"
    assert Redactor(ips=True).redact(line) == line


def test_marker_is_plain_text():
    assert marker("aws-key") == "[REDACTED aws-key]"
