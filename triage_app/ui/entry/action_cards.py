"""Cards for an entry's dead ends ("don't try this") and workarounds.

Each card shows the action, its rate as a bar, the why / condition / how, its sources, and the
user's own "worked for me" / "didn't work for me" mark (stored per entry and normalised action).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from triage_app.core.advice import rate_basis
from triage_app.core.entry import Entry
from triage_app.core.notes import normalise_action
from triage_app.ui.entry.words import word
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.code_block import CodeBlock
from triage_app.ui.widgets.mark_buttons import MarkButtons
from triage_app.ui.widgets.notes_service import NotesService
from triage_app.ui.widgets.rate_bar import RateBar
from triage_app.ui.widgets.text import link_html, para, text_of


class ActionCard(QFrame):
    """One dead end or workaround. `marks` is None when the action text is empty.

    Its accent bar and tint are painted here rather than set by a style sheet: a style sheet
    makes Qt polish the card and every widget in it through the style-sheet style, which took
    up to 100 ms per card on a loaded machine (one event-loop turn while a log is followed).
    """

    BAR = 3  # px, the accent bar on the left

    def __init__(self, kind: str, accent: QColor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.accent = accent
        self.setObjectName("actionCard")
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(10, 6, 6, 6)  # (the bar is inside the margin)
        self.body.setSpacing(4)
        self.action = ""
        self.marks: MarkButtons | None = None
        self.code: CodeBlock | None = None

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self.rect()
        painter.fillRect(rect, accents.tint(self.accent, self.palette(), 0.05))
        painter.fillRect(rect.adjusted(0, 0, self.BAR - rect.width(), 0), self.accent)
        painter.end()
        super().paintEvent(event)


def action_cards(
    entry: Entry,
    kind: str,
    language: str,
    notes: NotesService,
    on_link: Callable[[str], None],
    parent: QWidget | None = None,
) -> Iterator[ActionCard]:
    """Cards for `kind` ("dead_ends" or "workarounds"), in record order, each made when the
    iteration asks for it (the panel adds one card per event-loop turn)."""
    items = [i for i in entry.get(kind, []) if isinstance(i, Mapping)]
    if not items:
        return
    marks = notes.marks_for(entry.id)
    zh_texts = entry.get("workarounds_zh", []) if kind == "workarounds" else []
    for index, item in enumerate(items):
        zh = zh_texts[index] if language == "zh" and index < len(zh_texts) else None
        card = _card(entry, kind, item, zh, language, parent)
        action = text_of(item.get("action") or "")
        if action and normalise_action(action):
            mark = marks.get(normalise_action(action))
            card.marks = MarkButtons(
                notes, entry.id, action, mark.verdict if mark else None, language, card
            )
            card.body.addWidget(card.marks)
        source = sources_label(item.get("sources"), language, card, on_link)
        if source is not None:
            card.body.insertWidget(card.body.count() - (1 if card.marks else 0), source)
        card.action = action
        yield card


def card_actions(entry: Entry) -> list[str]:
    """The actions of the cards `action_cards` makes for the entry's dead ends and workarounds
    (known before the cards are built: the notes panel lists marks on other actions apart)."""
    actions = []
    for kind in ("dead_ends", "workarounds"):
        items = [i for i in entry.get(kind, []) if isinstance(i, Mapping)]
        actions += [text_of(i.get("action") or "") for i in items]
    return [action for action in actions if action]


def sources_label(
    sources: Any, language: str, parent: QWidget, on_link: Callable[[str], None]
) -> QLabel | None:
    items = [str(s).strip() for s in sources or [] if str(s).strip()]
    if not items:
        return None
    label = para(
        f"{word('sources', language)}: " + " · ".join(link_html(s) for s in items),
        parent,
        muted=True,
        rich=True,
    )
    label.linkActivated.connect(on_link)
    return label


def _card(
    entry: Entry, kind: str, item: Mapping[str, Any], zh: Any, language: str, parent: QWidget | None
) -> ActionCard:
    dead = kind == "dead_ends"
    card = ActionCard(kind, accents.FAIL if dead else accents.SUCCESS, parent)
    title_text = (
        text_of(zh) if isinstance(zh, str) and zh.strip() else text_of(item.get("action") or "")
    )
    title = para(("✗ " if dead else "✓ ") + title_text, card)
    bold = QFont(title.font())
    bold.setBold(True)
    title.setFont(bold)
    card.body.addWidget(title)
    rate = item.get("fail_rate" if dead else "success_rate")
    if isinstance(rate, int | float) and not isinstance(rate, bool):
        label = f"{round(rate * 100)}% {word('fails' if dead else 'succeeds', language)}"
        estimate = rate_basis(item) == "estimate"
        if estimate:  # never shown as a measured percentage
            label = f"~{label} · {word('estimate', language)}"
        bar = RateBar(rate, "fail" if dead else "success", label, card)
        if estimate:
            bar.setToolTip(word("estimate_tip", language))
        card.body.addWidget(bar)
    if dead and item.get("why_fails"):
        card.body.addWidget(para(text_of(item["why_fails"]), card))
    if item.get("condition"):
        card.body.addWidget(
            para(f"{word('when', language)}: {text_of(item['condition'])}", card, muted=True)
        )
    if not dead and item.get("how"):
        card.code = CodeBlock(text_of(item["how"]), parent=card)
        card.body.addWidget(card.code)
    return card
