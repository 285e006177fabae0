"""`scan --format json`: the headless contract's document, streamed file by file.

Each file's matches are parked in a `MatchSpool` while it is scanned and written out once the
file's versions are known, so memory stays bounded however many lines match; the text is the
same as `json.dumps` of the whole document would give (one extra field per file: `groups`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence

from triage_app.cli.output import JsonWriter
from triage_app.core.advice import advice_json
from triage_app.core.catalog import Catalog
from triage_app.core.match_spool import MatchSpool
from triage_app.core.scan import FileResult

# scan(path, on_matches) -> the file's result, calling on_matches with each batch found
ScanOne = Callable[[str, Callable], FileResult]


def write_json(
    paths: Sequence[str],
    scan: ScanOne,
    catalog: Catalog,
    sourced: frozenset[str] | set[str] = frozenset(),
) -> list[FileResult]:
    """Scan `paths` one by one, writing the document as it goes; the results (which keep no
    matches) for the exit status and the history."""
    out = JsonWriter()
    out.raw('{"files": [')
    results = []
    matched: set[str] = set()
    for number, path in enumerate(paths):
        with MatchSpool() as spool:
            result = scan(path, spool.add)
            if number:
                out.raw(", ")
            _write_file(out, result, spool, sourced)
        results.append(result)
        if not result.error:
            matched.update(g.entry_id for g in result.group_index().groups())
    out.raw('], "entries": ')
    # What each matched entry advises; rates carry `rate_basis` (sourced / estimate).
    out.value({i: advice_json(catalog.get(i).data) for i in sorted(matched) if catalog.get(i)})
    out.raw(', "catalog": ')
    out.value(
        {
            "entries": len(catalog),
            "errors": len(catalog.errors),
            "overrides": [o.to_json() for o in catalog.overrides.values()],
        }
    )
    out.raw("}\n")
    out.flush()
    return results


def _write_file(
    out: JsonWriter, result: FileResult, spool: MatchSpool, sourced: frozenset[str] | set[str]
) -> None:
    head = json.dumps(result.json_head(), ensure_ascii=False)
    out.raw(head[:-1] + ', "matches": [')
    if not result.error:  # a file that failed part-way lists no matches (the contract)
        separator = ""
        for items in _items(result, spool.replay(result.notes.rank_fits(), sourced)):
            out.raw(separator + items)
            separator = ", "
    tail = json.dumps(result.json_tail(), ensure_ascii=False)
    out.raw("], " + tail[1:])


def _items(result: FileResult, batches: Iterable[list]) -> Iterable[str]:
    """Each non-empty batch's matches as JSON items joined by ", ": one `json.dumps` of the
    batch's list without its brackets (the same text as dumping each item and joining them,
    at a third less cost a match: a log in which every line matches writes millions)."""
    match_json = result.match_json
    for batch in batches:
        if batch:
            yield json.dumps([match_json(match) for match in batch], ensure_ascii=False)[1:-1]
