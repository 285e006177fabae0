"""The window's language (View > Language: English or 中文), one setting for everything.

Qt's translation files carry the window's own text (`resources/i18n/triage_zh.qm`, plus Qt's
`qtbase_zh_CN.qm` for its standard dialogs and buttons when PySide6 ships it). They are
installed on the application before the window is built; a change in the menu installs the
other language's at once, and the window retranslates everything on show (its
`changeEvent(LanguageChange)`, see `widgets/retranslate`); the choice is remembered for the
next start. A record's `_zh` fields are data: the entry panel shows them in Chinese and the
English fields only where a record has no Chinese; the log's own text is never translated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLibraryInfo, QObject, QTranslator
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QApplication

from triage_app.ui.widgets.i18n import translator
from triage_app.ui.widgets.settings import Settings

if TYPE_CHECKING:
    from triage_app.ui.window.main_window import MainWindow

_INSTALLED: list[QTranslator] = []  # kept alive while installed
_CURRENT: list[str] = []  # the language installed, once `install_language` ran


def install_language(app: QApplication, language: str) -> bool:
    """Make `app` speak `language` ("en" or "zh") from now on; True if a translation loaded."""
    for old in _INSTALLED:
        app.removeTranslator(old)
    _INSTALLED.clear()
    _CURRENT[:] = [language]
    if language != "zh":
        return False
    ours = translator("zh")
    if ours is None:
        return False
    qt = QTranslator()
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt.load("qtbase_zh_CN", folder):
        _INSTALLED.append(qt)
    _INSTALLED.append(ours)
    for loaded in _INSTALLED:
        app.installTranslator(loaded)
    return True


class LanguageActions(QObject):
    """View > Language, and the entry panel following the window's language."""

    def __init__(self, window: MainWindow, language: str | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.settings = Settings()
        self.language = language or (_CURRENT[0] if _CURRENT else self.settings.ui_language())
        self.menu = window.actions.view_menu.addMenu(self.tr("&Language"))
        group = QActionGroup(self)
        self.english = self.menu.addAction("English")
        self.chinese = self.menu.addAction("中文")
        for action, code in ((self.english, "en"), (self.chinese, "zh")):
            action.setCheckable(True)
            action.setChecked(code == self.language)
            group.addAction(action)
            action.triggered.connect(lambda _on=False, c=code: self.choose(c))
        panel = window.entry_panel
        panel.english_button.hide()  # one switch for the whole window: this menu
        panel.chinese_button.hide()
        panel.set_language(self.language)

    def choose(self, language: str) -> None:
        """Switch the whole window to `language` now, and remember it for the next start."""
        if language == self.language:
            return
        self.language = language
        self.settings.set_ui_language(language)
        (self.chinese if language == "zh" else self.english).setChecked(True)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            install_language(app, language)  # Qt sends LanguageChange: the window follows
        self.window.entry_panel.set_language(language)
        message = (
            self.tr("The window is now in 中文.")
            if language == "zh"
            else self.tr("The window is now in English.")
        )
        self.window.report(message, "info")
