#!/usr/bin/env bash
# Scan benchmark: a release build of `puzzlemap serve` on loopback with the sample campus, and
# 12 MP JPEG scans sent by Scripts/bench-scan.py. Prints scans per second and latency; not a test.
#
#   Scripts/bench-scan.sh [--players N] [--scans N] [--concurrency N]
#   Scripts/bench-scan.sh --overload --players 700 --concurrency 2 [--seconds 10]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python3 -c "import numpy, PIL, segno" 2>/dev/null || python3 -m pip install --quiet numpy Pillow segno
swift build -c release --static-swift-stdlib --product puzzlemap >&2
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/puzzlemap"
work="$(mktemp -d)"
port="${PORT:-18081}"
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

"$bin" codes --format png --data-dir "$work/data" --public-url "http://127.0.0.1:$port" --out "$work/sheets" >/dev/null 2>&1
"$bin" decode --json "$work"/sheets/*.png | python3 -c 'import sys, json; [print(json.loads(l)["codes"][0]) for l in sys.stdin]' > "$work/codes.txt"
# The driver signs each player in from an address of its own, through the "proxy" on loopback.
PUZZLEMAP_LOG_LEVEL=warning PUZZLEMAP_TRUSTED_PROXIES=127.0.0.1 "$bin" serve --data-dir "$work/data" --port "$port" \
  --public-url "http://127.0.0.1:$port" &
server=$!
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
python3 Scripts/bench-scan.py --url "http://127.0.0.1:$port" --codes "$work/codes.txt" --pid "$server" "$@"
