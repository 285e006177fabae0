"""Where an open log is in its life: one `Phase`, and the moves allowed between phases."""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """Where a document is in its life (indexing runs alongside, see `indexing`)."""

    OPENING = "opening"  # reading the start of the file: encoding, compression
    DECOMPRESSING = "decompressing"  # writing the decompressed copy
    OPENED = "opened"  # shown; the scan starts once the first screen is painted
    SCANNING = "scanning"
    SCANNED = "scanned"  # the scan ended, complete or cancelled (see `scan_done`)
    SCAN_FAILED = "scan failed"  # the log stays open and readable
    FAILED = "failed"  # it could not be opened; the document is unusable
    CLOSED = "closed"


_NEXT = {
    Phase.OPENING: {Phase.DECOMPRESSING, Phase.OPENED, Phase.FAILED},
    Phase.DECOMPRESSING: {Phase.OPENED, Phase.FAILED},
    Phase.OPENED: {Phase.SCANNING},
    Phase.SCANNING: {Phase.SCANNED, Phase.SCAN_FAILED},
    **{end: set() for end in (Phase.SCANNED, Phase.SCAN_FAILED, Phase.FAILED, Phase.CLOSED)},
}


def check_move(current: Phase, new: Phase) -> None:
    """Raise RuntimeError unless a log may go from `current` to `new` (any phase may close)."""
    if new is not Phase.CLOSED and new not in _NEXT[current]:
        raise RuntimeError(f"a log cannot go from {current.value} to {new.value}")
