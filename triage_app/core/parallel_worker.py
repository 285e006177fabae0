"""The worker side of a parallel scan (`parallel_scan`): scan one piece of a file, chunk by
chunk, exactly as the single-process scan scans those chunks.

A piece is a run of whole chunks of the single-process scan: the file is read in the same
blocks (`SAMPLE_BYTES`, then `chunk_bytes` each) and cut after each block's last newline, so
every chunk holds the same bytes as there. What a chunk's scan needs of the chunks before it
is its `ChunkState`; a piece that does not start the file computes it by scanning the last
lines of the chunk before it (`seed_state`) and sends it with its first chunk, for the parent to
check against the state the piece before really ended with.

The per-file fuzzy budget is speculated here (`PieceBudget`): every lookup is recorded, and
the parent replays the records in file order against the file's one budget. Messages are
`pickle`d once here and buffered as bytes by the parent until their turn.
"""

from __future__ import annotations

import os
import pickle
import signal
import time
from collections.abc import Callable, Iterator
from typing import Any

from triage_app.core.annotate import FileAnnotator
from triage_app.core.chunklines import chunk_lines
from triage_app.core.events import CHAIN_LOOKBACK, ChunkState, chain_tail
from triage_app.core.fuzzy import FuzzyBudget
from triage_app.core.matcher import Matcher
from triage_app.core.parallel_task import ChunkOut, Task, pack_matches
from triage_app.core.results import Candidate

_FORKED: Matcher | None = None  # the parent's matcher, inherited by forked workers
_SEED_WINDOW = 64 * 1024  # bytes read back at a time from a piece's start


class PieceBudget(FuzzyBudget):
    """The file's fuzzy budget as far as the parent knew it when the task was sent, plus this
    piece's own lookups; every decision is recorded for the parent (`parallel_scan` checks
    them in file order). With `frozen` the known part is the file's final budget."""

    def __init__(self, limit: int, known: dict, frozen: bool) -> None:
        super().__init__(limit)
        self.known = dict(known)
        self.frozen = frozen
        self.decisions: list[tuple[str, bool, list]] = []

    def lookup(self, matcher: Matcher, text: str) -> list[Candidate]:
        key = text.strip()
        found = self.known.get(key)
        had = found is not None
        if not had:
            if self.frozen or len(self.known) >= self.limit:
                self.skipped += 1
                found = []
            else:
                found = self.known[key] = matcher.fuzzy_candidates(text)
                had = True
        if not self.frozen:
            self.decisions.append((key, had, found))
        return found

    def take(self) -> list | int:
        if self.frozen:
            skipped, self.skipped = self.skipped, 0
            return skipped
        decisions, self.decisions = self.decisions, []
        return decisions


