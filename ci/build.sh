#!/usr/bin/env bash
# Configures and builds one CMake preset: ci/build.sh PRESET [TARGET...]
# The compiler output goes to build/<preset>.log (named at the start); what is printed is the
# build's step counter, at every 10% or 30 s, on one line when stdout is a terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=$1
shift
log=build/$preset.log
mkdir -p build
echo "build $preset: configuring; full log: $log"
if ! cmake --preset "$preset" >"$log" 2>&1; then
  tail -n 60 "$log"
  echo "configure of preset $preset failed; full log: $log" >&2
  exit 1
fi

cmake --build "build/$preset" --parallel "$(nproc)" ${1:+--target "$@"} >>"$log" 2>&1 &
builder=$!
start=$SECONDS shown_at=$SECONDS shown_tenth=-1
progress() {  # the last [done/total] step ninja wrote
  grep -o '^\[[0-9]*/[0-9]*\]' "$log" | tail -n 1 | tr -d '[]'
}
while kill -0 "$builder" 2>/dev/null; do
  sleep 2
  step=$(progress) || true
  [[ $step == */* ]] || continue
  done_steps=${step%/*} total=${step#*/}
  tenth=$((total ? 10 * done_steps / total : 0))
  if ((tenth != shown_tenth || SECONDS - shown_at >= 30)); then
    line="build $preset: $done_steps/$total steps, $((SECONDS - start)) s"
    if [[ -t 1 ]]; then printf '\r%s\033[K' "$line"; else echo "$line"; fi
    shown_tenth=$tenth shown_at=$SECONDS
  fi
done
if ! wait "$builder"; then
  [[ -t 1 ]] && echo
  grep -B2 -A20 -m3 -E '^FAILED|error:' "$log" | head -n 60 || tail -n 60 "$log"
  echo "build of preset $preset failed; full log: $log" >&2
  exit 1
fi
[[ -t 1 ]] && echo
echo "build $preset: done in $((SECONDS - start)) s"
