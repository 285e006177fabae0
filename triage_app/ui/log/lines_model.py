"""List models over a log's line index: every line, or only the matched lines.

Rows are fetched from the `LineIndex` only when a view asks for them (the visible ones), decoded,
stripped of ANSI codes and cached in a small LRU. Rows are added in batches as the index grows.
"""

from __future__ import annotations

import bisect
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt

from triage_app.core.ansi import strip_ansi
from triage_app.core.lineindex import HEAD_BYTES, LineIndex
from triage_app.core.match_record import MatchRecord
from triage_app.core.results import LineMatch
from triage_app.ui.widgets.item_flags import flat_item_flags
from triage_app.ui.workers.kept_rows import KeptRows

LINE_NUMBER_ROLE = Qt.ItemDataRole.UserRole + 1  # int, 1-based as grep -n
MATCH_ROLE = Qt.ItemDataRole.UserRole + 2  # LineMatch or None
SOURCE_ROW_ROLE = Qt.ItemDataRole.UserRole + 3  # the row in the full log (0-based)

DISPLAY_CAP = 4000  # characters of one line drawn; the rest is summarised
TEXT_CACHE = 2048

_Index = QModelIndex | QPersistentModelIndex


def display_text(raw: str) -> str:
    """What the view shows of a raw line: ANSI removed, carriage returns as spaces, capped.

    Every change keeps character offsets (one character for one), so match spans computed on
    the ANSI-stripped line apply as they are.
    """
    text = strip_ansi(raw).replace("\r", " ")
    if len(text) > DISPLAY_CAP:
        hidden = len(text) - DISPLAY_CAP
        text = f"{text[:DISPLAY_CAP]} … [{hidden:,} more characters]"
    return text


class LogLinesModel(QAbstractListModel):
    """Every line of one log, as far as the index has got."""

    def __init__(
        self,
        index: LineIndex,
        match_for_line: Callable[[int], LineMatch | None],
        parent=None,
    ) -> None:
        super().__init__(parent)
        self._index = index
        self._match_for_line = match_for_line
        self._rows = 0
        self._cache: OrderedDict[int, str] = OrderedDict()
        self._closed = False

    # -- growth ---------------------------------------------------------------------------

    def set_row_count(self, count: int) -> None:
        """Append rows up to `count` (the index only ever grows)."""
        count = min(count, len(self._index))
        if self._closed or count <= self._rows:
            return
        self.beginInsertRows(QModelIndex(), self._rows, count - 1)
        self._rows = count
        self.endInsertRows()

    def detach(self) -> None:
        """Forget the index (the log is being closed): no more reads, zero rows."""
        self.beginResetModel()
        self._closed = True
        self._rows = 0
        self._cache.clear()
        self.endResetModel()

    def refresh_row(self, row: int) -> None:
        """Read `row` again (a last line that was still being written has grown)."""
        self._cache.pop(row, None)
        if 0 <= row < self._rows:
            index = self.index(row, 0)
            self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole])

    def matches_changed(self, first: int, last: int) -> None:
        """Repaint rows `first`..`last` (some of their match information arrived)."""
        first, last = max(0, first), min(last, self._rows - 1)
        if first <= last:
            self.dataChanged.emit(self.index(first, 0), self.index(last, 0), [MATCH_ROLE])

    # -- Qt API ---------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < self._rows or index.column() != 0:
            return None
        row = index.row()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(row)
        if role == LINE_NUMBER_ROLE:
            return row + 1
        if role == MATCH_ROLE:
            return self.match_for_line(row + 1)
        if role == SOURCE_ROW_ROLE:
            return row
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        return flat_item_flags(index)

    def match_for_line(self, line: int) -> LineMatch | None:
        """The scan's match on 1-based `line`, if any."""
        return self._match_for_line(line)

    # -- text -----------------------------------------------------------------------------

    def text(self, row: int) -> str:
        """The displayed text of `row` (cached)."""
        cached = self._cache.get(row)
        if cached is not None:
            self._cache.move_to_end(row)
            return cached
        if self._closed:
            return ""
        try:
            head, size = self._index.line_head(row)
            text = display_text(head)
            if size > HEAD_BYTES:  # only the start was read: say how long the line really is
                text = f"{text[:DISPLAY_CAP]} … [a line of {size:,} bytes]"
        except (IndexError, ValueError, OSError):
            return ""
        self._cache[row] = text
        if len(self._cache) > TEXT_CACHE:
            self._cache.popitem(last=False)
        return text

    def raw_lines(self, rows: Iterable[int]) -> list[str]:
        """Lines as in the file (ANSI stripped, not capped), for copying."""
        out = []
        for row in rows:
            try:
                out.append(strip_ansi(self._index.line(row)))
            except (IndexError, ValueError, OSError):
                out.append("")
        return out


