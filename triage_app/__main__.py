"""`python -m triage_app` behaves like the `triage-app` command."""

from triage_app.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
