"""The top of the entry panel: the signature as its title, and the facts grid.

The facts (confidence and fix success rate as bars, verification tier, resolvable, cause type,
error code) sit in two columns of pairs when there is room and in one when the dock is narrow.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSize, Qt
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QLayout, QToolButton, QVBoxLayout, QWidget

from triage_app.core.entry import Entry
from triage_app.ui.entry.words import tr, word
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.rate_bar import RateBar
from triage_app.ui.widgets.text import para, text_of
from triage_app.ui.widgets.wrap_text import WrapText

TIERS = {
    "reproduced": (QT_TRANSLATE_NOOP("EntryPanel", "Reproduced"), accents.SUCCESS),
    "human_reviewed": (QT_TRANSLATE_NOOP("EntryPanel", "Human-reviewed"), accents.NEUTRAL),
    "ai_generated": (QT_TRANSLATE_NOOP("EntryPanel", "AI-generated, unverified"), accents.WARN),
}
RESOLVABLE = {
    "true": QT_TRANSLATE_NOOP("EntryPanel", "Yes"),
    "false": QT_TRANSLATE_NOOP("EntryPanel", "No"),
    "partial": QT_TRANSLATE_NOOP("EntryPanel", "Partly"),
}
SHOW_ALL = QT_TRANSLATE_NOOP("EntryPanel", "Show the whole line")
SHOW_LESS = QT_TRANSLATE_NOOP("EntryPanel", "Show less")


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
        name, color = TIERS.get(tier, (str(tier), accents.MISSING))
        label = para(
            f"<span style='color:{accents.css(color)}'>●</span> {html.escape(tr(name, language))}",
            rich=True,
        )
        cells.append(("verification_tier", label))
    resolvable = entry.get("resolvable")
    if resolvable is not None:
        name = RESOLVABLE.get(str(resolvable).lower(), str(resolvable))
        cells.append(("resolvable", QLabel(tr(name, language))))
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
        self.toggle.setText(tr(SHOW_LESS if expanded else SHOW_ALL, self._language))
