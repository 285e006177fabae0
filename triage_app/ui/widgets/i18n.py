"""UI text in the reader's language, through Qt's own translation system.

Sources are English, marked where they are written with `QT_TRANSLATE_NOOP(context, text)`
(or `self.tr`), so `pyside6-lupdate` collects them into `resources/i18n/triage_<lang>.ts`;
`pyside6-lrelease` compiles those to the `.qm` files loaded here (`make translations` does
both; `tests/ui/test_translations.py` fails when either is stale). A record's own `_zh`
fields are data and are picked by the sections, never translated here.

The entry panel has its own EN/中文 switch, so a text is translated for a language given at
the call (`translate(context, text, language)`), with one `QTranslator` per language.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QTranslator

from triage_app.core import paths

LANGUAGES = ("en", "zh")
SOURCE_LANGUAGE = "en"


def translations_dir() -> Path:
    return paths.resources_dir() / "i18n"


@cache
def translator(language: str) -> QTranslator | None:
    """The loaded translator for `language`, or None (English, or no compiled file)."""
    if language == SOURCE_LANGUAGE:
        return None
    loaded = QTranslator()
    if not loaded.load(str(translations_dir() / f"triage_{language}.qm")):
        return None
    return loaded


def translate(context: str, text: str, language: str) -> str:
    """`text` (an English source marked in `context`) in `language`; itself if untranslated."""
    if language == SOURCE_LANGUAGE:
        return text
    loaded = translator(language)
    return (loaded.translate(context, text) if loaded is not None else "") or text


def normal_language(language: str) -> str:
    """`language` if the UI knows it, else the source language."""
    return language if language in LANGUAGES else SOURCE_LANGUAGE
