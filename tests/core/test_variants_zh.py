"""Localised output: real git and gcc/ld messages under zh_CN match their entries' variants.

The tools run here when the machine has the zh_CN.UTF-8 locale and their translations
(`localedef -i zh_CN -f UTF-8 zh_CN.UTF-8`, `apt-get install gcc-12-locales`); otherwise the
output captured that way (fixtures/zh_cn_tools.txt, with the commands) is scanned instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from triage_app.core.catalog import default_catalog_dirs, load_catalog
from triage_app.core.matcher import Matcher

FIXTURE = Path(__file__).parent / "fixtures" / "zh_cn_tools.txt"
EXPECTED = {
    "致命错误：拒绝合并无关的历史": "git/refusing-to-merge-unrelated-histories",
    "致命错误：不是 git 仓库（或者任何父目录）：.git": "git/not-a-git-repository",
    "h.c:1:10: 致命错误：nosuchheader.h：没有那个文件或目录": "cpp/header-not-found",
    "collect2: 错误：ld 返回 1": "cpp/ld-returned-1-exit-status",
    "/usr/bin/ld: 找不到 -lnosuchlib: 没有那个文件或目录": "cpp/cannot-find-library",
}
ZH_ENV = {"LANGUAGE": "zh_CN:zh", "LC_ALL": "zh_CN.UTF-8", "LANG": "zh_CN.UTF-8"}


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher.from_catalog(load_catalog(default_catalog_dirs()), fuzzy=False)


def _zh_available() -> bool:
    if shutil.which("git") is None or shutil.which("gcc") is None:
        return False
    run = subprocess.run(["locale", "-a"], capture_output=True, text=True, check=False)
    locales = {name.lower().replace("-", "") for name in run.stdout.split()}
    return "zh_cn.utf8" in locales and Path("/usr/share/locale/zh_CN/LC_MESSAGES/git.mo").exists()


def _run(args: list[str], cwd: Path) -> str:
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(cwd), "GIT_CONFIG_NOSYSTEM": "1"}
    run = subprocess.run(
        args, cwd=cwd, capture_output=True, text=True, env={**env, **ZH_ENV}, check=False
    )
    return run.stdout + run.stderr


def _real_output(tmp_path: Path) -> str:
    ident = ["-c", "user.name=t", "-c", "user.email=t@example.org"]
    for name in ("a", "b"):
        _run(["git", "init", "-q", name], tmp_path)
        _run(["git", "-C", name, *ident, "commit", "-q", "--allow-empty", "-m", name], tmp_path)
    _run(["git", "-C", "a", "fetch", "-q", "../b", "HEAD"], tmp_path)
    out = _run(["git", "-C", "a", *ident, "merge", "FETCH_HEAD"], tmp_path)
    (tmp_path / "nogit").mkdir()
    out += _run(["git", "status"], tmp_path / "nogit")
    (tmp_path / "h.c").write_text("#include <nosuchheader.h>\nint main(){}\n")
    out += _run(["gcc", "h.c"], tmp_path)
    (tmp_path / "u.c").write_text("void missing(void);\nint main(void){missing();}\n")
    out += _run(["gcc", "u.c", "-o", "u"], tmp_path)
    out += _run(["gcc", "-o", "x", "u.c", "-lnosuchlib"], tmp_path)
    return out


def _check(output: str, matcher: Matcher, *, need_all: bool) -> None:
    found = {}
    for line in output.splitlines():
        match = matcher.match_line(line, fuzzy=False)
        if match and line in EXPECTED:
            found[line] = match
    missing = set(EXPECTED) - set(found)
    if need_all:
        assert not missing, f"localised lines not printed or not matched: {missing}"
    for line, match in found.items():
        assert match.top.entry_id == EXPECTED[line], line
        assert match.top.lang == "zh" and match.top.variant is not None


def test_captured_zh_output_matches_the_zh_variants(matcher: Matcher) -> None:
    output = "\n".join(
        line for line in FIXTURE.read_text(encoding="utf-8").splitlines() if line[:1] not in "#$"
    )
    _check(output, matcher, need_all=True)


@pytest.mark.skipif(not _zh_available(), reason="zh_CN.UTF-8 locale or translations missing")
def test_real_tools_under_zh_cn_match_the_zh_variants(tmp_path: Path, matcher: Matcher) -> None:
    output = _real_output(tmp_path)
    assert "拒绝合并无关的历史" in output  # the tool really printed Chinese
    _check(output, matcher, need_all="gcc-12.mo" in str(_gcc_catalogue()))


def _gcc_catalogue() -> list[Path]:
    return list(Path("/usr/share/locale/zh_CN/LC_MESSAGES").glob("gcc*.mo"))


def test_older_wordings_and_cut_lines(matcher: Matcher) -> None:
    lines = {
        # a line pasted without its first characters (full line quoted in nexus-cli#1730)
        "ror[E0382]: use of moved value: `environment`": "rust/borrow-of-moved-value",
        "Could not find the main class: riemann.bin.  Program will exit.": (
            "java/main-class-not-found"
        ),
        "Type error: Type 'string' is not assignable to type 'number'.": (
            "typescript/type-not-assignable"
        ),
    }
    for line, entry_id in lines.items():
        match = matcher.match_line(line, fuzzy=False)
        assert match is not None and match.top.entry_id == entry_id, line
        assert match.top.variant is not None


def test_every_bundled_variant_is_prefilterable() -> None:
    from triage_app.core.literals import requirements
    from triage_app.core.targets import catalog_targets

    loose = [
        (t.id, t.variant)
        for t in catalog_targets(load_catalog(default_catalog_dirs()))
        if t.variant is not None and requirements(t.pattern.pattern, t.pattern.flags) is None
    ]
    assert not loose, f"variants without a required literal (they would run on every line): {loose}"
