"""Problems found while loading a catalogue: what, where and how bad."""

from __future__ import annotations

from enum import StrEnum

from triage_app.core.plain import Value


class Severity(StrEnum):
    """An error skips the record; a warning keeps it; info only tells."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Problem(Value):
    """One finding about one record file, precise enough for a person to act on (treat as
    immutable)."""

    __slots__ = ("severity", "source", "field", "message", "entry_id")

    def __init__(
        self,
        severity: Severity,
        source: str,
        field: str | None,
        message: str,
        entry_id: str | None = None,
    ) -> None:
        self.severity = severity
        self.source = source
        self.field = field
        self.message = message
        self.entry_id = entry_id

    def __str__(self) -> str:
        where = self.source
        if self.field:
            where += f": {self.field}"
        return f"{self.severity.value}: {where}: {self.message}"
