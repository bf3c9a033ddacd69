#!/usr/bin/env bash
# Load figures for the README: a release `puzzlemap serve` on loopback with the sample campus
# and 100 000 players seeded straight into the database, on SQLite or on PostgreSQL, each with a
# real ledger (20-60 events, scores that add it up), half holding a riddle, a third a freebie.
# Reads are measured with wrk while typed-code scans and hints by the same players are written
# alongside, one for every twenty requests the reading instance answers (or --write-rate a
# second), from up to 64 phones at once (what the service cannot take in time it refuses with
# 503, counted apart): typed-code scans, and every third a move of a player holding a riddle (a hint, or
# after three giving up and asking for another), which always changes what a reader keeps; on
# PostgreSQL through a second `serve` on the same
# database, so what the reading instance keeps is dropped by the other's signals): requests per
# second and latency percentiles per route, as ratios to /healthz (the bare route) in the same
# run; progress with 1, 1 000 and 10 000 players' tokens in turn (with the share answered from
# kept progress), the 10 000 twice (as phones open the app for the first time, then once each
# has opened it), the map,
# boards and the friends list for players at the top, the middle and the bottom. Then a sign-in
# surge (1 000 sign-ins spread over a minute), scans of typed codes as fast as answered, and
# 12 MP photo scans (Scripts/bench-scan.py). Not a test.
#
#   Scripts/bench-load.sh [--database sqlite|postgres] [--players N] [--seconds S] [--connections C] [--write-rate W]
#                         [--one-instance] [--reads-only]
#
# --one-instance sends the writes on PostgreSQL to the reading instance too, as before 2026-11-29.
#
# --database postgres runs under Scripts/with-postgres.sh (a throwaway local server).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
database=sqlite players=100000 seconds=10 connections=32 write_rate="" reads_only="" one_instance=""
args=("$@")
while [ $# -gt 0 ]; do
  case "$1" in
    --database) database="$2"; shift 2 ;;
    --players) players="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --write-rate) write_rate="$2"; shift 2 ;;
    --reads-only) reads_only=1; shift ;;
    --one-instance) one_instance=1; shift ;;
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
server="" writer_server=""
# The services' logs are kept beside the temporary directory for a look afterwards.
trap 'for pid in $server $writer_server; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
      cp "$work/serve.log" "${TMPDIR:-/tmp}/puzzlemap-bench-load-serve.log" 2>/dev/null || true
      cp "$work/serve-writer.log" "${TMPDIR:-/tmp}/puzzlemap-bench-load-serve-writer.log" 2>/dev/null || true; rm -rf "$work"' EXIT

# Keys of the benchmark's own, so it can open seeded players' sessions without signing in.
PUZZLEMAP_TAG_KEY="$(head -c 32 /dev/urandom | base64)" PUZZLEMAP_TOKEN_KEY="$(head -c 32 /dev/urandom | base64)"
export PUZZLEMAP_TAG_KEY PUZZLEMAP_TOKEN_KEY
# At `info`, as in production: the request log is part of a request's cost.
export PUZZLEMAP_DATA_DIR="$work/data" PUZZLEMAP_PORT="$port" PUZZLEMAP_PUBLIC_URL="$url" PUZZLEMAP_LOG_LEVEL=info
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
sql_file() {
  if [ "$database" = postgres ]; then
    psql -q -v ON_ERROR_STOP=1 "$PUZZLEMAP_TEST_POSTGRES_URL" -c "SET search_path TO bench" -f "$1"
  else
    sqlite3 -cmd ".timeout 10000" "$work/data/puzzlemap.sqlite" < "$1"
  fi
}
# One value per line, no headers.
values() {
  if [ "$database" = postgres ]; then
    psql -qAt -v ON_ERROR_STOP=1 "$PUZZLEMAP_TEST_POSTGRES_URL" -c "SET search_path TO bench" -c "$1"
  else
    sqlite3 -cmd ".timeout 10000" "$work/data/puzzlemap.sqlite" "$1"
  fi
}

