"""The shell's part in opening a `triage-app batch` output: a results tab, not a log tab."""

from __future__ import annotations

from pathlib import Path

from triage_app.fleet.results_file import is_results_file
from triage_app.ui.fleet.results_view import BatchResultsView


def split_results(files: list[str | Path]) -> tuple[list[Path], list[str | Path]]:
    """(batch outputs, everything else): a file is a batch output by its first line's schema."""
    results, logs = [], []
    for file in files:
        path = Path(file)
        (results if path.is_file() and is_results_file(path) else logs).append(file)
    return results, logs


def open_results(tabs, path: Path, open_log) -> BatchResultsView:
    """A tab for one batch output; double-clicking a file calls `open_log([path])`."""
    view = BatchResultsView(path, tabs)
    view.open_log_requested.connect(lambda file, _line: open_log([file]))
    tabs.add_closable_tab(view, path.name)
    return view


def open_batch_results(window, files) -> list[str | Path]:
    """Open each batch output among `files` in a results tab; return the other files."""
    results, logs = split_results(list(files))
    for path in results:
        window.stack.setCurrentWidget(window.tabs)
        open_results(window.tabs, path, window.open_paths)
    return logs
