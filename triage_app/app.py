"""Start the window: `triage-app [FILE...] [--catalog DIR]... [--notes-db PATH] [--screenshot OUT]`.

`triage_app.cli.main` hands over here when it gets no subcommand. Files given on the command
line open in tabs; `--screenshot OUT.png` waits until every scan has finished, selects the
first match, saves a PNG of the whole window and exits (works with QT_QPA_PLATFORM=offscreen);
`--size WxH` sets the window's size (for a picture of a narrow window, say 900x600).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes.util
import logging
import os
import sys
import threading
import traceback
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from triage_app import __version__
from triage_app.cli.common import add_catalog_option

log = logging.getLogger("triage_app")


def window_size(text: str) -> tuple[int, int]:
    """`900x600` -> (900, 600); anything else is refused with one clear line."""
    width, sep, height = text.lower().partition("x")
    if sep and width.isdigit() and height.isdigit() and int(width) >= 200 and int(height) >= 200:
        return int(width), int(height)
    raise argparse.ArgumentTypeError(f"{text!r}: expected WIDTHxHEIGHT in pixels, e.g. 900x600")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="triage-app",
        description="Open the Triage window, optionally on log files.",
        epilog="Headless commands: triage-app scan|lookup|catalog|notes … (see triage-app -h).",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="logs to open")
    add_catalog_option(parser)
    parser.add_argument("--notes-db", metavar="PATH", type=Path, help="the notes file to use")
    parser.add_argument(
        "--screenshot",
        metavar="OUT.png",
        type=Path,
        help="open the files, wait for the scans, select the first match, save a PNG, exit",
    )
    parser.add_argument(
        "--size",
        metavar="WxH",
        type=window_size,
        help="the window's size in pixels, e.g. 900x600 (with --screenshot: the picture's size)",
    )
    parser.add_argument(
        "--theme", choices=("system", "light", "dark"), help="override the theme for this run"
    )
    parser.add_argument(
        "--language",
        choices=("en", "zh"),
        help="the window's language for this run (View > Language keeps one)",
    )
    parser.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add Triage to your desktop's application menu (Linux; for this user) and exit",
    )
    parser.add_argument("--version", action="version", version=f"triage-app {__version__}")
    return parser


def _install_desktop_entry() -> int:
    from triage_app.desktop_entry import install

    try:
        entry, icon = install()
    except OSError as exc:
        print(f"triage-app: cannot install the desktop entry ({exc})", file=sys.stderr)
        return 2
    print(f"Installed {entry} and {icon}; Triage is in your application menu.")
    return 0


def _log_to_file() -> Path | None:
    """Also keep a log file in the user-data folder (unexpected errors go there in full)."""
    from logging.handlers import RotatingFileHandler

    from triage_app.core import paths

    path = paths.user_data_dir() / "triage-app.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=1_000_000, backupCount=1, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logging.getLogger().addHandler(handler)
    return path


def install_excepthook(report, log_path: Path | None = None) -> None:
    """Log unexpected exceptions and show one short sentence instead of crashing silently.

    Both the main thread's (`sys.excepthook`) and worker threads' (`threading.excepthook`)
    exceptions go to the log in full. `report(message)` shows the sentence in the window; for
    a worker thread it is called on the GUI thread (through a queued signal).
    """

    def sentence(kind: type[BaseException], value: BaseException | None) -> str:
        where = f" Details are in {log_path}." if log_path else " Details are in the log."
        return f"Something went wrong ({kind.__name__}: {value}).{where}"

    def hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, value, tb)
            return
        log.error("unexpected error:\n%s", "".join(traceback.format_exception(kind, value, tb)))
        with contextlib.suppress(Exception):  # the hook itself must never fail
            report(sentence(kind, value))

    to_gui = _gui_thread_caller(report)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if issubclass(args.exc_type, SystemExit):
            return
        name = args.thread.name if args.thread is not None else "a worker thread"
        text = "".join(
            traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)
        )
        log.error("unexpected error in %s:\n%s", name, text)
        with contextlib.suppress(Exception):
            to_gui(sentence(args.exc_type, args.exc_value))

    sys.excepthook = hook
    threading.excepthook = thread_hook


def _gui_thread_caller(report):
    """`report` wrapped so that a call from any thread runs it on the GUI thread."""
    from PySide6.QtCore import QCoreApplication, QObject, Signal

    class Relay(QObject):
        message = Signal(str)

    relay = Relay(QCoreApplication.instance())  # lives (and delivers) in the GUI thread
    relay.message.connect(report)

    def call(message: str) -> None:
        relay.message.emit(message)

    return call


def display_problem(env: os._Environ | dict, platform: str) -> str | None:
    """Why a window cannot open here, checked before Qt would abort the process, or None."""
    if env.get("QT_QPA_PLATFORM") or not platform.startswith("linux"):
        return None
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return (
            "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set). "
            "For a report without a window run 'triage-app scan FILE'; for a picture of the "
            "window set QT_QPA_PLATFORM=offscreen and add --screenshot OUT.png"
        )
    if env.get("WAYLAND_DISPLAY"):
        return None
    missing = [pkg for lib, pkg in _XCB_LIBRARIES if ctypes.util.find_library(lib) is None]
    if missing:
        return (
            "Qt's X11 plugin needs libraries that are not installed; on Debian/Ubuntu: "
            f"apt-get install {' '.join(missing)} ('make run' installs them)"
        )
    return None


# What Qt 6's xcb platform plugin loads (library name, Debian package).
_XCB_LIBRARIES = (
    ("xcb-cursor", "libxcb-cursor0"),
    ("xcb-icccm", "libxcb-icccm4"),
    ("xcb-keysyms", "libxcb-keysyms1"),
    ("xcb-image", "libxcb-image0"),
    ("xcb-render-util", "libxcb-render-util0"),
    ("xkbcommon-x11", "libxkbcommon-x11-0"),
)


def _open_notes(path: Path):
    """The notes store; a file that cannot be opened at all gives an empty read-only store
    whose reason the window shows (it never stops the window from starting)."""
    from triage_app.core.notes import NotesError, NotesStore

    try:
        return NotesStore(path)
    except (NotesError, OSError) as exc:
        reason = f"{path} cannot be opened ({getattr(exc, 'strerror', None) or exc})"
        return NotesStore.unavailable(reason)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the window; returns the exit status."""
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.install_desktop_entry:
        return _install_desktop_entry()
    logging.basicConfig(level=logging.INFO, format="triage-app: %(message)s")
    log_path = _log_to_file()
    for directory in args.catalog:
        if not directory.is_dir():
            print(f"triage-app: --catalog {directory}: no such folder", file=sys.stderr)
            return 2

    problem = display_problem(os.environ, sys.platform)
    if problem:
        print(f"triage-app: {problem}", file=sys.stderr)
        return 2

    from triage_app.ui.binding_guard import protect_singletons

    protect_singletons()  # once, before any Qt call (see binding_guard)

    from PySide6.QtWidgets import QApplication

    from triage_app.core import paths
    from triage_app.core.catalog import default_catalog_dirs
    from triage_app.core.catalog_cache import open_catalog
    from triage_app.core.lineindex import remove_stale_copies
    from triage_app.ui.widgets.settings import APPLICATION, ORGANIZATION, Settings
    from triage_app.ui.window.dialogs import Dialogs
    from triage_app.ui.window.language import install_language
    from triage_app.ui.window.main_window import MainWindow
    from triage_app.ui.window.theme import ThemeManager

    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("Triage")
    app.setApplicationVersion(__version__)
    theme = ThemeManager(app, args.theme or Settings().theme())
    install_language(app, args.language or Settings().ui_language())
    catalog_dirs = default_catalog_dirs(args.catalog)
    catalog = open_catalog(catalog_dirs).catalog
    remove_stale_copies()  # decompressed or pasted copies of a window that was killed
    notes = _open_notes(args.notes_db or paths.notes_db_path())
    window = MainWindow(catalog, catalog_dirs, notes, theme, restore_layout=args.screenshot is None)
    window.tabs.scheduler.warm(catalog_dirs)  # the first scan finds the catalogue loaded
    app.aboutToQuit.connect(window.tabs.close_all)
    install_excepthook(window.report, log_path)
    _report_startup_problems(window, catalog, notes, Dialogs, quiet=args.screenshot is not None)
    if args.size is not None:
        window.resize(*args.size)
    window.show()
    if args.files:
        window.open_paths(args.files)
    if args.screenshot is not None:
        from triage_app.ui.window.screenshot import ScreenshotRun

        distinct = {Path(f).resolve() for f in args.files}
        run = ScreenshotRun(window, args.screenshot, expected=len(distinct))
        run.start()
        app.exec()
        return run.exit_code
    return app.exec()


def _report_startup_problems(window, catalog, notes, dialogs, *, quiet: bool) -> None:
    errors = len(catalog.errors)
    if errors:
        window.report(
            f"{errors} catalogue record(s) are invalid and were skipped "
            "(run 'triage-app catalog validate' for details).",
            "warning",
        )
    if getattr(notes, "read_only", False):
        window.report(f"Notes are read-only: {notes.read_only_reason}", "warning")
    problems = list(getattr(notes, "problems", []) or [])
    if problems:
        if quiet:
            window.report(" ".join(problems), "warning")
        else:
            dialogs.inform(window, "Your notes", "\n\n".join(problems))


if __name__ == "__main__":
    raise SystemExit(main())
