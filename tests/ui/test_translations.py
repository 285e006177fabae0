"""UI text goes through Qt's translation system: the .ts sources and compiled .qm are current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from triage_app.ui.widgets.i18n import translate, translations_dir, translator

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_translations_match_the_marked_strings():
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "translations.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_compiled_chinese_translation_loads_and_english_is_the_source():
    assert (translations_dir() / "triage_zh.qm").is_file()
    assert translator("zh") is not None and translator("en") is None
    assert translate("EntryPanel", "Root cause", "zh") == "根本原因"
    assert translate("Notes", "Notes are read-only: {reason}", "zh").format(reason="x") == (
        "笔记为只读：x"
    )
    assert translate("EntryPanel", "Root cause", "en") == "Root cause"
    assert translate("EntryPanel", "a text nobody marked", "zh") == "a text nobody marked"


def test_every_translation_keeps_the_placeholders_of_its_source():
    import re
    import xml.etree.ElementTree as ET

    broken = []
    for ts in translations_dir().glob("triage_*.ts"):
        for message in ET.parse(ts).getroot().iter("message"):
            source = message.findtext("source") or ""
            text = message.findtext("translation") or ""
            if set(re.findall(r"\{\w+\}", source)) != set(re.findall(r"\{\w+\}", text)):
                broken.append((ts.name, source, text))
    assert broken == []


def test_installed_on_the_application_the_translation_turns_window_text_chinese(qtbot, qapp):
    from triage_app.ui.log.find_bar import FindBar

    chinese = translator("zh")
    qapp.installTranslator(chinese)
    try:
        bar = FindBar()
        qtbot.addWidget(bar)
        assert bar.regex.text() == "正则表达式" and bar.case.text() == "区分大小写"
    finally:
        qapp.removeTranslator(chinese)
    assert FindBar().regex.text() == "Regex"
