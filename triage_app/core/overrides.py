"""A user entry that replaces a bundled one (same id): say so, and whether the bundled one
has changed since the user's copy was made.

"Changed since" compares dates, the only honest evidence a record carries: the replaced
entry's `last_updated` against the user entry's own `last_updated` (or, when it has none, the
day its file was last modified). Missing dates give "unknown", never a guess.
"""

from __future__ import annotations

import datetime as dt
import os
from typing import Any

from triage_app.core.entry import Entry


class Override:
    """Entry `entry_id` from `source` replaces the one from `replaced_source` (treat as
    immutable; a plain class so that a scan imports no `dataclasses`)."""

    __slots__ = ("entry_id", "source", "replaced_source", "replaced_updated", "own_updated")

    def __init__(
        self,
        entry_id: str,
        source: str,
        replaced_source: str,
        replaced_updated: str | None,
        own_updated: str | None,
    ) -> None:
        self.entry_id = entry_id
        self.source = source
        self.replaced_source = replaced_source
        self.replaced_updated = replaced_updated
        self.own_updated = own_updated

    def as_list(self) -> list[str | None]:
        """The constructor's arguments, in order (how the compiled catalogue stores it)."""
        return [
            self.entry_id,
            self.source,
            self.replaced_source,
            self.replaced_updated,
            self.own_updated,
        ]

    @property
    def replaced_changed_since(self) -> bool | None:
        """True when the replaced entry was updated after the user's entry; None if unknown."""
        if not self.replaced_updated or not self.own_updated:
            return None
        return self.replaced_updated > self.own_updated

    def describe(self) -> str:
        """One sentence for people."""
        text = f"your entry replaces the bundled {self.entry_id!r}"
        changed = self.replaced_changed_since
        if changed:
            text += (
                f"; the bundled entry was updated on {self.replaced_updated}, after yours "
                f"({self.own_updated}): compare them"
            )
        elif changed is None:
            text += "; whether the bundled entry changed since is unknown (no dates)"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "entry_id": self.entry_id,
            "source": self.source,
            "replaces": self.replaced_source,
            "replaced_last_updated": self.replaced_updated,
            "own_last_updated": self.own_updated,
            "replaced_changed_since": self.replaced_changed_since,
        }


def make_override(new: Entry, old: Entry) -> Override:
    own = _date(new.get("last_updated"))
    if own is None:
        try:
            stamp = os.stat(new.source).st_mtime
            own = dt.datetime.fromtimestamp(stamp, dt.UTC).date().isoformat()
        except OSError:
            own = None
    return Override(new.id, new.source, old.source, _date(old.get("last_updated")), own)


def _date(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    try:
        return dt.date.fromisoformat(value).isoformat()
    except ValueError:
        return None
