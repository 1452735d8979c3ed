#!/bin/bash -eu
# The one build script of the fuzz targets for OSS-Fuzz and ClusterFuzzLite (.clusterfuzzlite/build.sh
# runs this file). It follows the builder's conventions: the compiler is $CXX with $CXXFLAGS (the
# sanitizer, -fsanitize=fuzzer-no-link or the coverage flags, -O1), every target is linked with
# $LIB_FUZZING_ENGINE, intermediate files go to $WORK and each fuzz target to $OUT, next to its
# <target>_seed_corpus.zip (corpora/seeds/<target>/ and corpora/regressions/<target>/),
# <target>.dict and <target>.options. The project is C++ only, so $CC and $CFLAGS are not used.
# Needs cmake 3.25+, ninja, zip, nlohmann-json and fmt (fuzz/oss-fuzz/install_deps.sh).
# fuzz/oss-fuzz/check_build.py runs it as the builder does and checks $OUT (ctest oss_fuzz_build).

# The checkout holding this script; OSS-Fuzz's Dockerfile copies it to $SRC/build.sh, next to the
# checkout it cloned into $SRC/tsconform.
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ -f "$src/fuzz/oss-fuzz/build.sh" ] || src=$SRC/tsconform
build=$WORK/tsconform-oss-fuzz

# No CMAKE_BUILD_TYPE: its flags (Release: -O3 -DNDEBUG) would come after $CXXFLAGS and override
# the builder's optimisation level. CMake links with CMAKE_CXX_FLAGS too, which brings in the
# sanitizer runtimes; TSC_FUZZ_ENGINE adds $LIB_FUZZING_ENGINE to the fuzz targets' link only.
cmake -S "$src" -B "$build" -G Ninja \
  -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DCMAKE_BUILD_TYPE= \
  -DTSC_TESTS=OFF -DTSC_BENCH=OFF -DTSC_MUTANTS=OFF -DTSC_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"
# Only the fuzz binaries: the replay drivers and the CLI are not fuzzed.
cmake --build "$build" --parallel "$(nproc)" --target fuzz_binaries

for binary in "$build"/fuzz_*; do
  target=$(basename "$binary")
  target=${target#fuzz_}
  cp "$binary" "$OUT/$target"
  for extra in dict options; do
    if [ -f "$src/fuzz/$target.$extra" ]; then
      cp "$src/fuzz/$target.$extra" "$OUT/"
    fi
  done
  rm -f "$OUT/${target}_seed_corpus.zip"
  for dir in "$src/corpora/seeds/$target" "$src/corpora/regressions/$target"; do
    if [ -d "$dir" ]; then
      (cd "$dir" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
    fi
  done
done
