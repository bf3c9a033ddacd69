#!/usr/bin/env bash
# Measures the QR decode rate and time of PuzzleMapImaging against zbarimg and ZXingReader on
# the shared corpus: the ZXing set (which the retry ladder was tuned on) and the held-out real
# photos. Not a test: the numbers depend on the machine; read and report them.
#
#   Scripts/bench-decode.sh                      rotation 0, all decoders
#   Scripts/bench-decode.sh --rotations all      0, 90, 180 and 270 degrees
#   Scripts/bench-decode.sh --tools ours --held-out none --attempts --failures
#
# Ours is timed in process and, as the other tools are, one process per picture: that needs a
# release puzzlemap (`swift build -c release --static-swift-stdlib --product puzzlemap`, or PUZZLEMAP_BIN); leave
# ours-process out of --tools to run without it. Needs zbar-tools and zxing-cpp-tools for the
# other two decoders. The benchmark is the `bench-decode` executable (Scripts/bench-decode/),
# built in release mode.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="${QR_CORPUS:-$root/../shared/qr-corpus/zxing}"
held_out="${QR_HELD_OUT:-$root/../shared/qr-corpus/real}"
package="${BENCH_PACKAGE:-$root}"
swift build --package-path "$package" -c release --static-swift-stdlib --product bench-decode >&2
bin_path="$(swift build --package-path "$package" -c release --static-swift-stdlib --show-bin-path)"
exec "$bin_path/bench-decode" --corpus "$corpus" --held-out "$held_out" \
  --puzzlemap "${PUZZLEMAP_BIN:-$bin_path/puzzlemap}" "$@"
