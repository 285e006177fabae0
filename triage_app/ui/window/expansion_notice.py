"""A compressed log that expands past the limit: say so plainly and offer "Open anyway".

The limit (8 GiB, and past 64 MiB at most 1000 times the compressed size) stops
decompression bombs; a real 20 GB log from a long run trips it too. The window then shows
what happened and a button that reads the file whatever it expands to (the copy still
stops before it would fill the disk).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from triage_app.ui.workers.indexing import allow_expansion

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow


class ExpansionNotice(QObject):
    """The banner for a refused compressed log, with Open anyway."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        window.tabs.expansion_refused.connect(self._on_tabs_expansion_refused)

    def open_anyway(self, path: str) -> None:
        """Read `path` whatever it expands to (the user says it is a real log)."""
        allow_expansion(path)
        self.window.open_paths([path])

    def _on_tabs_expansion_refused(self, path: str, what: str) -> None:
        text = self.tr(
            "{name} {what} It was not opened, in case it is a decompression bomb. If it is "
            "a real log, Open anyway reads all of it (as much free disk space is needed)."
        ).format(name=Path(path).name, what=what if what.endswith("?") else what + ".")
        self.window.banner.show_message(
            text, "warning", action=(self.tr("Open anyway"), lambda: self.open_anyway(path))
        )
        self.window.status.showMessage(text, 10000)
