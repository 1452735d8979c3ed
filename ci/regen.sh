#!/usr/bin/env bash
# Rewrites every file derived from another in the repository:
#   corpora/seeds/<target>/      the fuzz targets' seeds from the golden vectors (tsconform fuzz-input seeds)
#   corpora/seeds/suite_*/       the suite's own targets' seeds from the vector files (write_suite_seeds.py)
#   conformance/PROFILES.md      the profile rule tables (tsconform profiles)
#   subjects/external/PROTOCOL.md   its list of operations, profiles and error classes (tsconform operations),
#                                the lines between its `tsconform operations` markers
# Campaign inputs in the seed folders (named by their SHA-1) are kept.
#
#   ci/regen.sh [--check] [TSCONFORM]      TSCONFORM: the CLI to run (default build/dev/tsconform)
#
# --check rewrites a scratch copy instead, prints every file that differs from its source's output,
# and exits 1 if one does (ctest derived_files).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
check=false
[ "${1:-}" = --check ] && { check=true; shift; }
tsconform=${1:-$root/build/dev/tsconform}
[ -x "$tsconform" ] || { echo "ci/regen.sh: no tsconform at $tsconform (build it: ci/build.sh dev)" >&2; exit 2; }

protocol=$root/subjects/external/PROTOCOL.md
regen() {  # regen SEEDS_FOLDER PROFILES_FILE PROTOCOL_FILE
    "$tsconform" fuzz-input seeds --out "$1" >/dev/null
    /usr/bin/python3 "$root/corpora/tools/write_suite_seeds.py" --out "$1" >/dev/null
    { head -4 "$root/conformance/PROFILES.md"; "$tsconform" profiles; } >"$2.new"
    mv "$2.new" "$2"
    "$tsconform" operations >"$3.operations"
    awk -v list="$3.operations" '
        /<!-- tsconform operations: end -->/ { while ((getline line < list) > 0) print line; skip = 0 }
        !skip { print }
        /<!-- tsconform operations: begin -->/ { skip = 1; print "" }' "$protocol" >"$3.new"
    rm "$3.operations"
    mv "$3.new" "$3"
}

if ! $check; then
    regen "$root/corpora/seeds" "$root/conformance/PROFILES.md" "$protocol"
    echo "rewrote corpora/seeds, conformance/PROFILES.md and PROTOCOL.md's operations; see git status"
    exit 0
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$root/corpora/seeds" "$scratch/seeds"
cp "$root/conformance/PROFILES.md" "$scratch/PROFILES.md"
regen "$scratch/seeds" "$scratch/PROFILES.md" "$scratch/PROTOCOL.md"
stale=$( { diff -rq "$root/corpora/seeds" "$scratch/seeds" || true
           diff -q "$root/conformance/PROFILES.md" "$scratch/PROFILES.md" || true
           diff -q "$protocol" "$scratch/PROTOCOL.md" || true; } |
         sed -e "s|$scratch/seeds|(regenerated)|; s|$scratch/PROFILES.md|(regenerated)|" \
             -e "s|$scratch/PROTOCOL.md|(regenerated)|; s|$root/||g")
if [ -n "$stale" ]; then
    echo "$stale" | head -20
    echo "derived files are stale ($(echo "$stale" | wc -l) differences); rewrite them with: ci/regen.sh"
    exit 1
fi
echo "derived files are current"
