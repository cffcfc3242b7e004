#!/usr/bin/env bash
# CI gate for the NibArchive benchmarks: runs every benchmark measuring only mallocCountTotal and
# compares it with the committed p90 values in Thresholds/ (tolerance 0 except where the benchmark
# code says otherwise). Wall time is never gated: the machines are shared and noisy.
#
#   exit 0  allocation counts equal to the thresholds (or lower: a warning asks to update them)
#   exit 2  allocation regression (more mallocs than the committed thresholds)
#   exit 1  build or run failure
#
# After an intended change in allocation counts, refresh the thresholds and commit them:
#   swift package --allow-writing-to-package-directory benchmark thresholds update --metric mallocCountTotal
set -u
cd "$(dirname "$0")"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package benchmark thresholds check --metric mallocCountTotal --no-progress "$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
# The plugin exits 1 for regressions, improvements and errors alike; tell them apart by its report.
if [ "$rc" -eq 0 ]; then
    echo "check-thresholds: OK, allocation counts match Thresholds/."
    exit 0
elif grep -q "is WORSE than the defined thresholds" "$log"; then
    echo "check-thresholds: FAILED: allocation regression (see the table above)."
    exit 2
elif grep -q "is BETTER than the defined thresholds" "$log"; then
    echo "check-thresholds: WARNING: fewer allocations than Thresholds/; update and commit the thresholds."
    exit 0
else
    echo "check-thresholds: FAILED: benchmark build or run error (exit $rc)."
    exit 1
fi
