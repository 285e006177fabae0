"""The entry panel's "Related errors" section: the graph, its legend, and every link as text.

The graph shows what fits; the text lists every link with its condition and distinction (the
entry's own links first, links stated by other entries folded below), each a clickable
`entry:<id>` link.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from triage_app.core.catalog import Catalog
from triage_app.core.record_format import CONFUSED_WITH, LEADS_TO, PRECEDED_BY, RELATIONS
from triage_app.core.related import RelatedIndex, RelatedLink
from triage_app.ui.entry.graph_view import GraphView
from triage_app.ui.entry.words import relation_words, tr, word
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.collapsible import Collapsible
from triage_app.ui.widgets.text import heading, para, soft_wrap

ENTRY_SCHEME = "entry:"
LAYOUT_PASSES = 4  # graph -> section -> panel body -> scroll area contents


class RelatedSection(QWidget):
    """Heading, graph, legend, own links, and a folded list of links from other entries.

    Signals:
        link_activated(str): a related link (`entry:<id>`) was clicked.
    """

    link_activated = Signal(str)

    def __init__(self, catalog: Catalog, related: RelatedIndex, parent: QWidget | None = None):
        super().__init__(parent)
        self._catalog, self._related = catalog, related
        self.heading = heading("", self)
        self.graph = GraphView(catalog, related, self)
        self.legend = QLabel(self)
        self.legend.setWordWrap(True)
        self.own_list = para("", self, rich=True)
        self.inferred_list = para("", self, rich=True)
        self.inferred_box = Collapsible("", self.inferred_list, self, key="inferred")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        for widget in (self.heading, self.graph, self.legend, self.own_list, self.inferred_box):
            layout.addWidget(widget)
        self._connect_signals()

    def _connect_signals(self) -> None:
        self.own_list.linkActivated.connect(self._on_list_link_activated)
        self.inferred_list.linkActivated.connect(self._on_list_link_activated)

    def show_entry(self, entry_id: str | None, language: str) -> None:
        """Fill the section for `entry_id`; hidden when there is nothing to show."""
        links = self._related.links(entry_id)
        self.setVisible(bool(entry_id) and (entry_id in self._catalog or bool(links)))
        self.heading.setText(word("related", language))
        self.graph.set_language(language)
        self.graph.show_entry(entry_id)
        self.legend.setText(_legend(links, self._catalog, language))
        self.legend.setVisible(bool(links))
        own = [link for link in links if not link.inferred]
        inferred = [link for link in links if link.inferred]
        self.own_list.setText(_related_html(own, self._catalog, language))
        self.own_list.setVisible(bool(own))
        self.inferred_list.setText(_related_html(inferred, self._catalog, language))
        title = tr(QT_TRANSLATE_NOOP("EntryPanel", "Linked from other entries"), language)
        self.inferred_box.toggle.setText(f"{title} ({len(inferred)})")
        self.inferred_box.setVisible(bool(inferred))
        settle_layouts(self)

    def list_top(self) -> int:
        """Where the text list starts, in this section's coordinates (for scrolling to it)."""
        return self.own_list.y() if self.own_list.isVisible() else self.inferred_box.y()

    def _on_list_link_activated(self, url: str) -> None:
        self.link_activated.emit(url)


def _legend(links: list[RelatedLink], catalog: Catalog, language: str) -> str:
    """Colour keys for the relations (and missing ids) the graph actually shows."""
    words = relation_words(language)
    present = {link.relation for link in links}
    parts = [
        f"<span style='color:{accents.css(accents.RELATION_COLORS[r])}'>■</span> {words[r]}"
        for r in RELATIONS
        if r in present
    ]
    if any(link.target not in catalog for link in links):
        parts.append(
            f"<span style='color:{accents.css(accents.MISSING)}'>▢</span> {words['missing']}"
        )
    return "&nbsp;&nbsp; ".join(parts)


def _related_html(links: list[RelatedLink], catalog: Catalog, language: str) -> str:
    words = relation_words(language)
    arrows = {PRECEDED_BY: "↑", LEADS_TO: "↓", CONFUSED_WITH: "≈"}
    rows = []
    order = RELATIONS
    for link in sorted(
        links,
        key=lambda li: (order.index(li.relation), li.inferred, -(li.probability or 0.0), li.target),
    ):
        target = html.escape(link.target)
        if link.target in catalog:
            name = f'<a href="{ENTRY_SCHEME}{html.escape(link.target, quote=True)}">{target}</a>'
        else:
            name = (
                f"<span style='color:{accents.css(accents.MISSING)}'><i>{target}</i> "
                f"({html.escape(words['missing'])})</span>"
            )
        head = f"{arrows[link.relation]} {html.escape(words[link.relation])} {name}"
        if link.probability is not None:
            head += f" · {round(link.probability * 100)}%"
        details = []
        if link.condition:
            when = html.escape(word("when", language))
            details.append(f"<i>{when}:</i> {html.escape(soft_wrap(link.condition))}")
        if link.distinction:
            details.append(html.escape(soft_wrap(link.distinction)))
        body = f"<div style='margin-left:18px'>{'<br>'.join(details)}</div>" if details else ""
        rows.append(f"<div style='margin-bottom:4px'>{head}{body}</div>")
    return "".join(rows)


def settle_layouts(widget: QWidget) -> None:
    """Lay `widget` and its parents out now rather than when the event loop gets to it: the
    graph changes height at once (`setFixedHeight`), while the widgets below it move only when
    the posted layout requests run. Building an entry's panel can keep the loop busy for a
    second on a loaded machine, and meanwhile the taller graph was painted across the legend
    (issue 13, bug 4). Requests cascade to the parents, so a few passes; only this chain's
    (the rest of the window, a followed log's view, is laid out in its own time)."""
    chain = []
    while widget is not None:
        chain.append(widget)
        widget = widget.parentWidget()
    for _ in range(LAYOUT_PASSES):
        for receiver in chain:
            QCoreApplication.sendPostedEvents(receiver, QEvent.Type.LayoutRequest)
