"""Exception chains: a Java `Caused by:` deeper in the chain is the first cause."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.encoding import SAMPLE_BYTES
from triage_app.core.matcher import Matcher
from triage_app.core.scan import scan_file

MAIN = """\
public class Main {
    static void load(String name) throws Exception {
        Class.forName(name);
    }
    public static void main(String[] args) {
        try {
            load("com.example.MissingPlugin");
        } catch (Exception e) {
            throw new IllegalStateException("plugin setup failed", e);
        }
    }
}
"""


@pytest.mark.skipif(shutil.which("javac") is None, reason="no JDK")
def test_real_java_chain_names_the_deepest_cause(tmp_path) -> None:
    (tmp_path / "Main.java").write_text(MAIN)
    subprocess.run(["javac", "Main.java"], cwd=tmp_path, check=True, capture_output=True)
    run = subprocess.run(
        ["java", "-cp", ".", "Main"], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert "Caused by: java.lang.ClassNotFoundException" in run.stderr
    log = tmp_path / "app.log"
    log.write_text(run.stderr)
    matcher = Matcher.from_catalog(load_catalog(default_catalog_dirs()))
    result = scan_file(log, matcher)
    assert result.first_cause.entry_id == "java/class-not-found"
    [cause] = [m for m in result.matches if m.top.entry_id == "java/class-not-found"]
    assert cause.event_lines[0] == 1 and cause.event_lines[1] == cause.line
    assert cause.event_text.startswith('Exception in thread "main"')


# OpenJDK 17.0.15 printed this for a RuntimeException wrapping an IllegalStateException wrapping
# a ClassNotFoundException (the program of the test above, wrapped once more in `main`).
CHAIN = """\
Exception in thread "main" java.lang.RuntimeException: startup aborted
\tat Main.main(Main.java:16)
Caused by: java.lang.IllegalStateException: plugin setup failed
\tat Main.setup(Main.java:9)
\tat Main.main(Main.java:14)
Caused by: java.lang.ClassNotFoundException: com.example.MissingPlugin
\tat java.base/jdk.internal.loader.BuiltinClassLoader.loadClass(BuiltinClassLoader.java:641)
\tat java.base/jdk.internal.loader.ClassLoaders$AppClassLoader.loadClass(ClassLoaders.java:188)
\tat java.base/java.lang.ClassLoader.loadClass(ClassLoader.java:525)
\tat java.base/java.lang.Class.forName0(Native Method)
\tat java.base/java.lang.Class.forName(Class.java:375)
\tat Main.load(Main.java:3)
\tat Main.setup(Main.java:7)
\t... 1 more
"""


def test_a_chain_cut_by_a_chunk_boundary_keeps_its_first_line(tmp_path) -> None:
    """Wherever a chunk boundary cuts the chain, each `Caused by:` gets the same first line.

    The first chunk a scan reads is the encoding sample (`SAMPLE_BYTES`), cut after its last
    whole line: padding before the chain moves that cut onto every line of the chain."""
    matcher = Matcher.from_catalog(load_catalog(default_catalog_dirs()))
    log = tmp_path / "app.log"
    body = CHAIN + "shutting down\n"
    filler = "INFO loading plugin number 0000 of the service\n"
    ends = [i + 1 for i, c in enumerate(body) if c == "\n"]
    expected = None
    for end in [0, *ends]:
        room = SAMPLE_BYTES - end - 5  # the sample ends 5 bytes into the next line
        pad = filler * (room // len(filler)) + "x" * (room % len(filler) - 1) + "\n"
        log.write_text(pad + body)
        first = pad.count("\n") + 1  # the chain's first line
        found = [
            (m.line - first, m.event_lines and (m.event_lines[0] - first), m.event_text)
            for m in scan_file(log, matcher).matches
            if m.text.startswith("Caused by:")
        ]
        assert found, end
        expected = expected or found
        assert found == expected, end
    assert expected[-1][:2] == (5, 0)  # the ClassNotFoundException, from the chain's line 0
    assert expected[-1][2].startswith('Exception in thread "main"')
