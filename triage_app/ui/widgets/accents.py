"""Accent colours for the knowledge panels that read well on light and dark palettes.

Everything else (text, backgrounds, borders) comes from the widget's palette; these few hues are
mid-saturation so that they keep contrast against both a white and a near-black base.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from triage_app.core.record_format import CONFUSED_WITH, LEADS_TO, PRECEDED_BY

SUCCESS = QColor("#2f9e44")
FAIL = QColor("#e03131")
WARN = QColor("#e8a317")
NEUTRAL = QColor("#4c8fd6")
MISSING = QColor("#868e96")

# Transition-graph relations: the same hue for a node, its edge and the legend.
RELATION_COLORS = {
    "centre": QColor("#4c8fd6"),
    LEADS_TO: QColor("#e8590c"),
    PRECEDED_BY: QColor("#1c9c8c"),
    CONFUSED_WITH: QColor("#ae3ec9"),
}


def is_dark(palette: QPalette) -> bool:
    """True when the palette's base (text background) is dark."""
    return palette.color(QPalette.ColorRole.Base).lightnessF() < 0.5


def muted_text(palette: QPalette) -> QColor:
    """Secondary text: the text colour blended halfway toward the background."""
    text = palette.color(QPalette.ColorRole.WindowText)
    back = palette.color(QPalette.ColorRole.Window)
    return blend(text, back, 0.4)


def blend(a: QColor, b: QColor, amount: float) -> QColor:
    """`a` moved `amount` (0..1) of the way toward `b`."""
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * amount,
        a.greenF() + (b.greenF() - a.greenF()) * amount,
        a.blueF() + (b.blueF() - a.blueF()) * amount,
    )


def tint(accent: QColor, palette: QPalette, strength: float = 0.18) -> QColor:
    """A background tint of `accent` over the palette's base: subtle in both themes."""
    return blend(palette.color(QPalette.ColorRole.Base), accent, strength)


def css(color: QColor) -> str:
    """The colour as `#rrggbb` for style sheets and rich text."""
    return color.name(QColor.NameFormat.HexRgb)
