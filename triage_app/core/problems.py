"""Problems found while loading a catalogue: what, where and how bad."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    """An error skips the record; a warning keeps it; info only tells."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Problem:
    """One finding about one record file, precise enough for a person to act on."""

    severity: Severity
    source: str
    field: str | None
    message: str
    entry_id: str | None = None

    def __str__(self) -> str:
        where = self.source
        if self.field:
            where += f": {self.field}"
        return f"{self.severity.value}: {where}: {self.message}"
