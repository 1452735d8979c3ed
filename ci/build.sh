#!/usr/bin/env bash
# Configures and builds one CMake preset quietly: ci/build.sh PRESET [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=$1
shift
log=build/$preset.log
mkdir -p build
if ! { cmake --preset "$preset" && cmake --build "build/$preset" --parallel "$(nproc)" ${1:+--target "$@"}; } >"$log" 2>&1; then
  tail -n 60 "$log"
  echo "build of preset $preset failed; full log: $log" >&2
  exit 1
fi
