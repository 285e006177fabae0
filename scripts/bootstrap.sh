#!/usr/bin/env bash
# Create the project's virtual environment and install Triage with its test tools.
# Everything the project needs is installed here, so a fresh clone on a fresh machine works.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-.venv}"

python=""
for candidate in python3.13 python3.12 python3.11 python3; do
  if command -v "$candidate" >/dev/null 2>&1 &&
     "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
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
