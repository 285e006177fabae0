"""The errors found in one log as a two-level tree: groups (one per entry) and their lines.

Groups are kept in root-cause order by the core's incremental `MatchIndex`, the same index
the CLI's report reads (causes before consequences and summaries, regex before fuzzy, the
earliest first, a cause above its consequences where the transition graph says so); it
re-orders only when a batch changes what the order depends on. Matches arrive in batches
while the scan runs: new lines are inserted under their group, a new group is inserted and
the groups are re-ordered with a layout change, so selections survive.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

from triage_app.core.match_index import MatchIndex
from triage_app.core.results import LineMatch

ENTRY_ID_ROLE = Qt.ItemDataRole.UserRole + 10  # str
LINE_ROLE = Qt.ItemDataRole.UserRole + 11  # int, 1-based
IS_GROUP_ROLE = Qt.ItemDataRole.UserRole + 12  # bool

COLUMNS = (
    QT_TRANSLATE_NOOP("MatchesModel", "Error"),
    QT_TRANSLATE_NOOP("MatchesModel", "Count"),
    QT_TRANSLATE_NOOP("MatchesModel", "Lines"),
    QT_TRANSLATE_NOOP("MatchesModel", "Match"),
)
_TOP = 0  # internal id of top-level (group) indexes; children carry their group's key + 1

_Index = QModelIndex | QPersistentModelIndex


@dataclass(eq=False)  # identity: groups are looked up in lists often
class _Group:
    key: int  # stable across re-ordering (creation order)
    entry_id: str
    kind: str
    signature: str
    matches: list[LineMatch] = field(default_factory=list)
    best_score: float = 0.0

    @property
    def first_line(self) -> int:
        return self.matches[0].line

    @property
    def last_line(self) -> int:
        return self.matches[-1].line


def _line_of(match: LineMatch) -> int:
    return match.line


SEEN_LIMIT = 240  # characters of the user's line shown in a row or a header


def user_text(match: LineMatch, limit: int = SEEN_LIMIT) -> str:
    """The user's own line as their log has it (the joined event where lines were joined),
    cut to `limit` characters around the matched span: what they saw, not the catalogue's
    example of it."""
    text = match.event_text or match.text
    span = match.top.span
    start = span[0] if span and 0 <= span[0] <= len(text) else 0
    start = max(0, start - (len(text) - len(text.lstrip())))
    text = text.strip()
    if len(text) <= limit:
        return text
    begin = max(0, min(start - limit // 4, len(text) - limit))
    piece = text[begin : begin + limit]
    return ("…" if begin else "") + piece + ("…" if begin + limit < len(text) else "")


def known_as(entry_id: str, signature: str) -> str:
    """The catalogue's name for an error, the secondary text beside the user's line."""
    return f"Known as: {signature} ({entry_id})"


def kind_text(kind: str, score: float) -> str:
    return "regex" if kind == "regex" else f"fuzzy {score:.0%}"


class MatchesModel(QAbstractItemModel):
    """Groups of matched lines in root-cause order."""

    def __init__(self, causes: Mapping[str, Iterable[str]] | None = None, parent=None) -> None:
        super().__init__(parent)
        self._index = MatchIndex(causes or {}, examples=1)  # order and first cause
        self._groups: list[_Group] = []  # display order
        self._by_key: dict[tuple[str, str], _Group] = {}
        self._by_id: dict[int, _Group] = {}
        self.total = 0

    # -- updates --------------------------------------------------------------------------

    def add_matches(self, matches: Iterable[LineMatch]) -> None:
        """Add a batch of matches (in line order, as the scan finds them)."""
        matches = list(matches)
        self._index.add(matches)
        added: dict[int, list[LineMatch]] = {}
        new_groups: list[_Group] = []
        for match in matches:
            top = match.top
            group = self._by_key.get((top.entry_id, top.kind))
            if group is None:
                group = _Group(len(self._by_id), top.entry_id, top.kind, top.signature)
                self._by_key[(top.entry_id, top.kind)] = group
                self._by_id[group.key] = group
                new_groups.append(group)
                group.matches.append(match)
            else:
                added.setdefault(group.key, []).append(match)
            group.best_score = max(group.best_score, top.score)
            self.total += 1
        changed_rows = []
        for key, lines in added.items():
            row = self._append_children(self._by_id[key], lines)
            if row >= 0:
                changed_rows.append(row)
        if changed_rows:  # one signal for the counts and line ranges of every group touched
            self.dataChanged.emit(
                self.index(min(changed_rows), 1),
                self.index(max(changed_rows), len(COLUMNS) - 1),
                [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole],
            )
        if new_groups:
            first = len(self._groups)
            self.beginInsertRows(QModelIndex(), first, first + len(new_groups) - 1)
            self._groups.extend(new_groups)
            self.endInsertRows()
        self._reorder()

    def _append_children(self, group: _Group, matches: list[LineMatch]) -> int:
        """Append lines under `group`; its row, or -1 if the group is not shown yet."""
        row = self._groups.index(group) if group in self._groups else -1
        if row < 0:  # only a new group's lines, added with the group
            group.matches.extend(matches)
            return -1
        parent = self.index(row, 0)
        start = len(group.matches)
        self.beginInsertRows(parent, start, start + len(matches) - 1)
        group.matches.extend(matches)
        self.endInsertRows()
        return row

    def _reorder(self) -> None:
        wanted = [self._by_key[(g.entry_id, g.kind)] for g in self._index.groups()]
        if wanted == self._groups:
            return
        self.layoutAboutToBeChanged.emit()
        old_rows = {g.key: row for row, g in enumerate(self._groups)}
        self._groups = wanted
        new_rows = {g.key: row for row, g in enumerate(self._groups)}
        old_list, new_list = [], []
        for old in self.persistentIndexList():
            if old.internalId() == _TOP:
                group_key = next(k for k, r in old_rows.items() if r == old.row())
                old_list.append(old)
                new_list.append(self.createIndex(new_rows[group_key], old.column(), _TOP))
        self.changePersistentIndexList(old_list, new_list)
        self.layoutChanged.emit()

    # -- queries --------------------------------------------------------------------------

    def group_count(self) -> int:
        return len(self._groups)

    def first_cause(self) -> tuple[str, int] | None:
        """(entry id, first line) of the likely first cause (as the CLI reports it), if any."""
        cause = self._index.first_cause()
        return (cause.entry_id, cause.line) if cause is not None else None

    def index_for_line(self, line: int) -> QModelIndex:
        """The occurrence index of `line` (the group of its top candidate)."""
        for row, group in enumerate(self._groups):
            child = bisect.bisect_left(group.matches, line, key=_line_of)
            if child < len(group.matches) and group.matches[child].line == line:
                return self.index(child, 0, self.index(row, 0))
        return QModelIndex()

    def _group_of(self, index: _Index) -> _Group | None:
        if not index.isValid():
            return None
        if index.internalId() == _TOP:
            return self._groups[index.row()] if index.row() < len(self._groups) else None
        return self._by_id.get(index.internalId() - 1)

    # -- Qt API ---------------------------------------------------------------------------

    def index(self, row: int, column: int, parent: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _TOP)
        group = self._groups[parent.row()]
        return self.createIndex(row, column, group.key + 1)

    def parent(self, index: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not index.isValid() or index.internalId() == _TOP:
            return QModelIndex()
        group = self._by_id[index.internalId() - 1]
        return self.createIndex(self._groups.index(group), 0, _TOP)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() == _TOP and parent.column() == 0:
            return len(self._groups[parent.row()].matches)
        return 0

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> object:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(COLUMNS)
        ):
            return QCoreApplication.translate("MatchesModel", COLUMNS[section])
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.internalId() != _TOP:
            flags |= Qt.ItemFlag.ItemNeverHasChildren
        return flags

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        group = self._group_of(index)
        if group is None:
            return None
        if index.internalId() == _TOP:
            return self._group_data(group, index.row(), index.column(), role)
        if index.row() >= len(group.matches):
            return None
        return self._line_data(group, group.matches[index.row()], index.column(), role)

    def _group_data(self, group: _Group, row: int, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return user_text(group.matches[0])
            if column == 1:
                return str(len(group.matches))
            if column == 2:
                if group.first_line == group.last_line:
                    return f"{group.first_line}"
                return f"{group.first_line}–{group.last_line}"
            return kind_text(group.kind, group.best_score)
        if role == Qt.ItemDataRole.ToolTipRole:
            lead = "Likely first cause. " if row == 0 else ""
            return (
                f"{lead}{len(group.matches)} line(s), first {group.first_line}, "
                f"last {group.last_line}\n{user_text(group.matches[0])}\n"
                f"{known_as(group.entry_id, group.signature)}"
            )
        if role == Qt.ItemDataRole.FontRole and row == 0:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (1, 2):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return self._common(group, group.first_line, role, is_group=True)

    def _line_data(self, group: _Group, match: LineMatch, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return match.text[:300]
            if column == 2:
                return str(match.line)
            if column == 3:
                return kind_text(match.top.kind, match.top.score)
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            top = match.top
            return (
                f"line {match.line}: {user_text(match)}\n{known_as(top.entry_id, top.signature)}"
                f"\n{top.why}"
            )
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (1, 2):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return self._common(group, match.line, role, is_group=False)

    @staticmethod
    def _common(group: _Group, line: int, role: int, *, is_group: bool) -> object:
        if role == ENTRY_ID_ROLE:
            return group.entry_id
        if role == LINE_ROLE:
            return line
        if role == IS_GROUP_ROLE:
            return is_group
        return None
