"""The user's notes and marks on an entry, and notes export/import."""
