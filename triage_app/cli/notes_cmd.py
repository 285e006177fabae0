"""`triage-app notes`: list, add, delete, export and import the user's notes (scripts, backups).

Uses the same store and the same path rules as the window (`TRIAGE_DATA_DIR`, or `--notes-db`).
Exit 0 when done, 2 on failure (one line on stderr). Problems with the notes file (a damaged file
copied aside, a read-only file) are reported on stderr and do not stop read-only commands.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from triage_app.cli.errors import CliError
from triage_app.cli.output import clean, print_error, print_json
from triage_app.core.notes import Mark, Note, NotesError, NotesStore
from triage_app.core.paths import notes_db_path

_VERDICT_WORDS = {"worked": "worked", "did_not_work": "did not work"}


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add `notes` and its actions to the top-level parser."""
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument(
        "--notes-db",
        metavar="PATH",
        type=Path,
        default=argparse.SUPPRESS,
        help="the notes file (default: notes.json in the user-data folder)",
    )
    notes = subparsers.add_parser(
        "notes", parents=[db], help="list, add, export and import your notes on entries"
    )
    notes.set_defaults(func=_missing_action, notes_parser=notes)
    actions = notes.add_subparsers(dest="notes_action", metavar="ACTION")

    show = actions.add_parser("list", parents=[db], help="print notes (all, or one entry's)")
    show.add_argument("--entry", metavar="ID", help="only the notes and marks on this entry")
    show.add_argument("--search", metavar="TEXT", help="only notes whose text or tags contain it")
    show.add_argument("--format", choices=("text", "json"), default="text")
    show.set_defaults(func=_command(_list))

    add = actions.add_parser("add", parents=[db], help="add a note; prints its id")
    add.add_argument("entry_id", metavar="ID", help="the catalogue entry id, e.g. pytorch/x")
    add.add_argument("text", metavar="TEXT", help="the note ('-' reads it from standard input)")
    add.add_argument(
        "--tags", action="append", default=[], metavar="TAGS", help="comma-separated tags"
    )
    add.set_defaults(func=_command(_add))

    delete = actions.add_parser("delete", parents=[db], help="delete one note by its id")
    delete.add_argument("note_id", metavar="NOTE_ID")
    delete.set_defaults(func=_command(_delete))

    export = actions.add_parser("export", parents=[db], help="write all notes and marks to FILE")
    export.add_argument("file", metavar="FILE", type=Path)
    export.set_defaults(func=_command(_export))

    imp = actions.add_parser("import", parents=[db], help="merge notes and marks from FILE")
    imp.add_argument("file", metavar="FILE", type=Path)
    imp.set_defaults(func=_command(_import))


def _missing_action(args: argparse.Namespace) -> int:
    args.notes_parser.print_help(sys.stderr)
    return 2


def _command(body: Callable[[NotesStore, argparse.Namespace], int]) -> Callable[..., int]:
    """Open the store, report its problems, run `body`; turn every failure into a CliError."""

    def run(args: argparse.Namespace) -> int:
        path = getattr(args, "notes_db", None) or notes_db_path()
        try:
            with NotesStore(path) as store:
                for problem in store.problems:
                    print_error(problem)
                return body(store, args)
        except NotesError as exc:
            raise CliError(str(exc)) from None
        except (ValueError, TypeError) as exc:
            raise CliError(str(exc)) from None
        except OSError as exc:
            raise CliError(f"{exc.filename or path}: {exc.strerror or exc}") from None

    return run


def _list(store: NotesStore, args: argparse.Namespace) -> int:
    if store.read_only:
        print_error(f"note: opened read-only: {store.read_only_reason}")
    notes = store.notes_for(args.entry) if args.entry else store.all_notes()
    if args.search:
        wanted = {note.note_id for note in store.search(args.search)}
        notes = [note for note in notes if note.note_id in wanted]
    marks = list(store.marks_for(args.entry).values()) if args.entry else store.all_marks()
    if args.search:
        marks = []
    if args.format == "json":
        doc = {
            "notes_db": str(store.path),
            "read_only": store.read_only,
            "notes": [note.to_doc() for note in notes],
            "marks": [mark.to_doc() for mark in marks],
        }
        print_json(doc, indent=2)
        return 0
    _print_text(notes, marks, store.path)
    return 0


def _print_text(notes: list[Note], marks: list[Mark], path: Path) -> None:
    if not notes and not marks:
        print(f"No notes in {clean(str(path))}.")
        return
    entries: dict[str, tuple[list[Note], list[Mark]]] = {}
    for note in notes:
        entries.setdefault(note.entry_id, ([], []))[0].append(note)
    for mark in marks:
        entries.setdefault(mark.entry_id, ([], []))[1].append(mark)
    out = _writer()
    for entry_id in sorted(entries):
        entry_notes, entry_marks = entries[entry_id]
        counts = [_plural(len(entry_notes), "note"), _plural(len(entry_marks), "mark")]
        out(f"{_safe(entry_id)}  ({', '.join(c for c in counts if c)})")
        for note in entry_notes:
            when = note.created[:16].replace("T", " ") + " UTC"
            tags = f"  tags: {', '.join(_safe(t) for t in note.tags)}" if note.tags else ""
            out(f"  {_safe(note.note_id)}  {_safe(when)}{tags}")
            for line in note.text.splitlines() or [""]:
                out(f"      {_safe(line)}")
        for mark in entry_marks:
            out(f"  [{_VERDICT_WORDS[mark.verdict]}] {_safe(mark.action_text)}")
        out("")


def _add(store: NotesStore, args: argparse.Namespace) -> int:
    text = sys.stdin.read() if args.text == "-" else args.text
    tags = [tag for group in args.tags for tag in group.split(",")]
    note = store.add_note(args.entry_id, text, tags)
    print(note.note_id)
    return 0


def _delete(store: NotesStore, args: argparse.Namespace) -> int:
    store.delete_note(args.note_id)
    print(f"deleted note {clean(args.note_id)}")
    return 0


def _export(store: NotesStore, args: argparse.Namespace) -> int:
    count = store.export_to(args.file)
    marks = len(store.all_marks())
    where = clean(str(args.file))
    print(f"exported {_count(count, 'note')} and {_count(marks, 'mark')} to {where}")
    return 0


def _import(store: NotesStore, args: argparse.Namespace) -> int:
    result = store.import_from(args.file)
    print(f"imported {clean(str(args.file))}: {clean(result.summary())}")
    return 0


def _count(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _plural(count: int, word: str) -> str:
    return _count(count, word) if count else ""


def _safe(text: str) -> str:
    """Text with control characters escaped, so a note cannot drive the terminal."""
    return clean(text, strip=False)


def _writer() -> Callable[[str], None]:
    """print(), but never failing on characters the terminal's encoding lacks."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"

    def write(line: str) -> None:
        print(line.encode(encoding, "backslashreplace").decode(encoding))

    return write