class MatchedLinesModel(QAbstractListModel):
    """Only the matched lines of a log, in line order; data comes from the full-log model.

    Without context lines the rows shown are the record's own array of matched rows (no copy:
    a log in which every line matches has millions); with context, an array of its own.
    """

    def __init__(self, source: LogLinesModel, record: MatchRecord | None = None, parent=None):
        super().__init__(parent)
        self._source = source
        self._record = record if record is not None else MatchRecord()
        self._own: array | None = None  # rows with their context (context > 0)
        self._count = 0  # rows announced to views
        self.context = 0  # lines shown before and after each matched line
        source.modelReset.connect(self._on_source_model_reset)
        source.dataChanged.connect(self._on_source_data_changed)
        source.rowsInserted.connect(self._on_source_rows_inserted)

    @property
    def _rows(self) -> Sequence[int]:
        """Source rows shown (ascending; only the first `_count` are announced)."""
        return self._own if self._own is not None else self._record.rows

    def set_context(self, lines: int) -> None:
        """Show `lines` lines before and after each matched line (like `grep -C`)."""
        lines = max(0, lines)
        if lines == self.context:
            return
        self.beginResetModel()
        self.context = lines
        self._own = self._with_context(self._record.rows) if lines else None
        self._count = len(self._rows)
        self.endResetModel()

    def source_rows(self) -> Sequence[int]:
        """Every source row shown (ascending): the model's own array when every row of it
        is shown (no copy: do not change it; it grows as the scan goes on)."""
        rows = self._rows
        return rows if len(rows) == self._count else rows[: self._count]

    def is_context(self, source_row: int) -> bool:
        """`source_row` is shown only as context around a matched line."""
        return not self._record.has_row(source_row)

    def nearest_row(self, source_row: int) -> int | None:
        """This model's row showing `source_row`, else the next one after it (or the last)."""
        if not self._count:
            return None
        return min(self._position(source_row), self._count - 1)

    def _with_context(self, rows: Iterable[int], after: int = -1) -> array:
        """`rows` with `context` lines around each, ascending, past `after`."""
        n = self.context
        limit = self._source.rowCount()
        out = array("I")
        last = after
        for row in rows:
            for r in range(max(row - n, last + 1, 0), row + n + 1):
                if r > row and r >= limit:
                    break
                out.append(r)
                last = r
        return out

    def rows_recorded(self, first: int, added: int) -> None:
        """The record took `added` matched rows from its index `first` on."""
        if self._own is None:
            if first == self._count:  # the usual case: the scan goes forward
                self.beginInsertRows(QModelIndex(), self._count, self._count + added - 1)
                self._count = len(self._record.rows)
                self.endInsertRows()
                return
        elif first + added == len(self._record.rows):
            after = self._own[-1] if self._own else -1
            fresh = [r for r in self._record.rows[first:] if r > after - self.context]
            new = self._with_context(fresh, after)
            if new:
                self.beginInsertRows(QModelIndex(), self._count, self._count + len(new) - 1)
                self._own.extend(new)
                self._count = len(self._own)
                self.endInsertRows()
            return
        self.beginResetModel()  # rows arrived out of order (rare): start again
        if self._own is not None:
            self._own = self._with_context(self._record.rows)
        self._count = len(self._rows)
        self.endResetModel()

    def source_row(self, row: int) -> int:
        return self._rows[row]

    def _position(self, source_row: int) -> int:
        """How many rows shown come before `source_row` (a bisect)."""
        return bisect.bisect_left(self._rows, source_row, 0, self._count)

    def row_for_source(self, source_row: int) -> int | None:
        """This model's row showing `source_row`, or None when that line is not shown."""
        at = self._position(source_row)
        if at < self._count and self._rows[at] == source_row:
            return at
        return None

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < self._count or index.column() != 0:
            return None
        source_row = self._rows[index.row()]
        if source_row >= self._source.rowCount():
            # The scan can be ahead of the index: show the matched text meanwhile.
            return self._data_ahead_of_index(source_row, role)
        return self._source.data(self._source.index(source_row, 0), role)

    def _data_ahead_of_index(self, source_row: int, role: int) -> object:
        found = self._source.match_for_line(source_row + 1)
        if role == Qt.ItemDataRole.DisplayRole:
            return display_text(found.text) if found else ""
        if role == LINE_NUMBER_ROLE:
            return source_row + 1
        if role == MATCH_ROLE:
            return found
        if role == SOURCE_ROW_ROLE:
            return source_row
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        return flat_item_flags(index)

    def _on_source_model_reset(self) -> None:
        self.beginResetModel()
        self._own = array("I") if self.context else None
        self._count = 0 if self.context else len(self._record.rows)
        self.endResetModel()

    def _on_source_data_changed(self, top: QModelIndex, bottom: QModelIndex, roles) -> None:
        # One signal for the rows shown from the changed range (a ranking repaints every
        # line: one bisect per source row would be millions of Python calls).
        lo, hi = self._position(top.row()), self._position(bottom.row() + 1)
        if lo < hi:
            self.dataChanged.emit(self.index(lo, 0), self.index(hi - 1, 0), roles)

    def _on_source_rows_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        lo, hi = self._position(first), self._position(last + 1)
        if lo < hi:  # rows shown from the scan's text until now: repaint from the file
            self.dataChanged.emit(self.index(lo, 0), self.index(hi - 1, 0))


