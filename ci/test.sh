#!/usr/bin/env bash
# The test suite: every check, three ways.
#   dev    gcc, optimized with debug info
#   asan   gcc with AddressSanitizer and UndefinedBehaviorSanitizer
#   s390x  big-endian cross build; every test runs under qemu-s390x
#   armhf  32-bit ARM cross build (32-bit size_t, unsigned char); every test runs under qemu-arm
# then the mutant gate's fast tier (ci/mutants.py --fast): every catalogued mutant must be killed
# by the vectors, properties or replay, so a change that weakens a check cannot land.
# The OSS-Fuzz build check (ctest label oss-fuzz) is left to ci/gate.sh, which builds the fuzz
# targets anyway: it builds the whole project a fifth time, with clang, and runs alone.
# RC_PARAMS in the environment overrides the properties' default max_success=1000.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup.sh

for preset in dev asan s390x armhf; do
  echo "== $preset: build"
  ci/build.sh "$preset"
  echo "== $preset: ctest"
  ctest --test-dir "build/$preset" --output-on-failure --parallel "$(nproc)" --label-exclude oss-fuzz
done

echo "== mutant gate, fast tier (vectors, properties, replay)"
python3 ci/mutants.py --fast
