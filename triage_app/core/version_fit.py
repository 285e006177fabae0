"""Compare the versions a log states with an entry's `versions` list.

Each item of `versions` may name a `package`, a `range` where the error (or the behaviour the
item describes) applies, and the release it was `fixed_in`. A range is read as a PEP 440
specifier set when it parses as one (`>=2.0,<2.3`, `==2.1.*`, `~=3.10`), else as an npm-style
semver range (`^18.2`, `~1.2`, `>=16 <19 || 20.x`, `1.2.3 - 1.4`, a bare `2.1`) with
`node-semver`, a pure-Python port of the range rules npm itself uses. Versions a log states
are often not strict PEP 440 or semver (`535.104.05`, `1.32.4-dispatcher`, Java's
`1.8.0_392`); they are compared by their leading numeric release, Java's legacy `1.N` read as
`N`.

The verdict for a match: `affected` when a stated version is in an item's range (or below its
`fixed_in`), `fixed` when it is at or past `fixed_in` (or outside the range of an item whose
status says the behaviour ended), else `unknown`. `fits` is the ranking key DESIGN.md asks
for: 2 when the log's versions fall in the entry's range, 1 when nothing can be said, 0 when
they fall outside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from triage_app.core import own_regex
from triage_app.core.plain import Value
from triage_app.core.versions import canonical_package

if TYPE_CHECKING:
    from packaging.version import Version

# packaging and nodesemver are imported where a comparison is made: most scans state no
# versions, and the two libraries cost a short scan's start-up a noticeable share.

Verdict = Literal["affected", "fixed", "unknown"]
FITS, NO_DATA, MISFIT = 2, 1, 0

_RELEASE = own_regex.compile(r"v?(\d+(?:\.\d+)*)")


def release(version: str, package: str = "") -> tuple[int, ...] | None:
    """The leading numeric release of a version string (Java's `1.8.0_392` -> (8, 0, 392))."""
    text = version.strip()
    if package == "java":
        legacy = re.match(r"1\.(\d+)(?:\.(\d+))?(?:_(\d+))?", text)
        if legacy and int(legacy.group(1)) >= 2:
            return tuple(int(g) for g in legacy.groups() if g is not None)
    match = _RELEASE.match(text)
    if not match:
        return None
    return tuple(int(part) for part in match.group(1).split("."))


def _pep440(version: str, package: str) -> Version | None:
    from packaging.version import InvalidVersion, Version

    if package != "java":
        try:
            return Version(version)
        except InvalidVersion:
            pass
    parts = release(version, package)
    return Version(".".join(map(str, parts))) if parts else None


def in_range(version: str, spec: str, package: str = "") -> bool | None:
    """Whether `version` is in `spec` (PEP 440 or semver); None when either cannot be read."""
    import nodesemver
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    spec = spec.strip()
    try:
        specifiers = SpecifierSet(spec)
    except InvalidSpecifier:
        specifiers = None
    if specifiers is not None and spec:
        parsed = _pep440(version, package)
        return None if parsed is None else specifiers.contains(parsed, prereleases=True)
    parts = release(version, package)
    if not parts or nodesemver.valid_range(spec, loose=True) is None:
        return None
    semver = ".".join(str(p) for p in (*parts, 0, 0)[:3])
    return bool(nodesemver.satisfies(semver, spec, loose=True))


def at_or_past(version: str, fixed_in: str, package: str = "") -> bool | None:
    """Whether `version` is `fixed_in` or later (compared as releases)."""
    mine, fixed = _pep440(version, package), _pep440(fixed_in, package)
    if mine is None or fixed is None:
        return None
    return mine >= fixed


class VersionFit(Value):
    """What the log's versions say about one entry (treat as immutable; equal when every
    field is)."""

    __slots__ = ("stated", "verdict", "fixed_in", "package", "range", "fits")
    __hash__ = None  # type: ignore[assignment] - holds a dict

    def __init__(
        self,
        stated: dict[str, str] | None = None,  # the versions of the packages it names
        verdict: Verdict = "unknown",
        fixed_in: str | None = None,
        package: str | None = None,
        range: str | None = None,
        fits: int = NO_DATA,
    ) -> None:
        self.stated = {} if stated is None else stated
        self.verdict = verdict
        self.fixed_in = fixed_in
        self.package = package
        self.range = range
        self.fits = fits

    @property
    def you_have(self) -> str | None:
        return self.stated.get(self.package) if self.package else None

    def to_json(self) -> dict[str, Any]:
        return {"stated": dict(self.stated), "verdict": self.verdict, "fixed_in": self.fixed_in}

    def describe(self) -> str | None:
        """One phrase for people: "affects torch 2.1 (you have 2.1.2); fixed in 2.3"."""
        have, package = self.you_have, self.package
        if have is None:
            return None
        if self.verdict == "affected":
            if self.range:
                text = f"affects {package} {self.range} (you have {have})"
                return f"{text}; fixed in {self.fixed_in}" if self.fixed_in else text
            return f"fixed in {package} {self.fixed_in}, you have {have}"
        if self.verdict == "fixed":
            return f"fixed in {package} {self.fixed_in or 'later releases'} (you have {have})"
        if self.fits == MISFIT and self.range:
            return f"applies to {package} {self.range}; you have {have}"
        return None


def _judge_item(item: Mapping[str, Any], package: str, have: str) -> VersionFit | None:
    spec, fixed_in = item.get("range"), item.get("fixed_in")
    spec = spec if isinstance(spec, str) and spec.strip() else None
    fixed_in = fixed_in if isinstance(fixed_in, str) and fixed_in.strip() else None
    inside = in_range(have, spec, package) if spec else None
    past = at_or_past(have, fixed_in, package) if fixed_in else None
    common = {"stated": {package: have}, "fixed_in": fixed_in, "package": package, "range": spec}
    if past:
        return VersionFit(verdict="fixed", fits=MISFIT, **common)
    if inside or (inside is None and past is False):
        return VersionFit(verdict="affected", fits=FITS, **common)
    if inside is False:
        ended = item.get("status") in ("fixed", "removed")
        return VersionFit(verdict="fixed" if ended else "unknown", fits=MISFIT, **common)
    return None


_ORDER = {("affected", FITS): 0, ("fixed", MISFIT): 1, ("unknown", MISFIT): 2}


def judge(items: Iterable[Any] | None, stated: Mapping[str, str]) -> VersionFit:
    """The verdict of an entry's `versions` items against the versions a log states."""
    named: dict[str, str] = {}
    best: VersionFit | None = None
    for item in items or ():
        if not isinstance(item, Mapping) or not isinstance(item.get("package"), str):
            continue
        package = canonical_package(item["package"])
        have = stated.get(package)
        if have is None:
            continue
        named[package] = have
        fit = _judge_item(item, package, have)
        if fit is not None and (best is None or _rank(fit) < _rank(best)):
            best = fit
    if best is None:
        return VersionFit(stated=named)
    return VersionFit(named, best.verdict, best.fixed_in, best.package, best.range, best.fits)


def _rank(fit: VersionFit) -> int:
    return _ORDER.get((fit.verdict, fit.fits), 3)
