"""The entry panel's sections, in order: each is `build(entry, context) -> QWidget | None`.

A builder returns None for a field the record does not have, so the panel never shows an
empty heading or the word "None". The panel lays out `SUMMARY` above the related-errors
graph, `BODY` below it, then the user's notes, then `TAIL`. Adding a section is adding a
function to one of those tuples.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QLabel, QWidget

from triage_app.core.entry import Entry
from triage_app.core.record_format import KNOWN_FIELDS
from triage_app.ui.entry.action_cards import ActionCard, action_cards
from triage_app.ui.entry.provenance_section import provenance, seen
from triage_app.ui.entry.summary import SignatureView, facts
from triage_app.ui.entry.versions_table import versions
from triage_app.ui.entry.words import pick, tr, word
from triage_app.ui.widgets.collapsible import Collapsible
from triage_app.ui.widgets.notes_service import NotesService
from triage_app.ui.widgets.text import column, heading, link_html, mono, para, soft_wrap, text_of

_DATES = (
    ("first_seen", QT_TRANSLATE_NOOP("EntryPanel", "First seen")),
    ("last_confirmed", QT_TRANSLATE_NOOP("EntryPanel", "Last confirmed")),
    ("last_updated", QT_TRANSLATE_NOOP("EntryPanel", "Updated")),
)
_NAMES = (
    ("aliases", QT_TRANSLATE_NOOP("EntryPanel", "Also known as")),
    ("tags", QT_TRANSLATE_NOOP("EntryPanel", "Tags")),
)
_EXAMPLES = (
    ("examples", QT_TRANSLATE_NOOP("EntryPanel", "Matches, for example")),
    ("counter_examples", QT_TRANSLATE_NOOP("EntryPanel", "Does not match")),
)


@dataclass
class Context:
    """What every section builder gets besides the entry. Cards built are collected."""

    language: str
    parent: QWidget
    notes: NotesService
    on_link: Callable[[str], None]
    seen: str | None = None  # the user's own line, when the entry was reached from a log
    cards: list[ActionCard] = field(default_factory=list)
    history: Callable[[str], str | None] = lambda _entry_id: None
    # "affects torch >=2.1,<2.3 (you have 2.1.2)": the shown log's versions against the entry's
    verdict: Callable[[str], str | None] = lambda _entry_id: None
    # steps that finish a section in later event-loop turns (None: a builder runs them at once)
    later: list[Callable[[], None]] | None = None

    def defer(self, step: Callable[[], None]) -> None:
        """Run `step` after the section builder returns (in a later turn when built in slices)."""
        if self.later is None:
            step()
        else:
            self.later.append(step)


Section = Callable[[Entry, Context], QWidget | None]
KNOWN_AS_CHARS = 160  # the catalogue's name under the user's line: two or three lines at most


def titled(key: str, body: QWidget | None, context: Context) -> QWidget | None:
    """A heading over `body`; None when the body is missing or an empty label."""
    if body is None or (isinstance(body, QLabel) and not body.text().strip()):
        if body is not None:
            body.deleteLater()
        return None
    box, layout = column(context.parent, 10)
    layout.addWidget(heading(word(key, context.language), box))
    layout.addWidget(body)
    return box


# -- summary ----------------------------------------------------------------------------------


def signature(entry: Entry, context: Context) -> QWidget:
    """The title: the user's own line when there is one (what their log says: their file,
    their GPU, their sizes), with the catalogue's signature below as "Known as". A signature
    is text a program prints, so it is never shown translated: a record's `signature_zh` is
    added below it, labelled as a translation."""
    text = pick(entry, "signature", "en")
    translated = pick(entry, "signature", context.language)
    box, layout = column(context.parent, 2)
    title = SignatureView(context.seen or text, box, context.language)
    layout.addWidget(title)
    if context.seen:
        title.setObjectName("seenLine")
        known = para(
            word("known_as", context.language).format(signature=_short(text)), box, muted=True
        )
        known.setObjectName("knownAs")
        known.setToolTip(text)
        layout.addWidget(known)
    if translated != text:
        label = word("signature_translation", context.language).format(text=_short(translated))
        note = para(label, box, muted=True)
        note.setObjectName("signatureTranslation")
        note.setToolTip(translated)
        layout.addWidget(note)
    return box


def _short(text: str) -> str:
    return text if len(text) <= KNOWN_AS_CHARS else text[:KNOWN_AS_CHARS].rstrip() + " …"


def kinds(entry: Entry, context: Context) -> QWidget:
    names = [entry.domain, entry.category, entry.get("subcategory")]
    return para(" · ".join(str(k) for k in names if k), context.parent, muted=True)


def fact_grid(entry: Entry, context: Context) -> QWidget | None:
    return facts(entry, context.language, context.parent)


def root_cause(entry: Entry, context: Context) -> QWidget | None:
    body = para(pick(entry, "root_cause", context.language), context.parent)
    return titled("root_cause", body, context)


# -- body -------------------------------------------------------------------------------------


def version_list(entry: Entry, context: Context) -> QWidget | None:
    table = versions(entry, context.language, context.parent)
    verdict = context.verdict(entry.id)
    if not verdict:
        return titled("versions", table, context)
    box, layout = column(context.parent, 4)
    yours = tr(QT_TRANSLATE_NOOP("EntryPanel", "Your log: {verdict}"), context.language)
    label = para(html.escape(yours.format(verdict=verdict)), box, rich=True)
    label.setObjectName("versionVerdict")
    layout.addWidget(label)
    if table is not None:
        layout.addWidget(table)
    return titled("versions", box, context)


def os_notes(entry: Entry, context: Context) -> QWidget | None:
    notes = entry.get("os_specific", {})
    if not isinstance(notes, Mapping) or not notes:
        return None
    lines = [
        f"<b>{html.escape(str(os_name))}</b>: {html.escape(soft_wrap(text_of(note)))}"
        for os_name, note in notes.items()
        if note
    ]
    body = para("<br>".join(lines), context.parent, rich=True) if lines else None
    return titled("os_specific", body, context)


def _actions(kind: str) -> Section:
    def build(entry: Entry, context: Context) -> QWidget | None:
        """The heading and the first card now, each further card in a step of its own."""
        cards = action_cards(
            entry, kind, context.language, context.notes, context.on_link, context.parent
        )
        first = next(cards, None)
        if first is None:
            return None
        box, layout = column(context.parent, 10)
        layout.addWidget(heading(word(kind, context.language), box))

        def add(card: ActionCard) -> None:
            context.cards.append(card)
            layout.addWidget(card)

        add(first)
        for _ in range(sum(isinstance(i, Mapping) for i in entry.get(kind, [])) - 1):
            context.defer(lambda: add(next(cards)))  # (no closure refers to itself: no cycle)
        return box

    build.__name__ = kind
    return build


dead_ends = _actions("dead_ends")
workarounds = _actions("workarounds")


# -- tail -------------------------------------------------------------------------------------


def documentation(entry: Entry, context: Context) -> QWidget | None:
    url = entry.get("official_doc_url")
    section = entry.get("official_doc_section")
    if not url and not section:
        return None
    if url:
        text = f"{section} — {url}" if section else url
        label = para(link_html(str(url), str(text)), context.parent, rich=True)
    else:
        label = para(str(section), context.parent)
    label.setToolTip(str(url or ""))
    label.linkActivated.connect(context.on_link)
    return titled("docs", label, context)


def record_info(entry: Entry, context: Context) -> QWidget | None:
    """Dates, evidence count, aliases, tags and the file the record came from."""
    lang = context.language
    lines = []
    dates = [
        f"{tr(name, lang)} {html.escape(str(entry.get(f)))}" for f, name in _DATES if entry.get(f)
    ]
    if dates:
        lines.append(" · ".join(dates))
    evidence = entry.get("evidence_count")
    if isinstance(evidence, int) and not isinstance(evidence, bool):
        one = QT_TRANSLATE_NOOP("EntryPanel", "Evidence: {count} report")
        many = QT_TRANSLATE_NOOP("EntryPanel", "Evidence: {count} reports")
        lines.append(tr(one if evidence == 1 else many, lang).format(count=evidence))
    for field_name, name in _NAMES:
        values = [
            html.escape(soft_wrap(str(v))) for v in entry.get(field_name, []) if str(v).strip()
        ]
        if values:
            lines.append(f"<b>{tr(name, lang)}:</b> " + " · ".join(values))
    if entry.source:
        name = tr(QT_TRANSLATE_NOOP("EntryPanel", "Record file"), lang)
        lines.append(f"<span>{name}: {html.escape(soft_wrap(entry.source))}</span>")
    body = para("<br>".join(lines), context.parent, rich=True) if lines else None
    return titled("record", body, context)


def matching(entry: Entry, context: Context) -> QWidget:
    """The regex and the example lines it must (and must not) match, folded."""
    lang = context.language
    box, layout = column(context.parent)
    flag = (
        QT_TRANSLATE_NOOP("EntryPanel", "case-sensitive")
        if entry.case_sensitive
        else QT_TRANSLATE_NOOP("EntryPanel", "case-insensitive")
    )
    pattern = tr(QT_TRANSLATE_NOOP("EntryPanel", "Pattern"), lang)
    layout.addWidget(para(f"{pattern} ({tr(flag, lang)})", box, muted=True))
    layout.addWidget(mono(entry.regex, box))
    for field_name, name in _EXAMPLES:
        values = [str(v) for v in entry.get(field_name, []) if str(v).strip()]
        if values:
            layout.addWidget(para(tr(name, lang), box, muted=True))
            layout.addWidget(mono("\n".join(values), box))
    return Collapsible(word("matching", lang), box, context.parent, key="matching")


def other_fields(entry: Entry, context: Context) -> QWidget | None:
    """Fields this version does not know (kept and shown, never dropped), unfolded."""
    extra = {k: v for k, v in entry.data.items() if k not in KNOWN_FIELDS and v is not None}
    if not extra:
        return None
    box, layout = column(context.parent)
    for key, value in sorted(extra.items()):
        layout.addWidget(para(str(key), box, muted=True))
        layout.addWidget(mono(text_of(value), box))
    title = word("other", context.language)
    return Collapsible(title, box, context.parent, key="other", expanded=True)


SUMMARY: tuple[Section, ...] = (signature, kinds, provenance, seen, fact_grid, root_cause)
BODY: tuple[Section, ...] = (version_list, os_notes, dead_ends, workarounds)
TAIL: tuple[Section, ...] = (documentation, record_info, matching, other_fields)
