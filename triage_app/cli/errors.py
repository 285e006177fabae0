"""The one exception type the CLI turns into a single clear line on stderr."""

from __future__ import annotations


class CliError(Exception):
    """A failure the user can act on; `main` prints `triage-app: <message>` and exits 2."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code
