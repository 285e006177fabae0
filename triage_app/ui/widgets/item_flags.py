"""Item flags shared by the flat (non-tree) models."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt


def flat_item_flags(index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
    """Enabled, selectable, never a parent; nothing for the invalid (root) index."""
    if not index.isValid():
        return Qt.ItemFlag.NoItemFlags
    return (
        Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
    )
