"""Hardening, finding 7 (user data): symlinked notes files, bounded imports, notes files that
are folders, pipes or unreadable. Permission checks drop root in a forked child."""

from __future__ import annotations

import io
import json
import os
import pwd
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from tests.core.test_cli import run_cli
from triage_app import cli
from triage_app.core.notes import NotesImportError, NotesStore
from triage_app.core.notes.transfer import MAX_IMPORT_NOTES, MAX_NOTE_CHARS


def test_finding7_symlinked_notes_file_is_written_through_to_its_target(tmp_path):
    synced = tmp_path / "synced"
    synced.mkdir()
    target = synced / "notes.json"
    data = tmp_path / "data"
    data.mkdir()
    link = data / "notes.json"
    link.symlink_to(target)
    NotesStore(link).add_note("python/x", "first")
    NotesStore(link).add_note("python/x", "second")
    assert link.is_symlink() and os.readlink(link) == str(target)
    texts = {n.text for n in NotesStore(target).all_notes()}
    assert texts == {"first", "second"}
    assert not [p for p in synced.iterdir() if p.name.endswith(".tmp")]


def _export(notes: list[dict]) -> dict:
    return {"format": "triage-notes-export", "version": 1, "notes": notes, "marks": []}


def _note(i: int, text: str = "t") -> dict:
    return {
        "note_id": f"00000000-0000-4000-8000-{i:012d}",
        "entry_id": "python/x",
        "text": text,
        "tags": [],
        "created": "2026-01-01T00:00:00+00:00",
        "updated": "2026-01-01T00:00:00+00:00",
    }


def _export_format(tmp_path) -> str:
    store = NotesStore(tmp_path / "probe.json")
    store.add_note("python/x", "probe")
    store.export_to(tmp_path / "probe-export.json")
    return json.loads((tmp_path / "probe-export.json").read_text())


def test_finding7_import_of_too_many_notes_is_refused(tmp_path):
    doc = _export_format(tmp_path)
    doc["notes"] = [{**doc["notes"][0], **_note(i)} for i in range(MAX_IMPORT_NOTES + 1)]
    big = tmp_path / "many.json"
    big.write_text(json.dumps(doc))
    store = NotesStore(tmp_path / "notes.json")
    with pytest.raises(NotesImportError, match="at most 100,000"):
        store.import_from(big)
    assert store.all_notes() == []


def test_finding7_import_of_a_huge_note_is_refused(tmp_path):
    doc = _export_format(tmp_path)
    doc["notes"][0]["text"] = "x" * (MAX_NOTE_CHARS + 1)
    path = tmp_path / "huge-note.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(NotesImportError, match="longer than 100 KB"):
        NotesStore(tmp_path / "notes.json").import_from(path)


def test_finding7_import_of_a_file_over_50_mb_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(60 * 1024 * 1024)  # sparse: costs nothing, reading it would
    with pytest.raises(NotesImportError, match="the limit is 52,428,800"):
        NotesStore(tmp_path / "notes.json").import_from(path)


@pytest.mark.parametrize("source", ["/dev/zero", "FIFO"])
def test_finding7_notes_import_of_dev_zero_or_a_pipe_is_refused(tmp_path, source):
    if source == "FIFO":
        source = str(tmp_path / "export.json")
        os.mkfifo(source)
    done = run_cli("notes", "import", source)
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1
    assert "not a regular file" in err and "nothing was imported" in err


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_finding7_notes_file_that_is_a_folder_or_fifo_gives_a_clear_message(tmp_path, kind):
    data = tmp_path / "data"
    data.mkdir()
    notes = data / "notes.json"
    notes.mkdir() if kind == "folder" else os.mkfifo(notes)
    done = run_cli("notes", "list", env={"TRIAGE_DATA_DIR": str(data)})  # no hang: timeout
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err, err
    assert ("a folder" if kind == "folder" else "a pipe") in err


def _as_nobody(argv: list[str]) -> tuple[int, str]:
    """Run the CLI in a forked child that has dropped root (CI runs as root)."""
    nobody = pwd.getpwnam("nobody")
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 3
        try:
            os.close(read_fd)
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            err = io.StringIO()
            with redirect_stderr(err), redirect_stdout(io.StringIO()):
                code = cli.main(argv)
            os.write(write_fd, err.getvalue().encode())
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            os.write(write_fd, f"child failed: {exc!r}\n".encode())
        finally:
            os._exit(code)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as pipe:
        err = pipe.read().decode()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), err


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to drop privileges to nobody")
def test_finding7_unreadable_notes_file_gives_a_clear_message_as_a_normal_user():
    folder = Path(tempfile.mkdtemp(dir="/tmp"))
    try:
        folder.chmod(0o777)
        notes = folder / "notes.json"
        notes.write_text("{}")
        notes.chmod(0)
        warm = folder / "warm.json"  # import every module before the fork: nobody cannot
        with redirect_stderr(io.StringIO()), redirect_stdout(io.StringIO()):  # read the venv
            cli.main(["notes", "list", "--notes-db", str(warm)])
            cli.main(["notes", "list", "--notes-db", str(folder)])
        code, err = _as_nobody(["notes", "list", "--notes-db", str(notes)])
        assert code == 2, err
        assert err.count("\n") == 1 and "ermission denied" in err
    finally:
        for p in folder.iterdir():
            p.unlink()
        folder.rmdir()
