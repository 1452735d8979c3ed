#!/usr/bin/env bash
# Line and branch coverage of reference/ and subjects/fast/ by the whole test suite:
#   ci/coverage.sh
# Builds the coverage preset (clang source-based coverage), runs every ctest of that build (the
# suites, the replay of every corpus, the CLI and external-process tests), merges the profiles of
# every instrumented process, writes an HTML report of the project's sources and prints a table per
# file of the two trees with their totals (also in build/coverage/summary.txt), then every line of them
# no test ran with the reason (ci/coverage_uncovered.py; build/coverage/uncovered.txt).
# Open build/coverage/html/index.html. Exits non-zero when a test failed or a line is uncovered for no
# known reason (the report is still made).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/coverage
for tool in clang++ llvm-profdata llvm-cov; do
  command -v "$tool" >/dev/null || { echo "coverage: $tool not found: run ci/setup.sh" >&2; exit 1; }
done

# ccache's base_dir hands the compiler relative source paths, which the coverage mapping would then
# name build/coverage/../../<file>: without it the report's file names are the sources' own.
unset CCACHE_BASEDIR
start=$SECONDS
ci/build.sh coverage
built=$SECONDS
# The preset fixes the properties' seed, so that the lines a run reaches, and its verdict, are the
# same for every run of one commit; change it with -DTSC_RC_SEED=N.
seed=$(sed -n 's/^TSC_RC_SEED:STRING=//p' "$build/CMakeCache.txt")
echo "coverage: every property runs from RapidCheck seed ${seed:-(random)}"

# One profile file per process (%p), so a test and the tsconform children it starts never write the
# same file; %m makes a reused pid merge into, not overwrite, its predecessor's file.
profiles=$PWD/$build/profiles
rm -rf "$profiles" "$build/html"
mkdir -p "$profiles"
tests=ok
LLVM_PROFILE_FILE="$profiles/%p-%m.profraw" ctest --test-dir "$build" -j2 --output-on-failure \
  >"$build/ctest.log" 2>&1 || tests=failed
tail -n 3 "$build/ctest.log"
tested=$SECONDS

find "$profiles" -name '*.profraw' >"$build/profiles.txt"
llvm-profdata merge -sparse --input-files="$build/profiles.txt" -o "$build/coverage.profdata"

# Every instrumented binary: the first is llvm-cov's positional argument, the rest -object.
binaries=("$build"/tsconform "$build"/test_* "$build"/replay_*)
objects=("${binaries[0]}")
for b in "${binaries[@]:1}"; do objects+=(-object "$b"); done
cov=(-instr-profile="$build/coverage.profdata" "${objects[@]}")
quiet() {  # runs llvm-cov without its one expected warning (and the colour reset the HTML mode adds)
  # An inline function unused in a translation unit gets a placeholder record there (hash 0) beside
  # the real one from the units that emit it; llvm-cov counts the placeholders as mismatched.
  llvm-cov "$@" 2> >(grep -v -e 'functions have mismatched data' -e $'^\e\[0m$' >&2)
}

# The HTML report shows the project's own sources (not the system headers, not the generated ones).
quiet show "${cov[@]}" -format=html -output-dir="$build/html" -show-branches=count \
  -show-line-counts-or-regions -ignore-filename-regex='^/usr/|/build/coverage/' >/dev/null
quiet export "${cov[@]}" -summary-only "$PWD/reference" "$PWD/subjects/fast" >"$build/summary.json"
python3 ci/coverage_summary.py "$PWD" reference/ subjects/fast/ <"$build/summary.json" | tee "$build/summary.txt"

# Every line of the two trees that no test ran, with why (build/coverage/uncovered.txt); a line
# without a reason fails the run, so a new path no check reaches does not go unnoticed.
explained=ok
quiet show "${cov[@]}" -format=text "$PWD/reference" "$PWD/subjects/fast" |
  python3 ci/coverage_uncovered.py "$PWD" reference/ subjects/fast/ >"$build/uncovered.txt" || explained=failed
grep -A1 UNEXPLAINED "$build/uncovered.txt" || true
tail -n 1 "$build/uncovered.txt"
echo "coverage: every uncovered line and its reason: $build/uncovered.txt"

echo "coverage: build $((built - start)) s, tests $((tested - built)) s, report $((SECONDS - tested)) s"
echo "coverage: open $build/html/index.html"
[ "$tests" = ok ] || { echo "coverage: some tests failed, see $build/ctest.log" >&2; exit 1; }
[ "$explained" = ok ] || { echo "coverage: lines no test runs, for no known reason (UNEXPLAINED above)" >&2; exit 1; }
