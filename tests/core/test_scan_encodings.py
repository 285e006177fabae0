"""A log in another encoding is scanned as UTF-8 bytes (`logsource.utf8_chunks`): it must find
exactly what scanning its decoded text finds (the matcher's text path, `TextLines`)."""

from __future__ import annotations

import random

import pytest

from tests.support.loggen import generate
from triage_app.core import scan
from triage_app.core.catalog import default_catalog_dirs
from triage_app.core.catalog_cache import open_catalog
from triage_app.core.logsource import LogSource
from triage_app.core.scan import scan_file

# Localised words (German, French, Spanish, Turkish, Greek, Russian, Japanese) and characters
# that need care: the C1 CSI, the Kelvin sign and long s (IGNORECASE equates them with k and s).
_EXTRA = [
    " Verbindung fehlgeschlagen: Zeitüberschreitung",
    " échec de la connexion",
    " conexión rechazada (código 111)",
    " Bağlantı reddedildi: İstanbul",
    " Σφάλμα σύνδεσης",
    " Ошибка: соединение отклонено",
    " 接続が拒否されました",
    " \x9b31mred\x9b0m \u212aelvin ſtate",
    " \x1b[31mERROR\x1b[0m failed",
]


@pytest.fixture(scope="module")
def compiled():
    return open_catalog(default_catalog_dirs())


def _log(compiled, seed: int) -> str:
    errors = [
        x for entry in compiled.catalog for x in (entry.signature, *entry.get("examples", []))
    ]
    rng = random.Random(seed)
    lines = generate(3000, errors, error_every=25, seed=seed)
    return (
        "\n".join(line + rng.choice(_EXTRA) if rng.random() < 0.2 else line for line in lines)
        + "\n"
    )


def _as_json(result) -> tuple:
    return (
        result.lines,
        [m.to_json() for m in result.matches],
        result.notes,  # versions stated, their fits, unknown errors (compared as values)
        result.warning,
    )


@pytest.mark.parametrize(
    ("encoding", "seed"), [("cp1252", 1), ("latin-1", 2), ("utf-16", 3), ("utf-8", 4)]
)
def test_other_encodings_find_what_their_decoded_text_finds(
    tmp_path, monkeypatch, compiled, encoding, seed
):
    text = _log(compiled, seed)
    path = tmp_path / f"log-{encoding}.txt"
    path.write_bytes(text.encode(encoding, "replace"))
    matcher = compiled.matcher(fuzzy=True)
    as_bytes = scan_file(path, matcher, encoding=encoding, chunk_bytes=1 << 14)
    assert as_bytes.error is None
    assert len(as_bytes.matches) > 50

    def text_chunks(source: LogSource, chunk_bytes: int):  # the text path, as before
        return source.text_chunks(chunk_bytes)

    monkeypatch.setattr(scan, "utf8_chunks", text_chunks)
    as_text = scan_file(path, compiled.matcher(fuzzy=True), encoding=encoding, chunk_bytes=1 << 14)
    assert _as_json(as_bytes) == _as_json(as_text)
