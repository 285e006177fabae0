"""Background work for the window: indexing, find (threads) and the scan (a child process)."""
