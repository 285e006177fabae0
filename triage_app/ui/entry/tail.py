"""The end of the entry panel: documentation, dates and names, the matching pattern with its
examples, and any fields this version does not know (kept and shown, never dropped)."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QWidget

from triage_app.core.entry import Entry
from triage_app.core.record_format import KNOWN_FIELDS
from triage_app.ui.entry.sections import column, link_html, mono, para, soft_wrap, text_of

_DATES = (
    ("first_seen", "First seen", "首次出现"),
    ("last_confirmed", "Last confirmed", "最近确认"),
    ("last_updated", "Updated", "更新于"),
)


def docs(entry: Entry, parent: QWidget, on_link: Callable[[str], None]) -> QLabel | None:
    url = entry.get("official_doc_url")
    section = entry.get("official_doc_section")
    if not url and not section:
        return None
    if url:
        text = f"{section} — {url}" if section else url
        label = para(link_html(str(url), str(text)), parent, rich=True)
    else:
        label = para(str(section), parent)
    label.setToolTip(str(url or ""))
    label.linkActivated.connect(on_link)
    return label


def record_info(entry: Entry, language: str, parent: QWidget) -> QLabel | None:
    """Dates, evidence count, aliases, tags and the file the record came from."""
    zh = language == "zh"
    lines = []
    dates = [
        f"{zh_name if zh else name} {html.escape(str(entry.get(f)))}"
        for f, name, zh_name in _DATES
        if entry.get(f)
    ]
    if dates:
        lines.append(" · ".join(dates))
    evidence = entry.get("evidence_count")
    if isinstance(evidence, int) and not isinstance(evidence, bool):
        lines.append(
            f"证据数：{evidence}"
            if zh
            else f"Evidence: {evidence} report{'' if evidence == 1 else 's'}"
        )
    for field, en, zh_name in (("aliases", "Also known as", "别名"), ("tags", "Tags", "标签")):
        values = [html.escape(soft_wrap(str(v))) for v in entry.get(field, []) if str(v).strip()]
        if values:
            lines.append(f"<b>{zh_name if zh else en}:</b> " + " · ".join(values))
    if entry.source:
        lines.append(
            f"<span>{'来源文件' if zh else 'Record file'}: "
            f"{html.escape(soft_wrap(entry.source))}</span>"
        )
    return para("<br>".join(lines), parent, rich=True) if lines else None


def matching(entry: Entry, language: str, parent: QWidget) -> QWidget:
    """The regex and the example lines it must (and must not) match."""
    box, layout = column(parent)
    zh = language == "zh"
    flag = (
        ("区分大小写" if zh else "case-sensitive")
        if entry.case_sensitive
        else ("不区分大小写" if zh else "case-insensitive")
    )
    layout.addWidget(para(f"{'正则表达式' if zh else 'Pattern'} ({flag})", box, muted=True))
    layout.addWidget(mono(entry.regex, box))
    for field, en, zh_name in (
        ("examples", "Matches, for example", "匹配示例"),
        ("counter_examples", "Does not match", "不匹配"),
    ):
        values = [str(v) for v in entry.get(field, []) if str(v).strip()]
        if values:
            layout.addWidget(para(zh_name if zh else en, box, muted=True))
            layout.addWidget(mono("\n".join(values), box))
    return box


def other_fields(entry: Entry, parent: QWidget) -> QWidget | None:
    """Fields this version does not know (kept and shown, never dropped)."""
    extra = {k: v for k, v in entry.data.items() if k not in KNOWN_FIELDS and v is not None}
    if not extra:
        return None
    box, layout = column(parent)
    for key, value in sorted(extra.items()):
        layout.addWidget(para(str(key), box, muted=True))
        layout.addWidget(mono(text_of(value), box))
    return box
