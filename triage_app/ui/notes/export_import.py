"""File > Export notes… and Import notes…: a file dialog, the store call, one clear message.

The dialogs and message boxes go through the module-level functions `ask_export_path`,
`ask_import_path` and `show_message`, which tests replace with monkeypatch. Errors are the
store's one-sentence messages; a traceback never reaches a dialog.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from triage_app.core.notes import ImportResult, NotesError
from triage_app.ui.widgets.notes_service import NotesService

FILE_FILTER = "Triage notes (*.json);;All files (*)"


def ask_export_path(parent: QWidget | None, suggested: Path) -> Path | None:
    """Ask where to write the export; None when the user cancels."""
    name, _ = QFileDialog.getSaveFileName(parent, "Export notes", str(suggested), FILE_FILTER)
    return Path(name) if name else None


def ask_import_path(parent: QWidget | None, start: Path) -> Path | None:
    """Ask which file to import; None when the user cancels."""
    name, _ = QFileDialog.getOpenFileName(parent, "Import notes", str(start), FILE_FILTER)
    return Path(name) if name else None


def show_message(parent: QWidget | None, kind: str, title: str, text: str) -> None:
    """`kind`: "info", "warning" or "error"."""
    box = {
        "info": QMessageBox.information,
        "warning": QMessageBox.warning,
        "error": QMessageBox.critical,
    }.get(kind, QMessageBox.information)
    box(parent, title, text)


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
        show_message(parent, "error", "Export failed", f"The notes were not exported: {_why(exc)}")
        return None
    marks = notes.mark_count()
    noun = "note" if count == 1 else "notes"
    extra = f" and {marks} mark{'' if marks == 1 else 's'}" if marks else ""
    show_message(parent, "info", "Notes exported", f"Exported {count} {noun}{extra} to {path}.")
    return count


def import_notes(parent: QWidget | None, notes: NotesService) -> ImportResult | None:
    """Merge an export (or another notes file) into the store; returns what it did (None:
    cancelled or failed, with the reason shown). The service announces the change."""
    if notes.read_only:
        show_message(
            parent,
            "warning",
            "Notes are read-only",
            f"Nothing can be imported: the notes are read-only ({notes.read_only_reason}).",
        )
        return None
    path = ask_import_path(parent, Path.home())
    if path is None:
        return None
    try:
        result = notes.import_from(path)
    except (NotesError, OSError, ValueError) as exc:
        show_message(parent, "error", "Import failed", f"Nothing was imported: {_why(exc)}")
        return None
    show_message(parent, "info", "Notes imported", f"From {path.name}: {result.summary()}.")
    return result


def _why(exc: BaseException) -> str:
    """One line for people: the store's message, or the OS's reason for an OS error."""
    if isinstance(exc, OSError) and exc.strerror:
        where = f" ({exc.filename})" if exc.filename else ""
        return f"{exc.strerror}{where}"
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]
