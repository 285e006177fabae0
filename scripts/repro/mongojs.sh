#!/usr/bin/env bash
# Mongoose 9.12.1 and the MongoDB Node.js driver it pins, for
# tests/catalog/test_reproduce_breadtha.py, in .repro/mongojs/ (from the committed lock file).
set -euo pipefail
cd "$(dirname "$0")/../.."
DEST=.repro/mongojs
STAMP="$DEST/.installed-v1"
[ -f "$STAMP" ] && exit 0
command -v npm >/dev/null || { echo "mongojs.sh: npm not found" >&2; exit 1; }
rm -rf "$DEST"
mkdir -p "$DEST"
cp scripts/repro/mongojs/package.json scripts/repro/mongojs/package-lock.json "$DEST/"
npm ci --prefix "$DEST" --ignore-scripts --no-audit --no-fund --loglevel=error
touch "$STAMP"
