"""Test a new entry's pattern off the GUI thread: lines of the open log, the healthy corpus,
and other entries' examples (a `ThreadJob`).

A pattern that can backtrack catastrophically is refused before it runs (the regex time
budget only works on a process's main thread, and a runaway `re` call on a worker thread would
hold the GIL); the rest runs on lines capped in length and number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject

from triage_app.core.catalog import Catalog
from triage_app.core.regex_check import backtrack_risk, limit_problem
from triage_app.core.user_records import PatternCheck, check_pattern
from triage_app.ui.workers.job import JobError, ThreadJob

MAX_LINES = 200_000
LINE_CAP = 4096


class PatternTestJob(ThreadJob):
    """result: a `PatternCheck`. failed: why the pattern was not run."""

    thread_name = "triage-pattern-test"

    def __init__(
        self,
        regex: str,
        lines: Callable[[], Iterable[str]],
        catalog: Catalog | None,
        own_id: str | None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.regex, self._lines, self.catalog, self.own_id = regex, lines, catalog, own_id

    def work(self) -> None:
        problem = limit_problem(self.regex) or backtrack_risk(self.regex)
        if problem:
            raise JobError(f"not run: {problem}")
        lines = []
        for i, text in enumerate(self._lines()):
            if i >= MAX_LINES or self.cancelled:
                break
            lines.append(text[:LINE_CAP])
        if self.cancelled:
            return
        check: PatternCheck = check_pattern(
            self.regex, lines=lines, catalog=self.catalog, own_id=self.own_id
        )
        if not self.cancelled:
            self._emit(self.result, check)
