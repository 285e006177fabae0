"""Who stalls the event loop? Two probes for the GUI benches (never used by the app).

* `TimedApplication`: a QApplication whose `notify` times every event the GUI thread
  delivers at the outermost level and records those over `threshold` with the receiver
  (class, object name, its parent's class) and the event type: which slot or event handler
  ran long.
* `StackSampler`: a thread that, while the GUI thread has not ticked a `StallMeter` for more
  than `threshold`, samples the GUI thread's Python stack every few milliseconds, so a stall
  is named by the functions it was spent in (the innermost project frames), not just by the
  event that started it.

Both slow the window a little; the benches enable them with `--probe`.
"""

from __future__ import annotations

import collections
import gc
import sys
import threading
import time
import traceback

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

PROJECT = "triage_app"


def _describe(receiver: QObject) -> str:
    try:
        name = type(receiver).__name__
        if receiver.objectName():
            name += f"({receiver.objectName()})"
        parent = receiver.parent()
        if parent is not None:
            name += f" in {type(parent).__name__}"
        return name
    except RuntimeError:  # deleted meanwhile
        return "<deleted>"


class TimedApplication(QApplication):
    """`notify` timed at the outermost level; events over `threshold` s are kept in `slow`."""

    threshold = 0.05

    def __init__(self, argv: list[str]) -> None:
        super().__init__(argv)
        self.slow: list[tuple[float, str, str]] = []  # (seconds, receiver, event type)
        self.paints: dict[str, list[float]] = collections.defaultdict(list)  # by widget
        self._depth = 0

    def notify(self, receiver: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        self._depth += 1
        start = time.perf_counter()
        try:
            return super().notify(receiver, event)
        except TypeError:  # PySide6 sometimes passes a wrong receiver type to the override
            return False
        finally:
            self._depth -= 1
            took = time.perf_counter() - start
            if event.type() == QEvent.Type.Paint:
                self.paints[_describe(receiver)].append(took)
            if self._depth == 0 and took > self.threshold:
                kind = event.type().name if hasattr(event.type(), "name") else str(event.type())
                self.slow.append((took, _describe(receiver), kind))


class StackSampler(threading.Thread):
    """Samples the GUI thread's stack while `meter` (a StallMeter) has not ticked for
    `threshold` s; `report()` names the functions the stalls were spent in."""

    def __init__(self, meter, threshold: float = 0.05, every: float = 0.005) -> None:  # noqa: ANN001
        super().__init__(name="stall-sampler", daemon=True)
        self.meter = meter
        self.threshold = threshold
        self.every = every
        self.gui_ident = threading.main_thread().ident
        self.samples: collections.Counter[str] = collections.Counter()
        self.slots: collections.Counter[str] = collections.Counter()
        self.stalls: dict[float, collections.Counter[str]] = {}  # by the tick it began after
        self._stop = threading.Event()

    def run(self) -> None:
        while not self._stop.wait(self.every):
            since = self.meter.last_tick
            if time.perf_counter() - since < self.threshold:
                continue
            frame = sys._current_frames().get(self.gui_ident)  # noqa: SLF001 - a sampler
            if frame is None:
                continue
            stack = [
                f"{f.filename.rsplit(PROJECT + '/', 1)[-1]}:{f.name}"
                for f in traceback.extract_stack(frame)
                if f"/{PROJECT}/" in f.filename
            ]
            if not stack:  # Qt's own work (painting, layout) or the bench's loop
                outer = traceback.extract_stack(frame)
                stack = [f"<Qt, from {outer[-1].name}>"] if outer else ["<Qt>"]
            self.slots[stack[0]] += 1  # the outermost project frame: the slot
            inner = " > ".join(stack[-3:])
            self.samples[inner] += 1  # where the time went
            self.stalls.setdefault(since, collections.Counter())[inner] += 1

    def stop(self) -> None:
        self._stop.set()
        self.join(1)

    def report(self, top: int = 12) -> list[str]:
        """Lines naming the slots and innermost stacks stalls were spent in (ms sampled)."""
        ms = self.every * 1000
        out = ["  slots the stalled time was spent in (sampled ms):"]
        out += [f"    {n * ms:7.0f}  {name}" for name, n in self.slots.most_common(top)]
        out.append("  innermost frames (sampled ms):")
        out += [f"    {n * ms:7.0f}  {name}" for name, n in self.samples.most_common(top)]
        longest = sorted(self.stalls.values(), key=lambda c: -sum(c.values()))[:5]
        out.append("  the longest stalls, each (sampled ms per stack):")
        for stall in longest:
            out.append(
                f"    stall of >= {sum(stall.values()) * ms + self.threshold * 1000:.0f} ms:"
            )
            out += [f"      {n * ms:6.0f}  {name}" for name, n in stall.most_common(4)]
        return out


class GcTimer:
    """Times the garbage collector's passes (a full pass over many objects is a stall too)."""

    def __init__(self) -> None:
        self.pauses: list[tuple[float, int]] = []  # (seconds, generation)
        self._start = 0.0

    def __enter__(self) -> GcTimer:
        gc.callbacks.append(self._on_gc)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._on_gc)

    def _on_gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.pauses.append((time.perf_counter() - self._start, info["generation"]))

    def report(self) -> list[str]:
        longest = max(self.pauses, default=(0.0, 0))
        total = sum(p for p, _g in self.pauses)
        return [
            f"  garbage collection: {len(self.pauses)} passes, {total * 1000:.0f} ms in all, "
            f"longest {longest[0] * 1000:.0f} ms (generation {longest[1]})"
        ]


def slow_events_report(app: QApplication, top: int = 15) -> list[str]:
    """Lines for the slowest events a `TimedApplication` recorded (nothing otherwise)."""
    slow = getattr(app, "slow", None)
    if slow is None:
        return []
    by_name: dict[str, list[float]] = collections.defaultdict(list)
    for took, receiver, kind in slow:
        by_name[f"{receiver} {kind}"].append(took)
    rows = sorted(by_name.items(), key=lambda kv: -max(kv[1]))[:top]
    out = [f"  events over {TimedApplication.threshold * 1000:.0f} ms (count, longest ms):"]
    out += [f"    {len(v):4} {max(v) * 1000:7.0f}  {k}" for k, v in rows]
    paints = sorted(app.paints.items(), key=lambda kv: -sum(kv[1]))[:8]
    out.append("  paint events by widget (count, total ms, longest ms):")
    out += [f"    {len(v):5} {sum(v) * 1000:7.0f} {max(v) * 1000:6.0f}  {k}" for k, v in paints]
    return out