class FileBudget:
    """The file's fuzzy budget in the parent, as `FuzzyBudget` keeps it in one process: the
    first `limit` distinct lines are looked up, later new ones skipped and counted."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.cache: dict[str, list[Candidate]] = {}
        self.skipped = 0

    @property
    def spent(self) -> bool:
        return len(self.cache) >= self.limit

    def settle(self, fuzzy: list | int) -> bool:
        """Replay one chunk's lookups (`PieceBudget.take`) in file order; False (and nothing
        kept) when one of them would have gone otherwise in one process."""
        if isinstance(fuzzy, int):  # looked up against the final budget: exact
            self.skipped += fuzzy
            return True
        added: dict[str, list[Candidate]] = {}
        skipped = 0
        for key, had, found in fuzzy:
            if key in self.cache:
                exact = self.cache[key]
            elif key in added:
                exact = added[key]
            elif len(self.cache) + len(added) >= self.limit:
                exact, skipped = [], skipped + 1
            elif had:
                exact = added[key] = found
            else:
                return False
            if found != exact:
                return False
        self.cache.update(added)
        self.skipped += skipped
        return True


def pread_all(fd: int, size: int, offset: int) -> bytes:
    parts = []
    while size > 0:
        part = os.pread(fd, size, offset)
        if not part:
            break
        parts.append(part)
        size -= len(part)
        offset += len(part)
    return b"".join(parts)


def block_end_after(offset: int, sample: int, chunk_bytes: int) -> int:
    """The end of the single-process read block that holds byte `offset`."""
    if offset < sample:
        return sample
    return sample + ((offset - sample) // chunk_bytes + 1) * chunk_bytes


def as_utf8(data: bytes, codec: str) -> bytes:
    """Whole lines of the file as UTF-8: decoded as `logsource.utf8_chunks` decodes them
    (`codec` "": the file is UTF-8 already)."""
    return data.decode(codec, "replace").encode("utf-8") if codec else data


def piece_chunks(task: Task, fd: int) -> Iterator[tuple[bytes, int]]:
    """(chunk, end offset) of the piece, cut as `LogSource.byte_chunks` cuts the file."""
    pos, end = task.start, task.end
    block_end = block_end_after(pos, task.sample, task.chunk_bytes)
    carry: list[bytes] = []
    while True:
        block = pread_all(fd, block_end - pos, pos)
        if not block:
            break
        newline = block.rfind(b"\n")
        if newline >= 0:
            cut = pos + newline + 1
            if end is not None and cut > end:
                raise OSError("the file changed while it was scanned")
            yield b"".join([*carry, block[: newline + 1]]), cut
            if cut == end:
                return
            carry = [block[newline + 1 :]] if newline + 1 < len(block) else []
        else:
            carry.append(block)
        pos += len(block)
        block_end += task.chunk_bytes
    if end is not None:
        raise OSError("the file is shorter than when its scan started")
    if carry:
        yield b"".join(carry), pos


def _block(offset: int, task: Task) -> tuple[int, int]:
    """The single-process read block [low, high) that holds byte `offset`."""
    if offset < task.sample:
        return 0, task.sample
    low = task.sample + (offset - task.sample) // task.chunk_bytes * task.chunk_bytes
    return low, low + task.chunk_bytes


def _last_newline(fd: int, low: int, high: int) -> int:
    """Offset of the last newline in bytes [low, high), or -1."""
    while high > low:
        start = max(low, high - _SEED_WINDOW)
        at = pread_all(fd, high - start, start).rfind(b"\n")
        if at >= 0:
            return start + at
        high = start
    return -1


def plan_cuts(fd: int, size: int, sample: int, chunk_bytes: int, blocks: int) -> list[int]:
    """Where pieces start after the first: after the first read block (a small first piece
    gives the first results at once), then after every `blocks`-th read block (a block
    without a newline ends no chunk; the next one is tried)."""
    cuts, block = [], 0
    while True:
        low = 0 if block == 0 else sample + (block - 1) * chunk_bytes
        high = sample + block * chunk_bytes
        if high >= size:
            return cuts
        at = _last_newline(fd, low, high)
        if at >= 0:
            cuts.append(at + 1)
        block += blocks if at >= 0 else 1


def chunk_start_before(task: Task, fd: int) -> int:
    """Where the single-process chunk that ends at the piece's start begins."""
    low, _high = _block(task.start - 1, task)  # the block whose last newline ends that chunk
    while low > task.data_start:
        before, _ = _block(low - 1, task)
        at = _last_newline(fd, max(before, task.data_start), low)
        if at >= 0:
            return at + 1
        low = before
    return task.data_start


def seed_state(task: Task, fd: int, matcher: Matcher, budget: PieceBudget | None) -> ChunkState:
    """The state after the chunk before the piece, from that chunk's last lines: what the
    state holds (the last line, whether it matched, targets to try joined with the next
    line) depends on the last line and on the lines a `Caused by:` line walks back over
    (`events.CHAIN_LOOKBACK`), never further back than the chunk's start."""
    window, at = _last_lines(fd, CHAIN_LOOKBACK + 2, task.start, chunk_start_before(task, fd))
    state = ChunkState()
    # An exception chain open where the window starts may have begun chunks earlier.
    before, _at = _last_lines(fd, CHAIN_LOOKBACK + 1, at, task.data_start)
    state.chain_head, state.chain_run = chain_tail(as_utf8(before, task.codec))
    window = as_utf8(window, task.codec)
    throwaway = PieceBudget(budget.limit, budget.known, budget.frozen) if budget else None
    matcher.scan_chunk(window, 1, throwaway, state)
    return state


