#!/usr/bin/env bash
# Load figures for the README: a release `puzzlemap serve` on loopback with the sample campus
# and 100 000 players seeded straight into the database, on SQLite or on PostgreSQL. Reads are
# measured with wrk (requests per second and latency percentiles per route, /healthz for the
# bare-route ratio); then a sign-in surge (1 000 sign-ins spread over a minute), scans of typed
# codes from those players, and 12 MP photo scans (Scripts/bench-scan.py). Not a test.
#
#   Scripts/bench-load.sh [--database sqlite|postgres] [--players N] [--seconds S] [--connections C] [--reads-only]
#
# --database postgres runs under Scripts/with-postgres.sh (a throwaway local server).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
database=sqlite players=100000 seconds=10 connections=32 reads_only=""
args=("$@")
while [ $# -gt 0 ]; do
  case "$1" in
    --database) database="$2"; shift 2 ;;
    --players) players="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --reads-only) reads_only=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
case "$database" in
  sqlite) ;;
  postgres) [ -n "${PUZZLEMAP_TEST_POSTGRES_URL:-}" ] || exec Scripts/with-postgres.sh "$0" "${args[@]}" ;;
  *) echo "--database is sqlite or postgres" >&2; exit 2 ;;
esac
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3; }
python3 -c "import numpy, PIL, segno" 2>/dev/null || python3 -m pip install --quiet -r Scripts/requirements-bench.txt
swift build -c release --static-swift-stdlib --product puzzlemap >&2
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/puzzlemap"
work="$(mktemp -d)"
port="${PORT:-18082}"
url="http://127.0.0.1:$port"
server=""
trap 'if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT

export PUZZLEMAP_DATA_DIR="$work/data" PUZZLEMAP_PORT="$port" PUZZLEMAP_PUBLIC_URL="$url" PUZZLEMAP_LOG_LEVEL=warning
if [ "$database" = postgres ]; then
  separator="?"; case "$PUZZLEMAP_TEST_POSTGRES_URL" in *\?*) separator="&" ;; esac
  export PUZZLEMAP_DATABASE_URL="$PUZZLEMAP_TEST_POSTGRES_URL${separator}schema=bench"
fi
sql() {
  if [ "$database" = postgres ]; then
    psql -q -v ON_ERROR_STOP=1 "$PUZZLEMAP_TEST_POSTGRES_URL" -c "SET search_path TO bench" -c "$1"
  else
    sqlite3 "$work/data/puzzlemap.sqlite" "PRAGMA busy_timeout = 10000;" "$1" >/dev/null
  fi
}

# The printed codes, for the scans.
"$bin" codes --format png --out "$work/sheets" >/dev/null 2>&1
"$bin" decode --json "$work"/sheets/*.png | python3 -c 'import sys, json; [print(json.loads(l)["codes"][0]) for l in sys.stdin]' > "$work/codes.txt"
"$bin" serve &
server=$!
for _ in $(seq 1 150); do curl -fs "$url/readyz" >/dev/null && break; sleep 0.2; done

json() { curl -fs -H 'Content-Type: application/json' "$@"; }
json -d '{"email":"loadtester@student.gla.ac.uk","username":"loadtester","password":"a long benchmark passphrase","displayName":"Bench"}' "$url/v1/accounts" >/dev/null
token=$(json -d '{"login":"loadtester","password":"a long benchmark passphrase"}' "$url/v1/sessions" | python3 -c 'import sys, json; print(json.load(sys.stdin)["accessToken"])')
# A morning's play for the benchmark player: a riddle, a scan, a hint, so progress has a ledger to read.
json -H "Authorization: Bearer $token" -d '{"category":"lab"}' "$url/v1/riddles" >/dev/null || true
json -H "Authorization: Bearer $token" -d "{\"code\":\"$(sed -n 5p "$work/codes.txt")\"}" "$url/v1/scans" >/dev/null || true

echo "Seeding $players players with scores ($database)..." >&2
if [ "$database" = postgres ]; then
  sql "INSERT INTO player (email, username, displayName, createdAt, passwordHash, role)
       SELECT 'seed' || i || '@gla.ac.uk', 'seed' || i, 'Seeded ' || i, '2026-11-01', '', 'player' FROM generate_series(1, $players) AS i;
       INSERT INTO score (playerId, xp, lastActiveAt) SELECT id, (random() * 5000)::int, '2026-11-20' FROM player WHERE username LIKE 'seed%';
       INSERT INTO weeklyScore (playerId, weekStart, xp)
       SELECT id, date_trunc('week', now())::date, (random() * 800)::int FROM player WHERE username LIKE 'seed%';
       UPDATE score SET xp = 2500 WHERE playerId = (SELECT id FROM player WHERE username = 'loadtester');"
  # What autovacuum does soon after a bulk insert: statistics, and the visibility map that lets
  # a rank be counted from the index alone.
  sql "VACUUM ANALYZE"
else
  sql "BEGIN;
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $players)
       INSERT INTO player (email, username, displayName, createdAt, passwordHash, role)
       SELECT 'seed' || i || '@gla.ac.uk', 'seed' || i, 'Seeded ' || i, '2026-11-01 00:00:00.000', '', 'player' FROM n;
       INSERT INTO score (playerId, xp, lastActiveAt)
       SELECT id, abs(random()) % 5000, '2026-11-20 00:00:00.000' FROM player WHERE username LIKE 'seed%';
       INSERT INTO weeklyScore (playerId, weekStart, xp)
       SELECT id, strftime('%Y-%m-%d', 'now', 'weekday 0', '-6 days'), abs(random()) % 800 FROM player WHERE username LIKE 'seed%';
       UPDATE score SET xp = 2500 WHERE playerId = (SELECT id FROM player WHERE username = 'loadtester');
       COMMIT;"
fi

run() {
  printf '\n== GET %s\n' "$1"
  wrk -t2 -c"$connections" -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$url$1" | grep -E 'Requests/sec|Latency|50%|99%|Non-2xx|Socket errors'
}
echo "== $database, $players players, wrk -t2 -c$connections -d${seconds}s on the same 2 cores"
run /healthz
run /v1/me/progress
run /v1/map
run "/v1/leaderboard?scope=global&period=all&limit=20"
run "/v1/leaderboard?scope=global&period=week&limit=20"

[ -z "$reads_only" ] || exit 0
printf '\n== POST /v1/sessions: 1 000 sign-ins spread over a minute\n'
python3 Scripts/bench-load.py --url "$url" signins --players 1000 --seconds 60 --tokens "$work/tokens.txt"
printf '\n== POST /v1/scans with typed codes (JSON), 16 at a time for 20 s\n'
python3 Scripts/bench-load.py --url "$url" scans --tokens "$work/tokens.txt" --codes "$work/codes.txt" --seconds 20 --concurrency 16
printf '\n== POST /v1/scans with 12 MP JPEG photos\n'
python3 Scripts/bench-scan.py --url "$url" --codes "$work/codes.txt" --players 40 --scans 5 --concurrency 4
