"""Verdicts: the versions a log states against an entry's `versions` items."""

from __future__ import annotations

import pytest

from triage_app.core.version_fit import FITS, MISFIT, NO_DATA, at_or_past, in_range, judge, release


@pytest.mark.parametrize(
    ("version", "spec", "package", "expected"),
    [
        # PEP 440 specifier sets; a local tag (+cu121) is ignored by ordered comparisons
        ("2.1.2+cu121", ">=2.1,<2.2", "torch", True),
        ("2.2.0", ">=2.1,<2.2", "torch", False),
        ("3.11.7", "~=3.11", "python", True),
        ("2.1.0rc1", ">=2.1.0rc1", "torch", True),
        ("535.104.05", ">=535,<545", "nvidia-driver", True),
        # npm-style semver ranges
        ("2.1.2", "2.1", "torch", True),  # a bare version is an x-range
        ("18.19.0", ">=16 <19 || ^20", "node", True),
        ("19.0.0", ">=16 <19 || ^20", "node", False),
        ("20.11.0", "20.x", "node", True),
        ("1.2.9", "~1.2", "", True),
        ("1.3.0", "~1.2", "", False),
        ("0.3.5", "^0.2.0", "", False),
        ("1.5.0", "1.0.0 - 1.9.9", "", True),
        ("1.32.4-dispatcher", "^1.32", "kubectl", True),
        # Java's legacy 1.N numbering reads as N
        ("1.8.0_392", "<9", "java", True),
        ("17.0.9", "<9", "java", False),
    ],
)
def test_in_range(version: str, spec: str, package: str, expected: bool) -> None:
    assert in_range(version, spec, package) is expected


def test_unreadable_ranges_and_versions_give_none() -> None:
    assert in_range("2.1.2", "garbage (((") is None
    assert in_range("unknown", ">=1.0") is None
    assert at_or_past("n/a", "2.3") is None
    assert release("1.8.0_392", "java") == (8, 0, 392)
    assert release("v20.11.0") == (20, 11, 0)


STATED = {"torch": "2.1.2+cu121", "python": "3.11.7", "node": "20.11.0"}


def test_affected_in_range_with_fix() -> None:
    fit = judge([{"package": "torch", "range": "2.1", "fixed_in": "2.3"}], STATED)
    assert fit.to_json() == {
        "stated": {"torch": "2.1.2+cu121"},
        "verdict": "affected",
        "fixed_in": "2.3",
    }
    assert fit.fits == FITS
    assert fit.describe() == "affects torch 2.1 (you have 2.1.2+cu121); fixed in 2.3"


def test_affected_below_fixed_in() -> None:
    fit = judge([{"package": "PyTorch", "fixed_in": "2.3"}], STATED)
    assert fit.verdict == "affected" and fit.fits == FITS
    assert fit.describe() == "fixed in torch 2.3, you have 2.1.2+cu121"


def test_fixed_at_or_past_fixed_in() -> None:
    fit = judge([{"package": "torch", "range": "<2.1", "fixed_in": "2.1"}], STATED)
    assert fit.verdict == "fixed" and fit.fits == MISFIT
    assert fit.describe() == "fixed in torch 2.1 (you have 2.1.2+cu121)"


def test_outside_a_range_whose_behaviour_ended_is_fixed() -> None:
    fit = judge([{"package": "node", "range": "<15", "status": "removed"}], STATED)
    assert fit.verdict == "fixed" and fit.fits == MISFIT


def test_outside_an_active_range_is_a_misfit_but_unknown() -> None:
    fit = judge([{"package": "torch", "range": ">=2.2"}], STATED)
    assert fit.verdict == "unknown" and fit.fits == MISFIT
    assert fit.describe() == "applies to torch >=2.2; you have 2.1.2+cu121"


def test_no_structured_versions_or_nothing_stated() -> None:
    unstructured = [{"version": "torch>=1.13", "introduced": "1.13", "status": "active"}]
    for items in (None, [], unstructured, [{"package": "cuda", "range": ">=12"}]):
        fit = judge(items, STATED)
        assert fit.verdict == "unknown" and fit.fits == NO_DATA and fit.fixed_in is None
        assert fit.describe() is None
    assert judge([{"package": "cuda", "range": ">=12"}], STATED).stated == {}


def test_best_item_wins() -> None:
    items = [
        {"package": "torch", "range": ">=2.2"},  # misfit
        {"package": "python", "range": ">=3.11", "fixed_in": "3.13"},  # affected
    ]
    fit = judge(items, STATED)
    assert fit.verdict == "affected" and fit.package == "python"
    assert fit.stated == {"torch": "2.1.2+cu121", "python": "3.11.7"}


def test_bundled_structured_versions_are_readable() -> None:
    """Every `range` and `fixed_in` in the bundled records can be compared."""
    import json
    from pathlib import Path

    records = Path(__file__).resolve().parents[2] / "records"
    seen = 0
    for path in sorted(records.glob("*/*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        items = list(record.get("versions") or [])
        for variant in record.get("variants") or []:
            items.extend(variant.get("versions") or [])
        for item in items:
            if item.get("range"):
                assert in_range("1.0.0", item["range"], item.get("package") or "") is not None, path
                seen += 1
            if item.get("fixed_in"):
                assert at_or_past("1.0.0", item["fixed_in"]) is not None, path
    assert seen >= 5


def test_filled_entries_against_versions_stated_here() -> None:
    """The entries given structured versions, judged for node 20 and gcc 12 (this machine's)."""
    import json
    from pathlib import Path

    records = Path(__file__).resolve().parents[2] / "records"

    def versions(entry_id: str) -> list:
        return json.loads((records / f"{entry_id}.json").read_text(encoding="utf-8"))["versions"]

    stated = {"node": "20.20.2", "gcc": "12.2.0"}
    ossl = judge(versions("node/err-ossl-evp-unsupported"), stated)
    assert ossl.verdict == "affected" and ossl.describe() == "affects node >=17 (you have 20.20.2)"
    old_node = judge(versions("node/err-ossl-evp-unsupported"), {"node": "16.20.2"})
    assert old_node.verdict == "unknown" and old_node.fits == MISFIT
    rejection = judge(versions("node/unhandled-promise-rejection"), stated)
    assert rejection.verdict == "affected" and rejection.range == ">=15"
    implicit = judge(versions("cpp/implicit-function-declaration"), stated)
    assert implicit.verdict == "affected" and implicit.range == "<14"
