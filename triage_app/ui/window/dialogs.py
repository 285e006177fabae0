"""Every dialog the window opens, as classmethods tests can monkeypatch (pytest-qt pattern).

None of them ever shows a traceback: messages are sentences built by the caller.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from triage_app import __version__
from triage_app.ui.widgets.dialog_title import fit_title

COMMON_ENCODINGS = (
    "utf-8",
    "utf-8-sig",
    "utf-16",
    "utf-16-le",
    "utf-16-be",
    "gb18030",
    "gbk",
    "big5",
    "shift_jis",
    "euc-kr",
    "cp1252",
    "latin-1",
    "cp437",
    "koi8-r",
    "cp1251",
)

translate = QCoreApplication.translate
LOG_FILTER = "Logs (*.log *.txt *.out *.err *.gz *.bz2 *.xz *.json *.jsonl);;All files (*)"


class Dialogs:
    """Modal questions and non-modal messages."""

    @classmethod
    def inform(cls, parent: QWidget | None, title: str, text: str) -> None:
        """A non-modal message box (does not block the window or the caller)."""
        box = QMessageBox(
            QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, parent
        )
        box.setTextFormat(Qt.TextFormat.PlainText)  # text from files: never HTML or links
        box.setModal(False)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        fit_title(box).show()

    @classmethod
    def confirm_discard_notes(cls, parent: QWidget | None) -> bool:
        """A note could not be saved: close anyway (and lose it)? Tests monkeypatch this."""
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            translate("Dialogs", "Note not saved"),
            translate(
                "Dialogs",
                "A note could not be saved (its editor says why). Close anyway and lose it?",
            ),
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            parent,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return fit_title(box).exec() == QMessageBox.StandardButton.Discard

    @classmethod
    def ask_open_files(cls, parent: QWidget | None, folder: str) -> list[str]:
        files, _filter = QFileDialog.getOpenFileNames(
            parent, translate("Dialogs", "Open logs"), folder, LOG_FILTER
        )
        return list(files)

    @classmethod
    def ask_encoding(cls, parent: QWidget | None, current: str) -> str | None:
        items = list(COMMON_ENCODINGS)
        if current not in items:
            items.insert(0, current)
        dialog = QInputDialog(parent)
        dialog.setWindowTitle(translate("Dialogs", "Reopen with encoding"))
        dialog.setLabelText(translate("Dialogs", "Decode the log as (any Python codec name):"))
        dialog.setComboBoxItems(items)
        dialog.setComboBoxEditable(True)
        dialog.setTextValue(current)
        ok = fit_title(dialog).exec() == QDialog.DialogCode.Accepted
        text = dialog.textValue().strip()
        return text if ok and text else None

    @classmethod
    def ask_line(cls, parent: QWidget | None, current: int, maximum: int) -> int | None:
        dialog = QInputDialog(parent)
        dialog.setWindowTitle(translate("Dialogs", "Go to line"))
        dialog.setLabelText(
            translate("Dialogs", "Line (1–{maximum}):").format(maximum=f"{maximum:,}")
        )
        dialog.setInputMode(QInputDialog.InputMode.IntInput)
        dialog.setIntRange(1, max(1, maximum))
        dialog.setIntValue(current)
        if fit_title(dialog).exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.intValue()

    @classmethod
    def ask_time_range(
        cls, parent: QWidget | None, first: str, last: str
    ) -> tuple[str, str] | None:
        """Two times ("2026-11-28 03:18" or "03:18:30"), prefilled with the log's first and
        last; None when cancelled."""
        dialog = QDialog(parent)
        dialog.setWindowTitle(translate("Dialogs", "Show a time range"))
        start, end = QLineEdit(first, dialog), QLineEdit(last, dialog)
        form = QFormLayout(dialog)
        form.addRow(
            QLabel(translate("Dialogs", "Lines written from … to … (a date and time, or a time)."))
        )
        form.addRow(translate("Dialogs", "From"), start)
        form.addRow(translate("Dialogs", "To"), end)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
        )
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        form.addRow(buttons)
        if fit_title(dialog).exec() != QDialog.DialogCode.Accepted:
            return None
        return start.text(), end.text()

    @classmethod
    def confirm(cls, parent: QWidget | None, title: str, question: str) -> bool:
        """A yes/no question (plain text); True for yes."""
        box = QMessageBox(QMessageBox.Icon.Question, title, question, parent=parent)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        return fit_title(box).exec() == QMessageBox.StandardButton.Yes

    @classmethod
    def about(cls, parent: QWidget | None, entries: int, content_hash: str = "") -> None:
        """Version, what the app does, and which catalogue is loaded (size and content hash,
        to tell two installs' catalogues apart)."""
        box = QMessageBox(parent)
        box.setWindowTitle(translate("Dialogs", "About Triage"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(f"Triage {__version__}")
        box.setInformativeText(
            translate(
                "Dialogs",
                "Turns a failed run's log into an answer: the known errors in it, their root "
                "causes, the fixes that do not work and the workarounds that do.\n\n"
                "Catalogue: {entries} entries, content hash {hash}.\n\n"
                "Built with Python, PySide6 (Qt 6), pygments, rapidfuzz and TinyDB.",
            ).format(entries=f"{entries:,}", hash=content_hash or "—")
        )
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        fit_title(box).exec()
