"""The entry panel's words, in the reader's language (Qt translation context "EntryPanel").

Headings and labels are English sources marked for `pyside6-lupdate`; their Chinese text is
in `resources/i18n/triage_zh.ts`. A record's own `_zh` fields are data: `pick` chooses them.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from triage_app.core.entry import Entry
from triage_app.core.record_format import CONFUSED_WITH, LEADS_TO, PRECEDED_BY
from triage_app.ui.widgets.i18n import translate
from triage_app.ui.widgets.text import text_of

HEADINGS = {
    "root_cause": QT_TRANSLATE_NOOP("EntryPanel", "Root cause"),
    "versions": QT_TRANSLATE_NOOP("EntryPanel", "Versions"),
    "os_specific": QT_TRANSLATE_NOOP("EntryPanel", "Operating systems"),
    "dead_ends": QT_TRANSLATE_NOOP("EntryPanel", "Don't try this"),
    "workarounds": QT_TRANSLATE_NOOP("EntryPanel", "Workarounds"),
    "related": QT_TRANSLATE_NOOP("EntryPanel", "Related errors"),
    "docs": QT_TRANSLATE_NOOP("EntryPanel", "Documentation"),
    "record": QT_TRANSLATE_NOOP("EntryPanel", "About this entry"),
    "matching": QT_TRANSLATE_NOOP("EntryPanel", "How it is recognised"),
    "other": QT_TRANSLATE_NOOP("EntryPanel", "Other fields"),
    "confidence": QT_TRANSLATE_NOOP("EntryPanel", "Confidence"),
    "fix_success_rate": QT_TRANSLATE_NOOP("EntryPanel", "Fix success rate"),
    "verification_tier": QT_TRANSLATE_NOOP("EntryPanel", "Verification"),
    "resolvable": QT_TRANSLATE_NOOP("EntryPanel", "Resolvable"),
    "root_cause_type": QT_TRANSLATE_NOOP("EntryPanel", "Cause type"),
    "error_code": QT_TRANSLATE_NOOP("EntryPanel", "Error code"),
    "fails": QT_TRANSLATE_NOOP("EntryPanel", "fail"),
    "succeeds": QT_TRANSLATE_NOOP("EntryPanel", "success"),
    "estimate": QT_TRANSLATE_NOOP("EntryPanel", "estimate"),
    "estimate_tip": QT_TRANSLATE_NOOP(
        "EntryPanel", "An estimate by the catalogue's authors: no cited source measured this rate."
    ),
    "when": QT_TRANSLATE_NOOP("EntryPanel", "When"),
    "sources": QT_TRANSLATE_NOOP("EntryPanel", "Sources"),
    "missing": QT_TRANSLATE_NOOP("EntryPanel", "This id is not in the loaded catalogue."),
    "known_as": QT_TRANSLATE_NOOP("EntryPanel", "Known as: {signature}"),
    "signature_translation": QT_TRANSLATE_NOOP(
        "EntryPanel", "Translation (no log prints this): {text}"
    ),
}


def tr(text: str, language: str) -> str:
    """`text`, an English source marked in the "EntryPanel" context, in `language`."""
    return translate("EntryPanel", text, language)


def word(key: str, language: str) -> str:
    return tr(HEADINGS[key], language)


def pick(entry: Entry, field: str, language: str) -> str:
    """`field` in the chosen language: the `_zh` variant when it is there, else English."""
    if language == "zh":
        zh = entry.get(f"{field}_zh")
        if isinstance(zh, str) and zh.strip():
            return zh.strip()
    value = entry.get(field)
    return text_of(value) if value is not None else ""


RELATION_WORDS = {
    LEADS_TO: QT_TRANSLATE_NOOP("EntryPanel", "leads to"),
    PRECEDED_BY: QT_TRANSLATE_NOOP("EntryPanel", "preceded by"),
    CONFUSED_WITH: QT_TRANSLATE_NOOP("EntryPanel", "confused with"),
    "confused_short": QT_TRANSLATE_NOOP("EntryPanel", "confused"),
    "if": QT_TRANSLATE_NOOP("EntryPanel", "if…"),
    "preceded_short": QT_TRANSLATE_NOOP("EntryPanel", "precedes"),
    "missing": QT_TRANSLATE_NOOP("EntryPanel", "not in the catalogue"),
    "none": QT_TRANSLATE_NOOP("EntryPanel", "No related errors recorded."),
    "more": QT_TRANSLATE_NOOP("EntryPanel", "more"),
}


def relation_words(language: str) -> dict[str, str]:
    """The graph's and the related list's words (relation names, "missing", …)."""
    return {key: tr(text, language) for key, text in RELATION_WORDS.items()}
