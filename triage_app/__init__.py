"""Triage: turn a failed run's log into an answer."""

__version__ = "0.1.0"
