#!/usr/bin/env bash
# Fuzzing campaigns on one target with the libFuzzer binaries of the fuzz preset (clang, ASan+UBSan).
set -euo pipefail
cd "$(dirname "$0")/.."
export TSCONFORM_REPORT_DIR=${TSCONFORM_REPORT_DIR:-$PWD/build/campaigns/reports}  # inputs too long for a reproduce line

usage() {
  cat <<'EOF'
usage: ci/fuzz.sh run TARGET [SECONDS]     fuzz for SECONDS (default 600)
       ci/fuzz.sh merge TARGET             add the campaign inputs that add coverage to the seeds
       ci/fuzz.sh minimize TARGET CRASH    shrink a crashing input
       ci/fuzz.sh regress TARGET CRASH     keep a crashing input as a regression test

run       fuzzes build/fuzz/fuzz_TARGET (built with `ci/build.sh fuzz` if missing) from the campaign
          corpus build/campaigns/TARGET/corpus/, which it grows, plus corpora/seeds/TARGET/ and
          corpora/regressions/TARGET/ (read only), with fuzz/TARGET.options' [libfuzzer] keys and its
          dictionary; a crash is written to build/campaigns/TARGET/. Prints executions, exec/s, the
          final cov: and ft:, and the crash with its replay command (exit status 1 on a crash).
merge     libFuzzer -merge=1 of the campaign corpus onto the seeds and regressions: the fewest campaign
          inputs that reach edges the repository's do not go into corpora/seeds/TARGET/, named by their
          SHA-1 (which `tsconform fuzz-input seeds` keeps beside the vector seeds it rewrites).
minimize  libFuzzer -minimize_crash=1, bounded to 60 s (TSC_MINIMIZE_SECONDS); prints the file.
regress   copies CRASH to corpora/regressions/TARGET/<sha1> (libFuzzer's naming), which ctest's
          replay_TARGET replays in every build and build.sh adds to the OSS-Fuzz seed corpus; prints
          its base64, the replay command and whether it passes against the built-in subjects now.

Every command runs with the sanitizer options of OSS-Fuzz's runner (ASAN_OPTIONS and UBSAN_OPTIONS,
`python3 fuzz/libfuzzer_flags.py --env`), as the targets fuzz there.
Environment: TSC_FUZZ_PRESET=fuzz-mutants fuzzes the build with every catalogued mutant, whose
subjects TSCONFORM_SUBJECTS selects (e.g. mutant:qwp_gorilla:qwp_bucket_bounds_63_64).
Targets: the fuzz/*.cpp files with LLVMFuzzerTestOneInput (not replay_main).
EOF
}

preset=${TSC_FUZZ_PRESET:-fuzz}
campaigns=build/campaigns
runner_environment=$(python3 fuzz/libfuzzer_flags.py --env)
while IFS= read -r setting; do export "${setting?}"; done <<<"$runner_environment"

check_target() {
  if [[ $1 == replay_main || ! -f fuzz/$1.cpp ]]; then
    echo "fuzz.sh: no fuzz target $1; the targets are:" >&2
    for src in fuzz/*.cpp; do [[ $src == fuzz/replay_main.cpp ]] || echo "  $(basename "$src" .cpp)" >&2; done
    exit 2
  fi
  mkdir -p "$campaigns/$1"
}

# Resolve TARGET to its libFuzzer binary, building it when missing.
target_binary() {
  local target=$1
  check_target "$target"
  binary=build/$preset/fuzz_$target
  [[ -x $binary ]] || ci/build.sh "$preset" "fuzz_$target" >&2
}

# The flags OSS-Fuzz's run_fuzzer passes TARGET (its .options and dictionary).
libfuzzer_flags() {
  local lines
  lines=$(python3 fuzz/libfuzzer_flags.py fuzz "$1")
  flags=()
  [[ -z $lines ]] || mapfile -t flags <<<"$lines"
}

# The read-only corpus folders of TARGET in the repository.
repository_corpora() {
  corpora=()
  local dir
  for dir in corpora/seeds/$1 corpora/regressions/$1; do [[ -d $dir ]] && corpora+=("$dir"); done
  return 0
}

count() { if (($#)); then find "$@" -type f | wc -l; else echo 0; fi; }

show() { printf '+'; printf ' %q' "$@"; echo; }

run() {
  local target=$1 seconds=${2:-600}
  target_binary "$target"
  libfuzzer_flags "$target"
  repository_corpora "$target"
  local dir=$campaigns/$target
  mkdir -p "$dir/corpus"
  local log=$dir/fuzz-$(date +%Y%m%d-%H%M%S).log
  # Artifacts named by libFuzzer (crash-<sha1>, leak-, timeout-, oom-) in the campaign folder.
  local command=("$binary" "${flags[@]}" -max_total_time="$seconds" -print_final_stats=1 -timeout=25
                 -rss_limit_mb=2560 -artifact_prefix="$dir/" "$dir/corpus" "${corpora[@]}")
  show "${command[@]}"
  echo "fuzz.sh: $target for ${seconds}s from $(count "$dir/corpus") campaign and $(count "${corpora[@]}") repository inputs; log: $log"
  local status=0
  "${command[@]}" >"$log" 2>&1 || status=$?

  local execs rate coverage crash
  execs=$(awk '/stat::number_of_executed_units:/ { print $2 }' "$log" | tail -n 1)
  rate=$(awk '/stat::average_exec_per_sec:/ { print $2 }' "$log" | tail -n 1)
  coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 || true)
  crash=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
  echo "fuzz.sh: $target: ${execs:-0} executions, ${rate:-0} exec/s, final ${coverage:-cov: ? ft: ?}," \
       "corpus $(count "$dir/corpus") files"
  if [[ -n $crash ]]; then
    tail -n 40 "$log"
    echo "fuzz.sh: $target: CRASH, input $crash ($(stat -c %s "$crash") bytes)"
    echo "  base64:   $(base64 -w0 "$crash")"
    echo "  replay:   build/dev/replay_$target $crash"
    echo "  minimize: ci/fuzz.sh minimize $target $crash"
    return 1
  fi
  if ((status != 0)); then
    tail -n 40 "$log"
    echo "fuzz.sh: $target: libFuzzer exited with $status without an input; log: $log" >&2
    return "$status"
  fi
  echo "fuzz.sh: $target: no crash"
}

merge() {
  local target=$1
  target_binary "$target"
  libfuzzer_flags "$target"
  repository_corpora "$target"
  local dir=$campaigns/$target seeds=corpora/seeds/$target
  [[ -d $dir/corpus ]] || { echo "fuzz.sh: no campaign corpus $dir/corpus: run ci/fuzz.sh run $target first" >&2; exit 1; }
  # libFuzzer copies into the first folder the fewest campaign inputs that cover what the repository's
  # inputs (put there first) do not, each named by its SHA-1; those are the new seeds. Coverage here
  # is edges, not hit counts (-use_counters=0): the repository keeps the inputs that reach code its
  # own do not, a few hundred per target; the campaign corpus keeps the thousands that differ only
  # in how often a loop ran.
  local fresh=$dir/merged
  rm -rf "$fresh"
  mkdir -p "$fresh"
  local from
  for from in "${corpora[@]}"; do cp -r "$from/." "$fresh/"; done
  local repository
  repository=$(count "$fresh")
  local command=("$binary" "${flags[@]}" -merge=1 -use_counters=0 -timeout=25 -rss_limit_mb=2560 "$fresh" "$dir/corpus")
  show "${command[@]}"
  "${command[@]}" >"$dir/merge.log" 2>&1 || { tail -n 30 "$dir/merge.log"; echo "fuzz.sh: merge failed; log: $dir/merge.log" >&2; exit 1; }
  for from in "${corpora[@]}"; do
    (cd "$from" && find . -type f -print0) | (cd "$fresh" && xargs -0 -r rm -f)
  done
  local added
  added=$(count "$fresh")
  mkdir -p "$seeds"
  find "$fresh" -type f -exec cp -t "$seeds" {} +
  rm -rf "$fresh"
  echo "fuzz.sh: $target: $added of the campaign's $(count "$dir/corpus") inputs add coverage to the repository's" \
       "$repository; added to $seeds ($(grep -oE 'MERGE-OUTER: [0-9]+ new files with [0-9]+ new features' "$dir/merge.log" || true))"
}

minimize() {
  local target=$1 crash=$2
  [[ -f $crash ]] || { echo "fuzz.sh: no file $crash" >&2; exit 2; }
  target_binary "$target"
  local out=$campaigns/$target/minimized-$(basename "$crash") log=$campaigns/$target/minimize.log
  local command=("$binary" -minimize_crash=1 -runs=100000 -max_total_time="${TSC_MINIMIZE_SECONDS:-60}"
                 -timeout=25 -rss_limit_mb=2560 -exact_artifact_path="$out" "$crash")
  show "${command[@]}"
  if ! "${command[@]}" >"$log" 2>&1 || [[ ! -f $out ]]; then
    tail -n 20 "$log"
    echo "fuzz.sh: $crash was not minimized (does it crash this build? TSC_FUZZ_PRESET=$preset," \
         "TSCONFORM_SUBJECTS=${TSCONFORM_SUBJECTS:-unset}); log: $log" >&2
    exit 1
  fi
  echo "fuzz.sh: $target: $crash ($(stat -c %s "$crash") bytes) minimized to $(stat -c %s "$out") bytes: $out"
}

regress() {
  local target=$1 crash=$2
  [[ -f $crash ]] || { echo "fuzz.sh: no file $crash" >&2; exit 2; }
  check_target "$target"
  local dir=corpora/regressions/$target new_folder=""
  [[ -d $dir ]] || new_folder=1
  local file
  file=$dir/$(sha1sum "$crash" | cut -d' ' -f1)
  mkdir -p "$dir"
  cp "$crash" "$file"
  echo "fuzz.sh: $target: kept $crash as $file"
  echo "  base64: $(base64 -w0 "$file")"
  echo "  replay: build/dev/replay_$target $file"
  if [[ -n $new_folder ]]; then
    echo "  $dir is new: the next build (ci/build.sh dev) reconfigures and adds it to ctest's replay_$target"
  fi
  # Against the built-in subjects, as ctest replays it: a regression passes once its bug is fixed.
  local replay
  for replay in build/dev/replay_$target build/$preset/replay_$target; do
    [[ -x $replay ]] || continue
    if env -u TSCONFORM_SUBJECTS "$replay" "$file" >"$campaigns/$target/regress.log" 2>&1; then
      echo "  passes against the built-in subjects ($replay)"
    else
      tail -n 20 "$campaigns/$target/regress.log"
      echo "  FAILS against the built-in subjects ($replay): ctest replay_$target fails until the bug is fixed"
    fi
    return 0
  done
  echo "  not replayed: no build/dev/replay_$target (ci/build.sh dev)"
}

case ${1:-} in
  run) (($# == 2 || $# == 3)) || { usage >&2; exit 2; }; run "$2" "${3:-}" ;;
  merge) (($# == 2)) || { usage >&2; exit 2; }; merge "$2" ;;
  minimize | regress) (($# == 3)) || { usage >&2; exit 2; }; "$1" "$2" "$3" ;;
  -h | --help | help) usage ;;
  *) usage >&2; exit 2 ;;
esac
