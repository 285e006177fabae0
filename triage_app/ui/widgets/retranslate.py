"""Switch the window's language while it runs: every text the window set through `tr()`.

Qt sends `QEvent.LanguageChange` to every widget when the application's translators change.
Rather than each of the window's many widgets keeping a `retranslate()` of its own that
repeats its constructor's strings, the shell reacts once (`MainWindow.changeEvent`) and
`retranslate_tree` walks its widgets, menus and actions: each text that is a marked English
source, or the translation of one (the `.ts` files say which), is replaced by that source in
the language now installed. The `tr()` context is taken from the object's own class or one of
its parents' (where the text was written), so a source marked in several places gets the
right one. Texts built with values ("Opened build.log.") are not sources: their owners
rebuild them on their next update, and the shell refreshes the ones on show at once.

Qt's own widgets (standard buttons, dialogs) retranslate themselves from `qtbase_*.qm`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from functools import cache

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QTabWidget,
    QWidget,
)

from triage_app.ui.widgets.i18n import translations_dir


@cache
def _sources() -> dict[str, list[tuple[str, str]]]:
    """Any known text (an English source or its translation) -> [(context, source)]."""
    found: dict[str, list[tuple[str, str]]] = {}
    for ts in sorted(translations_dir().glob("triage_*.ts")):
        try:
            root = ET.parse(ts).getroot()
        except (OSError, ET.ParseError):
            continue
        for context in root.iter("context"):
            name = context.findtext("name") or ""
            for message in context.iter("message"):
                source = message.findtext("source") or ""
                pair = (name, source)
                for text in (source, message.findtext("translation") or ""):
                    if text and pair not in found.setdefault(text, []):
                        found[text].append(pair)
    return found


def _contexts(obj: QObject) -> list[str]:
    """Class names of `obj` and its parents (nearest first): where its texts were marked."""
    out: list[str] = []
    while obj is not None:
        out.extend(cls.__name__ for cls in type(obj).__mro__ if cls.__module__.startswith("triage"))
        obj = obj.parent()
    return out


def translated(text: str, owner: QObject) -> str | None:
    """`text` in the language now installed, if it is a marked source or a translation of
    one (None otherwise: a text built with values, a file name, the log's own text)."""
    pairs = _sources().get(text)
    if not text or not pairs:
        return None
    contexts = _contexts(owner)
    context, source = min(
        pairs, key=lambda p: contexts.index(p[0]) if p[0] in contexts else len(contexts)
    )
    return QCoreApplication.translate(context, source)


def _retext(owner: QObject, get, put) -> None:  # noqa: ANN001 - a getter and a setter
    new = translated(get(), owner)
    if new is not None and new != get():
        put(new)


def _retranslate_action(action: QAction, owner: QObject) -> None:
    _retext(owner, action.text, action.setText)
    _retext(owner, action.toolTip, action.setToolTip)
    _retext(owner, action.statusTip, action.setStatusTip)
    menu = action.menu()
    if isinstance(menu, QMenu):
        _retext(menu, menu.title, menu.setTitle)


def _retranslate_widget(widget: QWidget) -> None:
    _retext(widget, widget.toolTip, widget.setToolTip)
    if isinstance(widget, (QLabel, QAbstractButton)):
        _retext(widget, widget.text, widget.setText)
    elif isinstance(widget, QLineEdit):
        _retext(widget, widget.placeholderText, widget.setPlaceholderText)
    elif isinstance(widget, (QGroupBox, QMenu)):
        _retext(widget, widget.title, widget.setTitle)
    elif isinstance(widget, QDockWidget):
        _retext(widget, widget.windowTitle, widget.setWindowTitle)
    if isinstance(widget, QTabWidget):
        for at in range(widget.count()):
            page = widget.widget(at)
            owner = page or widget
            _retext(owner, lambda a=at: widget.tabText(a), lambda t, a=at: widget.setTabText(a, t))
            _retext(
                owner,
                lambda a=at: widget.tabToolTip(a),
                lambda t, a=at: widget.setTabToolTip(a, t),
            )
    if isinstance(widget, QHeaderView) and widget.model() is not None and widget.count():
        # Header titles are translated when asked for: ask again.
        widget.model().headerDataChanged.emit(widget.orientation(), 0, widget.count() - 1)
    if isinstance(widget, QAbstractItemView):
        widget.viewport().update()  # cells whose text a model translates
    for action in QWidget.actions(widget):  # (the main window names an attribute `actions`)
        _retranslate_action(action, widget)


def retranslate_tree(roots: Iterable[QWidget]) -> None:
    """Retranslate every marked text of `roots`, their child widgets and their actions."""
    for root in roots:
        for widget in [root, *root.findChildren(QWidget)]:
            _retranslate_widget(widget)
        for action in root.findChildren(QAction):
            _retranslate_action(action, action.parent() or root)
