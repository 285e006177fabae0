#!/usr/bin/env bash
# Install the real tools that the reproduction tests (tests/catalog/test_reproduce_*.py) run,
# each into its own folder under .repro/ (never into the app's own virtual environment).
# Every scripts/repro/<name>.sh is one ecosystem; it must be idempotent (a stamp file per
# folder) and install only from the package registries. `make test` runs this first, so
# under CI=true a reproduction test never skips for a tool installed here.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .repro
for script in scripts/repro/*.sh; do
  [ "$(basename "$script")" = run-all.sh ] && continue
  if ! bash "$script"; then
    echo "repro-tools: $script failed" >&2
  fi
done
# A failed install is reported here and again by each test that needs the tool (it fails
# under CI=true, skips elsewhere), so the rest of the suite still runs.
exit 0
