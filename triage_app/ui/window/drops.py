"""Accept local files dropped on a widget; refuse anything else at drag-enter."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent


def local_paths(mime: QMimeData) -> tuple[list[str], str | None]:
    """Local file paths in a drag, and why the rest (if any) is refused."""
    if not mime.hasUrls():
        return [], "only files can be dropped here"
    urls = mime.urls()
    files = [url.toLocalFile() for url in urls if url.isLocalFile() and url.toLocalFile()]
    if len(files) == len(urls):
        return files, None
    return files, "web addresses cannot be opened; download the log first"


class FileDropFilter(QObject):
    """An event filter that turns file drops on its target into `files_dropped`.

    The drop is always a copy (a move could make the source delete the user's file), and the
    files are announced from a zero-delay timer so the drag source is released first.

    Signals:
        files_dropped(list): local paths, in the order they were dropped.
        refused(str): why a drag was refused, or why part of a drop was ignored.
        hovering(int): files are being dragged over the target (their count), 0 when the
            drag left or was dropped.
    """

    files_dropped = Signal(list)
    refused = Signal(str)
    hovering = Signal(int)

    def hover_message(self, files: int) -> str:
        """What the status bar says while `files` files hover over the window."""
        if files == 1:
            return self.tr("Drop to open the log.")
        return self.tr("Drop to open the {count} logs.").format(count=files)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.DragEnter:
            assert isinstance(event, QDragEnterEvent)
            files, refusal = local_paths(event.mimeData())
            if files:
                event.setDropAction(Qt.DropAction.CopyAction)
                event.accept()
                self.hovering.emit(len(files))
            else:
                event.ignore()
                self.refused.emit(self.tr("Cannot drop this: {reason}.").format(reason=refusal))
            return True
        if kind == QEvent.Type.DragMove:
            assert isinstance(event, QDragMoveEvent)
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
            return True
        if kind == QEvent.Type.DragLeave:
            self.hovering.emit(0)
            return False
        if kind == QEvent.Type.Drop:
            assert isinstance(event, QDropEvent)
            self.hovering.emit(0)
            files, refusal = local_paths(event.mimeData())
            if not files:
                event.ignore()
                return True
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
            if refusal:
                self.refused.emit(
                    self.tr("Some items were not opened: {reason}.").format(reason=refusal)
                )
            QTimer.singleShot(0, lambda: self.files_dropped.emit(files))
            return True
        return super().eventFilter(watched, event)
