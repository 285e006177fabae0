"""New entry from a line: the generated pattern, a live test as the user edits it, a short
form, and a save through the validator into the user's catalogue folder.

Signals:
    entry_saved(str): the id of the entry written to the user's catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from triage_app.core.catalog import Catalog
from triage_app.core.generalise import generalise, suggest_id
from triage_app.core.record_format import DOMAINS
from triage_app.core.user_records import (
    PatternCheck,
    UserRecordError,
    draft_record,
    save_user_record,
)
from triage_app.ui.catalog.pattern_test_job import PatternTestJob
from triage_app.ui.widgets.dialog_title import fit_title

DEBOUNCE_MS = 300
CATEGORIES = (
    "runtime_error",
    "config_error",
    "build_error",
    "dependency_error",
    "network_error",
    "permission_error",
    "resource_exhausted",
)


class NewEntryDialog(QDialog):
    """One line in, one record out. `lines` yields the open log's lines for the live test."""

    entry_saved = Signal(str)

    def __init__(
        self,
        line: str,
        catalog: Catalog | None = None,
        lines: Callable[[], Iterable[str]] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New entry from a line"))
        self.line = line.rstrip("\r\n")
        self.catalog = catalog
        self._lines = lines or (lambda: [self.line])
        self.job: PatternTestJob | None = None
        self.check: PatternCheck | None = None
        generated = generalise(self.line)
        self._build(generated.regex, suggest_id(generated.message))
        self._timer = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self.pattern.textChanged.connect(self._timer.start)
        self._timer.start()

    def _build(self, regex: str, entry_id: str) -> None:
        shown = QPlainTextEdit(self.line, self)
        shown.setReadOnly(True)
        shown.setMaximumHeight(60)
        self.pattern = QLineEdit(regex, self)
        self.pattern.setAccessibleName(self.tr("Pattern"))
        self.pattern.setCursorPosition(0)
        self.test = QLabel(self.tr("Testing…"), self)
        self.test.setTextFormat(Qt.TextFormat.PlainText)
        self.test.setWordWrap(True)
        self.entry_id = QLineEdit(entry_id, self)
        self.domain = QComboBox(self, editable=True)
        self.domain.addItems(["local", *sorted(DOMAINS)])
        self.domain.setCurrentText(entry_id.split("/")[0])
        self.category = QComboBox(self, editable=True)
        self.category.addItems(CATEGORIES)
        self.root_cause = QPlainTextEdit(self)
        self.root_cause.setPlaceholderText(self.tr("Why it happens (required)"))
        self.workaround = QLineEdit(self)
        self.workaround.setPlaceholderText(self.tr("What worked (optional)"))
        self.how = QPlainTextEdit(self)
        self.how.setPlaceholderText(self.tr("How: commands or steps (optional)"))
        self.how.setMaximumHeight(70)
        self.dead_end = QLineEdit(self)
        self.dead_end.setPlaceholderText(self.tr("What did not work, and why (optional)"))
        form = QFormLayout()
        form.addRow(self.tr("Your line"), shown)
        form.addRow(self.tr("Pattern"), self.pattern)
        form.addRow("", self.test)
        form.addRow(self.tr("Id"), self.entry_id)
        form.addRow(self.tr("Domain"), self.domain)
        form.addRow(self.tr("Category"), self.category)
        form.addRow(self.tr("Root cause"), self.root_cause)
        form.addRow(self.tr("Workaround"), self.workaround)
        form.addRow("", self.how)
        form.addRow(self.tr("Dead end"), self.dead_end)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self._on_buttons_accepted)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(720, 560)

    # -- live test ----------------------------------------------------------------------------

    def _on_timer_timeout(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.test.setText(self.tr("Testing…"))
        job = PatternTestJob(self.pattern.text(), self._lines, self.catalog, self.entry_id.text())
        job.result.connect(self._on_job_result)
        job.failed.connect(self._on_job_failed)
        self.job = job
        job.start()

    def _on_job_result(self, check: PatternCheck) -> None:
        if self.sender() is not self.job:
            return  # an older test finished after a newer one started
        self.check = check
        self.test.setText(describe(check))

    def _on_job_failed(self, message: str) -> None:
        if self.sender() is self.job:
            self.check = None
            self.test.setText(self.tr("Pattern %1").replace("%1", message))

    # -- saving -------------------------------------------------------------------------------

    def record(self) -> dict:
        workarounds = []
        if self.workaround.text().strip():
            how = self.how.toPlainText().strip() or self.workaround.text().strip()
            workarounds.append({"action": self.workaround.text().strip(), "how": how})
        dead_ends = []
        if self.dead_end.text().strip():
            dead_ends.append({"action": self.dead_end.text().strip(), "why_fails": ""})
        record = draft_record(
            self.line,
            entry_id=self.entry_id.text().strip(),
            domain=self.domain.currentText().strip(),
            category=self.category.currentText().strip(),
            root_cause=self.root_cause.toPlainText().strip(),
            workarounds=workarounds,
            dead_ends=dead_ends,
        )
        record["regex"] = self.pattern.text()
        record["domain"] = record["id"].split("/")[0]
        return record

    def _on_buttons_accepted(self) -> None:
        record = self.record()
        try:
            save_user_record(record, catalog=self.catalog)
        except UserRecordError as exc:
            if "already" not in str(exc) or not self.ask_replace(str(exc)):
                self.show_problem(str(exc))
                return
            try:
                save_user_record(record, catalog=self.catalog, overwrite=True)
            except (UserRecordError, OSError) as again:
                self.show_problem(str(again))
                return
        except OSError as exc:
            self.show_problem(f"{exc.filename or ''}: {exc.strerror or exc}")
            return
        self.entry_saved.emit(record["id"])
        self.accept()

    def ask_replace(self, message: str) -> bool:
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Replace the entry?"),
            message + "\n\n" + self.tr("Replace it?"),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        return fit_title(box).exec() == QMessageBox.StandardButton.Yes

    def show_problem(self, message: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Not saved"), message, parent=self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        fit_title(box).open()

    def done(self, result: int) -> None:
        if self.job is not None:
            self.job.cancel()
        super().done(result)


def describe(check: PatternCheck) -> str:
    """The live test as sentences (plain text)."""

    if check.error:
        return QCoreApplication.translate("NewEntryDialog", "Pattern %1").replace("%1", check.error)
    parts = []
    lines = check.matched_lines
    if lines:
        shown = ", ".join(map(str, lines[:8])) + (" …" if len(lines) > 8 else "")
        parts.append(
            QCoreApplication.translate("NewEntryDialog", "Matches %1 line(s) of the log: %2")
            .replace("%1", str(len(lines)))
            .replace("%2", shown)
        )
    else:
        parts.append(
            QCoreApplication.translate(
                "NewEntryDialog", "Matches no line of the log, not even yours."
            )
        )
    if check.healthy_hits:
        parts.append(
            QCoreApplication.translate(
                "NewEntryDialog", "Warning: also matches %1 healthy line(s), e.g. %2"
            )
            .replace("%1", str(len(check.healthy_hits)))
            .replace("%2", check.healthy_hits[0][:120])
        )
    else:
        parts.append(
            QCoreApplication.translate("NewEntryDialog", "Matches no line of the healthy corpus.")
        )
    if check.overlapping_entries:
        parts.append(
            QCoreApplication.translate("NewEntryDialog", "Also matches examples of: %1").replace(
                "%1", ", ".join(check.overlapping_entries[:6])
            )
        )
    return "\n".join(parts)
