"""A log's bookmarks: lines the user marked to come back to, kept per file between runs.

They live in the window's settings (keyed by a hash of the file's path, never its contents),
so a log opened again next week has them; a pasted log keeps them only while it is open.
"""

from __future__ import annotations

import bisect

from PySide6.QtCore import QObject, Signal

from triage_app.core.cycling import next_wrapping
from triage_app.ui.log.document import LogDocument
from triage_app.ui.widgets.settings import Settings


class Bookmarks(QObject):
    """The bookmarked lines (1-based) of one document.

    Signals:
        changed(): a bookmark was added or removed.
    """

    changed = Signal()

    def __init__(self, document: LogDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._settings = Settings()
        self._lines: list[int] = (
            [] if document.owned_file else self._settings.bookmarks(document.path)
        )

    def lines(self) -> list[int]:
        return list(self._lines)

    def __contains__(self, line: object) -> bool:
        at = bisect.bisect_left(self._lines, line) if isinstance(line, int) else -1
        return 0 <= at < len(self._lines) and self._lines[at] == line

    def toggle(self, line: int) -> bool:
        """Bookmark `line`, or remove its bookmark; True if it is bookmarked now."""
        at = bisect.bisect_left(self._lines, line)
        added = not (at < len(self._lines) and self._lines[at] == line)
        if added:
            self._lines.insert(at, line)
        else:
            del self._lines[at]
        if not self.document.owned_file:
            self._settings.set_bookmarks(self.document.path, self._lines)
        self.changed.emit()
        return added

    def next_line(self, line: int, backward: bool = False) -> int | None:
        """The bookmark after (or before) `line`, wrapping; None without bookmarks."""
        return next_wrapping(self._lines, line, backward)
