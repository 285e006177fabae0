"""What the matcher needs of one catalogue entry: its compiled patterns and how they may fire.

An entry gives one target for its main `regex` and one per item of `variants` (other
wordings, localised output, looser fallbacks). All targets of an entry carry its id, so a
variant match names its entry and says which variant matched.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from triage_app.core import memo
from triage_app.core.plain import Value

ROLES = ("cause", "consequence", "summary")


class Target(Value):
    """One pattern of one entry (treat as immutable)."""

    __slots__ = (
        "id",
        "signature",
        "pattern",
        "confidence",
        "fires_on_info",  # may match a line logged at info or debug level
        "role",  # "consequence" and "summary" fold under the cause the log states
        "variant",  # index into the entry's `variants`; None for the main regex
        "lang",  # a localised variant's language
    )

    def __init__(
        self,
        id: str,
        signature: str,
        pattern: re.Pattern[str],
        confidence: float = 0.0,
        fires_on_info: bool = False,
        role: str = "cause",
        variant: int | None = None,
        lang: str | None = None,
    ) -> None:
        self.id = id
        self.signature = signature
        self.pattern = pattern
        self.confidence = confidence
        self.fires_on_info = fires_on_info
        self.role = role
        self.variant = variant
        self.lang = lang

    @classmethod
    def compile(
        cls,
        entry_id: str,
        signature: str,
        regex: str,
        *,
        case_sensitive: bool = False,
        confidence: float = 0.0,
        fires_on_info: bool = False,
        role: str = "cause",
        variant: int | None = None,
        lang: str | None = None,
    ) -> Target:
        flags = 0 if case_sensitive else re.IGNORECASE
        return cls(
            entry_id,
            signature,
            memo.compile_pattern(regex, flags),
            confidence,
            fires_on_info,
            role if role in ROLES else "cause",
            variant,
            lang,
        )


def entry_targets(entry) -> list[Target]:  # noqa: ANN001 - a catalog Entry
    """The main target of `entry` plus one per variant that compiles."""
    fires = bool(entry.get("fires_on_info", False))
    role = entry.get("role", "cause")
    main = Target(
        entry.id,
        entry.signature,
        entry.pattern,
        entry.confidence,
        fires,
        role if role in ROLES else "cause",
    )
    out = [main]
    for index, variant in enumerate(entry.get("variants", [])):
        if not isinstance(variant, dict) or not isinstance(variant.get("regex"), str):
            continue
        try:
            out.append(
                Target.compile(
                    entry.id,
                    entry.signature,
                    variant["regex"],
                    case_sensitive=bool(variant.get("case_sensitive")),
                    confidence=entry.confidence,
                    fires_on_info=fires,
                    role=role,
                    variant=index,
                    lang=variant.get("lang") if isinstance(variant.get("lang"), str) else None,
                )
            )
        except re.error:  # the validator reports it; matching goes on without it
            continue
    return out


def catalog_targets(entries: Iterable) -> list[Target]:
    return [target for entry in entries for target in entry_targets(entry)]
