#!/usr/bin/env bash
# Contract fuzzing: schemathesis against a live `puzzlemap serve` (sample campus, a fresh data
# folder, loopback), reading the served /openapi.yaml and signed in as a player (as an organiser
# for /v1/admin routes). Fails on any 5xx,
# any answer the document does not describe (status, content type, headers, body schema), any
# error that is not application/problem+json with code, detail and hint, any route that works
# without a token, and any schema-invalid input the service accepts.
#
#   Scripts/fuzz-api.sh [--bounded|--long] [--schema PATH]
#
# --bounded (the default, part of `make test`): 50 examples an operation, about 11 000 requests
# and two minutes on two cores (80 made 15 500 and took four and a quarter, too much of make
# test's twenty).
# --long (`make fuzz-api`): about 25 000 requests, eight minutes. --schema tests a document on
# disk instead of the served one (to try a change to openapi.yaml without a rebuild). FUZZ_SEED
# fixes the seed (a failing run prints its own); the reports (NDJSON of every request, JUnit)
# stay in FUZZ_REPORT_DIR (default .build/fuzz-api).
# Players, realistic codes and photos, and our own check come from Scripts/fuzz_api_hooks.py.
#
# PUZZLEMAP_BIN picks the binary (default .build/debug/puzzlemap); schemathesis is pinned in
# Scripts/requirements-test.txt (Scripts/install-deps.sh installs it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

examples=50
schema=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bounded) examples=50; shift ;;
    --long) examples=600; shift ;;
    --schema) schema="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
bin="${PUZZLEMAP_BIN:-.build/debug/puzzlemap}"
[ -x "$bin" ] || { echo "fuzz-api: no binary at $bin (swift build, or set PUZZLEMAP_BIN)" >&2; exit 2; }
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
command -v schemathesis >/dev/null || { echo "fuzz-api: schemathesis is missing (Scripts/install-deps.sh)" >&2; exit 2; }
report="${FUZZ_REPORT_DIR:-$root/.build/fuzz-api}"
mkdir -p "$report" && rm -f "$report/events.ndjson" "$report/junit.xml" "$report/server.log"

work="$(mktemp -d)"
server=""
trap 'if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
url="http://127.0.0.1:$port"

# The printed codes, and what they say, so scans can carry real ones.
"$bin" codes --format png --campus Campus --riddles Riddles --data-dir "$work/data" --public-url "$url" --out "$work/sheets" \
  > "$work/codes.log" 2>&1 || { cat "$work/codes.log" >&2; exit 1; }
"$bin" decode --json "$work"/sheets/*.png | python3 -c 'import sys, json; [print(c) for l in sys.stdin for c in json.loads(l)["codes"]]' > "$work/codes.txt"

PUZZLEMAP_LIVE_STREAM_SECONDS=1 PUZZLEMAP_LOG_LEVEL=warning PUZZLEMAP_PORT="$port" PUZZLEMAP_DATA_DIR="$work/data" PUZZLEMAP_PUBLIC_URL="$url" \
  PUZZLEMAP_CAMPUS_DIR=Campus PUZZLEMAP_RIDDLES_DIR=Riddles PUZZLEMAP_EMAIL_DOMAINS=student.gla.ac.uk,gla.ac.uk \
  "$bin" serve > "$report/server.log" 2>&1 &
server=$!
for _ in $(seq 1 150); do curl -fs "$url/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$url/readyz" >/dev/null || { echo "fuzz-api: the service did not become ready" >&2; cat "$report/server.log" >&2; exit 1; }

# Checks, and why the others are left out:
#   positive_data_acceptance: schema-valid bodies are refused by rules a schema cannot say
#     (university email domains, weak passwords, unknown quiz questions), by design, with 422.
#   unsupported_method, allow_header_conformance: Hummingbird's router answers a method a path
#     does not take with 404 not_found, not 405 with Allow; the problem_details check still
#     holds those answers to the problem+json form.
#   missing_required_header: the only required header is Authorization, which ignored_auth covers.
#   max_response_time: a debug build on a shared machine; speed is the benchmarks' business.
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance
checks+=,response_schema_conformance,negative_data_rejection,ignored_auth,use_after_free
checks+=,ensure_resource_availability,problem_details

start=$(date +%s)
status=0
# From the temp folder, so schemathesis' crash cache (.schemathesis/) does not land in the repository.
# One worker: with two, Hypothesis describing its filters in two threads at once parses source
# with CPython 3.11's `ast` concurrently, which fails now and then ("AST constructor recursion
# depth mismatch", a runtime error of the fuzzer, not an answer of the service).
cd "$work"
FUZZ_API_URL="$url" FUZZ_BIN="$bin" FUZZ_DATA_DIR="$work/data" FUZZ_CAMPUS="$root/Campus" FUZZ_RIDDLES="$root/Riddles" FUZZ_CODES="$work/codes.txt" FUZZ_SHEETS="$work/sheets" \
  SCHEMATHESIS_HOOKS="$root/Scripts/fuzz_api_hooks.py" \
  schemathesis run "${schema:-$url/openapi.yaml}" --url "$url" \
    --checks "$checks" --max-examples "$examples" --workers 1 ${FUZZ_SEED:+--seed "$FUZZ_SEED"} \
    --generation-database none --suppress-health-check all --request-timeout 30 --no-color \
    --report junit,ndjson --report-junit-path "$report/junit.xml" --report-ndjson-path "$report/events.ndjson" || status=$?
seconds=$(( $(date +%s) - start ))

# Every request schemathesis made is an interaction in the NDJSON report.
python3 - "$report/events.ndjson" "$seconds" "$status" <<'PY'
import json, os, sys
requests, statuses = 0, {}
for line in open(sys.argv[1]) if os.path.exists(sys.argv[1]) else []:
    event = json.loads(line)
    for interaction in event.get("ScenarioFinished", {}).get("recorder", {}).get("interactions", {}).values():
        requests += 1
        code = (interaction.get("response") or {}).get("status_code")
        key = f"{code // 100}xx" if code else "no answer"
        statuses[key] = statuses.get(key, 0) + 1
spread = ", ".join(f"{count} {key}" for key, count in sorted(statuses.items()))
print(f"fuzz-api: {requests} requests in {sys.argv[2]} s ({spread}); {'passed' if sys.argv[3] == '0' else 'FAILED'}")
PY
if ! kill -0 "$server" 2>/dev/null; then
  echo "fuzz-api: the server died during the run, see $report/server.log" >&2
  status=1
elif grep -q "Unhandled error" "$report/server.log"; then
  echo "fuzz-api: the server logged unhandled errors, see $report/server.log" >&2
  status=1
fi
exit "$status"
