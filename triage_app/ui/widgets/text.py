"""Small text widgets and helpers every panel uses: headings, paragraphs, code-like text, links.

Labels never force a panel wider than its viewport (`soft_wrap`), links are made only for
http(s) URLs (`link_html`), and any field value can be shown (`text_of`).
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QFrame, QLabel, QToolButton, QVBoxLayout, QWidget

from triage_app.ui.widgets import accents
from triage_app.ui.widgets.wrap_text import WrapText

_LONG_TOKEN = re.compile(r"\S{22,}")
_BREAK_AFTER = re.compile(r"([/._\-=,:;&?])")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_PIECE = 20


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


def text_of(value: Any) -> str:
    """A field value for display: strings as they are, anything else as compact JSON."""
    if isinstance(value, str):
        return value.strip()
    return json.dumps(value, ensure_ascii=False, indent=1)


def link_html(url: str, text: str | None = None) -> str:
    """A link for http(s) URLs; anything else is shown as plain text, never made clickable."""
    shown = html.escape(soft_wrap(text or url))
    if url.lower().startswith(("http://", "https://")):
        return f'<a href="{html.escape(url, quote=True)}">{shown}</a>'
    return shown


def heading(text: str, parent: QWidget | None = None) -> QLabel:
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)  # headings quote records: never HTML
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


def clear_layout(layout: QVBoxLayout) -> None:
    """Remove and delete every widget in `layout`."""
    while layout.count():
        widget = layout.takeAt(0).widget()
        if widget is not None:
            widget.setParent(None)
            widget.deleteLater()
