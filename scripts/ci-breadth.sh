#!/usr/bin/env bash
# CI stage: the breadth sweep over the shared corpus with a given nibc binary (default: the release binary
# the demo stage builds). Fails when any XIB or storyboard outside legacy/ has a compile error, or when a legacy/
# XIB 2.x or merge-conflicted document compiles or fails without a located error. Prints the totals and the most frequent kinds.
# usage: scripts/ci-breadth.sh [NIBC]
set -euo pipefail
cd "$(dirname "$0")/.."
nibc="${1:-.build/release/nibc}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
scripts/breadth-sweep.sh --nibc "$nibc" --legacy > "$out" || status=$?
if [ "$status" -ne 0 ]; then
    cat "$out"
    exit "$status"
fi
grep -m 12 -E '^ +[0-9]+ ' "$out" || true
tail -1 "$out"
