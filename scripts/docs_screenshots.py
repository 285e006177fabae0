"""Render the README's viewer screenshots that need more than `--screenshot` can do.

    python scripts/docs_screenshots.py [--out docs]

Drives the real window (offscreen unless a display is set) on the bundled sample log:
`timeline.png` (its ranks 0-3 as four logs, merged into one timeline), `follow.png` (following a copy of it after lines were appended and scanned), `filters.png`
(only matched lines with context, a level filter and the chip saying so) and `menu.png` (a
log line's right-click menu, painted onto the window where it opens). Settings and notes go
to a temporary folder; nothing of the user's is read or changed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TRIAGE_DATA_DIR"] = tempfile.mkdtemp(prefix="triage-docs-")

from PySide6.QtCore import QPoint, QSettings  # noqa: E402
from PySide6.QtGui import QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from triage_app.core import paths, severity  # noqa: E402
from triage_app.core.catalog import default_catalog_dirs, load_catalog  # noqa: E402
from triage_app.core.notes import NotesStore  # noqa: E402
from triage_app.ui.binding_guard import protect_singletons  # noqa: E402
from triage_app.ui.log.context_menus import LineMenu  # noqa: E402
from triage_app.ui.window.main_window import MainWindow  # noqa: E402

APPENDED = [
    "[rank5]: 2026-11-28 03:48:02,114 INFO  supervisor: restarting worker group (attempt 2/3)",
    "[rank5]: 2026-11-28 03:48:09,530 INFO  train: resumed from /mnt/ckpt/run-1128/step-120",
    "[rank5]: 2026-11-28 03:48:15,902 INFO  train: step   121/20000 loss=1.4702",
    "[rank5]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 5 "
    "has a total capacity of 79.15 GiB of which 1.02 GiB is free.",
]


def pump(app: QApplication, done, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not done() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.005)


def settle(app: QApplication, seconds: float = 0.8) -> None:
    end = time.monotonic() + seconds
    pump(app, lambda: time.monotonic() > end, seconds + 1)


def open_log(app: QApplication, window: MainWindow, path: Path):
    window.open_paths([path])
    pump(app, lambda: window.tabs.log_count() >= 1 and not window.tabs.current_document().busy)
    settle(app)
    return window.tabs.current_view()


def follow_shot(app: QApplication, window: MainWindow, out: Path, work: Path) -> None:
    log = work / "train-rank-logs.log"
    shutil.copyfile(paths.sample_log_path(), log)
    view = open_log(app, window, log)
    window.actions.follow.setChecked(True)
    view.table.scrollToBottom()
    with log.open("a", encoding="utf-8") as f:
        f.write("\n".join(APPENDED) + "\n")
    doc = view.document
    pump(app, lambda: doc.line_count >= 211 and not view.follower.scan_pending)
    pump(app, lambda: doc.match_for_line(doc.line_count) is not None, 30)
    view.go_to_line(doc.line_count)
    settle(app)
    window.grab().save(str(out / "follow.png"))
    window.actions.follow.setChecked(False)
    window.tabs.close_view(view)


def filters_shot(app: QApplication, window: MainWindow, out: Path) -> None:
    view = open_log(app, window, paths.sample_log_path())
    window.actions.only_matched.setChecked(True)
    window.filter_actions.context[2].trigger()
    window.filter_actions.levels[severity.DEBUG].setChecked(False)
    window.filter_actions.levels[severity.INFO].setChecked(False)
    pump(app, lambda: view.level_filter.model is not None)
    window.matches_panel.select_first()
    settle(app)
    window.grab().save(str(out / "filters.png"))
    view.clear_filters()


def menu_shot(app: QApplication, window: MainWindow, out: Path) -> None:
    view = window.tabs.current_view()
    view.go_to_line(153)
    settle(app)
    table = view.table
    pos = table.visualRect(table.model().index(152, 0)).center()
    pos.setX(260)
    menu = view.findChild(LineMenu).menu_at(pos)
    menu.adjustSize()
    picture = window.grab()
    at = table.viewport().mapTo(window, pos) + QPoint(4, 4)
    painter = QPainter(picture)
    painter.drawPixmap(at, menu.grab())
    painter.end()
    picture.save(str(out / "menu.png"))
    menu.deleteLater()


def timeline_shot(app: QApplication, window: MainWindow, out: Path, work: Path) -> None:
    """The sample's ranks 0-3 as four logs (its "[rankN]: " prefixes), merged again."""
    ranks: dict[str, list[str]] = {f"[rank{n}]:": [] for n in range(4)}
    for line in paths.sample_log_path().read_text(encoding="utf-8").splitlines():
        for prefix, lines in ranks.items():
            if line.startswith(prefix):
                lines.append(line.removeprefix(prefix).removeprefix(" "))
    logs = []
    for n, lines in enumerate(ranks.values()):
        logs.append(work / f"rank{n}.log")
        logs[-1].write_text("\n".join(lines) + "\n", encoding="utf-8")
    count = window.tabs.log_count()
    window.timeline.merge(logs)
    pump(app, lambda: window.tabs.log_count() > count)
    pump(app, lambda: not window.tabs.current_document().busy)
    window.matches_panel.select_first()
    settle(app)
    window.grab().save(str(out / "timeline.png"))
    window.tabs.close_view(window.tabs.current_view())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    protect_singletons()
    app = QApplication.instance() or QApplication([])
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    dirs = default_catalog_dirs()
    notes = NotesStore(Path(os.environ["TRIAGE_DATA_DIR"]) / "notes.json")
    window = MainWindow(load_catalog(dirs), dirs, notes, restore_layout=False)
    window.resize(1280, 800)
    window.show()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        timeline_shot(app, window, args.out, Path(work))
        follow_shot(app, window, args.out, Path(work))
        filters_shot(app, window, args.out)
        menu_shot(app, window, args.out)
        window.close()
    notes.close()
    print(f"wrote timeline.png, follow.png, filters.png and menu.png in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