class FilteredLinesModel(MatchedLinesModel):
    """A chosen subset of a log's lines (what a level filter lets through), set in one go.

    The rows are compact (`KeptRows`: one bit a log line, where an array of the rows shown
    takes 4 bytes a row) and whether a row matched is asked of the record (a bisect), never kept
    per row.
    """

    def __init__(self, source: LogLinesModel, record: MatchRecord | None = None, parent=None):
        super().__init__(source, record, parent)
        self._chosen = KeptRows()

    @property
    def _rows(self) -> Sequence[int]:
        return self._chosen

    def source_rows(self) -> Sequence[int]:
        """Every source row shown, as an array (4 bytes a row: for tests and small logs)."""
        return self._chosen.as_array()

    def set_rows(self, rows: KeptRows) -> None:
        """Show source `rows`."""
        self.beginResetModel()
        self._chosen = rows
        self._count = len(rows)
        self.endResetModel()

    def append_rows(self, flags: bytes) -> None:
        """The flags of the source rows after the last one considered (a followed log grew):
        1 for each row to show."""
        added = flags.count(1)
        if added:
            self.beginInsertRows(QModelIndex(), self._count, self._count + added - 1)
        self._chosen.extend(flags)
        self._count = len(self._chosen)
        if added:
            self.endInsertRows()

    def _position(self, source_row: int) -> int:
        return min(self._chosen.rank(source_row), self._count)

    def _on_source_model_reset(self) -> None:
        self.beginResetModel()
        self._chosen, self._count = KeptRows(), 0
        self.endResetModel()
