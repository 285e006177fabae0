"""Scan speed on localised logs and logs in other encodings, against the same log in UTF-8.

    python bench/bench_encodings.py [--mb 20] [--share 0.1]

Writes the bench's varied log (`bench_scan.make_log`) with a localised phrase appended to a
share of its lines (German, Turkish, Greek, Russian, Japanese), then the same text saved as
cp1252 and UTF-16, and times, in one run, the bundled catalogue's scan of each (one core,
CPU seconds, best of 2) against a bare Python binary line loop over the same file. Turkish
text holds dotless and dotted i, which IGNORECASE equates with i: a chunk holding one is
searched as folded text, not as bytes. Not a test: the ratios are what count.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scan import OUT, bare_loop, best_cpu, make_log  # noqa: E402

from triage_app.core.catalog import default_catalog_dirs  # noqa: E402
from triage_app.core.catalog_cache import open_catalog  # noqa: E402
from triage_app.core.scan import scan_file  # noqa: E402

PHRASES = {
    "german": " Verbindung fehlgeschlagen: Zeitüberschreitung beim Lesen",
    "turkish": " Bağlantı reddedildi: sunucu yanıt vermedi (İstanbul)",
    "greek": " Σφάλμα σύνδεσης: η σύνδεση απορρίφθηκε",
    "russian": " Ошибка: соединение отклонено сервером",
    "japanese": " 接続が拒否されました。サーバーを確認してください",
}


def variants(base: Path, share: float) -> list[tuple[str, Path, str]]:
    """(label, file, encoding) of every log to time, written once."""
    lines = base.read_text(encoding="utf-8", errors="replace").split("\n")
    out = [("utf-8 (as generated)", base, "utf-8")]
    for language, phrase in PHRASES.items():
        path = OUT / f"bench-enc-{language}.log"
        if not path.exists():
            rng = random.Random(language)
            text = "\n".join(line + phrase if rng.random() < share else line for line in lines)
            path.write_text(text, encoding="utf-8")
        out.append((f"utf-8, {language}", path, "utf-8"))
    german = (OUT / "bench-enc-german.log").read_text(encoding="utf-8")
    for encoding in ("cp1252", "utf-16"):
        path = OUT / f"bench-enc-german-{encoding}.log"
        if not path.exists():
            path.write_bytes(german.encode(encoding, "replace"))
        out.append((f"{encoding}, german", path, encoding))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=20)
    parser.add_argument("--share", type=float, default=0.1, help="lines given a phrase")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    compiled = open_catalog(default_catalog_dirs())
    matcher = compiled.matcher()
    examples = [x for e in compiled.catalog for x in (e.signature, *e.get("examples", []))]
    base = OUT / f"bench-{args.mb}mb.log"
    make_log(base, args.mb, examples)
    print(
        f"bundled catalogue: {len(compiled.catalog)} entries; {args.share:.0%} of lines localised"
    )
    print(f"{'log':<22} {'MB':>6} {'scan cpu':>9} {'bare cpu':>9} {'ratio':>8} {'matches':>8}")
    for label, path, encoding in variants(base, args.share):
        bare, _lines = best_cpu(bare_loop, path)
        scan, result = best_cpu(
            lambda p, e=encoding: scan_file(p, matcher, encoding=e, fuzzy=True), path, repeat=2
        )
        assert result.error is None, result.error
        print(
            f"{label:<22} {path.stat().st_size / 1e6:6.1f} {scan:8.2f}s {bare:8.3f}s "
            f"{'1/' + format(scan / bare, '.1f'):>8} {len(result.matches):8d}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
