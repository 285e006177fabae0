"""A time budget for each regular-expression call, so that no pattern can hang a scan.

Python's `re` has no timeout, but its matching loop checks for pending signals every few
thousand steps, and an exception raised by a signal handler ends the search. So a repeating
interval timer counts ticks of the process's CPU time (ITIMER_VIRTUAL, SIGVTALRM: a busy
machine does not make a pattern look slow), and when one call has run for `limit` ticks the
handler raises `PatternTimeoutError` inside it. The pattern still runs on `re` itself, so results stay
exactly `re`'s (unlike RE2, whose `$`, `\\w`, `\\b` and case folding differ from `re`'s and
which has no look-arounds or back-references, or the `regex` module, whose `\\w` and case
folding follow newer Unicode rules).

The timer only works on the main thread of a POSIX process (signal handlers run there): the
CLI, the window's start and its scan process all load and scan there. Elsewhere (a worker
thread, Windows) `budget()` runs calls unbudgeted; `armed()` says which.

Per call the cost is two attribute stores (`start`/`stop`), so the matcher can bracket every
search without slowing down the bundled catalogue.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator

TICK = 0.05  # seconds of CPU time between timer ticks
LIMIT_TICKS = 5  # a call may run for this many ticks (0.2 to 0.25 s)


class PatternTimeoutError(Exception):
    """A regular-expression call ran past its budget (raised inside the call)."""


class _State:
    __slots__ = ("ticks", "started", "running", "depth", "limit", "saved")

    def __init__(self) -> None:
        self.ticks = 0
        self.started = 0
        self.running = False
        self.depth = 0
        self.limit = LIMIT_TICKS
        self.saved: tuple | None = None


_state = _State()
# For hot loops (`Matcher.regex_hits`): the same as `start()` / `stop()` without the calls,
# `STATE.started = STATE.ticks; STATE.running = True` before a call, `STATE.running = False`
# after it (in a `finally`).
STATE = _state


def start() -> None:
    """Mark the start of one budgeted call (pair it with `stop()` in a `finally`)."""
    _state.started = _state.ticks
    _state.running = True


def stop() -> None:
    _state.running = False


def _on_tick(_signum: int, _frame: object) -> None:
    state = _state
    state.ticks += 1
    if state.running and state.ticks - state.started >= state.limit:
        state.running = False
        raise PatternTimeoutError


def _can_arm() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def armed() -> bool:
    """True while a budget is being enforced on this thread."""
    return _state.depth > 0 and _state.saved is not None and _can_arm()


@contextlib.contextmanager
def budget(limit_ticks: int = LIMIT_TICKS) -> Iterator[None]:
    """Enforce the per-call budget inside this block (nests; a no-op where it cannot work).

    Any SIGVTALRM handler and timer that were set before are restored afterwards.
    """
    if _state.depth:
        _state.depth += 1
        try:
            yield
        finally:
            _state.depth -= 1
        return
    _state.depth = 1
    _state.limit = limit_ticks
    _state.running = False
    if _can_arm():
        previous = signal.signal(signal.SIGVTALRM, _on_tick)
        timer = signal.setitimer(signal.ITIMER_VIRTUAL, TICK, TICK)
        _state.saved = (previous, timer)
    try:
        yield
    finally:
        _state.running = False
        _state.depth = 0
        if _state.saved is not None:
            previous, timer = _state.saved
            _state.saved = None
            signal.setitimer(signal.ITIMER_VIRTUAL, 0, 0)
            signal.signal(signal.SIGVTALRM, previous)
            if timer[0] or timer[1]:
                signal.setitimer(signal.ITIMER_VIRTUAL, *timer)
