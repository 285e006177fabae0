"""Scan a big log on every core, with exactly the results of the single-process scan.

Only a large plain UTF-8 file (at least `MIN_BYTES` on disk) is split; small, compressed and
non-UTF-8 files and standard input stay single-process (`scan.iter_scan`), as does a scan in a
daemon process or, on Linux, in a process that runs threads (fork is then unsafe). Elsewhere
than Linux workers are spawned, which needs a way to build the matcher again in them
(`rebuild_with`, e.g. from the compiled catalogue cache); without one the scan stays single.

How the results stay the same (`parallel_worker` has the worker side):

* **Pieces are runs of the single-process chunks.** The file is cut after the last newline
  of every few read blocks (`PIECE_BYTES`), so each worker scans the chunks `iter_scan` would.
* **State across a piece's start is checked, not trusted.** A worker seeds the state its first
  chunk needs (the previous line, whether it matched, targets to join across the boundary)
  from the last lines of the chunk before it (as far as a `Caused by:` walks back); the
  parent compares it with the state the piece before really ended with. Joined events (hard
  wraps, JSON records, Caused-by chains, traceback context) thus come out as in one process.
* **The fuzzy budget is the file's, in file order.** Workers record every fuzzy lookup; the
  parent replays them against the one per-file budget (first `FuzzyBudget.limit` distinct
  lines looked up, later new ones skipped and counted). A worker starts with the budget as the
  parent knows it; once it is spent, workers get it frozen and are exact by construction.
* A chunk whose seed or lookups do not replay exactly is scanned again, with the exact state
  and budget, by the next free worker (`redone` counts them; in practice only pieces sent
  before the budget ran out).
* Line numbers are relative to the piece where its first line's number is not known (a
  piece that seeds its state): the parent, taking chunks in file order, knows how many lines
  came before and shifts every number a chunk carries (`ChunkOut.renumber`: matches and
  their events, unknown-error lines, slow targets; nothing else in a chunk's result depends
  on a line's number). So no process reads the file ahead only to count its lines.
* Versions and unknown errors are read by the workers and absorbed in order
  (`FileAnnotator.digest`/`absorb`). A pattern that runs past its time budget is skipped for
  the rest of its piece and in pieces sent after the parent learnt of it (timing decides
  this in one process too); `slow_patterns` gives each at the first line it was slow.

Results stream in file order, one message per chunk; messages of pieces ahead are kept as
bytes, at most about `MAX_BUFFER` in all (then the workers ahead wait). Cancel stops the
workers at once; a worker that dies ends the scan with `ParallelScanError` (a `LogError`).
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import sys
import threading
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from triage_app.core.annotate import FileAnnotator
from triage_app.core.encoding import SAMPLE_BYTES
from triage_app.core.events import ChunkState
from triage_app.core.fuzzy import FuzzyBudget
from triage_app.core.logsource import CHUNK_BYTES, STDIN, LogError, LogSource
from triage_app.core.matcher import Matcher
from triage_app.core.results import LineMatch, ScanProgress, ScanSummary

if TYPE_CHECKING:  # `multiprocessing` and the worker side are imported when a file is split:
    import multiprocessing.context  # most scans never are

    from triage_app.core.parallel_task import ChunkOut, Task

MIN_BYTES = 64 * 1024 * 1024  # smaller files are scanned in one process
PIECE_BYTES = 32 * 1024 * 1024  # at most this many bytes of read blocks per piece
MAX_BUFFER = 64 * 1024 * 1024  # bytes of results kept for pieces waiting for their turn
POLL_S = 0.05  # how often a wait looks at the cancel flag

_recipes: weakref.WeakKeyDictionary[Matcher, Callable[[], Matcher]] = weakref.WeakKeyDictionary()


_DONE = object()  # `_next`: the piece has no more chunks


class ParallelScanError(LogError):
    """A worker process died or failed; the message says so in one sentence."""


def rebuild_with(matcher: Matcher, recipe: Callable[[], Matcher]) -> None:
    """How a spawned worker builds `matcher` again (a picklable callable)."""
    _recipes[matcher] = recipe


def catalog_matcher(dirs: list[Path], fuzzy: bool) -> Matcher:
    """A spawned worker's matcher, as the CLI builds it: the compiled catalogue of `dirs`
    (the CLI's `rebuild_with` recipe)."""
    from triage_app.core.catalog_cache import open_catalog  # noqa: PLC0415 - workers only

    return open_catalog(dirs).matcher(fuzzy=fuzzy)


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _start_method(matcher: Matcher) -> str | None:
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return "fork"
    return "spawn" if matcher in _recipes else None


def workers_for(source: LogSource, matcher: Matcher, jobs: int | None) -> int:
    """How many worker processes should scan `source` (0: scan it in this process)."""
    info = source.info
    if jobs == 1 or info.compression or source.piece_codec is None or source.path == STDIN:
        return 0
    if info.size is None or info.size < MIN_BYTES:
        return 0
    import multiprocessing

    if multiprocessing.current_process().daemon or _start_method(matcher) is None:
        return 0
    count = default_jobs() if jobs is None or jobs < 1 else jobs
    return count if count > 1 else 0


class _Worker:
    def __init__(
        self,
        context: multiprocessing.context.BaseContext,
        recipe: Callable[[], Matcher] | None,
        ends: list,
    ) -> None:
        from triage_app.core import parallel_worker

        self.conn, child = context.Pipe()
        ends.append(self.conn)
        self.process = context.Process(
            target=parallel_worker.worker_main, args=(child, recipe, ends), daemon=True
        )
        self.process.start()
        child.close()
        self.task: Task | None = None
        self.cpu = 0.0


class ParallelScan:
    """One file's parallel scan; iterate it for (matches, lines, end offset) per chunk."""

    def __init__(
        self,
        source: LogSource,
        matcher: Matcher,
        workers: int,
        *,
        fuzzy: bool = True,
        annotator: FileAnnotator | None = None,
        cancel: threading.Event | None = None,
        chunk_bytes: int = CHUNK_BYTES,
    ) -> None:
        from triage_app.core import parallel_worker
        from triage_app.core.parallel_task import Task
        from triage_app.core.parallel_worker import FileBudget

        self.matcher, self.annotator, self.cancel = matcher, annotator, cancel
        self.cancelled = False
        self.redone = 0  # chunks scanned again because their seed or lookups did not replay
        self.budget = FileBudget(FuzzyBudget().limit)  # replayed in file order
        self.slow: dict[int, int] = {}
        self.state = ChunkState()
        self.lines = 0  # lines of the chunks taken so far
        path = source.path
        st = os.stat(path)
        start = 3 if source.info.encoding == "utf-8-sig" else 0
        fd = os.open(path, os.O_RDONLY)
        try:
            # At least 4 pieces per worker (fewer leave one idle at the end), at most
            # PIECE_BYTES each.
            fit = st.st_size // (chunk_bytes * max(1, workers) * 4)
            blocks = max(1, min(PIECE_BYTES // chunk_bytes, fit))
            cuts = parallel_worker.plan_cuts(fd, st.st_size, SAMPLE_BYTES, chunk_bytes, blocks)
        finally:
            os.close(fd)
        codec = source.piece_codec or ""
        starts, ends = [start, *cuts], [*cuts, None]
        common = (path, (st.st_dev, st.st_ino), start, SAMPLE_BYTES, chunk_bytes, st.st_size)
        self.order = deque(
            Task(i, s, e, *common, fuzzy=fuzzy, annotate=annotator is not None, codec=codec)
            for i, (s, e) in enumerate(zip(starts, ends, strict=True))
        )
        self.order[0].state = ChunkState()
        self.queue = deque(self.order)
        self.next_id = len(self.order)
        self.workers_wanted = max(1, min(workers, len(self.order)))
        self.workers: list[_Worker] = []
        self.buffers: dict[int, deque[bytes]] = {}
        self.buffered: dict[int, int] = {}
        self.finished: set[int] = set()
        self.abandoned: set[int] = set()

    # -- the parent's loop ------------------------------------------------------------------

    def __iter__(self) -> Iterator[tuple[list[LineMatch], int, int]]:
        from triage_app.core import parallel_worker

        method = _start_method(self.matcher)
        if method is None:
            raise ParallelScanError(f"{self.order[0].path}: no way to start worker processes")
        import multiprocessing

        context = multiprocessing.get_context(method)
        recipe = None if method == "fork" else _recipes[self.matcher]
        if method == "fork":
            if self.matcher.fuzzy is not None:
                self.matcher.fuzzy.build()  # once, shared with every worker
            parallel_worker._FORKED = self.matcher
        ends: list = []
        clean = False
        try:
            self.workers = [
                _Worker(context, recipe, ends if method == "fork" else [])
                for _ in range(self.workers_wanted)
            ]
            parallel_worker._FORKED = None
            while self.order:
                task = self.order[0]
                self._dispatch()
                payload = self._next(task.id)
                if payload is None:
                    return
                if payload is _DONE:
                    self.order.popleft()
                    continue
                accepted = self._accept(task, payload)
                if accepted is not None:
                    yield accepted
            clean = True
        finally:
            parallel_worker._FORKED = None
            self._shutdown(clean)

    def _next(self, task_id: int) -> ChunkOut | object | None:
        """The next message of the piece being consumed (`_DONE` at its end, None when the
        scan was cancelled)."""
        while not self.buffers.get(task_id):
            if task_id in self.finished:
                return _DONE
            if self.cancel is not None and self.cancel.is_set():
                self.cancelled = True
                return None
            self._receive()
            self._dispatch()
        raw = self.buffers[task_id].popleft()
        self.buffered[task_id] -= len(raw)
        return pickle.loads(raw)  # noqa: S301 - our own worker's message

    def _receive(self) -> None:
        current = self.order[0].id
        waiting = {}
        for worker in self.workers:
            waiting[worker.process.sentinel] = worker
            task = worker.task
            if task is None or task.id == current or not self._full():
                waiting[worker.conn] = worker
        for ready in _wait(list(waiting), POLL_S):
            worker = waiting[ready]
            if ready is worker.process.sentinel:
                while worker.conn.poll():
                    self._take(worker)
                self._died(worker)
            self._take(worker)

    def _take(self, worker: _Worker) -> None:
        try:
            kind, task_id, raw = pickle.loads(worker.conn.recv_bytes())  # noqa: S301
        except (EOFError, OSError):
            self._died(worker)
        if kind == "error":
            raise ParallelScanError(f"{self.order[0].path}: {pickle.loads(raw)}")  # noqa: S301
        if kind in ("done", "stopped"):
            worker.cpu = pickle.loads(raw)  # noqa: S301 - CPU seconds so far, for bench/
            worker.task = None
            self.finished.add(task_id)
        elif task_id not in self.abandoned:
            self.buffers.setdefault(task_id, deque()).append(raw)
            self.buffered[task_id] = self.buffered.get(task_id, 0) + len(raw)

    def _died(self, worker: _Worker) -> NoReturn:
        worker.process.join(1.0)
        code = worker.process.exitcode
        how = f"signal {-code}" if code is not None and code < 0 else f"status {code}"
        raise ParallelScanError(
            f"{self.order[0].path}: a scan worker process ended unexpectedly ({how}); "
            "the scan was stopped"
        )

    def _full(self) -> bool:
        return sum(self.buffered.values()) >= MAX_BUFFER

    def _dispatch(self) -> None:
        for worker in self.workers:
            if worker.task is not None or not self.queue:
                continue
            if self._full() and self.queue[0] is not self.order[0]:  # never hold up the current
                continue
            task = self.queue.popleft()
            frozen = self.budget.spent
            worker.task = task.sent(
                self.budget.cache,  # pickled as it is sent
                frozen,
                self.budget.limit,
                tuple(self.slow),
            )
            worker.conn.send(worker.task)

    # -- checking a chunk against the file's state -------------------------------------------

    def _accept(self, task: Task, out: ChunkOut) -> tuple[list[LineMatch], int, int] | None:
        if (out.seed is not None and out.seed != self.state) or not self.budget.settle(out.fuzzy):
            self._redo(task)
            return None
        out.renumber(self.lines + 1)  # the file's numbers (pieces are taken in file order)
        self.state = out.state
        self.order[0].start = out.end  # a redo of this piece starts here
        if self.annotator is not None and out.notes is not None:
            self.annotator.absorb(out.notes)
        for index, line in out.slow.items():
            self.slow.setdefault(index, line)
        self.lines += out.lines
        return out.line_matches(), out.lines, out.end

    def _redo(self, task: Task) -> None:
        """Scan the rest of `task` again from the chunk that did not replay, exactly."""
        self.redone += 1
        self.abandoned.add(task.id)
        self.buffers.pop(task.id, None)
        self.buffered.pop(task.id, None)
        for worker in self.workers:
            if worker.task is not None and worker.task.id == task.id:
                worker.conn.send(("stop", task.id))
        redo = task.redo(self.next_id, self.state, self.lines + 1)
        self.next_id += 1
        self.order[0] = redo
        self.queue.appendleft(redo)

    def _shutdown(self, clean: bool) -> None:
        for worker in self.workers:
            if clean:
                with contextlib.suppress(OSError):
                    worker.conn.send(None)
            else:
                worker.process.terminate()
        for worker in self.workers:
            worker.process.join(2.0 if clean else 1.0)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()


def iter_scan(
    source: LogSource,
    matcher: Matcher,
    summary: ScanSummary,
    *,
    jobs: int | None = None,
    cancel: threading.Event | None = None,
    fuzzy: bool = True,
    chunk_bytes: int = CHUNK_BYTES,
    annotator: FileAnnotator | None = None,
) -> Iterator[ScanProgress]:
    """`scan.iter_scan` on `workers_for` processes (call only when that is more than 0):
    the same progress items and the same `summary` (see `scan.iter_scan`)."""
    run = ParallelScan(
        source,
        matcher,
        workers_for(source, matcher, jobs),
        fuzzy=fuzzy,
        annotator=annotator,
        cancel=cancel,
        chunk_bytes=chunk_bytes,
    )
    total = source.info.size
    try:
        for found, lines, done in run:
            if cancel is not None and cancel.is_set():
                run.cancelled = True
                break
            summary.lines += lines
            if summary.keep_matches:
                summary.matches.extend(found)
            gc.freeze()  # what the scan keeps only grows (as `scan.iter_scan`, its _GC_NOTE)
            yield ScanProgress(found, summary.lines, done, total)
    finally:
        gc.unfreeze()
    summary.cancelled = run.cancelled
    summary.warning = source.warning
    summary.slow_patterns = sorted((matcher.targets[i].id, n) for i, n in run.slow.items())
    if fuzzy:
        summary.fuzzy_skipped = run.budget.skipped


def _wait(conns: list, timeout: float) -> list:
    from multiprocessing.connection import wait

    return wait(conns, timeout)
