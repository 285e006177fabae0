"""A workaround's `how`: pygments-highlighted, wrapped, with a Copy button.

`how` texts are short and mixed (shell lines with `#` comments, a Python snippet, a YAML step, or
a sentence), so the language is guessed line by line from cheap cues and the plain-text lexer is
the fallback. Nothing here raises on odd input: a lexer failure shows the text unhighlighted.

A block shows its plain text at once and is coloured when Qt polishes it (just before it is first
shown, usually a later event-loop turn than the one that built the entry panel), and again on a
palette change; the tokens of a text are cached, so a panel rebuilt for the same entry lexes none.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from pygments.lexers import get_lexer_by_name
from pygments.styles import get_style_by_name
from pygments.token import Token, _TokenType
from PySide6.QtCore import QEvent, QRectF, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QGuiApplication,
    QPainter,
    QPaintEvent,
    QPen,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from triage_app.ui.widgets import accents
from triage_app.ui.widgets.wrap_text import WrapText

LIGHT_STYLE = "default"
DARK_STYLE = "github-dark"

_SHELL_COMMANDS = frozenset(
    """sudo pip pip3 python python3 py git docker docker-compose podman kubectl helm export cd
    ls rm mv cp mkdir chmod chown apt apt-get yum dnf brew conda mamba npm npx yarn pnpm node curl
    wget echo cat grep sed awk find ssh scp systemctl journalctl nvidia-smi srun sbatch make
    cmake gcc g++ clang go cargo rustup rustc mvn gradle ./gradlew gradlew java javac az aws
    gcloud terraform ulimit sysctl df du free ps kill pkill top tar unzip ln source set env which
    head tail xargs tee uv poetry pytest torchrun accelerate deepspeed redis-cli psql mysql
    mongosh sqlite3 openssl dig nslookup ping nc ss netstat lsof winget choco mount umount
    fallocate mkswap swapon dmesg nvcc ldd ldconfig pkg-config jq touch tsc bundle gem ssh-keygen
    ssh-add gh ollama huggingface-cli hf nproc time watch dotnet rm -rf""".split()
)
_PATTERNS: dict[str, re.Pattern[str]] = {
    "python": re.compile(
        r"^(?:import \w|from [\w.]+ import |def \w+\(|class \w+[(:]|@\w|"
        r"(?:with|try|except|elif|for|while|if|return|raise)\b.*:?$)|"
        r"^[\w.\[\]'\"]+\s*=\s*[\w.]+\(|\bself\.|\bos\.environ|^print\(|^\w+(?:\.\w+)+\(.*\)\s*(?:#.*)?$"
    ),
    "yaml": re.compile(r"^\s*(?:- )?[\w.$/-]+:(?:\s+[^=(]*)?$|^\s*- (?:uses|name|run):"),
    "sql": re.compile(
        r"^\s*(?:SELECT|INSERT|UPDATE|DELETE|ALTER|CREATE|DROP|GRANT|REVOKE|SHOW|FLUSH|EXPLAIN|"
        r"VACUUM|PRAGMA|BEGIN|COMMIT)\b|^\s*ON DUPLICATE KEY"
    ),
    "docker": re.compile(r"^(?:FROM|RUN|COPY|ADD|ENV|WORKDIR|CMD|ENTRYPOINT|ARG|USER|EXPOSE)\s"),
    "toml": re.compile(r"^\[[\w.\- \"]+\]\s*$|^[\w.-]+\s*=\s*(?:\"|'|\d|\[|\{|true|false)"),
    "powershell": re.compile(r"\$env:\w+|^\s*(?:Set|Get|New|Remove|Add)-\w+"),
    "javascript": re.compile(r"^\s*(?:const|let|var)\s+\w+\s*=|=>|\brequire\(|^\s*module\.exports"),
}
_PROSE = re.compile(r"^[A-Z][a-z]+(?: [\w'(),/-]+){5,}[.)]?$")


def guess_language(text: str) -> str:
    """A pygments lexer alias for `text`: each line votes for the language its cues suggest.

    Comment lines and blank lines abstain; with no votes the text is plain (`"text"`).
    """
    stripped = text.strip()
    if stripped[:1] in "{[" and _is_json(stripped):
        return "json"
    votes: dict[str, int] = {}
    for line in text.splitlines():
        vote = _line_language(line)
        if vote:
            votes[vote] = votes.get(vote, 0) + 1
    if not votes:
        return "text"
    order = ("bash", "python", "yaml", "sql", "docker", "toml", "powershell", "javascript", "text")
    return max(order, key=lambda lang: (votes.get(lang, 0), -order.index(lang)))


def _line_language(line: str) -> str | None:
    body = line.strip()
    if not body or body.startswith(("#", "//", "-- ")):
        return None
    first = body.split(None, 1)[0].lstrip("$").strip()
    if first in _SHELL_COMMANDS or body.startswith(("$ ", "./", "~/")):
        return "bash"
    for language, pattern in _PATTERNS.items():
        if pattern.search(body):
            return language
    if _PROSE.match(body):
        return "text"
    return None


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def lex(text: str, language: str) -> list[tuple[_TokenType, str]]:
    """Tokens of `text`; plain text (one token) when the lexer is missing or fails."""
    try:
        lexer = get_lexer_by_name(language, stripnl=False, ensurenl=False)
        return list(lexer.get_tokens(text))
    except Exception:  # noqa: BLE001 - any lexer bug: fall back to unhighlighted text
        return [(Token.Text, text)]


@lru_cache(maxsize=512)
def _token_format(style_name: str, token: _TokenType) -> QTextCharFormat:
    fmt = QTextCharFormat()
    try:
        spec = get_style_by_name(style_name).style_for_token(token)
    except Exception:  # noqa: BLE001 - unknown style or token: no colour
        return fmt
    if spec.get("color"):
        fmt.setForeground(QColor(f"#{spec['color']}"))
    if spec.get("bold"):
        fmt.setFontWeight(QFont.Weight.Bold)
    if spec.get("italic"):
        fmt.setFontItalic(True)
    return fmt


@lru_cache(maxsize=256)
def _cached_lex(text: str, language: str) -> tuple[tuple[_TokenType, str], ...]:
    return tuple(lex(text, language))


class CodeBlock(QFrame):
    """Highlighted, wrapping, selectable code with a language caption and a Copy button.

    Signals:
        copied(str): the text was put on the clipboard.
    """

    copied = Signal(str)

    # (class defaults: Qt sends events from inside `__init__`, before they are set)
    _rendering = False
    _rendered_for: tuple[str, str] | None = None  # the palette's base and text it is coloured for
    _colors: tuple[QColor, QColor] | None = None  # background and border

    def __init__(self, text: str, language: str | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self._text = text
        self._language = language or guess_language(text)
        self.setObjectName("codeBlock")
        self.setFrameShape(QFrame.Shape.NoFrame)  # painted: see `paintEvent`
        self.view = WrapText(parent=self, margin=6)
        self.view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.caption = QLabel(self._language if self._language != "text" else "", self)
        self.copy_button = QToolButton(self)
        self.copy_button.setText(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy to the clipboard"))
        self.copy_button.setAutoRaise(True)
        self._reset_timer = QTimer(self)
        self._reset_timer.setSingleShot(True)
        self._reset_timer.setInterval(1500)
        top = QHBoxLayout()
        top.setContentsMargins(8, 2, 2, 0)
        top.addWidget(self.caption, 1)
        top.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(1, 1, 1, 1)
        layout.setSpacing(0)
        layout.addLayout(top)
        layout.addWidget(self.view)
        self._connect_signals()
        self.view.set_plain(text)  # coloured when polished (see the module)

    def _connect_signals(self) -> None:
        self.copy_button.clicked.connect(self._on_copy_button_clicked)
        self._reset_timer.timeout.connect(self._on_reset_timer_timeout)

    @property
    def language(self) -> str:
        return self._language

    def text(self) -> str:
        return self._text

    def copy(self) -> None:
        """Put the exact text (not the wrapped display) on the clipboard."""
        QGuiApplication.clipboard().setText(self._text)
        self.copy_button.setText(self.tr("Copied"))
        self._reset_timer.start()
        self.copied.emit(self._text)

    def paintEvent(self, event: QPaintEvent) -> None:
        """The background and a rounded 1 px border (painted, not a style sheet: a style sheet
        has Qt polish the block and its children through the slow style-sheet style)."""
        if self._colors is not None:
            back, border = self._colors
            painter = QPainter(self)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(border, 1))
            painter.setBrush(back)
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4)
            painter.end()
        super().paintEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Polish and self._rendered_for is None:
            self._render()
        return super().event(event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        polished = self._rendered_for is not None
        if event.type() == QEvent.Type.PaletteChange and polished and not self._rendering:
            self._render()

    def _on_copy_button_clicked(self) -> None:
        self.copy()

    def _on_reset_timer_timeout(self) -> None:
        self.copy_button.setText(self.tr("Copy"))

    def _render(self) -> None:
        """(Re)colour for the current palette (setting the caption's palette sends palette
        events: re-entry is blocked); an unchanged base/text pair is not redrawn."""
        palette = self.palette()
        key = (
            palette.color(palette.ColorRole.Base).name(),
            palette.color(palette.ColorRole.Text).name(),
        )
        if key == self._rendered_for:
            return
        self._rendering = True
        try:
            self._render_for(palette)
        finally:
            self._rendering = False
        self._rendered_for = key

    def _render_for(self, palette) -> None:
        dark = accents.is_dark(palette)
        style = DARK_STYLE if dark else LIGHT_STYLE
        back = accents.blend(
            palette.color(palette.ColorRole.Base), palette.color(palette.ColorRole.Text), 0.05
        )
        self._colors = back, accents.blend(back, palette.color(palette.ColorRole.Text), 0.2)
        self.update()
        caption = self.caption.palette()
        caption.setColor(caption.ColorRole.WindowText, accents.muted_text(palette))
        self.caption.setPalette(caption)
        doc = self.view.document()
        doc.clear()
        cursor = QTextCursor(doc)
        text_format = QTextCharFormat()
        text_format.setForeground(palette.color(palette.ColorRole.Text))
        block = QTextBlockFormat()
        indent = self.view.fontMetrics().horizontalAdvance("    ")
        block.setLeftMargin(indent)  # continuation lines of a wrapped line start indented...
        block.setTextIndent(-indent)  # ...while each line's first row starts at the margin
        cursor.setBlockFormat(block)
        for token, value in _cached_lex(self._text, self._language):
            fmt = QTextCharFormat(text_format)
            fmt.merge(_token_format(style, token))
            cursor.insertText(value, fmt)
        self.view.fit_height()
