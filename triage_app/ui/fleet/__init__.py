"""The batch-results wing: a `triage-app batch` output as a table of files and first causes."""