# The printed codes, for the scans.
"$bin" codes --format png --out "$work/sheets" >/dev/null 2>&1
"$bin" decode --json "$work"/sheets/*.png | python3 -c 'import sys, json; [print(json.loads(l)["codes"][0]) for l in sys.stdin]' > "$work/codes.txt"
"$bin" serve > "$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 150); do curl -fs "$url/readyz" >/dev/null && break; sleep 0.2; done
# The writes alongside go to a second instance on the same PostgreSQL (its own port, the same
# keys and database), as behind a proxy; on SQLite, to the one instance.
writer_url="$url"
if [ "$database" = postgres ] && [ -z "$one_instance" ]; then
  writer_url="http://127.0.0.1:$((port + 1))"
  PUZZLEMAP_PORT=$((port + 1)) PUZZLEMAP_DATA_DIR="$work/data-writer" "$bin" serve > "$work/serve-writer.log" 2>&1 &
  writer_server=$!
  for _ in $(seq 1 150); do curl -fs "$writer_url/readyz" >/dev/null && break; sleep 0.2; done
fi

json() { curl -fs -H 'Content-Type: application/json' "$@"; }
json -d '{"email":"loadtester@student.gla.ac.uk","username":"loadtester","password":"a long benchmark passphrase","displayName":"Bench"}' "$url/v1/accounts" >/dev/null
token=$(json -d '{"login":"loadtester","password":"a long benchmark passphrase"}' "$url/v1/sessions" | python3 -c 'import sys, json; print(json.load(sys.stdin)["accessToken"])')

echo "Seeding $players players with ledgers, riddles held, freebies and scores ($database)..." >&2
if [ "$database" = postgres ]; then
  # Triggers (the play version, the score tallies, foreign keys) are skipped for the bulk load: every
  # version starts at 0, and the tallies are counted afresh from the scores, as the migration does.
  sql "SET session_replication_role = replica;
       INSERT INTO player (email, username, displayName, createdAt, passwordHash, role, emailVerifiedAt)
       SELECT 'seed' || i || '@gla.ac.uk', 'seed' || i, 'Seeded ' || i, '2026-11-01', '', 'player', '2026-11-01' FROM generate_series(1, $players) AS i;
       CREATE TEMP TABLE seedRiddle AS
         SELECT row_number() OVER (ORDER BY riddle.id) - 1 AS k, riddle.id, riddle.checkpointId, checkpoint.category
         FROM riddle JOIN checkpoint ON checkpoint.id = riddle.checkpointId WHERE riddle.retiredAt IS NULL AND checkpoint.retiredAt IS NULL;
       INSERT INTO gameEvent (playerId, kind, checkpointId, riddleId, xp, occurredAt)
       SELECT p.id, CASE WHEN (p.id + s.i) % 3 = 0 THEN 'explored' ELSE 'solved' END, r.checkpointId,
              CASE WHEN (p.id + s.i) % 3 = 0 THEN NULL ELSE r.id END, CASE WHEN (p.id + s.i) % 3 = 0 THEN 10 ELSE 100 END,
              now() - make_interval(hours => ((p.id * 7 + s.i * 13) % 600)::int)
       FROM player p JOIN generate_series(1, 60) AS s(i) ON s.i <= 20 + p.id % 41
       JOIN seedRiddle r ON r.k = (p.id * 31 + s.i * 17) % (SELECT COUNT(*) FROM seedRiddle)
       WHERE p.username LIKE 'seed%';
       INSERT INTO riddleAttempt (playerId, riddleId, checkpointId, category, hintsUsed, startedAt)
       SELECT p.id, r.id, r.checkpointId, r.category, p.id % 3, now() - interval '2 hours'
       FROM player p JOIN seedRiddle r ON r.k = (p.id * 11) % (SELECT COUNT(*) FROM seedRiddle)
       WHERE p.username LIKE 'seed%' AND p.id % 2 = 0;
       INSERT INTO voucher (offerId, playerId, unlockedBy, issuedAt, expiresAt)
       SELECT (SELECT offerId FROM offerStock ORDER BY offerId LIMIT 1), p.id, (SELECT MIN(id) FROM gameEvent WHERE playerId = p.id),
              now() - interval '1 day', now() + interval '7 days'
       FROM player p WHERE p.username LIKE 'seed%' AND p.id % 3 = 0;
       INSERT INTO score (playerId, xp, lastActiveAt)
       SELECT playerId, SUM(xp), MAX(occurredAt) FROM gameEvent WHERE playerId IN (SELECT id FROM player WHERE username LIKE 'seed%') GROUP BY playerId;
       INSERT INTO weeklyScore (playerId, weekStart, xp)
       SELECT playerId, date_trunc('week', now())::date, SUM(xp) FROM gameEvent
       WHERE occurredAt >= date_trunc('week', now()) AND playerId IN (SELECT id FROM player WHERE username LIKE 'seed%') GROUP BY playerId;
       DELETE FROM scoreTally;
       INSERT INTO scoreTally (xp, players) SELECT xp, COUNT(*) FROM score GROUP BY xp;
       DELETE FROM weeklyScoreTally;
       INSERT INTO weeklyScoreTally (weekStart, xp, players) SELECT weekStart, xp, COUNT(*) FROM weeklyScore GROUP BY weekStart, xp;"
  # What autovacuum does soon after a bulk insert: statistics, and the visibility map that lets
  # a rank be counted from the index alone.
  sql "VACUUM ANALYZE"
  far="'2030-01-01T00:00:00Z'" now_sql="now()" conflict="ON CONFLICT DO NOTHING" least="LEAST" greatest="GREATEST"
else
  sql "BEGIN;
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $players)
       INSERT INTO player (email, username, displayName, createdAt, passwordHash, role, emailVerifiedAt)
       SELECT 'seed' || i || '@gla.ac.uk', 'seed' || i, 'Seeded ' || i, '2026-11-01 00:00:00.000', '', 'player', '2026-11-01 00:00:00.000' FROM n;
       CREATE TEMP TABLE seedRiddle AS
         SELECT row_number() OVER (ORDER BY riddle.id) - 1 AS k, riddle.id, riddle.checkpointId, checkpoint.category
         FROM riddle JOIN checkpoint ON checkpoint.id = riddle.checkpointId WHERE riddle.retiredAt IS NULL AND checkpoint.retiredAt IS NULL;
       CREATE TEMP TABLE step AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60) SELECT i FROM n;
       INSERT INTO gameEvent (playerId, kind, checkpointId, riddleId, xp, occurredAt)
       SELECT p.id, CASE WHEN (p.id + s.i) % 3 = 0 THEN 'explored' ELSE 'solved' END, r.checkpointId,
              CASE WHEN (p.id + s.i) % 3 = 0 THEN NULL ELSE r.id END, CASE WHEN (p.id + s.i) % 3 = 0 THEN 10 ELSE 100 END,
              strftime('%Y-%m-%d %H:%M:%f', 'now', '-' || ((p.id * 7 + s.i * 13) % 600) || ' hours')
       FROM player p JOIN step s ON s.i <= 20 + p.id % 41
       JOIN seedRiddle r ON r.k = (p.id * 31 + s.i * 17) % (SELECT COUNT(*) FROM seedRiddle)
       WHERE p.username LIKE 'seed%';
       INSERT INTO riddleAttempt (playerId, riddleId, checkpointId, category, hintsUsed, startedAt)
       SELECT p.id, r.id, r.checkpointId, r.category, p.id % 3, strftime('%Y-%m-%d %H:%M:%f', 'now', '-2 hours')
       FROM player p JOIN seedRiddle r ON r.k = (p.id * 11) % (SELECT COUNT(*) FROM seedRiddle)
       WHERE p.username LIKE 'seed%' AND p.id % 2 = 0;
       INSERT INTO voucher (offerId, playerId, unlockedBy, issuedAt, expiresAt)
       SELECT (SELECT offerId FROM offerStock ORDER BY offerId LIMIT 1), p.id, (SELECT MIN(id) FROM gameEvent WHERE playerId = p.id),
              strftime('%Y-%m-%d %H:%M:%f', 'now', '-1 day'), strftime('%Y-%m-%d %H:%M:%f', 'now', '+7 days')
       FROM player p WHERE p.username LIKE 'seed%' AND p.id % 3 = 0;
       INSERT INTO score (playerId, xp, lastActiveAt)
       SELECT playerId, SUM(xp), MAX(occurredAt) FROM gameEvent WHERE playerId IN (SELECT id FROM player WHERE username LIKE 'seed%') GROUP BY playerId;
       INSERT INTO weeklyScore (playerId, weekStart, xp)
       SELECT playerId, strftime('%Y-%m-%d', 'now', 'weekday 0', '-6 days'), SUM(xp) FROM gameEvent
       WHERE occurredAt >= strftime('%Y-%m-%d', 'now', 'weekday 0', '-6 days')
         AND playerId IN (SELECT id FROM player WHERE username LIKE 'seed%') GROUP BY playerId;
       COMMIT;"
  far="'2030-01-01 00:00:00.000'" now_sql="strftime('%Y-%m-%d %H:%M:%f', 'now')" conflict="ON CONFLICT DO NOTHING" least="MIN" greatest="MAX"
fi
# Every seeded player has taken the quiz (the bench's own player's answers, taken through the API),
# so that a player who gives up a riddle among the writes alongside may ask for another.
python3 -c 'import json, sys; print(json.dumps({"answers": {q["id"]: "agree" for q in json.load(sys.stdin)["questions"]}}))' \
  < <(curl -fs "$url/v1/quiz") | curl -fs -X PUT -H 'Content-Type: application/json' -H "Authorization: Bearer $token" -d @- "$url/v1/me/quiz" >/dev/null
sql "INSERT INTO quizResult (playerId, answers, profile, takenAt)
     SELECT p.id, q.answers, q.profile, q.takenAt FROM player p, quizResult q
     WHERE p.username LIKE 'seed%' AND q.playerId = (SELECT id FROM player WHERE username = 'loadtester')"
values "SELECT COUNT(*) || ' events, ' || (SELECT COUNT(*) FROM riddleAttempt) || ' riddles held, ' || (SELECT COUNT(*) FROM voucher) || ' freebies' FROM gameEvent" >&2

# Players at the top, the middle and the bottom of the all-time board, each with 20 friends;
# sessions for them and for 10 000 seeded players, opened in the database with the benchmark's key.
ranked=()
for offset in 0 $((players / 2)) $((players - 1)); do
  ranked+=("$(values "SELECT p.username FROM score s JOIN player p ON p.id = s.playerId WHERE p.username LIKE 'seed%' ORDER BY s.xp DESC, s.playerId LIMIT 1 OFFSET $offset")")
done
for name in "${ranked[@]}"; do
  sql "INSERT INTO friendship (playerA, playerB, since)
       SELECT $least(x.id, f.id), $greatest(x.id, f.id), $now_sql FROM player x JOIN player f ON f.id <> x.id
       WHERE x.username = '$name' AND f.username IN ($(seq -s, -f "'seed%g'" 1 4999 $((20 * 4999))))
       $conflict"
done
printf '%s\n' "${ranked[@]}" > "$work/ranked-names.txt"
seq -f 'seed%g' 1 $((players < 10000 ? players : 10000)) > "$work/seeded-names.txt"
python3 Scripts/bench-load.py --url "$url" sessions --players "$work/ranked-names.txt" --far "$far" --sql "$work/ranked.sql" --tokens "$work/ranked-tokens.txt"
python3 Scripts/bench-load.py --url "$url" sessions --players "$work/seeded-names.txt" --far "$far" --sql "$work/seeded.sql" --tokens "$work/seeded-tokens.txt"
sql_file "$work/ranked.sql"
sql_file "$work/seeded.sql"
mapfile -t rank_tokens < "$work/ranked-tokens.txt"
# The riddles the 10 000 hold (half of them hold one), played among the writes alongside.
values "SELECT p.username || ' ' || a.id || ' ' || a.category FROM riddleAttempt a JOIN player p ON p.id = a.playerId
        WHERE a.closedAt IS NULL AND p.username LIKE 'seed%' AND p.id <= (SELECT MAX(id) FROM player WHERE username = 'seed$((players < 10000 ? players : 10000))')" > "$work/held.txt"
head -1 "$work/seeded-tokens.txt" > "$work/tokens-1.txt"
head -1000 "$work/seeded-tokens.txt" > "$work/tokens-1000.txt"
cp "$work/seeded-tokens.txt" "$work/tokens-10000.txt"

# wrk sends each request with the next token of a file (the file and the path after --).
cat > "$work/tokens.lua" <<'LUA'
local tokens, count, next_index, path = {}, 0, 0, "/"
function init(args)
  for line in io.lines(args[1]) do count = count + 1; tokens[count] = line end
  path = args[2]
  next_index = math.random(count)
end
function request()
  next_index = next_index % count + 1
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. tokens[next_index] })
end
LUA

bare=""
run() {  # run NAME PATH [TOKENS-FILE]
  local out written refused timed
  read -r written refused <<<"$(writes)"
  timed=$(timing "$url" reads "${2%%\?*}")
  if [ -n "${3:-}" ]; then
    out=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$work/tokens.lua" "$url" -- "$3" "$2")
  else
    out=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency "$url$2")
  fi
  local rate p50 p99 errors
  local now_written now_refused
  read -r now_written now_refused <<<"$(writes)"
  written=$((now_written - written)) refused=$((now_refused - refused))
  timed=$(inside "$timed" "$(timing "$url" reads "${2%%\?*}")")
  rate=$(awk '/Requests\/sec/ { print $2 }' <<<"$out")
  p50=$(awk '$1 == "50%" { print $2 }' <<<"$out")
  p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
  errors=$(grep -E 'Non-2xx|Socket errors' <<<"$out" | tr -s ' ' | tr '\n' ';' || true)
  [ -n "$bare" ] || bare="$rate"
  printf '| %s | %.0f | %s / %s | %s | %s | %s | %s\n' "$1" "$rate" "$p50" "$p99" "$timed" "$(awk -v r="$rate" -v b="$bare" 'BEGIN { printf "%.3f", r / b }')" \
    "$(awk -v w="$written" -v x="$refused" -v r="$rate" -v s="$seconds" 'BEGIN { printf "%.0f/s, 1 in %.0f", w / s, (r * s + (w > 0 ? w : 0)) / (w > 0 ? w : 1); if (x > 0) printf " (%.0f/s more refused 503)", x / s }')" "$errors"
}
# An instance's own timing (its request histogram, from the router to the answer), to tell the
# time a request spends inside the service from the time it waits for a core or a socket around
# it: the reads of one route, or every write (every method but GET, every route), summed bucket
# by bucket into "bucket count" lines.
timing() {  # timing URL reads ROUTE | timing URL writes
  curl -fs "$1/metrics" | awk -v kind="$2" -v route="${3:-}" '$1 ~ /^puzzlemap_http_request_duration_seconds_bucket[{]/ &&
    (kind == "writes" ? !index($1, "method=\"GET\"") : index($1, "method=\"GET\"") && index($1, "route=\"" route "\"")) {
    match($1, /le="[^"]*"/); le = substr($1, RSTART + 4, RLENGTH - 5); if (!(le in count)) order[++n] = le; count[le] += $2 }
    END { for (i = 1; i <= n; i++) print order[i], count[order[i]] }'
}
# The first bucket that holds 50 % and 99 % of the requests between two timings, in ms.
inside() {  # inside BEFORE AFTER
  awk 'NR == FNR { before[$1] = $2; next } $1 != "" { le[++n] = $1; count[n] = $2 - before[$1]; if ($1 == "+Inf") total = count[n] }
    function first(share,  i) { for (i = 1; i <= n; i++) if (le[i] != "+Inf" && count[i] >= share * total) return "≤" le[i] * 1000; return ">" le[n - 1] * 1000 }
    END { if (total > 0) printf "%s / %s", first(0.5), first(0.99); else printf "-" }' <(echo "$1") <(echo "$2")
}
# The writes the writing instance has answered (every method but GET), and of the rest those it
# refused as more than the database could take in time (503).
writes() {
  curl -fs "$writer_url/metrics" | awk '/^puzzlemap_http_requests_total\{/ && !/method="GET"/ { if (/status="503"/) x += $2; else n += $2 } END { printf "%d %d\n", n, x }'
}
cache() {
  curl -fs "$url/metrics" | awk '/^puzzlemap_play_cache_requests\{answer="kept"\}/ { kept = $2 } /^puzzlemap_play_cache_requests\{answer="read"\}/ { read = $2 } END { print kept + 0, read + 0 }'
}
sessions() {
  curl -fs "$url/metrics" | awk '/^puzzlemap_session_lookups\{answer="kept"\}/ { kept = $2 } /^puzzlemap_session_lookups\{answer="read"\}/ { read = $2 } END { print kept + 0, read + 0 }'
}
# The answers of a route sent from kept bytes and those encoded afresh, as for cache().
bytes_kept() {  # bytes_kept ROUTE
  curl -fs "$url/metrics" | awk -v route="$1" '$1 ~ "^puzzlemap_kept_answers\\{" && $1 ~ "route=\"" route "\"" { if ($1 ~ /answer="kept"/) kept = $2; else encoded = $2 } END { print kept + 0, encoded + 0 }'
}
hit_rate() {  # hit_rate BEFORE AFTER
  local kept read
  kept=$(( ${2% *} - ${1% *} )) read=$(( ${2#* } - ${1#* } ))
  printf '|   %s: %s of %s (%s %%)\n' "${3:-answered from kept progress}" "$kept" $((kept + read)) "$(awk -v k="$kept" -v r="$read" 'BEGIN { printf "%.0f", 100 * k / (k + r + 0.0001) }')"
}

runs=30
if [ -n "$write_rate" ]; then pace=(--rate "$write_rate") shown="about $write_rate a second"
else pace=(--follow "$url" --share 20) shown="one for every 20 requests $url answers"; fi
printf '\n== Writes alongside: %s, from the 10 000 players (typed-code scans; every third a move on a held riddle: a hint, or giving up and asking again), to %s\n' "$shown" "$writer_url"
writes_timed=$(timing "$writer_url" writes)
python3 Scripts/bench-load.py --url "$writer_url" scans --tokens "$work/seeded-tokens.txt" --codes "$work/codes.txt" \
  --held "$work/held.txt" --players "$work/seeded-names.txt" \
  --seconds $((runs * (seconds + 2))) --concurrency 64 "${pace[@]}" > "$work/writes.txt" &
writer=$!
sleep 1
echo "== $database, $players players, wrk -t2 -c$connections -d${seconds}s on the same 2 cores, writes alongside"
echo "| route | requests/s | p50 / p99 | inside the service, p50 / p99 (ms, its histogram's bucket) | ratio to the bare route | writes alongside |"
run 'GET /healthz (the bare route)' /healthz
progress() {  # progress COUNT LABEL
  local before before_bytes before_sessions
  before=$(cache) before_bytes=$(bytes_kept progress) before_sessions=$(sessions)
  run "GET /v1/me/progress, $1 players' tokens$2" /v1/me/progress "$work/tokens-$1.txt"
  hit_rate "$before" "$(cache)"
  hit_rate "$before_bytes" "$(bytes_kept progress)" "answered from kept bytes"
  hit_rate "$before_sessions" "$(sessions)" "sessions found kept (those of the writes included)"
}
progress 1 ""
progress 1000 ""
# 10 000 phones: first as they open the app for the first time in the run, then once every
# one of them has opened it (progress and the map) before, as through a day of the hunt.
progress 10000 " (first opens)"
python3 Scripts/bench-load.py --url "$url" opens --tokens "$work/tokens-10000.txt" /v1/me/progress /v1/map | sed 's/^/|   /'
progress 10000 " (every phone opened before)"
before_bytes=$(bytes_kept map)
run "GET /v1/map, 10000 players' tokens (every phone opened before)" /v1/map "$work/tokens-10000.txt"
hit_rate "$before_bytes" "$(bytes_kept map)" "answered from kept bytes"
positions=(top middle bottom)
for index in 0 1 2; do
  echo "${rank_tokens[$index]}" > "$work/rank-token.txt"
  run "GET /v1/leaderboard (all time), the player at the ${positions[$index]}" "/v1/leaderboard?scope=global&period=all&limit=20" "$work/rank-token.txt"
  run "GET /v1/leaderboard?period=week, the player at the ${positions[$index]}" "/v1/leaderboard?scope=global&period=week&limit=20" "$work/rank-token.txt"
  run "GET /v1/leaderboard?scope=friends, the player at the ${positions[$index]}" "/v1/leaderboard?scope=friends&period=all&limit=20" "$work/rank-token.txt"
  run "GET /v1/friends (20 friends), the player at the ${positions[$index]}" "/v1/friends" "$work/rank-token.txt"
done
run 'GET /healthz (the bare route, again)' /healthz
kill -TERM "$writer" 2>/dev/null || true
wait "$writer" || true
cat "$work/writes.txt"
echo "the writes inside the writing instance, p50 / p99 (ms, its histogram's bucket): $(inside "$writes_timed" "$(timing "$writer_url" writes)")"
curl -fs "$url/metrics" | grep -E '^puzzlemap_(kept_answer_bytes|kept_answers|play_cache_players|play_cache_reads|scan_standings|reads_ahead|sessions_kept|session_lookups|friend_circles_kept|friend_circle_lookups|board_part_lookups|board_parts_kept)' || true

[ -z "$reads_only" ] || exit 0
printf '\n== POST /v1/sessions: 1 000 sign-ins spread over a minute\n'
python3 Scripts/bench-load.py --url "$url" signins --players 1000 --seconds 60 --tokens "$work/tokens.txt"
printf '\n== POST /v1/scans with typed codes (JSON), 16 at a time for 20 s\n'
python3 Scripts/bench-load.py --url "$url" scans --tokens "$work/tokens.txt" --codes "$work/codes.txt" --seconds 20 --concurrency 16
printf '\n== POST /v1/scans with 12 MP JPEG photos\n'
python3 Scripts/bench-scan.py --url "$url" --codes "$work/codes.txt" --players 40 --scans 5 --concurrency 4
