#!/usr/bin/env bash
# Read-path load: a release `puzzlemap serve` on loopback with the sample campus and 100 000
# players (seeded straight into SQLite), measured with wrk. Prints requests per second and
# latency percentiles per route; not a test.
#
#   Scripts/bench-api.sh [--players N] [--seconds S] [--connections C]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
players=100000 seconds=10 connections=32
while [ $# -gt 0 ]; do
  case "$1" in
    --players) players="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
swift build -c release --product puzzlemap >&2
bin="$(swift build -c release --show-bin-path)/puzzlemap"
work="$(mktemp -d)"
port="${PORT:-18082}"
url="http://127.0.0.1:$port"
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

PUZZLEMAP_LOG_LEVEL=warning "$bin" serve --data-dir "$work/data" --port "$port" &
server=$!
for _ in $(seq 1 100); do curl -fs "$url/readyz" >/dev/null && break; sleep 0.2; done

json() { curl -fs -H 'Content-Type: application/json' "$@"; }
json -d '{"email":"loadtester@student.gla.ac.uk","username":"loadtester","password":"a long benchmark passphrase","displayName":"Bench"}' "$url/v1/accounts" >/dev/null
token=$(json -d '{"login":"loadtester","password":"a long benchmark passphrase"}' "$url/v1/sessions" | python3 -c 'import sys, json; print(json.load(sys.stdin)["accessToken"])')

echo "Seeding $players players with scores..." >&2
sqlite3 "$work/data/puzzlemap.sqlite" <<SQL
PRAGMA busy_timeout = 10000;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $players)
INSERT INTO player (email, username, displayName, createdAt, passwordHash, role)
SELECT 'seed' || i || '@gla.ac.uk', 'seed' || i, 'Seeded ' || i, '2026-11-01 00:00:00.000', '', 'player' FROM n;
INSERT INTO score (playerId, xp, lastActiveAt)
SELECT id, abs(random()) % 5000, '2026-11-20 00:00:00.000' FROM player WHERE username LIKE 'seed%';
INSERT INTO weeklyScore (playerId, weekStart, xp)
SELECT id, strftime('%Y-%m-%d', 'now', 'weekday 0', '-6 days'), abs(random()) % 800 FROM player WHERE username LIKE 'seed%';
COMMIT;
SQL
# The benchmark player stands in the middle of the board.
sqlite3 "$work/data/puzzlemap.sqlite" "PRAGMA busy_timeout = 10000; INSERT INTO score (playerId, xp, lastActiveAt) SELECT id, 2500, '2026-11-20 00:00:00.000' FROM player WHERE username = 'loadtester';"

run() {
  printf '\n== %s\n' "$1"
  wrk -t2 -c"$connections" -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$url$1" | grep -E 'Requests/sec|Latency|50%|90%|99%|Non-2xx|Socket errors'
}
run /healthz
run /v1/me/progress
run /v1/map
run "/v1/leaderboard?scope=global&period=all&limit=20"
run "/v1/leaderboard?scope=global&period=week&limit=20"
