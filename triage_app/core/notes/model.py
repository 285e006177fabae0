"""Notes and marks as plain data, their on-disk documents, and the checks applied when reading them.

A note is a record of its own (any number per entry); a mark is the user's verdict on one
workaround or dead end, keyed by entry id plus the normalised action text so that a catalogue
update that reorders or re-punctuates workarounds does not move it. Ids need not exist in the
catalogue: notes on removed entries are kept.
"""

from __future__ import annotations

import json
import operator
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import chain
from operator import attrgetter, itemgetter
from typing import Any, Literal

from triage_app.core import own_regex

Verdict = Literal["worked", "did_not_work"]
VERDICTS: tuple[str, ...] = ("worked", "did_not_work")

Clock = Callable[[], datetime]

_NOTE_STR_FIELDS = ("entry_id", "text", "created", "updated")
_MARK_STR_FIELDS = ("entry_id", "action", "action_text", "updated")
_SPACES = own_regex.compile(r"\s+")
_TRAILING_PUNCT = ".;:!,"


@dataclass(frozen=True, slots=True)
class Note:
    """One note; `created`, `updated`: ISO-8601 UTC strings (`2026-11-29T20:15:00.123456Z`)."""

    note_id: str
    entry_id: str
    text: str
    tags: tuple[str, ...]
    created: str
    updated: str

    def to_doc(self) -> dict[str, Any]:
        """The JSON document stored in the `notes` table (and in exports)."""
        return {
            "note_id": self.note_id,
            "entry_id": self.entry_id,
            "text": self.text,
            "tags": list(self.tags),
            "created": self.created,
            "updated": self.updated,
        }

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Note:
        """Build a note from a document that passed `note_problem` (extra fields are ignored)."""
        return cls(
            doc["note_id"],
            doc["entry_id"],
            doc["text"],
            tuple(doc["tags"]),
            doc["created"],
            doc["updated"],
        )


@dataclass(frozen=True, slots=True)
class Mark:
    """A verdict on one workaround or dead end; `action` is normalised, `action_text` as shown."""

    entry_id: str
    action: str
    action_text: str
    verdict: Verdict
    updated: str

    @property
    def key(self) -> str:
        return mark_key(self.entry_id, self.action)

    def to_doc(self) -> dict[str, Any]:
        return {
            "entry_id": self.entry_id,
            "action": self.action,
            "action_text": self.action_text,
            "verdict": self.verdict,
            "updated": self.updated,
        }

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Mark:
        return cls(
            doc["entry_id"], doc["action"], doc["action_text"], doc["verdict"], doc["updated"]
        )


