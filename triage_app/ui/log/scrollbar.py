"""A vertical scroll bar that marks where the matched lines are.

Painting asks, for each pixel row of the groove, whether any matched line falls into the
lines that pixel stands for (a binary search in the sorted line list). The cost depends on
the bar's height, not on the number of matches, so a log with 100,000 matches paints as fast
as one with three.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QScrollBar, QStyle, QStyleOptionSlider, QWidget

TICK_HEIGHT = 2


class MarkerScrollBar(QScrollBar):
    """QScrollBar plus tick marks for matched rows (regex matches and fuzzy guesses)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self._rows: Sequence[int] = []  # every matched row
        self._fuzzy_rows: Sequence[int] = []  # those whose match is a fuzzy guess
        self._total = 0
        self._ticks: tuple[tuple, list[tuple[int, bool]]] | None = None  # (key, ticks)
        self._regex_color = QColor("#d93025")
        self._fuzzy_color = QColor("#c77c02")

    def set_colors(self, regex: QColor, fuzzy: QColor) -> None:
        self._regex_color = QColor(regex)
        self._fuzzy_color = QColor(fuzzy)
        self.update()

    def set_markers(self, rows: Sequence[int], fuzzy_rows: Sequence[int], total: int) -> None:
        """Matched rows (0-based, ascending) to mark out of `total` rows, and the fuzzy
        guesses among them (marked in their own colour where no regex match is near). The
        sequences are not copied."""
        self._rows = rows
        self._fuzzy_rows = fuzzy_rows
        self._total = total
        self.update()

    def marker_pixels(self) -> list[tuple[int, bool]]:
        """(y, is_regex) of every tick to paint, top to bottom (for painting and tests).

        Kept until the rows, their count or the groove change: a followed log repaints the
        bar many times a second while nothing moves in it.
        """
        groove = self._groove()
        key = (len(self._rows), len(self._fuzzy_rows), self._total, groove.getRect())
        key = (id(self._rows), id(self._fuzzy_rows), *key)
        if self._ticks is None or self._ticks[0] != key:
            self._ticks = (key, self._compute_ticks(groove))
        return self._ticks[1]

    def _compute_ticks(self, groove: QRect) -> list[tuple[int, bool]]:
        if self._total <= 0 or groove.height() <= 0:
            return []
        out = []
        height = groove.height()
        per_pixel = self._total / height
        for offset in range(0, height, TICK_HEIGHT):
            lo = int(offset * per_pixel)
            hi = max(lo + 1, int((offset + TICK_HEIGHT) * per_pixel))
            every, fuzzy = (
                _count_between(self._rows, lo, hi),
                _count_between(self._fuzzy_rows, lo, hi),
            )
            if every > fuzzy:
                out.append((groove.top() + offset, True))
            elif fuzzy:
                out.append((groove.top() + offset, False))
        return out

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._rows:
            return
        painter = QPainter(self)
        groove = self._groove()
        left, width = groove.left() + 2, max(2, groove.width() - 4)
        for y, is_regex in self.marker_pixels():
            painter.fillRect(
                QRect(left, y, width, TICK_HEIGHT),
                self._regex_color if is_regex else self._fuzzy_color,
            )
        painter.end()

    def _groove(self) -> QRect:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        return self.style().subControlRect(
            QStyle.ComplexControl.CC_ScrollBar, option, QStyle.SubControl.SC_ScrollBarGroove, self
        )


def _count_between(rows: Sequence[int], lo: int, hi: int) -> int:
    return bisect.bisect_left(rows, hi) - bisect.bisect_left(rows, lo)
