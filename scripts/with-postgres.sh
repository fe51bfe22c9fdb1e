#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster and TEST_DATABASE_URL pointing at it:
#   bash scripts/with-postgres.sh npm test
#   bash scripts/with-postgres.sh npx vitest run --project unit-pg tests/unit/server-home.test.ts
# Installs Debian's postgresql when no server is found (as root), initdb's a cluster into a temporary
# directory, starts it on a free loopback port (as the postgres user when run as root: the server
# refuses to run as root), and stops and removes it when the command ends, however it ends.
# The cluster is for tests only: no fsync, trust authentication on 127.0.0.1 and its own socket dir.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

pg_bin_dir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; return; fi
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then pg_config --bindir; return; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; fi
}

BIN=$(pg_bin_dir)
if [ -z "$BIN" ]; then
  # shellcheck source=scripts/debian-package.sh
  . "$(dirname "$0")/debian-package.sh"
  install_debian_package postgresql "for the server tests"
  BIN=$(pg_bin_dir)
fi

# The server must not run as root: use the postgres user the package creates (or make one).
AS=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  AS=(runuser -u postgres --)
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/test-pg.XXXXXX")
chmod 755 "$WORK"
mkdir -p "$WORK/data" "$WORK/socket"
if [ "${#AS[@]}" -gt 0 ]; then chown -R postgres "$WORK"; fi

PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

cleanup() {
  "${AS[@]}" "$BIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"${AS[@]}" "$BIN/initdb" -D "$WORK/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log" >&2; exit 1; }
"${AS[@]}" "$BIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w -t 60 \
  -o "-p $PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$WORK/socket -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$WORK/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') for tests at $TEST_DATABASE_URL"
"$@"
