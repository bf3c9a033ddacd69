#!/usr/bin/env bash
# The web app in a real browser: Tests/Browser/journey.py drives Debian's headless Chromium at a
# phone's viewport through a live `puzzlemap serve` (sample campus, a fresh data folder, loopback),
# by visible labels, from a sticker's link to a scored checkpoint, and checks every page with
# axe-core. Mail goes to a capture command that keeps each message as a file, so the journey can
# read its verification code.
#
#   Scripts/browser-tests.sh [--keep-going]
#
# --keep-going runs the journey's later steps after one fails, to see every failure at once.
# Screenshots of every page (NN-step.png), the axe results and the server's log stay in
# BROWSER_REPORT_DIR (default .build/browser). PUZZLEMAP_BIN picks the binary (default
# .build/debug/puzzlemap). Chromium, chromedriver, selenium and axe-selenium-python come from
# Scripts/install-deps.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bin="${PUZZLEMAP_BIN:-.build/debug/puzzlemap}"
[ -x "$bin" ] || { echo "browser-tests: no binary at $bin (swift build, or set PUZZLEMAP_BIN)" >&2; exit 2; }
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
for tool in /usr/bin/chromium /usr/bin/chromedriver; do
  [ -x "$tool" ] || { echo "browser-tests: $tool is missing (Scripts/install-deps.sh)" >&2; exit 2; }
done
python3 -c "import selenium, axe_selenium_python" 2>/dev/null \
  || { echo "browser-tests: selenium or axe-selenium-python is missing (Scripts/install-deps.sh)" >&2; exit 2; }
report="${BROWSER_REPORT_DIR:-$root/.build/browser}"
mkdir -p "$report" && rm -f "$report"/*.png "$report/axe.json" "$report/server.log"

work="$(mktemp -d)"
server=""
trap 'if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
url="http://127.0.0.1:$port"

# Each mail, read from standard input, becomes one file; written aside and renamed, so the
# journey never reads half a message.
mkdir -p "$work/mail"
cat > "$work/capture-mail.sh" <<'SH'
#!/bin/sh
set -e
name="$(date +%s%N)-$$"
cat > "$MAIL_DIR/.$name.tmp"
mv "$MAIL_DIR/.$name.tmp" "$MAIL_DIR/$name.eml"
SH
chmod +x "$work/capture-mail.sh"

# Every checkpoint's printed code, signed with the key the service will use (same data folder):
# the journey opens their links as a phone's camera would and uploads them as photos.
"$bin" codes --format png --campus Campus --riddles Riddles --data-dir "$work/data" --public-url "$url" --out "$work/codes" \
  > "$work/codes.log" 2>&1 || { cat "$work/codes.log" >&2; exit 1; }

PUZZLEMAP_LOG_LEVEL=warning PUZZLEMAP_PORT="$port" PUZZLEMAP_DATA_DIR="$work/data" PUZZLEMAP_PUBLIC_URL="$url" \
  PUZZLEMAP_CAMPUS_DIR=Campus PUZZLEMAP_RIDDLES_DIR=Riddles PUZZLEMAP_EMAIL_DOMAINS=student.gla.ac.uk,gla.ac.uk \
  PUZZLEMAP_SENDMAIL="MAIL_DIR='$work/mail' '$work/capture-mail.sh'" \
  "$bin" serve > "$report/server.log" 2>&1 &
server=$!
for _ in $(seq 1 150); do curl -fs "$url/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$url/readyz" >/dev/null || { echo "browser-tests: the service did not become ready" >&2; cat "$report/server.log" >&2; exit 1; }

status=0
python3 Tests/Browser/journey.py --base "$url" --mail-dir "$work/mail" --screenshots "$report" \
  --codes "$work/codes" --puzzlemap "$bin" --data-dir "$work/data" --campus Campus --riddles Riddles "$@" || status=$?

if ! kill -0 "$server" 2>/dev/null; then
  echo "browser-tests: the server died during the run, see $report/server.log" >&2
  status=1
elif grep -q "Unhandled error" "$report/server.log"; then
  echo "browser-tests: the server logged unhandled errors, see $report/server.log" >&2
  status=1
fi
exit "$status"
