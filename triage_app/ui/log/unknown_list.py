"""Unknown errors: error-level lines no entry explains, grouped by template (`core.unknown`).

Shown in the matches panel below the known errors, never above them: each group with its
template, how many lines it has and its first line; its listed lines (at most 20, as the core
keeps them) below it. Choosing a group or a line asks to show that line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

LINE_ROLE = Qt.ItemDataRole.UserRole + 21


class UnknownErrorsList(QTreeWidget):
    """Groups of unknown errors; hidden while there are none.

    Signals:
        line_requested(int): the user chose a group (its first line) or one of its lines.
    """

    line_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unknownErrors")
        self.setColumnCount(3)
        self.setHeaderLabels([self.tr("Unknown errors"), self.tr("Count"), self.tr("First line")])
        self.setUniformRowHeights(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.itemSelectionChanged.connect(self._on_item_selection_changed)
        self._groups: list[Mapping[str, Any]] = []
        self.setVisible(False)

    @property
    def groups(self) -> list[Mapping[str, Any]]:
        return list(self._groups)

    def set_groups(self, groups: Sequence[Mapping[str, Any]]) -> None:
        """Show these groups (the `unknown` items of the JSON contract); [] hides the list."""
        groups = list(groups)
        if groups == self._groups:
            return
        self._groups = groups
        self.blockSignals(True)
        self.clear()
        for group in groups:
            first = int(group.get("first_line") or 0)
            count = int(group.get("count") or 0)
            item = QTreeWidgetItem(self, [str(group.get("template", "")), f"{count:,}", f"{first}"])
            item.setData(0, LINE_ROLE, first)
            item.setToolTip(
                0,
                self.tr(
                    "{count} error line(s) that no entry explains, first at line {line}:\n{t}"
                ).format(count=count, line=first, t=group.get("template", "")),
            )
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            for line in group.get("lines") or []:
                child = QTreeWidgetItem(
                    item, [self.tr("line {line}").format(line=line), "", str(line)]
                )
                child.setData(0, LINE_ROLE, int(line))
        self.blockSignals(False)
        self.setVisible(bool(groups))

    def _on_item_selection_changed(self) -> None:
        items = self.selectedItems()
        if items:
            line = items[0].data(0, LINE_ROLE)
            if line:
                self.line_requested.emit(int(line))
