#!/usr/bin/env bash
# Per-file compile time through the `nibc` binary (process start included): builds nibc in release,
# then times `nibc compile X.xib -o Y.nib` for every iOS corpus XIB (corpus/ios/**/*.xib) and the 22
# pair XIBs, with hyperfine when installed, else a loop of `date +%s%N`. Prints mean ms per file.
#
#   Benchmarks/compile-per-file.sh [RUNS]      RUNS: timed runs per file (default 5)
#   NIBC_SCRATCH=.build-cc                      SwiftPM scratch path of the main package (default .build)
#   NIBC_SHARED_CORPUS=/path/to/corpus          corpus location (default ../shared/corpus next to the checkout)
set -eu
cd "$(dirname "$0")/.."
runs=${1:-5}
scratch=${NIBC_SCRATCH:-.build}
corpus=${NIBC_SHARED_CORPUS:-$(cd .. && pwd)/shared/corpus}
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product nibc >&2
nibc=$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/nibc
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

mapfile -t files < <( { find "$corpus/ios" -name '*.xib'
           ls "$corpus"/nib/duckduckgo/*.xib "$corpus"/nib/duckduckgo/Base.lproj/*.xib \
              "$corpus"/nib/swiftmessages/4.1.0/*.xib "$corpus"/nib/swiftmessages/7.0.0/*.xib; } | sort)  # names may hold spaces
# Children's user+sys CPU in ms (`times` must run in this shell, not in a $(...) subshell).
cpu_ms() { times > "$out/times"; tail -1 "$out/times" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1000 }'; }
count=0; bytes=0; total_ns=0; failed=0; cpu0=0; cpu_total=0
if command -v hyperfine >/dev/null; then
    echo "timing with hyperfine ($runs runs per file)" >&2
fi
for f in "${files[@]}"; do
    if ! "$nibc" compile "$f" -o "$out/x.nib" >/dev/null 2>&1; then failed=$((failed + 1)); continue; fi
    cpu_ms > "$out/c0"; cpu0=$(cat "$out/c0")
    if command -v hyperfine >/dev/null; then
        hyperfine -N -w 1 -r "$runs" --export-json "$out/h.json" "$nibc compile \"$f\" -o $out/x.nib" >/dev/null 2>&1
        ns=$(python3 -c "import json;print(int(json.load(open('$out/h.json'))['results'][0]['mean']*1e9))")
    else
        "$nibc" compile "$f" -o "$out/x.nib" >/dev/null 2>&1   # warm-up
        t0=$(date +%s%N)
        for _ in $(seq "$runs"); do "$nibc" compile "$f" -o "$out/x.nib" >/dev/null 2>&1; done
        t1=$(date +%s%N)
        ns=$(( (t1 - t0) / runs ))
    fi
    cpu_ms > "$out/c1"
    cpu_total=$((cpu_total + ($(cat "$out/c1") - cpu0) * 1000000 / (runs + 1)))
    count=$((count + 1)); bytes=$((bytes + $(stat -c %s "$f"))); total_ns=$((total_ns + ns))
done
# Baseline: process start of the same binary doing no work (`nibc --version`).
cpu_ms > "$out/c0"; c0=$(cat "$out/c0"); t0=$(date +%s%N); for _ in $(seq 20); do "$nibc" --version >/dev/null 2>&1 || true; done; t1=$(date +%s%N); cpu_ms > "$out/c1"; c1=$(cat "$out/c1")
# Batch mode: one `nibc compile A.xib B.xib ... --output-dir D` per set of distinct base names
# (batch outputs are named by base name), i.e. the process start amortised over many files.
declare -A seen=(); batches=()
for f in "${files[@]}"; do
    b=$(basename "$f"); k=${seen[$b]:-0}; seen[$b]=$((k + 1))
    batches[k]+="$f"$'\n'
done
cpu_ms > "$out/c0"; b0=$(cat "$out/c0"); bt0=$(date +%s%N)
for _ in $(seq "$runs"); do
    for k in "${!batches[@]}"; do
        mapfile -t group < <(printf '%s' "${batches[k]}")
        mkdir -p "$out/batch$k"
        "$nibc" compile "${group[@]}" --output-dir "$out/batch$k" >/dev/null 2>&1 || true
    done
done
bt1=$(date +%s%N); cpu_ms > "$out/c1"; b1=$(cat "$out/c1")
echo "files: $count compiled ($failed failing skipped), $bytes XIB bytes, $runs runs each"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) (wall times grow with the load; CPU times much less)"
awk -v n="$count" -v t="$total_ns" -v b="$bytes" -v s="$(( (t1 - t0) / 20 ))" -v c="$cpu_total" -v sc="$(( (c1 - c0) * 1000000 / 20 ))" 'BEGIN {
    printf "mean per file: %.2f ms wall (process start alone: %.2f ms wall)\n", t / n / 1e6, s / 1e6
    printf "mean per file: %.2f ms CPU, user+sys (process start alone: %.2f ms CPU)\n", c / n / 1e6, sc / 1e6
    printf "through the binary: %.2f MB of XIB per second\n", b / (t / 1e9) / 1e6 }'
awk -v n="${#files[@]}" -v r="$runs" -v p="${#batches[@]}" -v t="$(( bt1 - bt0 ))" -v c="$(( b1 - b0 ))" 'BEGIN {
    printf "batch mode (%d processes for %d files): %.2f ms wall, %.2f ms CPU per file\n", p, n, t / r / n / 1e6, c / r / n }'
