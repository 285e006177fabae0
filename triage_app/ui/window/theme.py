"""Light and dark themes: follow the system's colour scheme unless the user picked one.

The Fusion style with an explicit palette looks the same on every platform (and offscreen),
so a theme is a palette plus the log view's colours (see `highlighter`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

MODES = ("system", "light", "dark")


def system_prefers_dark() -> bool:
    hints = QGuiApplication.styleHints()
    return hints.colorScheme() == Qt.ColorScheme.Dark


def _palette(dark: bool) -> QPalette:
    role = QPalette.ColorRole
    group = QPalette.ColorGroup
    if dark:
        colors = {
            role.Window: "#22262b",
            role.WindowText: "#e6e6e6",
            role.Base: "#16191d",
            role.AlternateBase: "#1e2226",
            role.ToolTipBase: "#2d3238",
            role.ToolTipText: "#e6e6e6",
            role.PlaceholderText: "#8b949e",
            role.Text: "#e6e6e6",
            role.Button: "#2b3036",
            role.ButtonText: "#e6e6e6",
            role.BrightText: "#ff7b72",
            role.Light: "#3a4047",
            role.Midlight: "#31363c",
            role.Mid: "#1f2328",
            role.Dark: "#111316",
            role.Shadow: "#000000",
            role.Highlight: "#2f5f9e",
            role.HighlightedText: "#ffffff",
            role.Link: "#58a6ff",
            role.LinkVisited: "#bc8cff",
        }
        disabled = "#6e7681"
    else:
        colors = {
            role.Window: "#f3f3f3",
            role.WindowText: "#1f2328",
            role.Base: "#ffffff",
            role.AlternateBase: "#f6f8fa",
            role.ToolTipBase: "#ffffe1",
            role.ToolTipText: "#1f2328",
            role.PlaceholderText: "#6e7781",
            role.Text: "#1f2328",
            role.Button: "#f0f0f0",
            role.ButtonText: "#1f2328",
            role.BrightText: "#c62828",
            role.Light: "#ffffff",
            role.Midlight: "#e8e8e8",
            role.Mid: "#c8c8c8",
            role.Dark: "#a0a0a0",
            role.Shadow: "#606060",
            role.Highlight: "#cfe3ff",
            role.HighlightedText: "#0b1a33",
            role.Link: "#0969da",
            role.LinkVisited: "#8250df",
        }
        disabled = "#8c959f"
    palette = QPalette()
    for r, value in colors.items():
        palette.setColor(r, QColor(value))
    for r in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, r, QColor(disabled))
    return palette


class ThemeManager(QObject):
    """Applies the chosen theme and re-applies it when the system's scheme changes.

    Signals:
        theme_changed(bool): the effective theme changed; True when dark.
    """

    theme_changed = Signal(bool)

    def __init__(self, app: QApplication, mode: str = "system", parent: QObject | None = None):
        super().__init__(parent)
        self._app = app
        self.mode = mode if mode in MODES else "system"
        self.dark = False
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._on_hints_color_scheme_changed)
        app.setStyle("Fusion")
        self.apply()

    def set_mode(self, mode: str) -> None:
        self.mode = mode if mode in MODES else "system"
        self.apply()

    def apply(self) -> None:
        dark = system_prefers_dark() if self.mode == "system" else self.mode == "dark"
        self._app.setPalette(_palette(dark))
        changed = dark != self.dark
        self.dark = dark
        if changed:
            self.theme_changed.emit(dark)

    def _on_hints_color_scheme_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self.mode == "system":
            self.apply()
