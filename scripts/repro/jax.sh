#!/usr/bin/env bash
# JAX on the CPU for tests/catalog/test_reproduce_ml.py (the jax cases), in .repro/jax/.
set -euo pipefail
cd "$(dirname "$0")/../.."
DEST=.repro/jax
STAMP="$DEST/.installed-v1"
[ -f "$STAMP" ] && exit 0
rm -rf "$DEST"
python3 -m venv "$DEST"
"$DEST/bin/pip" install --quiet --disable-pip-version-check jax==0.10.2 jaxlib==0.10.2
touch "$STAMP"
