#!/usr/bin/env bash
# The conformance gate: every check against the built-in subjects, each fuzz target fuzzed for
# TSC_FUZZ_SECONDS (default 60), the s390x and armhf runs under QEMU, the mutant gate's fast tier,
# the fuzzers alone on every mutant (ci/mutants.py --fuzz-only, up to TSC_FUZZ_SECONDS a mutant),
# the line and branch coverage of reference/ and subjects/fast/ (ci/coverage.sh), then one summary
# row per family `tsconform families` lists and one, `suite`, for the suite's own checks (the CLI,
# the runner, the schemas, the protocol and JSON targets): ci/gate_summary.py.
# Each step writes what it saw into build/gate/results.tsv; the summary alone decides the verdict,
# and a cell no step filled reads "not run".
# A fuzz crash leaves its input under build/gate/fuzz/<target>/crashes/ and prints how to replay it.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup.sh
seconds=${TSC_FUZZ_SECONDS:-60}
jobs=$(nproc)
work=build/gate
rm -rf "$work"
mkdir -p "$work"
results=$work/results.tsv
record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$results"; }  # record ROW COLUMN VALUE

echo "== build: dev, asan, fuzz (clang libFuzzer + ASan/UBSan), fuzz-mutants, s390x, armhf"
for preset in dev asan fuzz fuzz-mutants s390x armhf; do ci/build.sh "$preset"; done

mapfile -t families < <(build/dev/tsconform families)
rows=("${families[@]}" suite)
printf '%s\n' "${rows[@]}" >"$work/rows.txt"

# A family's ctests are its suite, its replays and its external runs; every other test is the suite's.
family_pattern() { echo "$1|replay_$1_.*|external_(.*_)?$1"; }
every_family=$(for f in "${families[@]}"; do family_pattern "$f"; done | paste -sd'|')
tests_of() {  # tests_of BUILD ROW: the names of BUILD's ctests in ROW, one a line
  local pattern
  if [ "$2" = suite ]; then pattern="^($every_family)\$"; else pattern="^($(family_pattern "$2"))\$"; fi
  ctest --test-dir "$1" -N | sed -n 's/^ *Test *#[0-9]*: //p' |
    if [ "$2" = suite ]; then grep -vE "$pattern"; else grep -E "$pattern"; fi || true
}
run_tests() {  # run_tests BUILD ROW LOG: 0 passed, 1 failed, 2 the build has no test in ROW
  local names
  names=$(tests_of "$1" "$2" | paste -sd'|')
  [ -n "$names" ] || return 2
  ctest --test-dir "$1" -R "^($names)\$" --output-on-failure >"$3" 2>&1 || { cat "$3"; return 1; }
}

echo "== conformance checks (dev build)"
export TSCONFORM_CASES_FILE=$PWD/$work/cases.txt
for row in "${rows[@]}"; do
  status=0
  run_tests build/dev "$row" "$work/test_$row.log" || status=$?
  [ "$status" -ne 1 ] || record "$row" failure "dev ctest (see $work/test_$row.log)"
  # A test suite counts its test cases; an external run repeats its family's suite through a served
  # subject and adds none; any other ctest is one check.
  suite_binary=$row; [ "$row" = suite ] && suite_binary=common
  checks=0
  while read -r name; do
    case $name in
      "$suite_binary") checks=$((checks + $(build/dev/test_"$name" --gtest_list_tests | grep -c '^  ' || true))) ;;
      external_*) ;;
      *) checks=$((checks + 1)) ;;
    esac
  done < <(tests_of build/dev "$row")
  record "$row" checks "$checks"
done
[ -f "$work/cases.txt" ] && while read -r f n; do record "$f" cases "$n"; done <"$work/cases.txt"

