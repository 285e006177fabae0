"""The matches side of a `LogDocument`: its record of matched lines and the answers to
"what matched on this line", kept apart so the document stays about its life cycle."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from triage_app.core.match_batch import MatchBatch
from triage_app.core.match_record import MatchRecord, is_placeholder
from triage_app.core.results import LineMatch
from triage_app.core.scan_process import ScanDone
from triage_app.ui.log.judge import LineJudge
from triage_app.ui.log.lines_model import LogLinesModel, MatchedLinesModel
from triage_app.ui.log.matches_model import MatchesModel, user_text


class DocumentMatches:
    """Mixed into `LogDocument`, which sets these attributes up."""

    record: MatchRecord  # every matched line in compact form, bounded groups
    matches_model: MatchesModel
    judge: LineJudge  # full matches of shown lines the record did not keep
    lines_model: LogLinesModel | None
    matched_model: MatchedLinesModel | None
    line_count: int
    path: Path
    _temp_path: Path | None
    _scan_table: list[int]  # the running scan's class numbers -> the record's

    def match_for_line(self, line: int) -> LineMatch | None:
        """The match on `line`: a kept or judged one, else what the record knows (its top
        entry and kind; `match_record.is_placeholder`)."""
        match = self.record.match_at(line)
        if match is None or not is_placeholder(match):
            return match
        return self.judge.known(line) or match

    def shown_match(self, line: int) -> LineMatch | None:
        """`match_for_line` for a line on screen: a placeholder is judged again soon."""
        match = self.match_for_line(line)
        if match is not None and is_placeholder(match):
            self.judge.want(line)
        return match

    def seen_text(self, match: LineMatch) -> str:
        """The user's line as they see it (`user_text`); for a line the record did not keep,
        the line as the view shows it (it is on screen: read already)."""
        if is_placeholder(match) and self.lines_model is not None:
            return user_text(match.with_text(self.lines_model.text(match.line - 1)))
        return user_text(match)

    def scan_path(self) -> Path:
        """The file a scan reads (a compressed log's decompressed copy)."""
        return self._temp_path or self.path

    def matched_rows(self) -> Sequence[int]:
        """Every matched row (0-based), ascending (the record's array: do not change it)."""
        return self.record.rows

    def matched_count(self) -> int:
        return len(self.record)

    def kept_matches(self) -> int:
        """How many full matches the document holds (bounded; for tests and benchmarks)."""
        return len(self.record.kept())

    def next_match_row(self, row: int, backward: bool = False) -> int | None:
        return self.record.next_row(row, backward)

    def add_matches(self, matches: list[LineMatch]) -> None:
        """Record full matches (a followed log's new lines)."""
        self._recorded(*self.record.add_matches(matches))

    def add_batch(self, batch: MatchBatch) -> None:
        """Record one compact batch of the running scan."""
        self._recorded(*self.record.add_batch(batch, self._scan_table))

    def apply_ranking(self, done: ScanDone) -> None:
        """The scan's ranking by version fit, once the whole log was read."""
        if done.reranked or done.regrouped:
            self.record.rerank(done.reranked, done.regrouped, self._scan_table)
            self.judge.forget()
            self.matches_model.refresh()
            if self.lines_model is not None and self.line_count:
                self.lines_model.matches_changed(0, self.line_count - 1)

    def _on_judge_judged(self, first: int, last: int) -> None:
        if self.lines_model is not None and not self.closed:  # type: ignore[attr-defined]
            self.lines_model.matches_changed(first - 1, last - 1)

    def _recorded(self, first: int, added: int) -> None:
        """The record took `added` rows, from its index `first` on: update the models."""
        if not added:
            return
        rows = self.record.rows
        self.matches_model.refresh()
        if self.matched_model is not None:
            self.matched_model.rows_recorded(first, added)
        if self.lines_model is not None:
            self.lines_model.matches_changed(rows[first], rows[-1])
        self.matches_added.emit(added)  # type: ignore[attr-defined]
