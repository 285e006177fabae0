"""New entry from a line in the window: live test, save, clash."""

from __future__ import annotations

import json

from triage_app.core import paths
from triage_app.ui.catalog.new_entry_dialog import NewEntryDialog

HANG = 60_000
LINE = "2026-11-30T10:00:02Z ERROR payments-svc: ledger sync failed for account 8812: upstream 503"
LOG = [
    "INFO start",
    LINE,
    "ERROR payments-svc: ledger sync failed for account 17: upstream 502",
    "INFO done",
]


def _wait_test(qtbot, dialog, text):
    qtbot.waitUntil(lambda: text in dialog.test.text(), timeout=HANG)


def test_live_test_follows_the_pattern(qtbot):
    dialog = NewEntryDialog(LINE, lines=lambda: LOG)
    qtbot.addWidget(dialog)
    assert dialog.pattern.text().startswith("payments-svc: ledger sync failed for account ")
    _wait_test(qtbot, dialog, "Matches 2 line(s) of the log: 2, 3")
    assert "no line of the healthy corpus" in dialog.test.text()
    dialog.pattern.setText("Successfully installed")
    _wait_test(qtbot, dialog, "healthy line")
    dialog.pattern.setText("(a+)+$")
    _wait_test(qtbot, dialog, "not run")
    dialog.pattern.setText("(")
    _wait_test(qtbot, dialog, "not a valid Python regular expression")


def test_save_writes_the_users_catalogue_and_asks_on_a_clash(qtbot, monkeypatch):
    dialog = NewEntryDialog(LINE, lines=lambda: LOG)
    qtbot.addWidget(dialog)
    dialog.entry_id.setText("local/ledger-sync")
    dialog.root_cause.setPlainText("The ledger service is down.")
    dialog.workaround.setText("Retry after the ledger recovers")
    with qtbot.waitSignal(dialog.entry_saved, timeout=HANG) as saved:
        dialog._on_buttons_accepted()
    assert saved.args == ["local/ledger-sync"]
    path = paths.user_records_dir() / "local" / "ledger-sync.json"
    record = json.loads(path.read_text())
    assert record["provenance"]["sources"][0]["kind"] == "local"
    assert record["workarounds"][0]["action"] == "Retry after the ledger recovers"

    again = NewEntryDialog(LINE, lines=lambda: LOG)
    qtbot.addWidget(again)
    again.entry_id.setText("local/ledger-sync")
    again.root_cause.setPlainText("Something else.")
    problems = []
    monkeypatch.setattr(again, "ask_replace", lambda message: False)
    monkeypatch.setattr(again, "show_problem", problems.append)
    again._on_buttons_accepted()
    assert problems and "already exists" in problems[0]
    assert json.loads(path.read_text())["root_cause"] == "The ledger service is down."
    monkeypatch.setattr(again, "ask_replace", lambda message: True)
    again._on_buttons_accepted()
    assert json.loads(path.read_text())["root_cause"] == "Something else."


def test_a_record_without_root_cause_is_not_saved(qtbot, monkeypatch):
    dialog = NewEntryDialog(LINE, lines=lambda: LOG)
    qtbot.addWidget(dialog)
    problems = []
    monkeypatch.setattr(dialog, "show_problem", problems.append)
    dialog._on_buttons_accepted()
    assert problems and "root_cause" in problems[0]
    assert not (paths.user_records_dir()).exists() or not any(
        paths.user_records_dir().rglob("*.json")
    )
