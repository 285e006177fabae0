"""The report as one self-contained HTML file: inline style, no script, no remote resource
(a Content-Security-Policy forbids loading any), every text escaped."""

from __future__ import annotations

import html

from triage_app.core.report.markdown import first_cause_text, redaction_summary
from triage_app.core.report.model import Advice, Report, ReportFile, ReportGroup

_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'"
_STYLE = """
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc;word-break:break-all}
h3{font-size:1.1rem;margin-top:1.8rem}.first{color:#b3261e}.meta{color:#666}
pre{background:#f4f4f6;padding:.6rem .8rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}
.mark{font-style:italic;color:#555}.warn{color:#8a5a00}
@media (prefers-color-scheme:dark){body{background:#1e1e1e;color:#ddd}pre{background:#2a2a2e}}
"""


def e(text: object) -> str:
    """Escaped text; control characters shown visibly."""
    out = []
    for ch in str(text):
        code = ord(ch)
        if (code < 32 and ch not in "\n\t") or 0x7F <= code <= 0x9F or 0x202A <= code <= 0x202E:
            out.append(f"\\x{code:02x}")
        elif 0x2066 <= code <= 0x2069:
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return html.escape("".join(out), quote=True)


def _rate(advice: Advice, word: str) -> str:
    words = advice.rate_words(word)
    return f" <span class=meta>({words})</span>" if words else ""


def _mark(advice: Advice) -> str:
    if not advice.mark:
        return ""
    return f" <span class=mark>(you: {e(advice.mark_words)})</span>"


def _group(group: ReportGroup, number: int) -> list[str]:
    where = (
        f"line {group.first_line}"
        if group.count == 1
        else f"{group.count}×, lines {group.first_line}–{group.last_line}"
    )
    tail = " — likely first cause" if group.first_cause else ""
    if group.kind != "regex":
        tail += " — possible match (fuzzy)"
    css = " class=first" if group.first_cause else ""
    out = [f"<h3{css}>{number}. {e(group.entry_id)} <span class=meta>({where})</span>{tail}</h3>"]
    if group.unverified:
        out.append("<p class=warn>Unverified entry: its message has no cited source.</p>")
    out.append(f"<p class=meta>Known as: {e(group.signature)}</p>")
    lines = "\n".join(f"{n}: {text}" for n, text in group.lines)
    out.append(f"<p>Your log:</p><pre>{e(lines)}</pre>")
    if group.more:
        out.append(
            f"<p class=meta>… and {group.more:,} more line{'s' if group.more > 1 else ''}</p>"
        )
    if group.root_cause:
        out.append(f"<p><b>Root cause.</b> {e(group.root_cause)}</p>")
    if group.versions:
        out.append(f"<p><b>Versions seen:</b> {e(group.versions)}</p>")
    if group.dead_ends:
        out.append("<p><b>Don't try:</b></p><ul>")
        for item in group.dead_ends:
            detail = f": {e(item.detail)}" if item.detail else ""
            out.append(f"<li>{e(item.action)}{_rate(item, 'fail')}{detail}{_mark(item)}</li>")
        out.append("</ul>")
    if group.workarounds:
        out.append("<p><b>Try:</b></p><ol>")
        for item in group.workarounds:
            when = f" — when {e(item.condition)}" if item.condition else ""
            how = (
                f"<pre>{e(item.detail)}</pre>" if item.detail and item.detail != item.action else ""
            )
            out.append(f"<li>{e(item.action)}{_rate(item, 'success')}{when}{_mark(item)}{how}</li>")
        out.append("</ol>")
    if group.notes:
        out.append("<p><b>Your notes:</b></p><ul>")
        out += [f"<li>{e(updated)}: {e(text)}</li>" for updated, text in group.notes]
        out.append("</ul>")
    return out


def _file(report_file: ReportFile) -> list[str]:
    out = [f"<h2>{e(report_file.path)}</h2>"]
    if report_file.error:
        return [*out, f"<p>Could not be scanned: {e(report_file.error)}</p>"]
    if not report_file.groups:
        out.append("<p>No known errors found.</p>")
    for number, group in enumerate(report_file.groups, 1):
        out += _group(group, number)
    if report_file.more_groups:
        out.append(f"<p>… and {report_file.more_groups} more error groups (see the full scan).</p>")
    if report_file.unknown:
        out.append("<h3>Unknown errors</h3><p>Error lines no catalogue entry explains:</p><ul>")
        for g in report_file.unknown:
            out.append(
                f"<li>{e(g.get('count', 1))}× from line {e(g.get('first_line'))}: "
                f"<code>{e(g.get('template', ''))}</code></li>"
            )
        out.append("</ul>")
    return out


def render_html(report: Report) -> str:
    rows = []
    for f in report.files:
        words, entry_id = first_cause_text(f)
        result = e(words) + (f" <b>{e(entry_id)}</b>" if entry_id else "")
        rows.append(
            f"<tr><td>{e(f.path)}</td><td>{f.lines}</td><td>{e(f.encoding or '')}</td>"
            f"<td>{e(f.compression or '')}</td><td>{result}</td></tr>"
        )
    body = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">',
        '<meta name="referrer" content="no-referrer">',
        f"<title>Triage report</title><style>{_STYLE}</style></head><body>",
        "<h1>Triage report</h1>",
        f"<p class=meta>Generated {e(report.generated)} by triage-app {e(report.version)} · "
        f"catalogue of {report.catalog_entries} entries · {e(redaction_summary(report))}</p>",
        "<table><tr><th>file</th><th>lines</th><th>encoding</th><th>compression</th>"
        "<th>result</th></tr>",
        *rows,
        "</table>",
    ]
    for f in report.files:
        body += _file(f)
    body.append("</body></html>")
    return "\n".join(body) + "\n"
