"""Qt test set-up: QSettings go to a temporary folder; every Qt test is marked `gui`."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from triage_app.ui.binding_guard import protect_singletons

protect_singletons()  # as the app does at start, before any Qt call (see binding_guard)


@pytest.fixture(autouse=True)
def _isolated_qsettings(tmp_path_factory):
    folder = tmp_path_factory.mktemp("qsettings")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    yield folder


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/ui/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.gui)
