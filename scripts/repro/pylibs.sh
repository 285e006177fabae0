#!/usr/bin/env bash
# Python web and data libraries for tests/catalog/test_reproduce_pylibs.py: pinned current
# releases of Django, Flask, FastAPI (with httpx for its TestClient), pydantic, SQLAlchemy,
# Celery, NumPy, pandas, the Jupyter kernel stack, Poetry and uv, in one virtual environment
# under .repro/pylibs/. Idempotent: a stamp file holding the pin list skips a second run.
set -euo pipefail
cd "$(dirname "$0")/../.."
dest=.repro/pylibs
pins=(
  django==6.1.3
  flask==3.1.3
  werkzeug==3.1.9
  fastapi==0.165.0
  starlette==1.10.0
  httpx==0.28.1
  uvicorn==0.54.0
  pydantic==2.14.4
  sqlalchemy==2.1.9
  aiosqlite==0.22.1
  greenlet==3.5.6
  celery==5.7.0
  numpy==2.5.5
  pandas==3.1.1
  nbformat==5.11.1
  nbclient==0.11.0
  ipykernel==7.4.0
  jupyter_core==5.9.1
  jupyter_client==8.10.0
  poetry==2.5.1
  uv==0.13.9
)
stamp="$dest/.installed"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "${pins[*]}" ]; then
  exit 0
fi

# Django 6 needs Python 3.12+: prefer 3.13/3.12 (on PATH or installed with pyenv).
pyenv_root="${PYENV_ROOT:-$HOME/.pyenv}"
candidates="python3.13 python3.12"
for dir in $(ls -d "$pyenv_root"/versions/3.1[23]* 2>/dev/null | sort -rV); do
  candidates="$candidates $dir/bin/python3"
done
python=""
for candidate in $candidates; do
  if command -v "$candidate" >/dev/null 2>&1 &&
     "$candidate" -c 'import sys, venv; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
    python="$candidate"; break
  fi
done
if [ -z "$python" ]; then
  echo "repro pylibs: Python 3.12 or newer is needed (Django 6)" >&2
  exit 2
fi

rm -rf "$dest"
"$python" -m venv "$dest"
"$dest/bin/python" -m pip install --quiet --disable-pip-version-check --no-compile "${pins[@]}"
echo "${pins[*]}" > "$stamp"
echo "repro pylibs: ready ($("$dest/bin/python" --version), $dest)"
