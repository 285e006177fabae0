"""`triage-app --install-desktop-entry` (issue 13: install like a desktop app): a valid menu
entry whose Exec runs this install's command, and its icon, under $XDG_DATA_HOME."""

from __future__ import annotations

import configparser
import shlex
import xml.etree.ElementTree as ET
from pathlib import Path

from triage_app import cli, desktop_entry
from triage_app.core import paths

REQUIRED = ("Type", "Name", "Exec", "Icon", "Categories")


def read_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive in desktop entries
    parser.read_string(path.read_text(encoding="utf-8"))
    return parser["Desktop Entry"]


def test_bundled_entry_is_well_formed():
    entry = read_entry(paths.resources_dir() / "triage-app.desktop")
    assert all(entry.get(key) for key in REQUIRED)
    assert entry["Type"] == "Application" and entry["Icon"] == "triage-app"
    assert entry["Exec"] == "triage-app %F" and entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and entry["MimeType"].endswith(";")
    ET.parse(paths.resources_dir() / "triage-app.svg")  # a well-formed icon


def test_install_writes_entry_and_icon_for_this_user(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    fake_bin = tmp_path / "my venv" / "bin"
    fake_bin.mkdir(parents=True)
    (fake_bin / "triage-app").write_text("#!/bin/sh\n")
    monkeypatch.setattr(desktop_entry.sys, "executable", str(fake_bin / "python"))
    assert cli.main(["--install-desktop-entry"]) == 0
    out = capsys.readouterr().out
    entry_path = tmp_path / "share" / "applications" / "triage-app.desktop"
    icon_path = tmp_path / "share" / "icons" / "hicolor" / "scalable" / "apps" / "triage-app.svg"
    assert str(entry_path) in out and icon_path.is_file()
    entry = read_entry(entry_path)
    command = shlex.split(entry["Exec"])
    assert command == [str(fake_bin / "triage-app"), "%F"]  # the path with a space, quoted
    assert entry["Name"] == "Triage"


def test_install_failure_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert cli.main(["--install-desktop-entry"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("triage-app: cannot install the desktop entry") and err.count("\n") == 1
