#!/usr/bin/env bash
# The mutant gate: builds every catalogued mutant into the harness and checks that the suite
# kills each one; prints the kill table and exits non-zero when a mutant survives.
#   ci/mutants.sh           vectors, properties, replay, then 60 s of fuzzing per target on survivors
#   ci/mutants.sh --fast    without the fuzzing tier (what .ci/run runs)
#   ci/mutants.sh --fuzz-only   the fuzzers alone, from empty corpora: time to find each mutant
# Other options go to ci/mutants.py (--fuzz-seconds N, --family F, --only NAME).
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup.sh
if [[ " $* " == *" --fuzz-only "* ]]; then
  presets=(fuzz-mutants)
else
  presets=(dev asan s390x armhf)
  [[ " $* " == *" --fast "* ]] || presets+=(fuzz-mutants)
fi
for preset in "${presets[@]}"; do
  echo "== build: $preset"
  ci/build.sh "$preset"
done
echo "== hunting mutants"
exec python3 ci/mutants.py "$@"
