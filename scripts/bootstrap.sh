#!/usr/bin/env bash
# Create the project's virtual environment and install Triage with its test tools.
# Everything the project needs is installed here, so a fresh clone on a fresh machine works.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-.venv}"

# Prefer CPython 3.12+: with PySide6 6.12 on 3.11, void Qt calls leak references to None
# (the UI guards against it, see triage_app/ui/binding_guard.py), and 3.12 made None immortal.
# Interpreters installed with pyenv count too, even when not on PATH.
pyenv_root="${PYENV_ROOT:-$HOME/.pyenv}"
candidates="python3.13 python3.12"
for dir in $(ls -d "$pyenv_root"/versions/3.1[23]* 2>/dev/null | sort -rV); do
  candidates="$candidates $dir/bin/python3"
done
candidates="$candidates python3.11 python3"
python=""
for candidate in $candidates; do
  if command -v "$candidate" >/dev/null 2>&1 &&
     "$candidate" -c 'import sys, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    python="$candidate"; break
  fi
done
if [ -z "$python" ]; then
  echo "bootstrap: Python 3.11 or newer is needed (python3 --version: $(python3 --version 2>&1))" >&2
  exit 2
fi

if [ ! -x "$venv/bin/python" ]; then
  echo "bootstrap: creating $venv with $python"
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e '.[test]'
echo "bootstrap: ready ($("$venv/bin/python" --version), $venv)"
