"""When a log line was written, read from its first characters (for ordering, not display).

Recognised, anywhere in the first `PREFIX` characters (after a `[rank3]:`-style prefix):
ISO-like dates with a time (`2026-11-28 03:17:43,701`, `2026-11-28T03:17:43.701Z`, `2026/11/28
03:17:43`), glog/klog prefixes (`E1128 03:45:10.986203`: month and day, the year from the
caller) and syslog's `Nov 28 03:45:10`. Times are read as written (no time zone
conversion): logs of one job share a clock. A line without one gives None.
"""

from __future__ import annotations

import calendar
import functools
import time

from triage_app.core import own_regex

PREFIX = 80
_MONTHS = {m: i for i, m in enumerate(calendar.month_abbr) if m}

_STAMP = own_regex.compile(
    r"(?P<y>\d{4})[-/](?P<mo>\d\d)[-/](?P<d>\d\d)[T ](?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d)"
    r"(?:[.,](?P<f>\d{1,9}))?"
    r"|(?:^|(?<=[\s\]:\[]))[IWEF](?P<gmo>\d\d)(?P<gd>\d\d) (?P<gh>\d\d):(?P<gmi>\d\d):(?P<gs>\d\d)"
    r"(?:\.(?P<gf>\d{1,9}))?"
    r"|\b(?P<smon>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) {1,2}(?P<sd>\d{1,2}) "
    r"(?P<sh>\d\d):(?P<smi>\d\d):(?P<ss>\d\d)"
)


def stamp(text: str, year: int = 1970) -> float | None:
    """Seconds (as if UTC) of the time stated at the start of `text`; `year` for formats
    that state none. None when the line states no time (or an impossible one)."""
    return stamp_and_year(text, year)[0]


def stamp_and_year(text: str, year: int = 1970) -> tuple[float | None, int | None]:
    """(`stamp(text, year)`, the year `text` states in a full date or None) in one search:
    a line's time, and the year for the later lines in formats that state none."""
    found = _STAMP.search(text, 0, PREFIX)
    if found is None:
        return None, None
    y, mo, d, h, mi, sec, fraction, gmo, gd, gh, gmi, gs, gf, smon, sd, sh, smi, ss = found.groups()
    stated = int(y) if y else None
    if y:
        parts = (stated, int(mo), int(d), int(h), int(mi), int(sec))
    elif gmo:
        parts = (year, int(gmo), int(gd), int(gh), int(gmi), int(gs))
        fraction = gf
    else:
        parts = (year, _MONTHS[smon], int(sd), int(sh), int(smi), int(ss))
        fraction = None
    if not (1 <= parts[1] <= 12 and 1 <= parts[2] <= 31 and parts[3] < 24 and parts[5] < 61):
        return None, stated
    day = _day_seconds(parts[0], parts[1], parts[2])
    if day is None:
        return None, stated
    seconds = day + parts[3] * 3600 + parts[4] * 60 + parts[5]
    return seconds + (int(fraction) / 10 ** len(fraction) if fraction else 0.0), stated


@functools.lru_cache(maxsize=4096)
def _day_seconds(year: int, month: int, day: int) -> int | None:
    """`calendar.timegm` of the day's midnight (None: a year it cannot place); a log states
    a few days, so each is worked out once."""
    try:
        return calendar.timegm((year, month, day, 0, 0, 0, 0, 0, 0))
    except (ValueError, OverflowError):
        return None


_USER = own_regex.compile(
    r"^\s*(?:(?P<y>\d{4})-(?P<mo>\d\d)-(?P<d>\d\d)[T ]+)?"
    r"(?P<h>\d{1,2}):(?P<mi>\d\d)(?::(?P<s>\d\d)(?:[.,](?P<f>\d{1,9}))?)?\s*$"
)


def text(seconds: float) -> str:
    """`seconds` as `stamp` reads them, written back as a date and time."""
    whole = int(seconds)
    shown = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(whole))
    return shown + (f".{round((seconds - whole) * 1000):03d}" if seconds != whole else "")


def parse_user_time(value: str, reference: float) -> float | None:
    """A time the user typed, "2026-11-28 03:18" or "03:18:30" (then on `reference`'s day),
    in `stamp`'s seconds; None if it is not one."""
    found = _USER.match(value)
    if found is None:
        return None
    day = time.gmtime(reference)
    year, month, mday = (
        (int(found["y"]), int(found["mo"]), int(found["d"]))
        if found["y"]
        else (day.tm_year, day.tm_mon, day.tm_mday)
    )
    line = f"{year:04d}-{month:02d}-{mday:02d} {int(found['h']):02d}:{found['mi']}:{found['s'] or '00'}"
    seconds = stamp(line + (f".{found['f']}" if found["f"] else ""))
    return seconds
