"""One open log: the document (index, scan, matches), its tab, view, models and panels."""
