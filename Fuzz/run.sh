#!/usr/bin/env bash
# Runs one fuzz target for a bounded time.
#   Fuzz/run.sh TARGET SECONDS [extra libFuzzer flags...]
# Builds the target if needed, seeds it from the shared corpus (NIBArchive files and gzip copies of a
# few of them for nib targets, .xib files for xib targets) plus the committed regression inputs, and
# writes new corpus entries to Fuzz/out/corpus-TARGET and crashes to Fuzz/out/artifacts-TARGET/
# (neither is committed). Runs under nice -n 19 and prints libFuzzer's final stats.
# Environment: CORPUS (default ../shared/corpus next to the checkout), FUZZ_MAX_LEN (default 16384),
# FUZZ_JOBS (default 1).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
target="${1:?usage: run.sh TARGET SECONDS}"
seconds="${2:?usage: run.sh TARGET SECONDS}"
shift 2
corpus_root="${CORPUS:-$(cd "$root/.." && pwd)/shared/corpus}"
out="$here/out"
"$here/build.sh" "$target"

seed="$out/seed-$target"
if [ ! -d "$seed" ]; then
  mkdir -p "$seed"
  if [ -d "$corpus_root" ]; then
    case "$target" in
      nib-*)
        i=0
        while IFS= read -r -d '' f; do
          i=$((i+1)); cp "$f" "$seed/nib-$i.nib"
          # A gzip-framed copy of every 8th file (all of them for nib-gzip).
          if [ "$target" = nib-gzip ] || [ $((i % 8)) -eq 0 ]; then gzip -n -c "$f" > "$seed/nib-$i.nib.gz"; fi
        done < <(find "$corpus_root/nib" -name '*.nib' -type f -print0 | sort -z)
        ;;
      xib-*)
        i=0
        while IFS= read -r -d '' f; do
          i=$((i+1)); cp "$f" "$seed/xib-$i.xib"
        done < <(find "$corpus_root" \( -name '*.xib' -o -name '*.storyboard' \) -type f -print0 | sort -z)
        ;;
    esac
  else
    echo "warning: corpus $corpus_root not found; seeding only from committed regressions" >&2
  fi
fi
regressions=()
case "$target" in
  nib-*) [ -d "$root/Tests/NibArchiveTests/Regressions" ] && regressions+=("$root/Tests/NibArchiveTests/Regressions") ;;
esac
[ -d "$here/Regressions/$target" ] && regressions+=("$here/Regressions/$target")

mkdir -p "$out/corpus-$target" "$out/artifacts-$target"
log="$out/$target-$(date +%Y%m%d-%H%M%S).log"
set +e
nice -n 19 "$out/$target" "$out/corpus-$target" "$seed" "${regressions[@]}" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=5 \
  -max_len="${FUZZ_MAX_LEN:-16384}" -print_final_stats=1 \
  -artifact_prefix="$out/artifacts-$target/" "$@" > "$log" 2>&1
status=$?
set -e
runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
secs=$(grep -oE '^Done [0-9]+ runs in [0-9]+ second' "$log" | grep -oE '[0-9]+ second' | grep -oE '[0-9]+' | tail -1 || true)
execs=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
peak=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
grep -E '^#[0-9]+ +DONE|INITED' "$log" | tail -2 || true
grep -E 'ERROR|SUMMARY|invariant|deadly|Test unit written' "$log" | head -20 || true
echo "target=$target status=$status runs=${runs:-?} seconds=${secs:-?} exec_per_sec=${execs:-?} peak_rss_mb=${peak:-?} log=$log"
exit $status
