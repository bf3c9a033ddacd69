#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL cluster: `Scripts/with-postgres.sh swift test`.
#
# The cluster lives in a fresh temporary directory, listens on a free loopback port (and on a
# socket inside that directory) with trust authentication, and holds one empty database. The
# command sees it as PUZZLEMAP_TEST_POSTGRES_URL. Whatever the command does, the cluster is
# stopped and its directory removed afterwards; the script exits with the command's status.
# The binaries come from Debian's `postgresql` package (Scripts/install-deps.sh installs it).
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGUMENT...]" >&2
  exit 64
fi

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "PostgreSQL is not installed: run Scripts/install-deps.sh (Debian package postgresql)." >&2
  exit 69
fi

# PostgreSQL refuses to run as root: then the cluster belongs to the postgres user.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  as_owner=(runuser -u postgres --)
fi

directory=$(mktemp -d "${TMPDIR:-/tmp}/puzzlemap-postgres.XXXXXX")
if [ ${#as_owner[@]} -gt 0 ]; then
  chown postgres: "$directory"
fi

# From inside the cluster's directory: the owner may not be allowed into the caller's.
as_cluster_owner() { (cd "$directory" && "${as_owner[@]}" "$@"); }

cleanup() {
  as_cluster_owner "$bin/pg_ctl" -D "$directory/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$directory"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_cluster_owner "$bin/initdb" -D "$directory/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 -N >"$directory/initdb.log" 2>&1 || {
  cat "$directory/initdb.log" >&2
  exit 70
}

# A port nobody listens on; a rare race with another program is retried with another port.
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
started=""
for _ in 1 2 3 4 5; do
  port=$((20000 + RANDOM % 40000))
  port_in_use "$port" && continue
  # Durability is pointless for a cluster that is deleted in a minute; speed is not.
  if as_cluster_owner "$bin/pg_ctl" -D "$directory/data" -l "$directory/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$directory -c max_connections=1000 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null; then
    started=yes
    break
  fi
done
if [ -z "$started" ]; then
  echo "The throwaway PostgreSQL cluster did not start:" >&2
  cat "$directory/server.log" >&2 || true
  exit 70
fi

as_cluster_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres puzzlemap_test

export PUZZLEMAP_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/puzzlemap_test"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') for this run: $PUZZLEMAP_TEST_POSTGRES_URL"

status=0
"$@" || status=$?
exit "$status"
