#!/usr/bin/env bash
# The Go toolchain for tests/catalog/test_reproduce_breadthb.py, from Debian's registry
# (apt-get golang-go, only when missing and only as root), linked as .repro/go/bin/go.
# The tests build tiny modules offline (GOFLAGS=-mod=mod, GOPROXY=off) in a temporary folder.
# Idempotent: a stamp file records a finished run.
set -euo pipefail
cd "$(dirname "$0")/../.."
dest=.repro/go
stamp="$dest/.installed-v1"
[ -f "$stamp" ] && exit 0

if ! command -v go >/dev/null 2>&1 && [ ! -x /usr/lib/go/bin/go ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "repro/go: golang-go is missing (installed with apt-get as root only)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends golang-go >/dev/null \
    || { apt-get update -qq && apt-get install -y --no-install-recommends golang-go >/dev/null; }
fi

mkdir -p "$dest/bin"
go_bin="$(command -v go || echo /usr/lib/go/bin/go)"
[ -x "$go_bin" ] || { echo "repro/go: $go_bin is missing" >&2; exit 1; }
ln -sfn "$(readlink -f "$go_bin")" "$dest/bin/go"
touch "$stamp"
