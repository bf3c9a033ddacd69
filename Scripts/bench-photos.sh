#!/usr/bin/env bash
# Measures how well and how fast our QR decoder reads phone-like photos, against zbarimg and
# ZXingReader, on a synthesised set (Scripts/synth-photos.py): 13 categories of 12-megapixel
# JPEGs (nominal, small, close-up, any rotation, strong perspective, blur, noise with low JPEG
# quality, shadow, glare, underexposed, a photographed phone screen, inverted) plus 640x480
# webcam frames. Not a test: the numbers depend on the machine; read and report them.
#
#   Scripts/bench-photos.sh                          20 pictures per category, seed 1
#   Scripts/bench-photos.sh --seed 7                 a held-out set (see below)
#   Scripts/bench-photos.sh --per-category 5 --out /tmp/photos-small --jobs 1
#
# Seed 1 is the set the full-resolution tile window was tuned on, so its figures flatter us;
# any other seed renders pictures no tuning run has seen (make bench-photos-heldout uses 7).
# --jobs caps the processes that render the set (default: one per core).
# The set is made once per (seed, count) and reused. Each decoder runs in one process per
# picture, pinned to CPU 0 with taskset; the time is the wall time of that process. Ours is
# also run once over every file for the `ms` it reports itself (image decode + scan).
#
# PUZZLEMAP_BIN picks our binary (default .build/release/puzzlemap, else .build/debug/puzzlemap;
# build one with `swift build -c release --static-swift-stdlib --product puzzlemap`).
# Needs zbar-tools and zxing-cpp-tools (Scripts/install-deps.sh) and the Python packages in
# Scripts/requirements-bench.txt (installed when missing).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

per_category=20
seed=1
out=""
jobs=""
cpu="${BENCH_CPU:-0}"
while [ $# -gt 0 ]; do
  case "$1" in
    --per-category) per_category="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
out="${out:-${TMPDIR:-/tmp}/puzzlemap-photo-bench-s${seed}-n${per_category}}"

bin="${PUZZLEMAP_BIN:-}"
if [ -z "$bin" ]; then
  bin="$root/.build/release/puzzlemap"
  [ -x "$bin" ] || bin="$root/.build/debug/puzzlemap"
fi
[ -x "$bin" ] || { echo "no puzzlemap binary at $bin: build one or set PUZZLEMAP_BIN" >&2; exit 1; }
for tool in zbarimg ZXingReader taskset python3; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (Scripts/install-deps.sh)" >&2; exit 1; }
done
python3 -c "import numpy, PIL, cv2, segno" 2>/dev/null || python3 -m pip install --quiet -r "$root/Scripts/requirements-bench.txt"

# The set is keyed by the generator's own text too, so editing it makes a fresh set.
stamp="seed=$seed per_category=$per_category generator=$(sha256sum "$root/Scripts/synth-photos.py" | cut -c1-16)"
if [ ! -f "$out/index.csv" ] || [ "$(cat "$out/.stamp" 2>/dev/null)" != "$stamp" ]; then
  if [ -d "$out" ] && [ -n "$(ls -A "$out")" ] && [ ! -f "$out/.stamp" ]; then
    echo "$out holds files that are not a set made by this script; pick another --out" >&2
    exit 1
  fi
  echo "Synthesising $((13 * per_category)) pictures into $out ..." >&2
  rm -rf "$out"
  start=$SECONDS
  python3 "$root/Scripts/synth-photos.py" --out "$out" --per-category "$per_category" --seed "$seed" \
    ${jobs:+--jobs "$jobs"}
  echo "$stamp" > "$out/.stamp"
  echo "  took $((SECONDS - start)) s" >&2
else
  echo "Reusing the set in $out" >&2
fi

if [ "$seed" = 1 ]; then
  echo "Synthetic phone photos, seed 1 (the tuning set of the tile window), $per_category per category"
else
  echo "Synthetic phone photos, seed $seed (held out: not used for tuning), $per_category per category"
fi
echo "Decoding with $bin, zbarimg $(zbarimg --version 2>/dev/null) and ZXingReader, on CPU $cpu ..." >&2
start=$SECONDS
taskset -c "$cpu" python3 "$root/Scripts/bench-photos.py" --set "$out" --ours "$bin" \
  --results "$out/results.jsonl"
echo >&2
echo "Decoding took $((SECONDS - start)) s; per-picture results in $out/results.jsonl" >&2
