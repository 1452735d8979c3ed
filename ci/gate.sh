#!/usr/bin/env bash
# The conformance gate: every check against the built-in subjects, each fuzz target fuzzed for
# TSC_FUZZ_SECONDS (default 60), the s390x and armhf runs under QEMU, the mutant gate's fast tier,
# the fuzzers alone on every mutant (ci/mutants.py --fuzz-only, up to TSC_FUZZ_SECONDS a mutant),
# the line and branch coverage of reference/ and subjects/fast/ (ci/coverage.sh), then one summary
# row per family and one for the suite's own targets (fuzz/suite_*.cpp: the protocol, the JSON
# readers).
# A fuzz crash leaves its input under build/gate/crashes/<target>/ and prints how to replay it.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup.sh
seconds=${TSC_FUZZ_SECONDS:-60}
jobs=$(nproc)
work=build/gate
rm -rf "$work"
mkdir -p "$work"

families=()
for dir in conformance/tests/*/; do
  family=$(basename "$dir")
  [ "$family" = common ] || families+=("$family")
done

echo "== build: dev, asan, fuzz (clang libFuzzer + ASan/UBSan), fuzz-mutants, s390x, armhf"
for preset in dev asan fuzz fuzz-mutants s390x armhf; do ci/build.sh "$preset"; done

declare -A checks cases failures execs rate s390x armhf
for f in "${families[@]}"; do checks[$f]=0 cases[$f]=0 failures[$f]=0 execs[$f]=0 rate[$f]=0; done

echo "== conformance checks (dev build)"
export TSCONFORM_CASES_FILE=$PWD/$work/cases.txt
for f in "${families[@]}"; do
  log=$work/test_$f.log
  if ctest --test-dir build/dev -R "^($f|replay_${f}_.*|external_(.*_)?$f)\$" --output-on-failure >"$log" 2>&1; then :; else
    failures[$f]=$((failures[$f] + 1)); cat "$log"
  fi
  gtest_count=$(build/dev/test_"$f" --gtest_list_tests | grep -c '^  ' || true)
  replays=$(ctest --test-dir build/dev -N -R "^replay_${f}_" | grep -c 'Test *#' || true)
  checks[$f]=$((gtest_count + replays))
done
while read -r f n; do cases[$f]=$(( ${cases[$f]:-0} + n )); done < "$work/cases.txt"
# The suite's own targets: their replay over the seeds and regressions in the dev build.
suite_checks=$(ctest --test-dir build/dev -N -R '^replay_suite_' | grep -c 'Test *#' || true)
suite_failures=0 suite_execs=0 suite_rate=0 suite_crashes=0
if ! ctest --test-dir build/dev -R '^replay_suite_' --output-on-failure >"$work/test_suite.log" 2>&1; then
  suite_failures=1; cat "$work/test_suite.log"
fi

echo "== fuzzing each target for ${seconds}s, $jobs at a time"
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
  f=""
  for fam in "${families[@]}"; do [[ $t == "$fam"_* ]] && f=$fam; done
  dir=$work/fuzz/$t
  n=$(awk '/stat::number_of_executed_units/ {print $2}' "$dir/log" | tail -n1)
  r=$(awk '/stat::average_exec_per_sec/ {print $2}' "$dir/log" | tail -n1)
  echo "   $t: ${n:-0} execs, ${r:-0} exec/s"
  if [ -n "$f" ]; then
    execs[$f]=$(( ${execs[$f]} + ${n:-0} ))
    rate[$f]=$(( ${rate[$f]} + ${r:-0} ))
  elif [[ $t == suite_* ]]; then
    suite_execs=$((suite_execs + ${n:-0})) suite_rate=$((suite_rate + ${r:-0}))
  fi
  if [ "$(cat "$dir/status")" != ok ]; then
    [ -n "$f" ] && failures[$f]=$((failures[$f] + 1))
    [[ $t == suite_* ]] && suite_crashes=$((suite_crashes + 1))
    tail -n 40 "$dir/log"
    for crash in "$dir"/crashes/*; do
      [ -f "$crash" ] || continue
      echo "FUZZ FAILURE in $t: input $crash"
      echo "  base64: $(base64 -w0 "$crash")"
      echo "  replay: build/dev/replay_$t $crash"
    done
  fi
done

# Each family's suite and replays on a foreign platform, under its qemu: pass or FAIL in the
# platform's column (the array of the same name).
foreign_run() {  # foreign_run PLATFORM
  local -n column=$1
  for f in "${families[@]}"; do
    if ctest --test-dir "build/$1" -R "^(common|$f|replay_${f}_.*)\$" --output-on-failure >"$work/$1_$f.log" 2>&1; then
      column[$f]=pass
    else
      column[$f]=FAIL; failures[$f]=$((failures[$f] + 1)); cat "$work/$1_$f.log"
    fi
  done
}
echo "== s390x (big-endian, under qemu-s390x)"
foreign_run s390x
echo "== armhf (32-bit size_t, under qemu-arm)"
foreign_run armhf

echo "== mutant gate, fast tier (every catalogued mutant against vectors, properties, replay)"
python3 ci/mutants.py --fast >"$work/mutants.txt" || true
declare -A mutants
for f in "${families[@]}"; do
  killed=$(awk -v f="$f" '$2 == f && $4 == "killed"' "$work/mutants.txt" | wc -l)
  total=$(awk -v f="$f" '$2 == f && $4 != "skipped"' "$work/mutants.txt" | wc -l)
  mutants[$f]="$killed/$total"
  [ "$killed" -eq "$total" ] || { failures[$f]=$((failures[$f] + 1)); awk -v f="$f" 'NR == 1 || ($2 == f && $4 != "killed")' "$work/mutants.txt"; }
done

echo "== the fuzzers alone: every mutant from empty corpora, up to ${seconds}s each"
fuzz_only_status=0
python3 ci/mutants.py --fuzz-only --fuzz-seconds "$seconds" >"$work/fuzz-only.txt" || fuzz_only_status=$?
declare -A fuzz_only
for f in "${families[@]}"; do
  fuzz_only[$f]=$(awk -v f="$f:" '$1 == f { print $2 }' "$work/fuzz-only.txt")
done

echo "== coverage of reference/ and subjects/fast/ by every ctest (clang source-based)"
coverage_status=0
ci/coverage.sh >"$work/coverage.txt" 2>&1 || coverage_status=$?

echo
row='%-15s %7s %10s %9s %12s %9s %7s %7s %8s %9s\n'
printf "$row" family checks cases failures "fuzz execs" "exec/s" s390x armhf mutants fuzz-only
total_failures=0
for f in "${families[@]}"; do
  printf "$row" "$f" "${checks[$f]}" "${cases[$f]}" "${failures[$f]}" \
    "${execs[$f]}" "${rate[$f]}" "${s390x[$f]}" "${armhf[$f]}" "${mutants[$f]}" "${fuzz_only[$f]:--}"
  total_failures=$((total_failures + failures[$f]))
done
# The suite's own targets: replay checks, failing replays plus crashing targets, fuzzing.
printf "$row" "suite" "$suite_checks" - "$((suite_failures + suite_crashes))" \
  "$suite_execs" "$suite_rate" - - - -
total_failures=$((total_failures + suite_failures + suite_crashes))
echo "fuzzing: ${seconds}s per target; exec/s summed over a family's targets"
tail -n 1 "$work/mutants.txt"
echo "kill table: $work/mutants.txt"
grep '^fuzz-only:' "$work/fuzz-only.txt" || true
echo "fuzz-only table: $work/fuzz-only.txt"
# Below the goal is reported, not failed: how fast the fuzzers alone find bugs is a measurement.
[ "$fuzz_only_status" -eq 0 ] || echo "fuzz-only: below the goal of 90% (see the table)"
echo "coverage (lines, branches):"
grep -E '^(reference|subjects/fast)/ total|^uncovered lines by reason' "$work/coverage.txt" || true
echo "coverage per file: $work/coverage.txt; report: build/coverage/html/index.html"
# A test failing only in the clang coverage build is a failing check like any other.
[ "$coverage_status" -eq 0 ] || { echo "coverage: the coverage run failed (see $work/coverage.txt)"; total_failures=$((total_failures + 1)); }
[ "$total_failures" -eq 0 ] || { echo "gate: $total_failures failing check group(s)"; exit 1; }
echo "gate: passed"
