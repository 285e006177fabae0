"""File > Export notes… and Import notes…: a file dialog, the store call, one clear message.

The dialogs and message boxes go through the module-level functions `ask_export_path`,
`ask_import_path` and `show_message`, which tests replace with monkeypatch. Errors are the
store's one-sentence messages; a traceback never reaches a dialog.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from triage_app.core.notes import ImportResult, NotesError
from triage_app.ui.widgets.dialog_title import fit_title
from triage_app.ui.widgets.notes_service import NotesService

translate = QCoreApplication.translate
FILE_FILTER = "Triage notes (*.json);;All files (*)"


def ask_export_path(parent: QWidget | None, suggested: Path) -> Path | None:
    """Ask where to write the export; None when the user cancels."""
    name, _ = QFileDialog.getSaveFileName(
        parent, translate("NotesTransfer", "Export notes"), str(suggested), FILE_FILTER
    )
    return Path(name) if name else None


def ask_import_path(parent: QWidget | None, start: Path) -> Path | None:
    """Ask which file to import; None when the user cancels."""
    name, _ = QFileDialog.getOpenFileName(
        parent, translate("NotesTransfer", "Import notes"), str(start), FILE_FILTER
    )
    return Path(name) if name else None


def show_message(parent: QWidget | None, kind: str, title: str, text: str) -> None:
    """`kind`: "info", "warning" or "error". The text (it may quote an import file) is shown
    as plain text: never rendered as HTML, never a link."""
    icon = {
        "info": QMessageBox.Icon.Information,
        "warning": QMessageBox.Icon.Warning,
        "error": QMessageBox.Icon.Critical,
    }.get(kind, QMessageBox.Icon.Information)
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    fit_title(box).exec()


def export_notes(parent: QWidget | None, notes: NotesService) -> int | None:
    """Export every note and mark; returns the number of notes written (None: cancelled or
    failed, with the reason shown)."""
    suggested = Path.home() / f"triage-notes-{date.today().isoformat()}.json"
    path = ask_export_path(parent, suggested)
    if path is None:
        return None
    if not path.suffix:
        path = path.with_suffix(".json")
    try:
        count = notes.export_to(path)
    except (NotesError, OSError) as exc:
        show_message(
            parent,
            "error",
            translate("NotesTransfer", "Export failed"),
            translate("NotesTransfer", "The notes were not exported: {reason}").format(
                reason=_why(exc)
            ),
        )
        return None
    marks = notes.mark_count()
    extra = ""
    if marks:
        mark = translate("NotesTransfer", " and {count} mark")
        extra = (mark if marks == 1 else translate("NotesTransfer", " and {count} marks")).format(
            count=marks
        )
    text = (
        translate("NotesTransfer", "Exported {count} note{extra} to {path}.")
        if count == 1
        else translate("NotesTransfer", "Exported {count} notes{extra} to {path}.")
    )
    show_message(
        parent,
        "info",
        translate("NotesTransfer", "Notes exported"),
        text.format(count=count, extra=extra, path=path),
    )
    return count


def import_notes(parent: QWidget | None, notes: NotesService) -> ImportResult | None:
    """Merge an export (or another notes file) into the store; returns what it did (None:
    cancelled or failed, with the reason shown). The service announces the change."""
    if notes.read_only:
        show_message(
            parent,
            "warning",
            translate("NotesTransfer", "Notes are read-only"),
            translate(
                "NotesTransfer", "Nothing can be imported: the notes are read-only ({reason})."
            ).format(reason=notes.read_only_reason),
        )
        return None
    path = ask_import_path(parent, Path.home())
    if path is None:
        return None
    try:
        result = notes.import_from(path)
    except (NotesError, OSError, ValueError) as exc:
        show_message(
            parent,
            "error",
            translate("NotesTransfer", "Import failed"),
            translate("NotesTransfer", "Nothing was imported: {reason}").format(reason=_why(exc)),
        )
        return None
    text = translate("NotesTransfer", "From {name}: {summary}.")
    show_message(
        parent,
        "info",
        translate("NotesTransfer", "Notes imported"),
        text.format(name=path.name, summary=result.summary()),
    )
    return result


def _why(exc: BaseException) -> str:
    """One line for people: the store's message, or the OS's reason for an OS error."""
    if isinstance(exc, OSError) and exc.strerror:
        where = f" ({exc.filename})" if exc.filename else ""
        return f"{exc.strerror}{where}"
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]
