#!/usr/bin/env bash
# CI gate for the NibArchive benchmarks: runs every benchmark measuring only mallocCountTotal and
# compares it with the committed p90 values in Thresholds/ (tolerance 0 except where the benchmark
# code says otherwise). Wall time is never gated: the machines are shared and noisy.
#
# The gate is two-sided: a benchmark that allocates far less than its threshold (below
# NIBC_ALLOCATION_FLOOR percent of it, default 50) fails too. A drop that large means the code now skips
# work or the benchmark no longer measures what it did: explain it, then commit a new threshold.
#
#   exit 0  allocation counts equal to the thresholds (or somewhat lower: a warning asks to update them)
#   exit 2  allocation regression (more mallocs than the committed thresholds)
#   exit 3  allocation collapse (fewer than NIBC_ALLOCATION_FLOOR % of a committed threshold)
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
    # The plugin's tables of deviations better than a threshold: a header naming TARGET:NAME, then a row
    # `p90 | threshold | this run | difference | tolerance` (both counts in the same units).
    collapsed=$(awk -v floor="${NIBC_ALLOCATION_FLOOR:-50}" '
        /Deviations better than threshold for / { name = $NF; next }
        /Deviations worse than threshold for / { name = ""; next }
        name != "" {
            n = split($0, f, /[│|]/)
            cells = 0
            for (i = 1; i <= n; i++) { gsub(/[ ,]/, "", f[i]); if (f[i] != "") cell[++cells] = f[i] }
            if (cells >= 3 && cell[1] == "p90" && cell[2] ~ /^[0-9]+$/ && cell[3] ~ /^[0-9]+$/ && cell[2] > 0 \
                && cell[3] * 100 < cell[2] * floor) {
                printf "%s: %s mallocs, threshold %s (%.0f %%)\n", name, cell[3], cell[2], 100 * cell[3] / cell[2]
            }
        }' "$log")
    if [ -n "$collapsed" ]; then
        echo "$collapsed"
        echo "check-thresholds: FAILED: fewer than ${NIBC_ALLOCATION_FLOOR:-50} % of the committed allocations: find out why"
        echo "(skipped work, a benchmark measuring less), then commit new thresholds."
        exit 3
    fi
    echo "check-thresholds: WARNING: fewer allocations than Thresholds/; update and commit the thresholds."
    exit 0
else
    echo "check-thresholds: FAILED: benchmark build or run error (exit $rc)."
    exit 1
fi
