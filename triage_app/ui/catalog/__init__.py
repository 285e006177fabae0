"""The catalogue browser: every entry, searchable with typos, filterable."""
