"""Dialogs at least as wide as their title (issue 13: "dialog titles not cut off").

A window manager draws the title in the frame and elides what does not fit, while a small
dialog (a question, "Go to line") is only as wide as its contents: "Reopen with encoding"
became "Reopen with enc…". `fit_title` widens a dialog to its title's width plus room for the
frame's icon and buttons; call it once the dialog is set up, just before showing it (a
QMessageBox rebuilds its layout when its texts change).
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QDialog, QGridLayout, QSizePolicy, QSpacerItem

D = TypeVar("D", bound=QDialog)

FRAME_ALLOWANCE_PX = 160  # the frame's icon and its close / minimise / maximise buttons


def title_width(dialog: QDialog) -> int:
    """Pixels the dialog needs for its whole title (titles are often drawn bold)."""
    font = QFont(dialog.font())
    font.setBold(True)
    return QFontMetrics(font).horizontalAdvance(dialog.windowTitle()) + FRAME_ALLOWANCE_PX


def fit_title(dialog: D) -> D:
    """Make `dialog` at least as wide as `title_width` when it is shown; returns it."""
    needed = title_width(dialog)
    dialog.setMinimumWidth(max(dialog.minimumWidth(), needed))
    _WidenOnShow(dialog, needed)
    return dialog


class _WidenOnShow(QObject):
    """Message and input boxes size themselves from their layout, which they build or
    rebuild as they are shown (a minimum width alone is overruled): when the dialog is
    shown, before it lays itself out, its layout gets a spacer as wide as the title needs."""

    def __init__(self, dialog: QDialog, width: int) -> None:
        super().__init__(dialog)
        self._width = width
        dialog.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Show and isinstance(watched, QDialog):
            watched.removeEventFilter(self)
            layout = watched.layout()
            spacer = QSpacerItem(
                self._width, 0, QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Minimum
            )
            if isinstance(layout, QGridLayout):
                layout.addItem(spacer, layout.rowCount(), 0, 1, max(1, layout.columnCount()))
            elif layout is not None:
                layout.addItem(spacer)
        return False
