"""The window: a thin Qt shell over the Qt-free core, grouped by feature.

- `window/`: the shell (main window, menus, status bar, banner, drops, dialogs, theme,
  screenshot run); the only place that puts the wings together.
- `log/`: one open log: its document, tabs, view, models, find bar and matches panel.
- `entry/`: the entry panel: sections, versions, action cards, the related-errors graph.
- `notes/`: the user's notes on an entry, and notes export/import.
- `catalog/`: the catalogue browser.
- `widgets/`: what every wing shares (small widgets, colours, UI settings).
- `workers/`: background work (indexing and find on threads, the scan in a child process).

A wing imports only itself, `widgets/`, `workers/` and the core (`tests/ui/test_wings.py`).
"""
