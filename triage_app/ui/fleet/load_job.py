"""Read a batch output file into table rows on a worker thread (a `ThreadJob`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject

from triage_app.fleet.results_file import ResultsFileError, read_results
from triage_app.ui.workers.job import JobError, ThreadJob

BATCH = 500


@dataclass(frozen=True)
class ResultRow:
    """One scanned file, as much as the table needs (not its matches)."""

    path: str
    lines: int
    error: str | None
    first_cause: str | None
    first_line: int | None
    entries: frozenset[str]
    matches: int


def row_of(doc: dict) -> ResultRow:
    regex = [m for m in doc.get("matches") or [] if m.get("kind") == "regex"]
    cause = doc.get("first_cause") if isinstance(doc.get("first_cause"), dict) else {}
    return ResultRow(
        path=str(doc.get("path")),
        lines=int(doc.get("lines") or 0),
        error=doc.get("error"),
        first_cause=cause.get("entry_id"),
        first_line=cause.get("line"),
        entries=frozenset(str(m.get("entry_id")) for m in regex),
        matches=len(regex),
    )


class LoadResultsJob(ThreadJob):
    """progress: a list of ResultRow (each batch); result: the total row count."""

    thread_name = "triage-batch-results"

    def __init__(self, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = Path(path)

    def work(self) -> None:
        batch: list[ResultRow] = []
        count = 0
        try:
            for doc in read_results(self.path):
                if self.cancelled:
                    return
                batch.append(row_of(doc))
                count += 1
                if len(batch) >= BATCH:
                    self._emit(self.progress, batch)
                    batch = []
        except ResultsFileError as exc:
            raise JobError(str(exc)) from exc
        except OSError as exc:
            raise JobError(f"{self.path}: {exc.strerror or exc}") from exc
        if batch:
            self._emit(self.progress, batch)
        self._emit(self.result, count)
