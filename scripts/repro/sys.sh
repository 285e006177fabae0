#!/usr/bin/env bash
# Database servers for tests/catalog/test_reproduce_sys.py: redis-server, MariaDB and the
# PostgreSQL server, plus Rails 6.1 (ruby-rails, ruby-sqlite3) for the Ruby interpreter, from
# Debian's registry (apt-get, only when missing and only as root), then
# linked under .repro/sys/bin/ so the tests find them in one place. The tests start each server
# themselves on a unix socket or loopback port in a temporary folder and always stop it.
# Idempotent: a stamp file records a finished run.
set -euo pipefail
cd "$(dirname "$0")/../.."
dest=.repro/sys
stamp="$dest/.installed-v2"
[ -f "$stamp" ] && exit 0

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server redis-tools)
[ -x /usr/sbin/mariadbd ] || missing+=(mariadb-server mariadb-client)
[ -n "$(pg_bin)" ] || missing+=(postgresql)
rails_ok() { ruby -e 'require "rails"; require "active_record"; require "sqlite3"' >/dev/null 2>&1; }
command -v ruby >/dev/null 2>&1 && ! rails_ok && missing+=(ruby-rails ruby-sqlite3)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "repro/sys: missing ${missing[*]} (installed with apt-get as root only)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive RUNLEVEL=1
  # RUNLEVEL=1 keeps the packages' maintainer scripts from starting the services.
  apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null \
    || { apt-get update -qq && apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
fi

mkdir -p "$dest/bin"
pg="$(pg_bin)"
for tool in /usr/bin/redis-server /usr/bin/redis-cli /usr/sbin/mariadbd /usr/bin/mariadb \
  /usr/bin/mariadb-install-db "$pg/postgres" "$pg/initdb" "$pg/pg_ctl" "$pg/psql"; do
  [ -x "$tool" ] || { echo "repro/sys: $tool is missing" >&2; exit 1; }
  ln -sfn "$tool" "$dest/bin/$(basename "$tool")"
done
# bin/ruby-rails: the system ruby, linked only once it loads Rails and sqlite3.
if command -v ruby >/dev/null 2>&1 && rails_ok; then
  ln -sfn "$(command -v ruby)" "$dest/bin/ruby-rails"
fi
touch "$stamp"
