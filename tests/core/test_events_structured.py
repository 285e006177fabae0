"""JSON-lines and logfmt records: the message fields are decoded and matched."""

from __future__ import annotations

import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from triage_app.core import structured
from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.matcher import Matcher
from triage_app.core.structured import decode


def _real_keyerror_traceback(tmp_path, depth: int) -> str:
    """A real Python traceback: a KeyError under `depth` distinct nested calls."""
    script = tmp_path / "job.py"
    calls = "".join(
        f"def layer_{i}(config):\n    return layer_{i + 1}(config)\n" for i in range(depth)
    )
    script.write_text(
        "import sys\n"
        + calls
        + f"def layer_{depth}(config):\n    return config['learning_rate']\n"
        + "layer_0({})\n"
    )
    run = subprocess.run(
        [sys.executable, str(script), str(depth)], capture_output=True, text=True, check=False
    )
    assert run.returncode == 1 and "KeyError: 'learning_rate'" in run.stderr
    return run.stderr


def test_a_20kb_json_line_with_an_escaped_traceback(tmp_path) -> None:
    trace = _real_keyerror_traceback(tmp_path, 160)
    record = {
        "ts": "2026-01-05T10:00:00Z",
        "level": "error",
        "logger": "trainer",
        "message": "step failed",
        "exception": trace,
    }
    line = json.dumps(record)
    assert len(line) > 20_000 and "\\n" in line
    healthy = json.dumps({"ts": "2026-01-05T09:59:59Z", "level": "info", "message": "step 10"})
    chunk = (healthy + "\n" + line + "\n").encode()
    matcher = Matcher.from_catalog(load_catalog(default_catalog_dirs()), fuzzy=False)
    found = matcher.scan_chunk(chunk, 1)
    assert [m.line for m in found] == [2]
    [match] = found
    assert match.top.entry_id == "python/key-error"
    assert match.severity == "error"
    assert match.event_lines == (2, 2)
    assert "KeyError: 'learning_rate'" in match.event_text
    assert match.truncated  # the physical line is longer than the cap; the event is whole
    start, end = match.top.span
    assert 0 <= start <= end <= len(match.text)
    doc = match.to_json()
    assert doc["event_lines"] == [2, 2] and doc["event_text"].startswith("step failed")


def test_json_info_record_does_not_fire() -> None:
    line = json.dumps(
        {"level": "info", "msg": "probe: libnccl-net.so: cannot open shared object file"}
    )
    matcher = Matcher.from_catalog(load_catalog(default_catalog_dirs()), fuzzy=True)
    assert matcher.scan_chunk((line + "\n").encode(), 1) == []


def test_logfmt_error_field(tmp_path) -> None:
    trace = _real_keyerror_traceback(tmp_path, 1).strip().splitlines()[-1]
    escaped = trace.replace('"', '\\"')
    line = f'time=2026-01-05T10:00:00Z level=error msg="job crashed" err="{escaped}"'
    assert decode(line).text.endswith("KeyError: 'learning_rate'")
    matcher = Matcher.from_catalog(load_catalog(default_catalog_dirs()), fuzzy=False)
    [match] = matcher.scan_chunk(line + "\n", 7)
    assert match.top.entry_id == "python/key-error" and match.event_lines == (7, 7)


def test_plain_lines_are_not_records() -> None:
    assert decode("KeyError: 'x'") is None
    assert decode("{not json}") is None
    assert decode("a=b") is None


_SPACE = st.text(alphabet=" \t\u3000\u00a0", max_size=3)
_BODY = st.sampled_from(
    ['{"msg":"boom"}', '{"level":"error","msg":"x"}', "msg=boom lvl=warn", "{", "a"]
)


@settings(max_examples=300, deadline=None)
@given(_SPACE, st.lists(_BODY, max_size=3), _SPACE)
def test_decode_looks_at_a_line_as_its_stripped_text(
    lead: str, body: list[str], trail: str
) -> None:
    """`decode` skips the copy of a line that cannot be a JSON object; what it returns is what
    the definition on the stripped line gives."""
    line = lead + "".join(body) + trail
    stripped = line.strip()
    if stripped.startswith("{") and stripped.endswith("}"):
        expected = structured._decode_json(stripped)
    elif "=" in line and structured._LOGFMT_HINT.search(line):
        expected = structured._decode_logfmt(line)
    else:
        expected = None
    assert structured.decode(line) == expected
