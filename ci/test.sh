#!/usr/bin/env bash
# The test suite: every check, three ways, then the mutant gate's fast tier.
#   mutants        gcc build; the built-in subjects run as in the dev preset (mutants are only
#                  selected by name), so one build serves both the tests and the mutant gate
#   asan           gcc with AddressSanitizer and UndefinedBehaviorSanitizer
#   s390x-mutants  big-endian cross build; every test runs under qemu-s390x
# RC_PARAMS in the environment overrides the properties' default max_success=1000.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup.sh

for preset in mutants asan s390x-mutants; do
  echo "== $preset: build"
  ci/build.sh "$preset"
  echo "== $preset: ctest"
  ctest --test-dir "build/$preset" --output-on-failure --parallel "$(nproc)"
done

echo "== mutant gate (fast tier: vectors, properties, replay)"
python3 ci/mutants.py --fast
