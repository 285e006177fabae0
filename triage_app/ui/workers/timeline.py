"""Merge several logs into one timeline file on a worker thread (see `core.timeline`)."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject

from triage_app.core.logsource import LogError
from triage_app.core.timeline import Timeline, merge
from triage_app.ui.workers.job import JobError, ThreadJob


@dataclass(frozen=True)
class Merged:
    """The merged file (a temporary file the caller owns) and where its lines came from."""

    path: Path
    timeline: Timeline


class TimelineJob(ThreadJob):
    """progress: lines written so far (int). result: `Merged`. failed: a sentence."""

    thread_name = "triage-timeline"

    def __init__(self, paths: list[Path], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.paths = paths

    def work(self) -> None:
        handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - owned by the document
            prefix=f"triage-{os.getpid()}-timeline-", suffix=".log", delete=False
        )
        handle.close()
        out = Path(handle.name)
        try:
            timeline = merge(self.paths, out, self.cancel_event, self._on_progress)
        except LogError as exc:
            out.unlink(missing_ok=True)
            raise JobError(str(exc)) from exc
        except BaseException:
            out.unlink(missing_ok=True)
            raise
        if timeline is None:
            out.unlink(missing_ok=True)
            return
        self._emit(self.result, Merged(out, timeline))

    def _on_progress(self, lines: int) -> None:
        self._emit(self.progress, lines)