echo "== fuzzing each target for ${seconds}s, $jobs at a time"
export TSCONFORM_REPORT_DIR=$PWD/$work/reports  # a failing input too long for its reproduce line
fuzz_one() {
  local target=$1 opts=() dir=$work/fuzz/$1
  mkdir -p "$dir/corpus" "$dir/crashes"
  [ -d "corpora/seeds/$target" ] && cp -r "corpora/seeds/$target/." "$dir/corpus/"
  if [ -f "fuzz/$target.options" ]; then
    while IFS=' =' read -r key value; do
      case $key in
        max_len) opts+=("-max_len=$value") ;;
        dict) opts+=("-dict=fuzz/$value") ;;
      esac
    done < <(grep -E '^(max_len|dict)' "fuzz/$target.options")
  fi
  if build/fuzz/fuzz_"$target" "${opts[@]}" -max_total_time="$seconds" -print_final_stats=1 -timeout=25 \
      -rss_limit_mb=2560 -artifact_prefix="$dir/crashes/" "$dir/corpus" >"$dir/log" 2>&1; then
    echo ok >"$dir/status"
  else
    echo crash >"$dir/status"
  fi
}
export -f fuzz_one
export work seconds
targets=()
for src in fuzz/*.cpp; do
  t=$(basename "$src" .cpp)
  [ "$t" = replay_main ] || targets+=("$t")
done
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'fuzz_one {}'

for t in "${targets[@]}"; do
  row=suite
  for f in "${families[@]}"; do [[ $t == "$f"_* ]] && row=$f; done
  dir=$work/fuzz/$t
  n=$(awk '/stat::number_of_executed_units/ {print $2}' "$dir/log" | tail -n1)
  r=$(awk '/stat::average_exec_per_sec/ {print $2}' "$dir/log" | tail -n1)
  echo "   $t: ${n:-0} execs, ${r:-0} exec/s"
  record "$row" "fuzz execs" "${n:-0}"
  record "$row" "exec/s" "${r:-0}"
  if [ "$(cat "$dir/status")" != ok ]; then
    record "$row" failure "fuzz target $t (see $dir/log)"
    tail -n 40 "$dir/log"
    for crash in "$dir"/crashes/*; do
      [ -f "$crash" ] || continue
      echo "FUZZ FAILURE in $t: input $crash"
      echo "  base64: $(base64 -w0 "$crash")"
      echo "  replay: build/dev/replay_$t $crash"
    done
  fi
done

# Each row's tests of a foreign platform, under its qemu: pass or FAIL in the platform's column,
# nothing (not run) where the cross build has none of the row's tests.
foreign_run() {  # foreign_run PLATFORM
  local row status
  for row in "${rows[@]}"; do
    status=0
    run_tests "build/$1" "$row" "$work/$1_$row.log" || status=$?
    case $status in
      0) record "$row" "$1" pass ;;
      1) record "$row" "$1" FAIL ;;
    esac
  done
}
echo "== s390x (big-endian, under qemu-s390x)"
foreign_run s390x
echo "== armhf (32-bit size_t, under qemu-arm)"
foreign_run armhf

echo "== mutant gate, fast tier (every catalogued mutant against vectors, properties, replay)"
if python3 ci/mutants.py --fast >"$work/mutants.txt"; then record gate mutants ok; else record gate mutants FAIL; fi

echo "== the fuzzers alone: every mutant from empty corpora, up to ${seconds}s each"
python3 ci/mutants.py --fuzz-only --fuzz-seconds "$seconds" >"$work/fuzz-only.txt" ||
  echo "fuzz-only: below the goal of 90% (see the table); a measurement, not a failure"

echo "== coverage of reference/ and subjects/fast/ by every ctest (clang source-based)"
if ci/coverage.sh >"$work/coverage.txt" 2>&1; then record gate coverage ok; else record gate coverage FAIL; fi

echo
echo "fuzzing: ${seconds}s per target; exec/s summed over a row's targets"
tail -n 1 "$work/mutants.txt"
echo "kill table: $work/mutants.txt"
grep '^fuzz-only:' "$work/fuzz-only.txt" || true
echo "fuzz-only table: $work/fuzz-only.txt"
echo "coverage (lines, branches):"
grep -E '^coverage: every property|^(reference|subjects/fast)/ total|^uncovered lines by reason' "$work/coverage.txt" || true
echo "coverage per file: $work/coverage.txt; report: build/coverage/html/index.html"
echo
exec python3 ci/gate_summary.py "$work"
