"""The log pane: a virtual table over a log's lines, markers on its scroll bar, a find bar.

A QTableView, not a QListView: QListView lays out every item again when rows are inserted
(measured: 39 s to grow to one million rows), while QTableView with a fixed row height costs
the same per batch at ten million rows. Only visible rows are ever read and highlighted.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, QTimer, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QVBoxLayout, QWidget

from triage_app.core.sanitize import for_clipboard
from triage_app.ui.log.bookmarks import Bookmarks
from triage_app.ui.log.delegates import PADDING, LogLineDelegate
from triage_app.ui.log.document import LogDocument
from triage_app.ui.log.filter_chip import FilterChip
from triage_app.ui.log.finder import Finder
from triage_app.ui.log.follow import LogFollower
from triage_app.ui.log.level_filter import LevelFilter
from triage_app.ui.log.lines_model import SOURCE_ROW_ROLE, MatchedLinesModel
from triage_app.ui.log.scrollbar import MarkerScrollBar

MARKER_REFRESH_MS = 150
COPY_LIMIT = 200_000  # lines copied at most


class LogView(QWidget):
    """Shows one `LogDocument`.

    Signals:
        line_selected(int): the user moved to a line (1-based), e.g. by clicking it.
        only_matched_changed(bool): the "only matched lines" filter was turned on or off.
        status(str): a short message for the status bar (find results).
    """

    line_selected = Signal(int)
    only_matched_changed = Signal(bool)
    status = Signal(str)

    def __init__(self, document: LogDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.only_matched = False
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.delegate = LogLineDelegate(font, self)
        self.table = QTableView(self)
        self.table.setObjectName("logTable")
        self.scrollbar = MarkerScrollBar(self.table)
        self._setup_table(font)
        self.finder = Finder(self)
        self.find_bar = self.finder.bar
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.chip = FilterChip(self)
        self.level_filter = LevelFilter(document, self)
        layout.addWidget(self.chip)
        layout.addWidget(self.table)
        layout.addWidget(self.find_bar)
        self._marker_timer = QTimer(self)
        self._marker_timer.setSingleShot(True)
        self._marker_timer.setInterval(MARKER_REFRESH_MS)
        self.follower = LogFollower(document, self)
        self.bookmarks = Bookmarks(document, self)
        self.delegate.bookmarked = self.bookmarks.__contains__
        self._stick = False  # at the bottom when rows were added: stay there (follow)
        self._restore: int | None = None  # a line to go to once it is read (Reload)
        self._last_line: int | None = None  # the current line, kept while a model resets
        self._set_model(document.lines_model)
        self._first_painted = False
        self.table.viewport().installEventFilter(self)
        self.table.installEventFilter(self)  # Ctrl+C copies every selected line
        self._connect_signals()
        self._refresh_markers()

    def _setup_table(self, font) -> None:
        table = self.table
        table.setVerticalScrollBar(self.scrollbar)
        table.setFont(font)
        table.setItemDelegate(self.delegate)
        table.setShowGrid(False)
        table.setWordWrap(False)
        table.setCornerButtonEnabled(False)
        table.setTabKeyNavigation(False)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)
        table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        table.horizontalHeader().hide()
        vertical = table.verticalHeader()
        vertical.hide()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.delegate.row_height)
        vertical.setMinimumSectionSize(1)

    def _connect_signals(self) -> None:
        doc = self.document
        doc.lines_changed.connect(self._on_document_lines_changed)
        doc.matches_added.connect(self._on_document_matches_added)
        self.level_filter.changed.connect(self._show_filtered)
        self.level_filter.progress.connect(self._on_level_filter_progress)
        self.chip.clear_requested.connect(self.clear_filters)
        self.bookmarks.changed.connect(self.table.viewport().update)
        self.delegate.line_measured.connect(self._on_delegate_line_measured)
        self.delegate.repaint_wanted.connect(self.table.viewport().update)
        self._marker_timer.timeout.connect(self._refresh_markers)
        if doc.lines_model is not None:
            doc.lines_model.rowsAboutToBeInserted.connect(self._on_lines_rows_about_to_be_inserted)

    # -- public API -----------------------------------------------------------------------

    def current_line(self) -> int | None:
        """The 1-based line of the current row, if any."""
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        return int(index.data(SOURCE_ROW_ROLE)) + 1

    def go_to_line(self, line: int, *, select: bool = True) -> bool:
        """Scroll to 1-based `line` (centred) and make it current; False if it is not there."""
        row = line - 1
        if self._view_row(row) is None:  # hidden by a filter: show every line
            self.clear_filters()
        model = self.table.model()
        if model is None:
            return False
        view_row = self._view_row(row)
        if view_row is None or not 0 <= view_row < model.rowCount():
            return False
        index = model.index(view_row, 0)
        self.table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        if select:
            self.table.selectionModel().setCurrentIndex(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
        self.reveal_span(line)  # after the current row moved (that scrolls to its start)
        return True

    def reveal_span(self, line: int) -> None:
        """Scroll sideways so the matched part of `line` is on screen (a match far right on a
        long line would stay hidden); a span already in view does not move the log."""
        match = self.document.match_for_line(line)
        view_row = self._view_row(line - 1)
        model = self.table.model()
        if match is None or match.kind != "regex" or not match.top.span or view_row is None:
            return
        text = model.index(view_row, 0).data() or ""
        left, right = self.delegate.span_x(text, match, match.top.span)
        room = self.table.viewport().width() - self.delegate.gutter_width() - PADDING * 2
        bar = self.table.horizontalScrollBar()
        if bar.value() <= left and right <= bar.value() + room:
            return
        self._update_column_width(max(len(text), int(right / self.delegate.char_width) + 2))
        self.table.updateGeometries()  # the scroll range follows the new width now
        bar.setValue(max(0, int(left - room / 4)) if right - left < room else int(left))

    def next_match(self, backward: bool = False) -> int | None:
        """Go to the next (or previous) matched line, wrapping; its 1-based line or None."""
        current = self.current_line()
        if current is None:
            current = 0 if not backward else self.document.line_count + 1
        row = self.document.next_match_row(current - 1, backward)
        if row is None:
            return None
        self.go_to_line(row + 1)
        return row + 1

    def toggle_bookmark(self, line: int | None = None) -> bool | None:
        """Bookmark the current line (or `line`), or remove its bookmark; None: no line."""
        line = line or self.current_line()
        return self.bookmarks.toggle(line) if line is not None else None

    def next_bookmark(self, backward: bool = False) -> int | None:
        """Go to the next (or previous) bookmark, wrapping; its line, or None."""
        current = self.current_line() or (0 if not backward else self.document.line_count + 1)
        line = self.bookmarks.next_line(current, backward)
        if line is not None and self.go_to_line(line):
            return line
        return None

    def set_only_matched(self, on: bool) -> None:
        """Show only the matched lines (or every line), keeping the current line in view."""
        if on == self.only_matched:
            return
        self.only_matched = on
        if self.level_filter.active:
            self.level_filter.set_levels(self.level_filter.levels, on)  # then _show_filtered
        else:
            self._show_filtered()
        self.only_matched_changed.emit(on)

    def set_levels(self, levels: frozenset[str] | None) -> None:
        """Show only lines of these levels (a line without one has its previous line's)."""
        self.level_filter.set_levels(levels, self.only_matched)
        self._update_chip()

    def set_time_range(self, time_range: tuple[float, float] | None) -> None:
        """Show only lines written in `time_range` (a line without a time has its previous's)."""
        self.level_filter.set_time_range(time_range, self.only_matched)
        self._update_chip()

    def set_context(self, lines: int) -> None:
        """Lines shown around each match when only matched lines are shown."""
        if self.document.matched_model is not None:
            self.document.matched_model.set_context(lines)
        if self.level_filter.active:
            self.level_filter.set_levels(self.level_filter.levels, self.only_matched)
        else:
            self._show_filtered()

    def clear_filters(self) -> None:
        """Every line again (one click on the filter chip)."""
        if self.level_filter.active:
            self.level_filter.time_range = None
            self.level_filter.set_levels(None, False)
        self.set_only_matched(False)

    def _show_filtered(self) -> None:
        """Show the model the filters ask for, keeping the current line (or the next one
        shown) in view; never a hidden line, which would turn the filters off again (the
        two toggles then called each other until RecursionError: issue 13, bug 1)."""
        doc = self.document
        model = self.level_filter.model if self.level_filter.active else None
        if model is None and not self.level_filter.active:
            model = doc.matched_model if self.only_matched else doc.lines_model
        self._update_chip()
        if model is None:
            return  # levels are still being read
        current = self.current_line() or self._last_line
        if model is not self.table.model():
            self._set_model(model)
        self._refresh_markers()
        self._update_chip()
        if current is not None and isinstance(model, MatchedLinesModel):
            row = model.nearest_row(current - 1)
            current = model.source_row(row) + 1 if row is not None else None
        if current is not None:
            self.go_to_line(current)

    def _update_chip(self) -> None:
        model, levels = self.table.model(), self.level_filter
        self.chip.describe(
            only_matched=self.only_matched,
            context=self.document.matched_model.context if self.document.matched_model else 0,
            levels=levels.levels,
            time_range=levels.time_range,
            shown=model.rowCount() if model is not None else 0,
            total=self.document.line_count,
            reading=levels.rows_read if levels.reading else None,
            filtering=levels.filtered if levels.filtering else None,
        )

    def set_following(self, on: bool) -> bool:
        """Follow the file as it grows: new lines appear (and are scanned); the view stays at
        the bottom while it is there, and never moves when the user has scrolled up."""
        if not self.follower.set_following(on):
            return False
        if on and self.current_line() is None:
            self.table.scrollToBottom()
        return True

    def at_bottom(self) -> bool:
        bar = self.table.verticalScrollBar()
        return bar.value() >= bar.maximum()

    def restore_line(self, line: int) -> None:
        """Go to 1-based `line` now, or as soon as it has been read (after a reload)."""
        if not self.go_to_line(line):
            self._restore = line

    def open_find(self) -> None:
        self.find_bar.open_bar()

    def find(self, backward: bool = False) -> None:
        """Search from the current line for the find bar's pattern, in the background."""
        self.finder.find(backward)

    def set_find_highlight(self, pattern) -> None:
        """Mark every hit of `pattern` (a compiled regex, or None) on the painted lines."""
        self.delegate.set_find_pattern(pattern)
        self.table.viewport().update()

    def copy_selection(self) -> None:
        """Copy the selected lines (as in the file, ANSI codes removed) to the clipboard."""
        rows = sorted(
            int(index.data(SOURCE_ROW_ROLE)) for index in self.table.selectionModel().selectedRows()
        )[:COPY_LIMIT]
        if rows and self.document.lines_model is not None:
            text = "\n".join(self.document.lines_model.raw_lines(rows))
            QGuiApplication.clipboard().setText(for_clipboard(text))

    def set_dark(self, dark: bool) -> None:
        self.delegate.set_dark(dark)
        colors = self.delegate.colors
        self.scrollbar.set_colors(colors.match_marker, colors.fuzzy_marker)
        self.table.viewport().update()

    def shutdown(self) -> None:
        """Stop background work of this view (find threads, levels, watching the file)."""
        self.finder.shutdown()
        self.level_filter.stop()
        self.follower.stop()

    # -- internals ------------------------------------------------------------------------

    def _set_model(self, model) -> None:
        old = self.table.selectionModel()
        self.table.setModel(model)
        if old is not None:
            old.deleteLater()
        if model is not None:
            self.table.selectionModel().currentRowChanged.connect(
                self._on_table_current_row_changed
            )
        self._update_column_width()

    def _view_row(self, source_row: int) -> int | None:
        model = self.table.model()
        if isinstance(model, MatchedLinesModel):
            return model.row_for_source(source_row)
        return source_row

    def _update_column_width(self, chars: int | None = None) -> None:
        chars = max(chars or 0, self.delegate.widest, 80)
        width = self.delegate.gutter_width() + PADDING * 2 + int(chars * self.delegate.char_width)
        self.table.setColumnWidth(0, max(width, self.table.viewport().width()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """First paint: tell the document (it then starts the scan). Ctrl+C: copy lines
        (the table alone would copy only the current line)."""
        if (
            watched is self.table
            and event.type() == QEvent.Type.KeyPress
            and event.matches(QKeySequence.StandardKey.Copy)
        ):
            self.copy_selection()
            return True
        if (
            not self._first_painted
            and event.type() == QEvent.Type.Paint
            and watched is self.table.viewport()
            and self.table.model() is not None
            and self.table.model().rowCount() > 0
        ):
            self._first_painted = True
            QTimer.singleShot(0, self, self.document.first_screen_shown)  # after this paint
        return super().eventFilter(watched, event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._update_column_width()

    def _refresh_markers(self) -> None:
        doc = self.document
        if isinstance(self.table.model(), MatchedLinesModel):
            self.scrollbar.set_markers([], [], 0)
        else:
            self.scrollbar.set_markers(doc.record.rows, doc.record.fuzzy_rows, doc.line_count)

    # -- slots ----------------------------------------------------------------------------

    def _on_document_lines_changed(self, count: int) -> None:
        if self._restore is not None and count >= self._restore and self.go_to_line(self._restore):
            self._restore = None
        if self._stick and not isinstance(self.table.model(), MatchedLinesModel):
            self.table.updateGeometries()  # the scroll range includes the new rows now
            self.table.scrollToBottom()
        self._stick = False
        if self.delegate.set_line_count(count):
            self._update_column_width()
            self.table.viewport().update()
        if not self._marker_timer.isActive():
            self._marker_timer.start()

    def _on_level_filter_progress(self, _rows: int) -> None:
        self._update_chip()

    def _on_document_matches_added(self, _added: int) -> None:
        if self.chip.isVisible():
            self._update_chip()
        if not self._marker_timer.isActive():
            self._marker_timer.start()

    def _on_lines_rows_about_to_be_inserted(self, *_args: object) -> None:
        self._stick = self.follower.following and self.at_bottom()

    def _on_delegate_line_measured(self, chars: int) -> None:
        self._update_column_width(chars)

    def _on_table_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self._last_line = int(current.data(SOURCE_ROW_ROLE)) + 1
            self.line_selected.emit(int(current.data(SOURCE_ROW_ROLE)) + 1)
