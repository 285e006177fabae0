"""The errors found in one log as a two-level tree: groups (one per entry) and their lines.

Groups come from the log's `MatchRecord` (bounded memory: counts, first and last line and
the first few lines of each group), in the root-cause order of the core's `MatchIndex`, the
same order the CLI's report uses (causes before consequences and summaries, regex before
fuzzy, the earliest first, a cause above its consequences where the transition graph says
so). Matches arrive in batches while the scan runs: new lines are inserted under their
group, a group with more lines than it keeps gets one "N more lines" row (its count exact),
a new group is inserted and the groups are re-ordered with a layout change, so selections
survive.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

from triage_app.core.match_index import GroupStats
from triage_app.core.match_record import MatchRecord
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
    children: tuple[int, ...] = ()  # the child rows announced: kept lines, then 0 for "more"


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
    """Groups of matched lines in root-cause order, over a `MatchRecord`.

    A group's children are its kept lines (the record's examples, at most `examples`), then,
    when it has more lines than that, one "N more lines" row (its line: the group's next
    line after the kept ones). Call `refresh` after the record changed.
    """

    def __init__(
        self,
        source: MatchRecord | Mapping[str, Iterable[str]] | None = None,
        parent=None,
        *,
        hidden: Iterable[str] = (),
    ) -> None:
        super().__init__(parent)
        self.record = source if isinstance(source, MatchRecord) else MatchRecord(source)
        self.hidden = frozenset(hidden)  # entries left out (the user hid them)
        self._groups: list[_Group] = []  # display order
        self._by_key: dict[tuple[str, str], _Group] = {}
        self._by_id: dict[int, _Group] = {}
        self.refresh()

    # -- updates --------------------------------------------------------------------------

    def add_matches(self, matches: Iterable[LineMatch]) -> None:
        """Add full matches to the record and show them (tests, small logs)."""
        self.record.add_matches(matches)
        self.refresh()

    def refresh(self) -> None:
        """Show what the record holds now: new groups and lines, counts, order."""
        wanted = [g for g in self.record.index().groups() if g.entry_id not in self.hidden]
        new_groups = []
        for stats in wanted:
            key = (stats.entry_id, stats.kind)
            if key not in self._by_key:
                group = _Group(len(self._by_id), stats.entry_id, stats.kind)
                group.children = _children(stats)
                self._by_key[key] = self._by_id[group.key] = group
                new_groups.append(group)
        for row, group in enumerate(self._groups):
            self._update_children(row, group)
        if self._groups:
            self.dataChanged.emit(
                self.index(0, 0),
                self.index(len(self._groups) - 1, len(COLUMNS) - 1),
                [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole],
            )
        if new_groups:
            first = len(self._groups)
            self.beginInsertRows(QModelIndex(), first, first + len(new_groups) - 1)
            self._groups.extend(new_groups)
            self.endInsertRows()
        self._reorder([self._by_key[(g.entry_id, g.kind)] for g in wanted])

    def _update_children(self, row: int, group: _Group) -> None:
        stats = self._stats(group)
        now = _children(stats) if stats is not None else ()
        old = group.children
        if now == old:
            if old and old[-1] == 0:  # the "N more lines" count moved on
                more = self.index(len(old) - 1, 0, self.index(row, 0))
                self.dataChanged.emit(more, more.siblingAtColumn(len(COLUMNS) - 1))
            return
        parent = self.index(row, 0)
        if now[: len(old)] == old:
            self.beginInsertRows(parent, len(old), len(now) - 1)
            group.children = now
            self.endInsertRows()
            return
        if old:
            self.beginRemoveRows(parent, 0, len(old) - 1)
            group.children = ()
            self.endRemoveRows()
        if now:
            self.beginInsertRows(parent, 0, len(now) - 1)
            group.children = now
            self.endInsertRows()

    def _reorder(self, wanted: list[_Group]) -> None:
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

    @property
    def total(self) -> int:
        """Matched lines shown (every group's count)."""
        return sum(s.count for g in self._groups if (s := self._stats(g)) is not None)

    def group_count(self) -> int:
        return len(self._groups)

    def first_cause(self) -> tuple[str, int] | None:
        """(entry id, first line) of the likely first cause (as the CLI reports it), if any."""
        cause = self.record.index().first_cause()
        return (cause.entry_id, cause.line) if cause is not None else None

    def index_for_line(self, line: int) -> QModelIndex:
        """The row of `line` in the group of its top candidate: the kept line's, else that
        group's "N more lines" row."""
        match = self.record.match_at(line)
        if match is None:
            return QModelIndex()
        group = self._by_key.get((match.top.entry_id, match.top.kind))
        if group is None or group not in self._groups:
            return QModelIndex()
        parent = self.index(self._groups.index(group), 0)
        children = group.children
        if line in children:
            return self.index(children.index(line), 0, parent)
        if children and children[-1] == 0:
            return self.index(len(children) - 1, 0, parent)
        return QModelIndex()

    def _stats(self, group: _Group) -> GroupStats | None:
        return self.record.group(group.entry_id, group.kind)

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
            return len(self._groups[parent.row()].children)
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
        stats = self._stats(group) if group is not None else None
        if group is None or stats is None or not stats.examples:
            return None
        if index.internalId() == _TOP:
            return self._group_data(stats, index.row(), index.column(), role)
        if index.row() >= len(group.children):
            return None
        line = group.children[index.row()]
        if line == 0:
            return self._more_data(group, stats, index.column(), role)
        match = next((m for m in stats.examples if m.line == line), None)
        if match is None:
            return None
        return self._line_data(stats, match, index.column(), role)

    def _group_data(self, group: GroupStats, row: int, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return user_text(group.first)
            if column == 1:
                return f"{group.count:,}"
            if column == 2:
                if group.first_line == group.last_line:
                    return f"{group.first_line}"
                return f"{group.first_line}–{group.last_line}"
            return kind_text(group.kind, group.best_score)
        if role == Qt.ItemDataRole.ToolTipRole:
            lead = self.tr("Likely first cause. ") if row == 0 else ""
            return (
                f"{lead}{group.count:,} line(s), first {group.first_line}, "
                f"last {group.last_line}\n{user_text(group.first)}\n"
                f"{known_as(group.entry_id, group.signature)}"
            )
        if role == Qt.ItemDataRole.FontRole and row == 0:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (1, 2):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return self._common(group, group.first_line, role, is_group=True)

    def _more_data(self, group: _Group, stats: GroupStats, column: int, role: int) -> object:
        more = stats.count - len(stats.examples)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return self.tr("{count} more lines").format(count=f"{more:,}")
            if column == 1:
                return f"{more:,}"
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tr(
                "{count} more lines of this error are counted but not listed; choose this "
                "row to go to the next one, and step through every matched line with Next "
                "match."
            ).format(count=f"{more:,}")
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (1, 2):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == LINE_ROLE:
            after = stats.examples[-1].line - 1
            row = self.record.next_in_group(group.entry_id, group.kind, after)
            return row + 1 if row is not None else stats.last_line
        return self._common(stats, 0, role, is_group=False)

    def _line_data(self, group: GroupStats, match: LineMatch, column: int, role: int) -> object:
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
    def _common(group: GroupStats, line: int, role: int, *, is_group: bool) -> object:
        if role == ENTRY_ID_ROLE:
            return group.entry_id
        if role == LINE_ROLE:
            return line
        if role == IS_GROUP_ROLE:
            return is_group
        return None


def _children(stats: GroupStats) -> tuple[int, ...]:
    """A group's child rows: its kept lines, then 0 for "N more lines" when it has more."""
    lines = tuple(m.line for m in stats.examples)
    return (*lines, 0) if stats.count > len(lines) else lines
