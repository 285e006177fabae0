"""Building blocks of the entry panel: headings, paragraphs, facts, versions, and the small
text helpers they share. Every builder returns None for a field the record does not have, so
the panel never shows an empty heading or the word "None".
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QFontDatabase, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QLayout,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from triage_app.core.entry import Entry
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.rate_bar import RateBar
from triage_app.ui.widgets.wrap_text import WrapText

HEADINGS = {
    "root_cause": ("Root cause", "根本原因"),
    "versions": ("Versions", "版本"),
    "os_specific": ("Operating systems", "操作系统"),
    "dead_ends": ("Don't try this", "别这样做"),
    "workarounds": ("Workarounds", "解决办法"),
    "related": ("Related errors", "相关错误"),
    "docs": ("Documentation", "官方文档"),
    "record": ("About this entry", "关于本条目"),
    "matching": ("How it is recognised", "如何识别"),
    "other": ("Other fields", "其他字段"),
    "confidence": ("Confidence", "置信度"),
    "fix_success_rate": ("Fix success rate", "修复成功率"),
    "verification_tier": ("Verification", "验证级别"),
    "resolvable": ("Resolvable", "可解决"),
    "root_cause_type": ("Cause type", "原因类型"),
    "error_code": ("Error code", "错误码"),
    "fails": ("fail", "失败"),
    "succeeds": ("success", "成功"),
    "when": ("When", "条件"),
    "sources": ("Sources", "来源"),
    "missing": ("This id is not in the loaded catalogue.", "该 id 不在已加载的目录中。"),
}
TIERS = {
    "reproduced": ("Reproduced", "已复现", accents.SUCCESS),
    "human_reviewed": ("Human-reviewed", "人工审核", accents.NEUTRAL),
    "ai_generated": ("AI-generated, unverified", "AI 生成，未验证", accents.WARN),
}
RESOLVABLE = {"true": ("Yes", "是"), "false": ("No", "否"), "partial": ("Partly", "部分")}
_LONG_TOKEN = re.compile(r"\S{22,}")
_BREAK_AFTER = re.compile(r"([/._\-=,:;&?])")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_PIECE = 20


def word(key: str, language: str) -> str:
    en, zh = HEADINGS[key]
    return zh if language == "zh" else en


def soft_wrap(text: str) -> str:
    """Allow line breaks inside very long tokens (paths, URLs, camelCase names) so a label
    never forces the panel wider than its viewport; ordinary words are left alone.

    Breaks go after punctuation first, then between a lower- and an upper-case letter, and a
    piece still too long is cut every `_PIECE` characters.
    """
    return _LONG_TOKEN.sub(_wrap_token, text)


def _wrap_token(match: re.Match[str]) -> str:
    pieces = []
    for piece in _BREAK_AFTER.sub("\\1\u200b", match.group(0)).split("\u200b"):
        if len(piece) > _PIECE:
            piece = _CAMEL.sub("\u200b", piece)
            piece = "\u200b".join(
                "\u200b".join(part[i : i + _PIECE] for i in range(0, len(part), _PIECE))
                for part in piece.split("\u200b")
            )
        pieces.append(piece)
    return "\u200b".join(pieces)


def heading(text: str, parent: QWidget | None = None) -> QLabel:
    label = QLabel(text, parent)
    font = label.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.1)
    label.setFont(font)
    label.setWordWrap(True)
    label.setAccessibleName(text)
    return label


def para(
    text: str, parent: QWidget | None = None, *, muted: bool = False, rich: bool = False
) -> QLabel:
    """A wrapping, selectable paragraph (plain text unless `rich`)."""
    label = QLabel(text if rich else soft_wrap(text), parent)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(
        Qt.TextInteractionFlag.TextBrowserInteraction
        if rich
        else Qt.TextInteractionFlag.TextSelectableByMouse
    )
    if muted:
        palette = label.palette()
        palette.setColor(palette.ColorRole.WindowText, accents.muted_text(palette))
        label.setPalette(palette)
    return label


def mono(text: str, parent: QWidget | None = None) -> WrapText:
    view = WrapText(text, parent)
    view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    return view


def text_of(value: Any) -> str:
    """A field value for display: strings as they are, anything else as compact JSON."""
    if isinstance(value, str):
        return value.strip()
    return json.dumps(value, ensure_ascii=False, indent=1)


def pick(entry: Entry, field: str, language: str) -> str:
    """`field` in the chosen language: the `_zh` variant when it is there, else English."""
    if language == "zh":
        zh = entry.get(f"{field}_zh")
        if isinstance(zh, str) and zh.strip():
            return zh.strip()
    value = entry.get(field)
    return text_of(value) if value is not None else ""


def link_html(url: str, text: str | None = None) -> str:
    """A link for http(s) URLs; anything else is shown as plain text, never made clickable."""
    shown = html.escape(soft_wrap(text or url))
    if url.lower().startswith(("http://", "https://")):
        return f'<a href="{html.escape(url, quote=True)}">{shown}</a>'
    return shown


class FactsGrid(QWidget):
    """Key/value pairs in two columns of pairs when there is room, one column when narrow.

    Its minimum width is that of the one-column arrangement, so a narrow dock can always
    shrink it (a fixed two-column grid would push the whole panel wider than its viewport).
    """

    TWO_COLUMNS_FROM = 440

    def __init__(self, pairs: list[tuple[QLabel, QWidget]], parent: QWidget | None = None):
        super().__init__(parent)
        self._pairs = pairs
        self._columns = 0
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(10)
        self._grid.setVerticalSpacing(4)
        self._grid.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self._arrange(2)

    def minimumSizeHint(self) -> QSize:
        keys = max(k.sizeHint().width() for k, _ in self._pairs)
        values = max(v.minimumSizeHint().width() for _, v in self._pairs)
        return QSize(keys + 10 + values, self._grid.minimumSize().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(2 if event.size().width() >= self.TWO_COLUMNS_FROM else 1)

    def _arrange(self, columns: int) -> None:
        if columns == self._columns:
            return
        self._columns = columns
        for key, value in self._pairs:
            self._grid.removeWidget(key)
            self._grid.removeWidget(value)
        for column in range(4):
            self._grid.setColumnStretch(column, 0)
        for i, (key, value) in enumerate(self._pairs):
            row, col = divmod(i, columns)
            self._grid.addWidget(key, row, col * 2, Qt.AlignmentFlag.AlignTop)
            self._grid.addWidget(value, row, col * 2 + 1)
        for col in range(columns):
            self._grid.setColumnStretch(col * 2 + 1, 1)
        self.updateGeometry()


def facts(entry: Entry, language: str, parent: QWidget | None = None) -> QWidget | None:
    """Confidence, fix success rate (as bars), verification tier, resolvable, cause type, code."""
    cells: list[tuple[str, QWidget]] = []
    for field in ("confidence", "fix_success_rate"):
        value = entry.get(field)
        if isinstance(value, int | float) and not isinstance(value, bool):
            cells.append((field, RateBar(value, "neutral")))
    tier = entry.get("verification_tier")
    if tier:
        en, zh, color = TIERS.get(tier, (str(tier), str(tier), accents.MISSING))
        label = para(
            f"<span style='color:{accents.css(color)}'>●</span> "
            f"{html.escape(zh if language == 'zh' else en)}",
            rich=True,
        )
        cells.append(("verification_tier", label))
    resolvable = entry.get("resolvable")
    if resolvable is not None:
        en, zh = RESOLVABLE.get(str(resolvable).lower(), (str(resolvable), str(resolvable)))
        cells.append(("resolvable", QLabel(zh if language == "zh" else en)))
    for field in ("root_cause_type", "error_code"):
        if entry.get(field):
            cells.append((field, para(text_of(entry.get(field)))))
    if not cells:
        return None
    pairs = []
    for field, widget in cells:
        key = QLabel(word(field, language))
        palette = key.palette()
        palette.setColor(palette.ColorRole.WindowText, accents.muted_text(palette))
        key.setPalette(palette)
        pairs.append((key, widget))
    return FactsGrid(pairs, parent)


def os_notes(entry: Entry, parent: QWidget | None = None) -> QWidget | None:
    notes = entry.get("os_specific", {})
    if not isinstance(notes, Mapping) or not notes:
        return None
    lines = [
        f"<b>{html.escape(str(os_name))}</b>: {html.escape(soft_wrap(text_of(note)))}"
        for os_name, note in notes.items()
        if note
    ]
    return para("<br>".join(lines), parent, rich=True) if lines else None


def sources_label(
    sources: Any, language: str, parent: QWidget, on_link: Callable[[str], None]
) -> QLabel | None:
    items = [str(s).strip() for s in sources or [] if str(s).strip()]
    if not items:
        return None
    label = para(
        f"{word('sources', language)}: " + " · ".join(link_html(s) for s in items),
        parent,
        muted=True,
        rich=True,
    )
    label.linkActivated.connect(on_link)
    return label


def column(parent: QWidget | None = None, spacing: int = 4) -> tuple[QWidget, QVBoxLayout]:
    box = QWidget(parent)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(spacing)
    return box, layout


def tool_button(text: str, tip: str, parent: QWidget) -> QToolButton:
    button = QToolButton(parent)
    button.setText(text)
    button.setToolTip(tip)
    button.setAccessibleName(tip)
    button.setAutoRaise(True)
    return button


def rule(parent: QWidget) -> QFrame:
    line = QFrame(parent)
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


class SignatureView(QWidget):
    """The entry's signature as its title; a very long one is cut to `SHORT` characters with a
    "Show all" toggle, so the facts and root cause stay on the first screen."""

    SHORT = 220

    def __init__(self, text: str, parent: QWidget | None = None, language: str = "en") -> None:
        super().__init__(parent)
        self._text, self._language = text, language
        self.view = WrapText("", self)
        font = QFont(self.view.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.view.setFont(font)
        self.view.setAccessibleName("Signature")
        self.toggle = QToolButton(self)
        self.toggle.setAutoRaise(True)
        self.toggle.setCheckable(True)
        self.toggle.setVisible(len(text) > self.SHORT)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.view)
        layout.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignLeft)
        self.toggle.toggled.connect(self._on_toggle_toggled)
        self._on_toggle_toggled(False)

    def text(self) -> str:
        return self._text

    def _on_toggle_toggled(self, expanded: bool) -> None:
        short = len(self._text) <= self.SHORT or expanded
        cut = self._text[: self.SHORT].rstrip()
        self.view.set_plain(self._text if short else cut + " …")
        zh = self._language == "zh"
        if expanded:
            self.toggle.setText("收起" if zh else "Show less")
        else:
            self.toggle.setText("显示整行" if zh else "Show the whole line")


def signature_view(text: str, parent: QWidget, language: str = "en") -> SignatureView:
    return SignatureView(text, parent, language)


def add_section(layout: QVBoxLayout, language: str, key: str, body: QWidget | None) -> None:
    """A heading and its body; nothing at all when the body is missing or empty."""
    if body is None or (isinstance(body, QLabel) and not body.text().strip()):
        if body is not None:
            body.deleteLater()
        return
    layout.addWidget(heading(word(key, language), body.parentWidget()))
    layout.addWidget(body)


def clear_layout(layout: QVBoxLayout) -> None:
    """Remove and delete every widget in `layout`."""
    while layout.count():
        widget = layout.takeAt(0).widget()
        if widget is not None:
            widget.setParent(None)
            widget.deleteLater()
