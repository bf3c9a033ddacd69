#!/usr/bin/env bash
# Measures the QR decode rate and time of PuzzleMapImaging against zbarimg and ZXingReader on
# the shared ZXing corpus. Not a test: the numbers depend on the machine; read and report them.
#
#   Scripts/bench-decode.sh                      rotation 0, all three decoders
#   Scripts/bench-decode.sh --rotations all      0, 90, 180 and 270 degrees
#   Scripts/bench-decode.sh --tools ours --attempts --failures
#
# Needs zbar-tools and zxing-cpp-tools for the other two decoders (--tools ours runs without).
# The benchmark is the `bench-decode` executable (Scripts/bench-decode/main.swift), built in
# release mode.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="${QR_CORPUS:-$root/../shared/qr-corpus/zxing}"
package="${BENCH_PACKAGE:-$root}"
swift build --package-path "$package" -c release --product bench-decode >&2
exec "$(swift build --package-path "$package" -c release --show-bin-path)/bench-decode" --corpus "$corpus" "$@"
