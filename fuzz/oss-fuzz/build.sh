#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script. Honours $CC $CXX $CFLAGS $CXXFLAGS
# $LIB_FUZZING_ENGINE $OUT (and $SRC for the checkout), and puts next to each fuzz target
# its <target>_seed_corpus.zip, <target>.dict and <target>.options.
# Needs cmake, ninja, zip, nlohmann-json and fmt (see fuzz/oss-fuzz/Dockerfile).
src=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
[ -f "$src/CMakeLists.txt" ] || src=$SRC/tsconform
build=${WORK:-/tmp}/tsconform-oss-fuzz

cmake -S "$src" -B "$build" -G Ninja \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DCMAKE_BUILD_TYPE=Release \
  -DTSC_TESTS=OFF -DTSC_BENCH=OFF -DTSC_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"
cmake --build "$build" --parallel

for binary in "$build"/fuzz_*; do
  target=$(basename "$binary")
  target=${target#fuzz_}
  cp "$binary" "$OUT/$target"
  for extra in dict options; do
    [ -f "$src/fuzz/$target.$extra" ] && cp "$src/fuzz/$target.$extra" "$OUT/"
  done
  inputs=()
  for dir in "$src/corpora/seeds/$target" "$src/corpora/regressions/$target"; do
    [ -d "$dir" ] && inputs+=("$dir")
  done
  if [ ${#inputs[@]} -gt 0 ]; then
    rm -f "$OUT/${target}_seed_corpus.zip"
    for dir in "${inputs[@]}"; do (cd "$dir" && zip -q -r "$OUT/${target}_seed_corpus.zip" .); done
  fi
done
