"""Colours and text formats for highlighted log lines, per theme (light or dark).

The core lexer gives kinds (`triage_app.core.highlight.KINDS`); this maps each kind to a
QTextCharFormat. Catalogue matches get their own strong style (a tinted background with an
underline and bold text) that reads clearly on both themes.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont, QTextCharFormat

_LIGHT = {
    "timestamp": ("#6a737d", None, False),
    "level_error": ("#c62828", None, True),
    "level_warn": ("#a15c00", None, True),
    "level_info": ("#1565c0", None, False),
    "level_debug": ("#7b7b7b", None, False),
    "traceback": ("#ad1457", None, True),
    "frame": ("#6f42c1", None, False),
    "path": ("#00695c", None, False),
    "number": ("#0b61a4", None, False),
    "string": ("#2e7d32", None, False),
    "url": ("#1a4fd6", None, False),
}
_DARK = {
    "timestamp": ("#8b949e", None, False),
    "level_error": ("#ff7b72", None, True),
    "level_warn": ("#e3b341", None, True),
    "level_info": ("#79c0ff", None, False),
    "level_debug": ("#8b949e", None, False),
    "traceback": ("#f778ba", None, True),
    "frame": ("#d2a8ff", None, False),
    "path": ("#56d4bc", None, False),
    "number": ("#a5d6ff", None, False),
    "string": ("#a5e07a", None, False),
    "url": ("#58a6ff", None, False),
}


@dataclass(frozen=True)
class LogColors:
    """Non-text colours of the log view for one theme."""

    gutter_bg: QColor
    gutter_fg: QColor
    match_line_bg: QColor
    match_marker: QColor
    fuzzy_marker: QColor
    find_bg: QColor


def log_colors(dark: bool) -> LogColors:
    if dark:
        return LogColors(
            QColor("#1c2128"),
            QColor("#6e7681"),
            QColor(255, 123, 114, 34),
            QColor("#ff6b5e"),
            QColor("#d29922"),
            QColor(227, 179, 65, 110),
        )
    return LogColors(
        QColor("#f3f4f6"),
        QColor("#8c959f"),
        QColor(220, 38, 38, 22),
        QColor("#d93025"),
        QColor("#c77c02"),
        QColor(255, 213, 0, 140),
    )


class Formats:
    """QTextCharFormats for one theme (build once, reuse for every line)."""

    def __init__(self, dark: bool) -> None:
        self.dark = dark
        self.kinds: dict[str, QTextCharFormat] = {}
        for kind, (fg, bg, bold) in (_DARK if dark else _LIGHT).items():
            fmt = QTextCharFormat()
            fmt.setForeground(QColor(fg))
            if bg:
                fmt.setBackground(QColor(bg))
            if bold:
                fmt.setFontWeight(QFont.Weight.Bold)
            self.kinds[kind] = fmt
        self.match = self._match_format(
            QColor("#5c1d1d") if dark else QColor("#ffd7d2"),
            QColor("#ffb4ab") if dark else QColor("#8e1b10"),
            QColor("#ff6b5e") if dark else QColor("#d93025"),
        )
        self.fuzzy = self._match_format(
            QColor("#4a3a10") if dark else QColor("#fff1c7"),
            QColor("#f2cc60") if dark else QColor("#6b4a00"),
            QColor("#d29922") if dark else QColor("#c77c02"),
            bold=False,
        )
        self.find = QTextCharFormat()
        self.find.setBackground(QColor("#8a6d00") if dark else QColor("#ffe23d"))
        self.find.setForeground(QColor("#ffffff") if dark else QColor("#000000"))

    @staticmethod
    def _match_format(
        bg: QColor, fg: QColor, line: QColor, *, bold: bool = True
    ) -> QTextCharFormat:
        fmt = QTextCharFormat()
        fmt.setBackground(bg)
        fmt.setForeground(fg)
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
        fmt.setUnderlineColor(line)
        if bold:
            fmt.setFontWeight(QFont.Weight.Bold)
        return fmt
