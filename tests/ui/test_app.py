"""The command line of the window: files, --screenshot, bad arguments, the exception hook."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

from PySide6.QtGui import QImage

from tests.ui.window_support import write_log
from triage_app import app
from triage_app.core import paths


def run_window(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")  # the child's QSettings
    env["TRIAGE_DATA_DIR"] = str(tmp_path / "data")
    return subprocess.run(
        [sys.executable, "-m", "triage_app", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,  # only to detect a hang
        check=False,
    )


def test_screenshot_of_the_sample_log(tmp_path):
    out = tmp_path / "shot.png"
    result = run_window([str(paths.sample_log_path()), "--screenshot", str(out)], tmp_path)
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert not image.isNull()
    assert image.width() >= 1000 and image.height() >= 600
    assert "Traceback" not in result.stderr


def test_files_and_catalog_options_reach_the_window(tmp_path):
    records = tmp_path / "records" / "linux"
    records.mkdir(parents=True)
    log = write_log(tmp_path / "run.log")
    out = tmp_path / "shot.png"
    args = [str(log), "--catalog", str(records.parent), "--notes-db", str(tmp_path / "n.json")]
    result = run_window([*args, "--screenshot", str(out)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert out.exists()


def test_a_missing_catalog_folder_is_one_clear_line(tmp_path, capsys):
    assert app.main(["--catalog", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert "no such folder" in err and "Traceback" not in err


def test_parser_accepts_several_files():
    args = app.build_parser().parse_args(["a.log", "b.log.gz", "--theme", "dark"])
    assert args.files == ["a.log", "b.log.gz"] and args.theme == "dark"


def test_excepthook_reports_one_sentence(monkeypatch, caplog):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    shown: list[str] = []
    app.install_excepthook(shown.append)
    try:
        raise ValueError("boom")
    except ValueError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    assert shown == ["Something went wrong (ValueError: boom). Details are in the log."]
    assert "Traceback" in caplog.text


def test_errors_in_worker_threads_reach_the_log_and_the_window(qtbot, monkeypatch, caplog):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    shown: list[tuple[str, str]] = []
    app.install_excepthook(lambda text: shown.append((text, threading.current_thread().name)))

    def fail() -> None:
        raise RuntimeError("worker boom")

    worker = threading.Thread(target=fail, name="triage-test-worker")
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: bool(shown), timeout=2000)
    assert shown == [
        ("Something went wrong (RuntimeError: worker boom). Details are in the log.", "MainThread")
    ]
    assert "triage-test-worker" in caplog.text and "Traceback" in caplog.text


def test_screenshot_of_a_log_that_cannot_be_opened_says_so(tmp_path):
    out = tmp_path / "shot.png"
    result = run_window([str(tmp_path / "missing.log"), "--screenshot", str(out)], tmp_path)
    assert result.returncode == 1
    assert "could not be opened" in result.stderr
    assert out.exists()  # the window, with its message, is still saved


def test_no_display_is_a_clear_message_not_an_abort(monkeypatch):
    from triage_app import app

    assert "no display" in app.display_problem({}, "linux")
    assert app.display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert app.display_problem({}, "darwin") is None
    assert app.display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    monkeypatch.setattr(
        app.ctypes.util, "find_library", lambda name: None if name == "xcb-icccm" else name
    )
    problem = app.display_problem({"DISPLAY": ":0"}, "linux")
    assert "libxcb-icccm4" in problem and "libxcb-cursor0" not in problem
    monkeypatch.setattr(app.ctypes.util, "find_library", lambda name: name)
    assert app.display_problem({"DISPLAY": ":0"}, "linux") is None
