"""Where an entry's message comes from (its sources, or "unverified"), and how often the
user's own scans found it (the local history)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from triage_app.core.entry import Entry
from triage_app.ui.widgets import accents
from triage_app.ui.widgets.text import link_html, para, soft_wrap

if TYPE_CHECKING:
    from triage_app.ui.entry.sections import Context

MAX_SOURCES = 4


def _source_html(source: object) -> str | None:
    if isinstance(source, str):
        return link_html(source)
    if not isinstance(source, dict):
        return None
    kind = source.get("kind")
    if kind == "upstream":
        where = f"{source.get('repo', '')}: {source.get('path', '')}"
        ref = source.get("ref")
        text = f"{where} @ {str(ref)[:12]}" if ref else where
        return (
            QCoreApplication.translate("EntryPanel", "printed by")
            + " "
            + html.escape(soft_wrap(text))
        )
    if kind in ("issue", "doc"):
        url = str(source.get("url") or "")
        word = (
            QCoreApplication.translate("EntryPanel", "quoted in")
            if kind == "issue"
            else QCoreApplication.translate("EntryPanel", "documented at")
        )
        return f"{word} {link_html(url)}"
    if kind == "reproduced":
        return (
            QCoreApplication.translate("EntryPanel", "produced for real by")
            + " "
            + html.escape(str(source.get("test", "")))
        )
    if kind == "local":
        return html.escape(
            QCoreApplication.translate("EntryPanel", "written by you from your own log")
        )
    return None


def provenance(entry: Entry, context: Context) -> QWidget | None:
    """'Sources: printed by …' or a warning that the message is unverified."""
    data = entry.get("provenance")
    if not isinstance(data, dict):
        return None
    sources = [s for s in (_source_html(x) for x in data.get("sources") or []) if s]
    if not sources:
        color = accents.css(accents.MISSING)
        text = (
            f"<span style='color:{color}'>⚠ "
            + html.escape(
                QCoreApplication.translate(
                    "EntryPanel", "Unverified: no source was found that prints this message."
                )
            )
            + "</span>"
        )
    else:
        shown = sources[:MAX_SOURCES]
        more = len(sources) - len(shown)
        text = (
            html.escape(QCoreApplication.translate("EntryPanel", "Sources"))
            + ": "
            + " · ".join(shown)
        )
        if more:
            text += " · " + html.escape(
                QCoreApplication.translate("EntryPanel", "+%1 more").replace("%1", str(more))
            )
    label = para(text, context.parent, muted=True, rich=True)
    label.linkActivated.connect(context.on_link)
    return label


def seen(entry: Entry, context: Context) -> QWidget | None:
    """'Seen 14 times in 9 logs, last on 2 Dec' from the local history."""
    text = context.history(entry.id)
    return para(text, context.parent, muted=True) if text else None
