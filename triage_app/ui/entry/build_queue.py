"""Builds the entry panel in slices: a few steps per event-loop turn, never one long turn.

An entry's panel is dozens of widgets (cards with highlighted code, the relations graph, the
record's tail). Built in one go that held the event loop 100-300 ms on a loaded machine, long
enough to freeze a followed log. The panel builds its header in the caller's turn and queues
the rest here: each turn runs steps until `BUDGET_S` is spent (at least one), then yields to
the event loop. A newer `start` drops what an older build had left; `finish` runs the rest
at once (for callers that need the whole panel now, such as a screenshot).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, QTimer

Step = Callable[[], None]


class BuildQueue(QObject):
    """Runs queued steps across event-loop turns, about `BUDGET_S` of work per turn.

    Nothing is touched after the last step of a build: the steps may hold the only reference
    to the panel, which then goes away with them (so no "finished" signal).
    """

    BUDGET_S = 0.006

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._steps: deque[Step] = deque()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._on_timer_timeout)
        self.turns = 0  # event-loop turns the last build took (for tests and the bench)

    @property
    def pending(self) -> bool:
        """Steps of the current build are still waiting for their turn."""
        return bool(self._steps)

    def start(self, steps: Iterable[Step]) -> None:
        """Replace any unfinished build with `steps`, run from the next event-loop turn on."""
        self._steps = deque(steps)
        self.turns = 0
        if self._steps:
            self._timer.start()
        else:
            self._timer.stop()

    def push_front(self, steps: list[Step]) -> None:
        """Run `steps` (in their order) before the rest of the current build."""
        self._steps.extendleft(reversed(steps))

    def cancel(self) -> None:
        """Drop the steps not run yet."""
        self._steps.clear()
        self._timer.stop()

    def finish(self) -> None:
        """Run every remaining step now (a step may start a new build: that one runs too)."""
        self._timer.stop()  # (a step starting a newer build starts it again: a no-op turn)
        while self._steps:
            self._steps.popleft()()

    def _on_timer_timeout(self) -> None:
        steps = self._steps
        if not steps:
            return  # `finish` ran them
        deadline = time.perf_counter() + self.BUDGET_S
        self.turns += 1
        while steps and steps is self._steps:
            steps.popleft()()
            if time.perf_counter() >= deadline:
                break
        if steps is not self._steps:
            return  # a step started a newer build: it has its own timer
        if steps:
            self._timer.start()
