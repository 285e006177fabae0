#!/usr/bin/env bash
# ansible-core for tests/catalog/test_reproduce_breadtha.py (playbooks run against localhost
# with connection=local), in .repro/ansible/.
set -euo pipefail
cd "$(dirname "$0")/../.."
DEST=.repro/ansible
STAMP="$DEST/.installed-v1"
[ -f "$STAMP" ] && exit 0
rm -rf "$DEST"
python3 -m venv "$DEST"
"$DEST/bin/pip" install --quiet --disable-pip-version-check ansible-core==2.19.14
touch "$STAMP"
