"""`--screenshot OUT.png`: wait for the scans, select the first match, save the window, quit."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication

from triage_app.ui.window.main_window import MainWindow

POLL_MS = 100
SETTLE_POLLS = 3  # polls between selecting the match and taking the picture (repaints)
TIMEOUT_S = 600.0


class ScreenshotRun(QObject):
    """Drives the window to a documented state, saves a PNG and quits the application."""

    def __init__(self, window: MainWindow, out: Path, expected: int) -> None:
        """`expected`: how many logs were asked for; fewer tabs means one failed (exit 1)."""
        super().__init__(window)
        self.window = window
        self.out = Path(out)
        self.expected = expected
        self.exit_code = 1
        self._started = time.monotonic()
        self._settle = -1
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._on_timer_timeout)

    def start(self) -> None:
        self._timer.start()

    def ready(self) -> bool:
        """Every log given has opened (or failed) and finished indexing and scanning."""
        tabs = self.window.tabs
        if tabs.pending_documents():
            return False
        return all(not doc.busy for doc in tabs.documents())

    def _on_timer_timeout(self) -> None:
        if time.monotonic() - self._started > TIMEOUT_S:
            print("triage-app: --screenshot: timed out waiting for the scans", file=sys.stderr)
            self._finish(ok=False)
            return
        if self._settle < 0:
            if not self.ready():
                return
            self.window.matches_panel.select_first()
            self._settle = SETTLE_POLLS
            return
        self._settle -= 1
        if self._settle <= 0:
            opened = self.window.tabs.log_count()
            if opened < self.expected:
                print(
                    f"triage-app: --screenshot: {self.expected - opened} log(s) could not be "
                    "opened (see the window's message)",
                    file=sys.stderr,
                )
            self._finish(ok=opened >= self.expected)

    def _finish(self, ok: bool) -> None:
        self._timer.stop()
        self.out.parent.mkdir(parents=True, exist_ok=True)
        saved = self.window.grab().save(str(self.out))
        if not saved:
            print(f"triage-app: --screenshot: cannot write {self.out}", file=sys.stderr)
        self.exit_code = 0 if ok and saved else 1
        self.window.close()
        QApplication.instance().quit()
