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
        for step in self._steps(entry, SUMMARY, self._details_layout, context_for(self.details)):
            step()
        related, *others = steps
        body = self._steps(entry, BODY, self._body_layout, context_for(self.body))
        tail = self._steps(entry, TAIL, self._tail_layout, context_for(self.tail))
        self.queue.start([related, *body, *tail, *others])

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
        def step(build: Section) -> None:
            before = len(context.cards)
            widget = build(entry, context)
            if widget is not None:
                layout.addWidget(widget)
            self.cards.extend(context.cards[before:])

        return [lambda build=build: step(build) for build in sections]
