#!/usr/bin/env bash
# ci/fuzz-speed.sh [SECONDS]: each libFuzzer target of the fuzz build (ASan+UBSan) runs alone for
# SECONDS (default 20) from a copy of its seed corpus as OSS-Fuzz runs it (its .options and
# dictionary, and the runner's sanitizer options: fuzz/libfuzzer_flags.py), and so does a trivial
# target built with the same flags (fuzz/baseline/copy_input.cpp); prints each target's exec/s and
# its share of the trivial target's, measured in the same run on the same machine.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
runner_environment=$(python3 fuzz/libfuzzer_flags.py --env)
while IFS= read -r setting; do export "${setting?}"; done <<<"$runner_environment"
ci/build.sh fuzz
work=build/fuzz-speed
rm -rf "$work"
mkdir -p "$work"
clang++ -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all fuzz/baseline/copy_input.cpp \
  -o "$work/fuzz_copy_input"

# exec/s of one libFuzzer run: its final stats line.
run() {  # run BINARY CORPUS-DIR [FLAG...]
  local binary=$1 corpus=$2
  shift 2
  "$binary" -max_total_time="$seconds" -seed=1 -print_final_stats=1 "$@" "$corpus" 2>"$work/log" >/dev/null || {
    tail -n 30 "$work/log"; echo "fuzz-speed: $binary failed" >&2; exit 1; }
  awk '/stat::average_exec_per_sec:/ { print $2 }' "$work/log"
}

targets=()
for f in build/fuzz/fuzz_*; do targets+=("${f#build/fuzz/fuzz_}"); done
corpus() {  # a scratch copy of the target's seeds (libFuzzer writes new inputs into it)
  rm -rf "$work/corpus" && mkdir -p "$work/corpus"
  [ -d "corpora/seeds/$1" ] && cp -r "corpora/seeds/$1/." "$work/corpus/"
  echo "$work/corpus"
}
floor=$(run "$work/fuzz_copy_input" "$(corpus none)" -max_len=4096)
printf '%-28s %10s %9s\n' target exec/s share
printf '%-28s %10s %9s\n' "(trivial: copy the input)" "$floor" 100%
for t in "${targets[@]}"; do
  lines=$(python3 fuzz/libfuzzer_flags.py fuzz "$t")  # a malformed .options stops the script
  flags=()
  [[ -z $lines ]] || mapfile -t flags <<<"$lines"
  rate=$(run "build/fuzz/fuzz_$t" "$(corpus "$t")" "${flags[@]}")
  printf '%-28s %10s %8.2f%%\n' "$t" "$rate" "$(awk -v r="$rate" -v f="$floor" 'BEGIN { print 100 * r / f }')"
done
echo "each target alone for ${seconds}s from its seed corpus; clang libFuzzer, ASan+UBSan with OSS-Fuzz's runner options, $(nproc) cores"
