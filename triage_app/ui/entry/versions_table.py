"""The versions an error affects: a table when there is room, one block per version when not.

Wide: Version | Status | Introduced | Deprecated | Removed, with the behaviour change spanning
the row below. Narrow (a docked panel): the version and its status on one line, then
"introduced 1.11 · removed 2.0", then the behaviour change, so nothing is cut off. Columns no
version fills are left out.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSize
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QLayout, QWidget

from triage_app.core.entry import Entry
from triage_app.ui.entry.words import tr
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.text import para, text_of

COLUMNS = ("version", "status", "introduced", "deprecated", "removed")
HEADINGS = {
    "version": QT_TRANSLATE_NOOP("EntryPanel", "Version"),
    "status": QT_TRANSLATE_NOOP("EntryPanel", "Status"),
    "introduced": QT_TRANSLATE_NOOP("EntryPanel", "Introduced"),
    "deprecated": QT_TRANSLATE_NOOP("EntryPanel", "Deprecated"),
    "removed": QT_TRANSLATE_NOOP("EntryPanel", "Removed"),
}
STATUS_COLORS = {
    "active": accents.WARN,
    "fixed": accents.SUCCESS,
    "deprecated": accents.WARN,
    "removed": accents.MISSING,
}


class VersionsTable(QWidget):
    """Rebuilds itself as a table or as blocks when its width crosses what the table needs."""

    def __init__(self, rows: list[Mapping[str, Any]], language: str, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows, self._language = rows, language
        self._columns = [c for c in COLUMNS if any(r.get(c) for r in rows)]
        self._wide: bool | None = None
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setVerticalSpacing(2)
        self._grid.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self._table_width = self._measure_table()
        self._arrange(wide=False)

    @property
    def is_table(self) -> bool:
        return bool(self._wide)

    def minimumSizeHint(self) -> QSize:
        return QSize(120, self._grid.minimumSize().height())

    def sizeHint(self) -> QSize:
        return QSize(self._table_width, self._grid.sizeHint().height())

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._grid.heightForWidth(width)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(wide=event.size().width() >= self._table_width)

    def _measure_table(self) -> int:
        metrics = self.fontMetrics()
        bold = QFont(self.font())
        bold.setBold(True)
        widths = []
        for name in self._columns:
            texts = [self._heading(name)] + [str(r.get(name) or "") for r in self._rows]
            widths.append(max(metrics.horizontalAdvance(t) for t in texts) + 20)
        return sum(widths) + 12 * max(0, len(widths) - 1)

    def _heading(self, name: str) -> str:
        return tr(HEADINGS[name], self._language)

    def _arrange(self, *, wide: bool) -> None:
        if wide == self._wide:
            return
        self._wide = wide
        while self._grid.count():
            item = self._grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        for column in range(len(COLUMNS)):
            self._grid.setColumnStretch(column, 0)
        (self._fill_table if wide else self._fill_blocks)()
        self.updateGeometry()

    def _fill_table(self) -> None:
        grid, columns = self._grid, self._columns
        grid.setHorizontalSpacing(12)
        for col, name in enumerate(columns):
            grid.addWidget(para(self._heading(name), self, muted=True), 0, col)
        line = 1
        for version in self._rows:
            for col, name in enumerate(columns):
                if version.get(name):
                    grid.addWidget(self._cell(name, version[name]), line, col)
            line += 1
            line = self._add_change(version, line, max(1, len(columns)))
        grid.setColumnStretch(max(0, len(columns) - 1), 1)

    def _fill_blocks(self) -> None:
        self._grid.setHorizontalSpacing(8)
        line = 0
        for version in self._rows:
            if version.get("version"):
                self._grid.addWidget(self._cell("version", version["version"]), line, 0)
            if version.get("status"):
                self._grid.addWidget(self._cell("status", version["status"]), line, 1)
            line += 1
            dates = [
                f"{self._heading(n).lower()} {text_of(version[n])}"
                for n in ("introduced", "deprecated", "removed")
                if version.get(n)
            ]
            if dates:
                self._grid.addWidget(para(" · ".join(dates), self), line, 0, 1, 2)
                line += 1
            line = self._add_change(version, line, 2)
        self._grid.setColumnStretch(1, 1)

    def _add_change(self, version: Mapping[str, Any], line: int, span: int) -> int:
        change = version.get("behavior_change") or version.get("behaviour_change")
        if not change:
            return line
        self._grid.addWidget(para(text_of(change), self, muted=True), line, 0, 1, span)
        return line + 1

    def _cell(self, name: str, value: Any) -> QLabel:
        if name == "status":
            color = STATUS_COLORS.get(str(value).lower(), accents.MISSING)
            return QLabel(
                f"<span style='color:{accents.css(color)}'>●</span> {html.escape(str(value))}",
                self,
            )
        cell = para(text_of(value), self)
        if name == "version":
            bold = QFont(cell.font())
            bold.setBold(True)
            cell.setFont(bold)
        return cell


def versions(entry: Entry, language: str, parent: QWidget | None = None) -> QWidget | None:
    """The versions section's body, or None when the record lists no versions."""
    rows = [v for v in entry.get("versions", []) if isinstance(v, Mapping)]
    return VersionsTable(rows, language, parent) if rows else None
