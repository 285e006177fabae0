"""Paints one log line: a line-number gutter, then the highlighted text with match spans.

The gutter stays at the left edge of the viewport when the view scrolls sideways. Laid-out
lines (QTextLayout with every format applied) are kept in a small LRU, so scrolling back and
forth does not lex the same lines again; only lines that are painted are ever highlighted.

Lexing is time-sliced: one turn of the event loop lexes new lines for at most
`LEX_BUDGET_S`; lines past that are painted without syntax colours (their match still shown)
and `repaint_wanted` asks for another paint, which colours them from the cache's point on. A
followed log that brings a screenful of new lines ten times a second thus never holds the
window for a whole screen's lexing at once.
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QTextLayout, QTextOption
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from triage_app.core.highlight import highlight_spans
from triage_app.core.results import LineMatch
from triage_app.ui.log.highlighter import Formats, LogColors, log_colors
from triage_app.ui.log.lines_model import LINE_NUMBER_ROLE, MATCH_ROLE

LAYOUT_CACHE = 600
LEX_BUDGET_S = 0.006  # lexing new lines per turn of the event loop
PADDING = 6
MARKER_WIDTH = 3
FIND_HITS_PER_LINE = 200
BOOKMARK = QColor(59, 130, 246, 90)  # behind a bookmarked line's number (both themes)

_Index = QModelIndex | QPersistentModelIndex


class LogLineDelegate(QStyledItemDelegate):
    """Draws log lines for `LogView` (one column, fixed row height, monospace font).

    Signals:
        line_measured(int): the character count of a painted line (the view widens its
            column to fit the longest line seen).
        repaint_wanted(): lines were painted without colours (the turn's lexing budget was
            spent): paint again on the next turn.
    """

    line_measured = Signal(int)
    repaint_wanted = Signal()

    def __init__(self, font: QFont, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._font = font
        self._metrics = QFontMetricsF(font)
        self._formats = Formats(dark=False)
        self._colors: LogColors = log_colors(False)
        self._layouts: OrderedDict[tuple, QTextLayout] = OrderedDict()
        self._find: re.Pattern[str] | None = None
        self._digits = 6
        self._widest = 0
        self.bookmarked: Callable[[int], bool] | None = None  # is this 1-based line marked
        self.origin: Callable[[int], tuple[str, int]] | None = None  # row -> (file, its line)
        self._label_chars = 0
        self._lexed_s = 0.0  # lexing done in this turn of the event loop
        self._turn = QTimer(self, singleShot=True, interval=0)  # ends the turn's budget
        self._turn.timeout.connect(self._on_turn_timeout)
        self._plain_painted = False

    # -- configuration --------------------------------------------------------------------

    @property
    def colors(self) -> LogColors:
        return self._colors

    @property
    def widest(self) -> int:
        """Characters of the longest line painted so far."""
        return self._widest

    @property
    def char_width(self) -> float:
        return self._metrics.horizontalAdvance("M")

    @property
    def row_height(self) -> int:
        return int(self._metrics.height()) + 3

    def gutter_width(self) -> int:
        chars = self._digits + 1 + (self._label_chars + 1 if self.origin is not None else 0)
        return int(self.char_width * chars) + PADDING + MARKER_WIDTH

    def set_origins(self, origin: Callable[[int], tuple[str, int]], label_chars: int) -> None:
        """Number each line as "file line" from `origin(row)` (a merged timeline)."""
        self.origin = origin
        self._label_chars = label_chars
        self._layouts.clear()

    def set_line_count(self, count: int) -> bool:
        """Size the gutter for `count` lines; True if its width changed."""
        digits = max(4, len(str(max(count, 1))))
        if digits == self._digits:
            return False
        self._digits = digits
        return True

    def set_dark(self, dark: bool) -> None:
        self._formats = Formats(dark)
        self._colors = log_colors(dark)
        self._layouts.clear()

    def set_find_pattern(self, pattern: re.Pattern[str] | None) -> None:
        self._find = pattern
        self._layouts.clear()

    # -- painting -------------------------------------------------------------------------

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        return QSize(self.gutter_width() + int(self.char_width * 200), self.row_height)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        number = index.data(LINE_NUMBER_ROLE) or 0
        match = index.data(MATCH_ROLE)
        rect: QRect = option.rect
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        palette = option.palette
        painter.save()
        if selected:
            painter.fillRect(rect, palette.highlight())
        elif match is not None:
            painter.fillRect(rect, self._colors.match_line_bg)
        gutter = self.gutter_width()
        text_x = rect.x() + gutter + PADDING
        painter.setClipRect(
            QRect(gutter, rect.y(), max(0, rect.right() - gutter + 1), rect.height())
        )
        layout = self._layout(text, match, sliced=True)
        pen = palette.highlightedText().color() if selected else palette.text().color()
        painter.setPen(pen)
        layout.draw(painter, QPointF(text_x, rect.y() + 1.5))
        painter.setClipping(False)
        self._paint_gutter(painter, rect.y(), rect.height(), number, match)
        painter.restore()
        if len(text) > self._widest:
            self._widest = len(text)
            self.line_measured.emit(len(text))

    def _paint_gutter(
        self, painter: QPainter, y: int, height: int, number: int, match: LineMatch | None
    ) -> None:
        gutter = self.gutter_width()
        painter.fillRect(QRect(0, y, gutter, height), self._colors.gutter_bg)
        if self.bookmarked is not None and self.bookmarked(number):
            painter.fillRect(
                QRect(MARKER_WIDTH, y + 1, gutter - MARKER_WIDTH, height - 2), BOOKMARK
            )
        if match is not None:
            color = (
                self._colors.match_marker if match.kind == "regex" else self._colors.fuzzy_marker
            )
            painter.fillRect(QRect(0, y, MARKER_WIDTH, height), color)
        painter.setFont(self._font)
        painter.setPen(
            self._colors.gutter_fg if match is None else QColor(self._colors.match_marker)
        )
        label = str(number)
        if self.origin is not None and number > 0:
            name, line = self.origin(number - 1)
            label = f"{name} {line}"
        painter.drawText(
            QRect(MARKER_WIDTH, y, gutter - MARKER_WIDTH - PADDING, height),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            label,
        )

    def span_x(self, text: str, match: LineMatch, span: tuple[int, int]) -> tuple[float, float]:
        """Where `span` of `text` is drawn, in pixels from the start of the text (tabs and
        wide characters as painted)."""
        line = self._layout(text, match).lineAt(0)
        return _x(line, span[0]), _x(line, span[1])

    # -- layouts --------------------------------------------------------------------------

    def _layout(self, text: str, match: LineMatch | None, *, sliced: bool = False) -> QTextLayout:
        """The line laid out with its formats (cached); `sliced`: without syntax colours
        (not cached) once this turn's lexing budget is spent."""
        span = match.top.span if match is not None else None
        key = (text, span, match.kind if match is not None else None)
        layout = self._layouts.get(key)
        if layout is not None:
            self._layouts.move_to_end(key)
            return layout
        lex = not sliced or self._lexed_s <= LEX_BUDGET_S  # (at least one line a turn)
        started = time.perf_counter()
        layout = QTextLayout(text, self._font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.NoWrap)
        option.setTabStopDistance(self.char_width * 8)
        layout.setTextOption(option)
        layout.setFormats(self._format_ranges(text, match, lex=lex))
        layout.beginLayout()
        line = layout.createLine()
        if line.isValid():
            line.setLineWidth(1e7)
        layout.endLayout()
        if not lex:
            self._plain_painted = True
        else:
            self._layouts[key] = layout
            if len(self._layouts) > LAYOUT_CACHE:
                self._layouts.popitem(last=False)
        if sliced:
            self._lexed_s += time.perf_counter() - started
            if not self._turn.isActive():
                self._turn.start()
        return layout

    def _on_turn_timeout(self) -> None:
        self._lexed_s = 0.0
        if self._plain_painted:
            self._plain_painted = False
            self.repaint_wanted.emit()

    def _format_ranges(
        self, text: str, match: LineMatch | None, *, lex: bool = True
    ) -> list[QTextLayout.FormatRange]:
        ranges = []
        for start, length, kind in highlight_spans(text) if lex else ():
            ranges.append(_range(start, length, self._formats.kinds[kind]))
        if match is not None:
            if match.kind == "regex" and match.top.span:
                start, end = match.top.span
                ranges.append(_range(start, end - start, self._formats.match))
            elif match.kind != "regex":
                ranges.append(_range(0, len(text), self._formats.fuzzy))
        if self._find is not None:
            for n, hit in enumerate(self._find.finditer(text)):
                if n >= FIND_HITS_PER_LINE:
                    break
                if hit.end() > hit.start():
                    ranges.append(_range(hit.start(), hit.end() - hit.start(), self._formats.find))
        return ranges


def _x(line, position: int) -> float:
    x = line.cursorToX(position)
    return float(x[0] if isinstance(x, tuple) else x)  # PySide returns (x, position)


def _range(start: int, length: int, fmt) -> QTextLayout.FormatRange:
    item = QTextLayout.FormatRange()
    item.start = start
    item.length = length
    item.format = fmt
    return item