@dataclass(frozen=True, slots=True)
class ImportResult:
    """What an import did. Nothing is ever removed: local notes always stay as they were."""

    notes_added: int = 0
    notes_unchanged: int = 0
    notes_conflicting: int = 0  # same note id, different content: the imported version was added
    marks_added: int = 0
    marks_unchanged: int = 0
    marks_replaced: int = 0  # the imported verdict was newer
    marks_kept_local: int = 0  # the local verdict was newer (or equally new) and stayed

    def summary(self) -> str:
        """One line for people, e.g. for the CLI and the window's status bar."""
        parts = [
            _count(self.notes_added, "note") + " added",
            f"{self.notes_unchanged} already there",
        ]
        if self.notes_conflicting:
            parts.append(f"{_count(self.notes_conflicting, 'differing version')} kept side by side")
        parts.append(_count(self.marks_added + self.marks_replaced, "mark") + " added or updated")
        if self.marks_kept_local:
            parts.append(f"{_count(self.marks_kept_local, 'newer local mark')} kept")
        return ", ".join(parts)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def normalise_action(text: str) -> str:
    """The key form of a workaround or dead-end action: NFKC, case-folded, spaces collapsed.

    Trailing sentence punctuation is dropped, so "Set NCCL_P2P_DISABLE=1." and
    "set  nccl_p2p_disable=1" mark the same action.
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _SPACES.sub(" ", folded).strip().rstrip(_TRAILING_PUNCT).rstrip()


def mark_key(entry_id: str, action: str) -> str:
    """The document id of a mark: unambiguous for any entry id and action text."""
    return json.dumps([entry_id, action], ensure_ascii=False)


def normalise_tags(tags: Iterable[str]) -> tuple[str, ...]:
    """Tags stripped of surrounding space, empty ones dropped, duplicates removed (first kept)."""
    if isinstance(tags, str):
        raise TypeError("tags must be a sequence of strings, not one string")
    seen: dict[str, None] = {}
    for tag in tags:
        if not isinstance(tag, str):
            raise TypeError(f"a tag must be a string, not {type(tag).__name__}")
        tag = tag.strip()
        if tag:
            seen.setdefault(tag, None)
    return tuple(seen)


def iso_utc(moment: datetime) -> str:
    """`moment` as a fixed-width ISO-8601 UTC string, so that strings sort in time order."""
    if moment.tzinfo is None:
        raise ValueError("the clock must return timezone-aware datetimes")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def default_clock() -> datetime:
    return datetime.now(UTC)


def notes_all_well_typed(table: dict[str, Any]) -> bool:
    """True if every note in `table` passes `note_problem`; checked a column at a time.

    Opening a store checks every record; done per record in Python that costs about a third of
    parsing the file, done with C-level `map` over columns a small fraction. On False, callers
    run `note_problem` per record to name the bad ones.
    """
    docs = list(table.values())
    try:
        if not _str_columns(docs, ("note_id", *_NOTE_STR_FIELDS)):
            return False
        if not all(map(operator.eq, table, map(itemgetter("note_id"), docs))):
            return False
        tags = list(map(itemgetter("tags"), docs))
        return not (
            set(map(type, tags)) - {list} or set(map(type, chain.from_iterable(tags))) - {str}
        )
    except KeyError:
        return False


def marks_all_well_typed(table: dict[str, Any]) -> bool:
    """True if every mark in `table` passes `mark_problem` (the same idea as for notes)."""
    docs = list(table.values())
    try:
        if not _str_columns(docs, _MARK_STR_FIELDS) or (
            set(map(itemgetter("verdict"), docs)) - set(VERDICTS)
        ):
            return False
        entries, actions = map(itemgetter("entry_id"), docs), map(itemgetter("action"), docs)
        return all(map(operator.eq, table, map(mark_key, entries, actions)))
    except (KeyError, TypeError):  # TypeError: an unhashable verdict
        return False


def _str_columns(docs: list[Any], fields: tuple[str, ...]) -> bool:
    if set(map(type, docs)) - {dict}:
        return False
    return not any(set(map(type, map(itemgetter(name), docs))) - {str} for name in fields)


def note_problem(key: str, doc: object) -> str | None:
    """Why a stored note document is unusable, or None when it is fine (fast: runs per note)."""
    if type(doc) is not dict:
        return f"note {key!r} is a {type(doc).__name__}, not an object"
    if doc.get("note_id") != key:
        return f"note {key!r} has note_id {doc.get('note_id')!r}"
    for field in _NOTE_STR_FIELDS:
        if type(doc.get(field)) is not str:
            return f"note {key!r}: {field!r} is not a string"
    tags = doc.get("tags")
    if type(tags) is not list or not all(type(tag) is str for tag in tags):
        return f"note {key!r}: 'tags' is not a list of strings"
    return None


def mark_problem(key: str, doc: object) -> str | None:
    """Why a stored mark document is unusable, or None when it is fine."""
    if type(doc) is not dict:
        return f"mark {key!r} is a {type(doc).__name__}, not an object"
    for field in _MARK_STR_FIELDS:
        if type(doc.get(field)) is not str:
            return f"mark {key!r}: {field!r} is not a string"
    if doc.get("verdict") not in VERDICTS:
        return f"mark {key!r}: verdict {doc.get('verdict')!r} is not one of {', '.join(VERDICTS)}"
    if key != mark_key(doc["entry_id"], doc["action"]):
        return f"mark {key!r} does not match its entry_id and action"
    return None


def require_text(what: str, value: str) -> str:
    """`value` if it is a string with something other than white space in it."""
    if not isinstance(value, str):
        raise TypeError(f"the {what} must be a string, not {type(value).__name__}")
    if not value.strip():
        raise ValueError(f"the {what} is empty")
    return value


def notes_from_docs(docs: Iterable[dict[str, Any]]) -> list[Note]:
    """Notes oldest first; equal times keep file order (the order they were added)."""
    return sorted((Note.from_doc(doc) for doc in docs), key=attrgetter("created"))
