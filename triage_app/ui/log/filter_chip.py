"""The bar above a filtered log: what is hidden, how much is shown, and one click to clear."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from triage_app.core import timestamps
from triage_app.ui.log.level_filter import level_names


class FilterChip(QFrame):
    """Shown while a filter hides lines; says which and offers Clear.

    Signals:
        clear_requested(): the user wants every line back.
    """

    clear_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("filterChip")
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setWordWrap(True)
        self.clear_button = QPushButton(self.tr("Show all lines"), self)
        self.clear_button.setToolTip(self.tr("Clear every filter (Ctrl+Shift+M)"))
        self.clear_button.clicked.connect(self.clear_requested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 3, 4, 3)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.clear_button)
        self.setStyleSheet(
            "#filterChip { background: palette(alternate-base); border: 1px solid palette(mid);"
            " border-radius: 4px; }"
        )
        self.hide()

    def describe(
        self,
        *,
        only_matched: bool,
        context: int,
        levels: frozenset[str] | None,
        time_range: tuple[float, float] | None = None,
        shown: int,
        total: int,
        reading: int | None = None,
        filtering: int | None = None,
    ) -> None:
        """Say what is filtered (or hide when nothing is); `reading`: rows whose level has
        been read so far, while the level filter is not ready; `filtering`: rows considered
        so far while the rows to show are found."""
        parts = []
        if only_matched:
            parts.append(
                self.tr("only matched lines, {n} lines of context").format(n=context)
                if context
                else self.tr("only matched lines")
            )
        if levels is not None:
            parts.append(self.tr("levels {names}").format(names=", ".join(level_names(levels))))
        if time_range is not None:
            low, high = (timestamps.text(t) for t in time_range)
            parts.append(self.tr("from {start} to {end}").format(start=low, end=high))
        if not parts:
            self.hide()
            return
        what = "; ".join(parts)
        if reading is not None:
            text = self.tr("Filter: {what}. Reading levels and times… {rows} lines").format(
                what=what, rows=f"{reading:,}"
            )
        elif filtering is not None:
            text = self.tr("Filter: {what}. Filtering… {rows} of {total} lines").format(
                what=what, rows=f"{filtering:,}", total=f"{total:,}"
            )
        else:
            text = self.tr("Filter: {what}. Showing {shown} of {total} lines.").format(
                what=what, shown=f"{shown:,}", total=f"{total:,}"
            )
        self.label.setText(text)
        self.show()
