"""The status bar: messages on the left; the log's facts, progress and a cancel button."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar, QToolButton, QWidget

from triage_app.ui.log.document import LogDocument

translate = QCoreApplication.translate


def human_size(size: int | None) -> str:
    if size is None:
        return translate("StatusBar", "size unknown")
    value = float(size)
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if value < 1024 or unit == "TB":
            return f"{int(value)} {unit}" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} bytes"


class StatusBar(QStatusBar):
    """Shows the current log's size, line count, encoding and compression, and its progress.

    Signals:
        cancel_requested(): the user pressed the cancel button.
    """

    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.facts = QLabel(self)
        self.facts.setObjectName("logFacts")
        self.phase = QLabel(self)
        for label in (self.facts, self.phase):  # file names and messages: plain text
            label.setTextFormat(Qt.TextFormat.PlainText)
        self.progress = QProgressBar(self)
        self.progress.setMaximumWidth(180)
        self.progress.setMaximumHeight(16)
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.cancel = QToolButton(self)
        self.cancel.setText(self.tr("Cancel"))
        self.cancel.setToolTip(self.tr("Stop opening and scanning this log (Ctrl+.)"))
        self.addPermanentWidget(self.facts)
        self.addPermanentWidget(self.phase)
        self.addPermanentWidget(self.progress)
        self.addPermanentWidget(self.cancel)
        self.cancel.clicked.connect(self.cancel_requested)
        self.show_document(None)

    def show_document(self, doc: LogDocument | None) -> None:
        if doc is None:
            self.facts.setText("")
            self.phase.setText("")
            self.progress.hide()
            self.cancel.hide()
            return
        self.facts.setText(self.facts_text(doc))
        self.phase.setText(doc.phase_text())
        busy = doc.busy and not doc.closed
        self.progress.setVisible(busy)
        self.cancel.setVisible(busy)
        if busy:
            fraction = doc.progress_fraction()
            if fraction is None:
                self.progress.setRange(0, 0)  # busy indicator
            else:
                self.progress.setRange(0, 1000)
                self.progress.setValue(int(fraction * 1000))

    @staticmethod
    def facts_text(doc: LogDocument) -> str:
        info = doc.info
        if info is None:
            return doc.title
        lines = translate("StatusBar", "{count} lines").format(count=f"{doc.line_count:,}")
        lines += "…" if doc.indexing else ""
        parts = [human_size(info.size), lines, info.encoding]
        parts.append(info.compression or translate("StatusBar", "not compressed"))
        return "  ·  ".join(parts)
