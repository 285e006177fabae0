"""The first screen: "drop a log here", with ways to open one and the recent files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class EmptyState(QWidget):
    """Shown while no log is open.

    Signals:
        open_requested(): the user wants the file dialog.
        sample_requested(): open the bundled sample log.
        paste_requested(): open the clipboard's text as a log.
        recent_requested(str): open a recent file.
        catalogue_requested(): browse the catalogue.
    """

    open_requested = Signal()
    sample_requested = Signal()
    paste_requested = Signal()
    recent_requested = Signal(str)
    catalogue_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("emptyState")
        self.drop_zone = QFrame(self)
        self.drop_zone.setObjectName("dropZone")
        title = QLabel(self.tr("Drop a log here"), self.drop_zone)
        title.setObjectName("emptyTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.9)
        font.setBold(True)
        title.setFont(font)
        hint = QLabel(
            self.tr(
                "A CI job, a training run, a deploy: drop its log (plain, .gz, .bz2 or .xz, any "
                "encoding) anywhere on this window, or several at once.\nTriage finds the known "
                "errors, puts the likely first cause on top and explains each one."
            ),
            self.drop_zone,
        )
        hint.setWordWrap(True)
        hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.open_button = QPushButton(self.tr("Open a log…"), self.drop_zone)
        self.sample_button = QPushButton(self.tr("Try the sample log"), self.drop_zone)
        self.paste_button = QPushButton(self.tr("Paste from clipboard"), self.drop_zone)
        self.catalogue_button = QPushButton(self.tr("Browse the catalogue"), self.drop_zone)
        self.open_button.setDefault(True)
        # Two rows of two: one row of four made the window at least 1,134 px wide with the
        # entry panel open (issue 13: usable at 900 x 600).
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        for n, button in enumerate(
            (self.open_button, self.sample_button, self.paste_button, self.catalogue_button)
        ):
            button.setMinimumWidth(150)
            grid.addWidget(button, n // 2, n % 2)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addLayout(grid)
        buttons.addStretch(1)
        zone_layout = QVBoxLayout(self.drop_zone)
        zone_layout.setContentsMargins(32, 32, 32, 32)
        zone_layout.setSpacing(14)
        zone_layout.addWidget(title)
        zone_layout.addWidget(hint)
        zone_layout.addLayout(buttons)
        self.recent_label = QLabel(self.tr("Recent logs"), self)
        self.recent = QListWidget(self)
        self.recent.setObjectName("recentList")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 30, 40, 30)
        layout.addStretch(1)
        layout.addWidget(self.drop_zone)
        layout.addSpacing(18)
        layout.addWidget(self.recent_label)
        layout.addWidget(self.recent)
        layout.addStretch(2)
        self._dark = False
        self._hovering = False
        self._connect_signals()
        self.set_recent_files([])

    def _connect_signals(self) -> None:
        self.open_button.clicked.connect(self.open_requested)
        self.sample_button.clicked.connect(self.sample_requested)
        self.paste_button.clicked.connect(self.paste_requested)
        self.catalogue_button.clicked.connect(self.catalogue_requested)
        self.recent.itemActivated.connect(self._on_recent_item_activated)
        self.recent.itemClicked.connect(self._on_recent_item_activated)

    def set_recent_files(self, files: list[str]) -> None:
        self.recent.clear()
        for path in files:
            item = QListWidgetItem(f"{Path(path).name}    —    {Path(path).parent}")
            item.setData(Qt.ItemDataRole.UserRole, path)
            item.setToolTip(path)
            self.recent.addItem(item)
        self.recent_label.setVisible(bool(files))
        self.recent.setVisible(bool(files))
        rows = min(len(files), 8)
        self.recent.setFixedHeight(rows * self.recent.sizeHintForRow(0) + 8 if rows else 0)

    def set_dark(self, dark: bool) -> None:
        self._dark = dark
        self._style_zone()

    def set_hovering(self, files: int) -> None:
        """Files are being dragged over the window: make the drop zone light up."""
        self._hovering = files > 0
        self._style_zone()

    def _style_zone(self) -> None:
        dark, hovering = self._dark, self._hovering
        if hovering:
            border, background = ("#58a6ff", "#15273d") if dark else ("#0969da", "#e8f1fd")
        else:
            border, background = ("#5a636e", "#1b1f24") if dark else ("#9aa4b0", "#fafbfc")
        self.drop_zone.setStyleSheet(
            f"#dropZone {{ border: 2px dashed {border}; border-radius: 12px; "
            f"background: {background}; }}"
        )

    def _on_recent_item_activated(self, item: QListWidgetItem) -> None:
        self.recent_requested.emit(str(item.data(Qt.ItemDataRole.UserRole)))
