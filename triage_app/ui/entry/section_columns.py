"""The entry panel's three section columns (summary, body, tail) and their build steps.

Each section builder of `sections` becomes one step: a step adds that section's widget (when
the record has something for it) and collects the cards it made. The panel runs the summary's
steps at once and queues the others (`build_queue`), so one step is the unit of a slice.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QVBoxLayout, QWidget

from triage_app.core.entry import Entry
from triage_app.ui.entry.action_cards import ActionCard
from triage_app.ui.entry.build_queue import BuildQueue, Step
from triage_app.ui.entry.sections import BODY, SUMMARY, TAIL, Context, Section, signature
from triage_app.ui.widgets.text import clear_layout, column

ContextFor = Callable[[QWidget], Context]  # a section context whose widgets go into a box


class SectionColumns:
    """`details` (the summary), `body` and `tail`: boxes the panel lays out, filled by steps."""

    def __init__(self, parent: QWidget) -> None:
        self.details, self._details_layout = column(parent, 10)
        self.body, self._body_layout = column(parent, 10)
        self.tail, self._tail_layout = column(parent, 10)
        self.cards: list[ActionCard] = []  # in the order their sections were built
        self.queue = BuildQueue(parent)

    def boxes(self) -> tuple[QWidget, QWidget, QWidget]:
        return self.details, self.body, self.tail

    def clear(self) -> None:
        for layout in (self._details_layout, self._body_layout, self._tail_layout):
            clear_layout(layout)
        self.cards = []

    def build(self, entry: Entry | None, context_for: ContextFor, *steps: Step) -> None:
        """The summary now; the panel's first step (its related section), the body, the tail
        and the panel's other steps queued. A missing entry (None): only the panel's steps."""
        self.queue.cancel()
        if entry is None:
            self.queue.start(steps)
            return
        # (the summary's context defers nothing: a builder's later steps run at once)
        for step in self._steps(entry, SUMMARY, self._details_layout, context_for(self.details)):
            step()
        related, *others = steps
        body, tail = context_for(self.body), context_for(self.tail)
        body.later, tail.later = [], []  # a builder's later steps: queued after its own
        body_steps = self._steps(entry, BODY, self._body_layout, body)
        tail_steps = self._steps(entry, TAIL, self._tail_layout, tail)
        self.queue.start([related, *body_steps, *tail_steps, *others])

    def add_detail(self, widget: QWidget) -> None:
        self._details_layout.addWidget(widget)

    def retitle(self, entry: Entry, context_for: ContextFor) -> bool:
        """Rebuild only the signature section (the first of the summary) for a new `seen`
        line of the same entry; False when there is no signature section to replace."""
        old = self._details_layout.itemAt(0)
        widget = old.widget() if old is not None else None
        if widget is None or SUMMARY[0] is not signature:
            return False
        new = signature(entry, context_for(self.details))
        self._details_layout.replaceWidget(widget, new)
        widget.setParent(None)
        widget.deleteLater()
        return True

    def _steps(
        self, entry: Entry, sections: tuple[Section, ...], layout: QVBoxLayout, context: Context
    ) -> list[Step]:
        def section(build: Section) -> None:
            widget = build(entry, context)
            if widget is not None:
                layout.addWidget(widget)

        return [
            lambda build=build: self._run(context, lambda: section(build)) for build in sections
        ]

    def _run(self, context: Context, step: Step) -> None:
        """Run a step; the cards it made are collected, the steps it deferred come next.
        (A method, not a closure in `_steps`: a closure calling itself would be a reference
        cycle keeping the panel alive until the garbage collector tears it down.)"""
        before = len(context.cards)
        step()
        self.cards.extend(context.cards[before:])
        if context.later:
            later, context.later = context.later, []
            self.queue.push_front([lambda step=step: self._run(context, step) for step in later])
