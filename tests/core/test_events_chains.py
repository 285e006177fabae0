"""Exception chains: a Java `Caused by:` deeper in the chain is the first cause."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from triage_app.core.catalog import default_catalog_dirs, load_catalog
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
