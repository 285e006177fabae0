"""Shared by every wing: small widgets, colours and the UI settings. Imports no wing."""
