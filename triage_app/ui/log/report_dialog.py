"""Export report: a preview of the triage report with every redaction marked, then save.

The report is built on a worker thread (redaction reads every shown line); the preview is
plain text (the Markdown source) in which each `[REDACTED …]` marker is highlighted, so the
user sees exactly what leaves and what was hidden before saving.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from triage_app.core.catalog import Catalog
from triage_app.core.notes.durable import durable_write
from triage_app.core.redact import Redactor
from triage_app.core.report.html import render_html
from triage_app.core.report.markdown import render_markdown
from triage_app.core.report.model import build_report
from triage_app.core.scan import FileResult
from triage_app.ui.widgets.dialog_title import fit_title
from triage_app.ui.workers.job import ThreadJob

MARKER = re.compile(r"\[REDACTED [a-z0-9-]+\]")


class ReportJob(ThreadJob):
    """result: (markdown, html, redaction count)."""

    thread_name = "triage-report"

    def __init__(self, results, catalog, notes, redactor, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.results, self.catalog, self.notes, self.redactor = results, catalog, notes, redactor

    def work(self) -> None:
        report = build_report(self.results, self.catalog, notes=self.notes, redactor=self.redactor)
        if not self.cancelled:
            self._emit(
                self.result, (render_markdown(report), render_html(report), report.redactions)
            )


class ReportDialog(QDialog):
    """Preview and save the report of the open log(s)."""

    def __init__(
        self,
        results: list[FileResult],
        catalog: Catalog,
        notes=None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export report"))
        self.results, self.catalog, self.notes = results, catalog, notes
        self.job: ReportJob | None = None
        self.rendered: tuple[str, str, int] | None = None
        self._build()
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self._on_timer_timeout)
        for box in (self.redact, self.emails, self.ips, self.home):
            box.toggled.connect(self._timer.start)
        self.format.currentIndexChanged.connect(self._show)
        self._timer.start()

    def _build(self) -> None:
        self.redact = QCheckBox(self.tr("Hide secrets (tokens, keys, passwords)"), self)
        self.redact.setChecked(True)
        self.emails = QCheckBox(self.tr("e-mail addresses"), self)
        self.ips = QCheckBox(self.tr("IP addresses"), self)
        self.home = QCheckBox(self.tr("user names in home paths"), self)
        self.format = QComboBox(self)
        self.format.addItem("Markdown", "markdown")
        self.format.addItem("HTML", "html")
        options = QHBoxLayout()
        for widget in (self.redact, self.emails, self.ips, self.home):
            options.addWidget(widget)
        options.addStretch(1)
        options.addWidget(self.format)
        self.summary = QLabel(self.tr("Building the report…"), self)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.preview = QPlainTextEdit(self)
        self.preview.setReadOnly(True)
        self.preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(False)
        layout = QVBoxLayout(self)
        layout.addLayout(options)
        layout.addWidget(self.summary)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.buttons)
        self.resize(860, 640)

    def redactor(self) -> Redactor | None:
        if not self.redact.isChecked():
            return None
        return Redactor(
            emails=self.emails.isChecked(),
            ips=self.ips.isChecked(),
            home_paths=self.home.isChecked(),
        )

    def _on_timer_timeout(self) -> None:
        if self.job is not None:
            self.job.cancel()
        for box in (self.emails, self.ips, self.home):
            box.setEnabled(self.redact.isChecked())
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(False)
        self.summary.setText(self.tr("Building the report…"))
        job = ReportJob(self.results, self.catalog, self.notes, self.redactor(), self)
        job.result.connect(self._on_job_result)
        job.failed.connect(self._on_job_failed)
        self.job = job
        job.start()

    def _on_job_result(self, rendered: tuple[str, str, int]) -> None:
        if self.sender() is not self.job:
            return
        self.rendered = rendered
        count = rendered[2]
        if not self.redact.isChecked():
            text = self.tr("Redaction is off: the report shows the log lines as they are.")
        else:
            text = self.tr("%1 value(s) hidden, marked below.").replace("%1", str(count))
        self.summary.setText(text)
        self._show()
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(True)

    def _on_job_failed(self, message: str) -> None:
        if self.sender() is self.job:
            self.summary.setText(
                self.tr("The report could not be built: %1").replace("%1", message)
            )

    def _show(self) -> None:
        if self.rendered is None:
            return
        markdown, html, _count = self.rendered
        self.preview.setPlainText(markdown if self.format.currentData() == "markdown" else html)
        self._mark_redactions()

    def _mark_redactions(self) -> None:
        mark = QTextCharFormat()
        mark.setBackground(QColor("#ffd54f"))
        mark.setForeground(QColor("#000000"))
        selections = []
        text = self.preview.toPlainText()
        for found in MARKER.finditer(text):
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(self.preview.document())
            cursor.setPosition(found.start())
            cursor.setPosition(found.end(), QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selection.format = mark
            selections.append(selection)
        self.preview.setExtraSelections(selections)

    def marked_count(self) -> int:
        return len(self.preview.extraSelections())

    # -- saving -------------------------------------------------------------------------------

    def _on_buttons_accepted(self) -> None:
        if self.rendered is None:
            return
        html_format = self.format.currentData() == "html"
        path = self.choose_path("report.html" if html_format else "report.md")
        if not path:
            return
        text = self.rendered[1] if html_format else self.rendered[0]
        try:
            durable_write(Path(path), text.encode("utf-8"), new_file_mode=0o644)
        except OSError as exc:
            box = QMessageBox(
                QMessageBox.Icon.Warning,
                self.tr("Report not saved"),
                f"{path}: {exc.strerror or exc}",
                parent=self,
            )
            box.setTextFormat(Qt.TextFormat.PlainText)
            fit_title(box).open()
            return
        self.saved_path = path
        self.accept()

    def choose_path(self, suggested: str) -> str:
        path, _filter = QFileDialog.getSaveFileName(self, self.tr("Save report"), suggested)
        return path

    def done(self, result: int) -> None:
        if self.job is not None:
            self.job.cancel()
        super().done(result)
