#!/usr/bin/env bash
# JavaScript/TypeScript tools for tests/catalog/test_reproduce_js.py: React, Next.js, Vue, Angular,
# Vite, Vitest, Jest, ESLint, webpack and TypeScript at the versions pinned in
# scripts/repro/js/package-lock.json, installed with `npm ci` into .repro/js (idempotent: the
# stamp holds the lockfile's hash, so a changed lockfile reinstalls).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v npm >/dev/null || { echo "js.sh: npm is not installed" >&2; exit 1; }
dest=.repro/js
stamp="$dest/.stamp"
want="$(sha256sum scripts/repro/js/package-lock.json | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$dest/node_modules" ]; then
  exit 0
fi
mkdir -p "$dest"
cp scripts/repro/js/package.json scripts/repro/js/package-lock.json "$dest/"
npm ci --prefix "$dest" --no-audit --no-fund --loglevel=error \
  --cache "$dest/.npm-cache"
echo "$want" >"$stamp"