def _last_lines(fd: int, want: int, end: int, floor: int) -> tuple[bytes, int]:
    """The last `want` whole lines before offset `end`, never reading before `floor` (a line
    start), and the offset where they start."""
    back = _SEED_WINDOW
    while True:
        low = max(floor, end - back)
        data = pread_all(fd, end - low, low)
        if data.count(b"\n") > want or low == floor:
            break
        back *= 4
    cut = len(data) - 1
    for _ in range(want):
        cut = data.rfind(b"\n", 0, cut)
        if cut < 0:
            break
    return data[cut + 1 :], low + cut + 1


def run_task(task: Task, matcher: Matcher, fd: int, send: Callable, stopped: Callable) -> None:
    """Scan one piece, sending one `ChunkOut` per chunk (lines numbered from `first_line`)."""
    matcher.slow = dict.fromkeys(task.slow, -1)
    reported = set(task.slow)
    budget = PieceBudget(task.limit, task.known, task.frozen) if task.fuzzy else None
    seed = None
    state = task.state
    if state is None:
        state = seed_state(task, fd, matcher, budget)
        seed = state.copy()
        reported.update(matcher.slow)  # slow in the seed's lines: not this piece's to report
    annotator = FileAnnotator(matcher.facts) if task.annotate else None
    first_line, start = task.first_line, task.start
    for chunk, end in piece_chunks(task, fd):
        if stopped():
            return
        clean = chunk_lines(as_utf8(chunk, task.codec))  # ANSI removed, lowered, counted once
        found = matcher.scan_chunk(clean, first_line, budget, state)
        notes = None
        if annotator is not None:
            at_start = start == task.data_start  # the file's first chunk
            notes = annotator.digest(clean, first_line, found, file_start=at_start)
        lines = clean.count
        slow = {i: n for i, n in matcher.slow.items() if i not in reported}
        reported.update(slow)
        fuzzy = budget.take() if budget is not None else 0
        matches = pack_matches(found, first_line)
        out = ChunkOut(end, first_line, lines, matches, state, fuzzy, notes, slow, seed)
        send("chunk", task.id, out)
        seed = None
        first_line += lines
        start = end


def open_checked(task: Task) -> int:
    fd = os.open(task.path, os.O_RDONLY)
    st = os.fstat(fd)
    if (st.st_dev, st.st_ino) != task.identity:
        os.close(fd)
        raise OSError("the file was replaced while it was scanned")
    return fd


def worker_main(conn: Any, recipe: Callable[[], Matcher] | None, inherited: list) -> None:
    """A worker process: run the tasks the parent sends until it sends None or goes away."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    for other in inherited:  # the parent's ends of every pipe: EOF must reach us when it dies
        other.close()
    matcher = _FORKED if recipe is None else recipe()
    fds: dict[str, int] = {}
    stop: list[int] = []
    tuned = False

    def send(kind: str, task_id: int, payload: Any = None) -> None:
        conn.send_bytes(pickle.dumps((kind, task_id, pickle.dumps(payload, -1)), -1))

    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        if not isinstance(task, Task):
            continue  # a stop for a task already finished

        def stopped(task_id: int = task.id) -> bool:
            while conn.poll():
                message = conn.recv()
                if message is None:
                    raise SystemExit(0)
                stop.append(message[1])
            return task_id in stop

        try:
            if not tuned and recipe is not None:
                matcher.expect_bytes(task.size)
                tuned = True
            if task.path not in fds:
                fds[task.path] = open_checked(task)
            run_task(task, matcher, fds[task.path], send, stopped)
            send("stopped" if stopped() else "done", task.id, time.process_time())
        except (BrokenPipeError, EOFError):
            return
        except OSError as exc:
            send("error", task.id, exc.strerror or str(exc))
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which raises it
            send("error", task.id, f"a scan worker failed ({type(exc).__name__}: {exc})")
