#!/usr/bin/env bash
# Runs one fuzz target for a bounded time.
#   Fuzz/run.sh TARGET SECONDS [extra libFuzzer flags...]
# Builds the target if needed, seeds it from the shared corpus (NIBArchive files and gzip copies of a
# few of them for nib targets, .xib files for xib targets) plus the committed regression inputs, and
# writes new corpus entries to Fuzz/out/corpus-TARGET and crashes to Fuzz/out/artifacts-TARGET/
# (neither is committed). Runs under nice -n 19 and prints libFuzzer's final stats.
# Environment: CORPUS (default ../shared/corpus next to the checkout), FUZZ_MAX_LEN (default 16384;
# 131072 for storyboard-compile),
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
      keyed-*)  # every binary property list of the corpus: keyed-archive nibs and Info.plist files
        i=0
        while IFS= read -r -d '' f; do
          if [ "$(head -c 8 "$f")" = bplist00 ]; then i=$((i+1)); cp "$f" "$seed/plist-$i.bplist"; fi
        done < <(find "$corpus_root" -type f -print0 | sort -z)
        ;;
      storyboard-compile)  # the compiler's inputs: every .storyboard of the corpus and of the project's Corpus/
        i=0
        while IFS= read -r -d '' f; do
          i=$((i+1)); cp "$f" "$seed/storyboard-$i.storyboard"
        done < <(find "$corpus_root" "$root/Corpus" -name '*.storyboard' -type f -print0 2>/dev/null | sort -z)
        ;;
      storyboard-*)  # the Info.plist of every compiled storyboard of the corpus
        i=0
        while IFS= read -r -d '' f; do
          i=$((i+1)); cp "$f" "$seed/info-$i.bplist"
        done < <(find "$corpus_root" -path '*.storyboardc/Info.plist' -type f -print0 | sort -z)
        ;;
      strings-parse)  # every .strings file of the corpus and the fixtures, each also as UTF-16LE with a byte-order mark
        i=0
        while IFS= read -r -d '' f; do
          i=$((i+1)); cp "$f" "$seed/strings-$i.strings"
          { printf '\xff\xfe'; iconv -f UTF-8 -t UTF-16LE "$f" 2>/dev/null || true; } > "$seed/strings-$i-utf16.strings"
        done < <(find "$corpus_root" "$root/Tests/Fixtures" -name '*.strings' -type f -print0 2>/dev/null | sort -z)
        ;;
      xib-compile)  # the compiler's inputs: every corpus .xib (ios, macos, nib) and the project's Corpus/ios
        i=0
        while IFS= read -r -d '' f; do
          i=$((i+1)); cp "$f" "$seed/xib-$i.xib"
        done < <(find "$corpus_root/ios" "$corpus_root/macos" "$corpus_root/nib" "$root/Corpus/ios" -name '*.xib' -type f -print0 2>/dev/null | sort -z)
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

# Storyboards are larger than XIBs (median 22 KB, 90 % under 110 KB in the corpus): 128 KiB keeps most seeds whole.
default_max_len=16384
[ "$target" = storyboard-compile ] && default_max_len=131072
max_len="${FUZZ_MAX_LEN:-$default_max_len}"
mkdir -p "$out/corpus-$target" "$out/artifacts-$target" "$out/spurious-$target"
# The machine is shared and the fuzzer runs at nice 19, so it can be descheduled for longer than
# -timeout. A timeout artifact is therefore replayed alone three times; if every replay finishes
# within the timeout it is a scheduling stall, not a hang: it is moved to out/spurious-TARGET/ and
# fuzzing resumes for the remaining time (the corpus directory carries over). Anything else stops.
stamp="$(date +%Y%m%d-%H%M%S)"
total_runs=0; segments=0; spurious=0; status=0; last_log=""; peak=0
begin=$(date +%s)
while :; do
  now=$(date +%s); remaining=$((seconds - (now - begin)))
  [ "$remaining" -ge 1 ] || break
  segments=$((segments + 1))
  log="$out/$target-$stamp-$segments.log"; last_log="$log"
  set +e
  nice -n 19 "$out/$target" "$out/corpus-$target" "$seed" "${regressions[@]}" \
    -max_total_time="$remaining" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=5 \
    -max_len="$max_len" -print_final_stats=1 \
    -artifact_prefix="$out/artifacts-$target/" "$@" > "$log" 2>&1
  status=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
  if [ -z "$runs" ]; then  # no final stats after a timeout: take the last status line
    runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  fi
  total_runs=$((total_runs + ${runs:-0}))
  p=$(grep -oE 'rss: [0-9]+Mb' "$log" | grep -oE '[0-9]+' | sort -n | tail -1 || true)
  [ -n "$p" ] && [ "$p" -gt "$peak" ] && peak=$p
  [ $status = 0 ] && break
  artifact=$(grep -oE 'Test unit written to [^ ]+' "$log" | tail -1 | sed 's/Test unit written to //' || true)
  case "$(basename "${artifact:-none}")" in
    timeout-*)
      stall=1
      for i in 1 2 3; do
        nice -n 19 "$out/$target" -timeout=5 -rss_limit_mb=2048 "$artifact" > "$log.replay" 2>&1 || { stall=0; break; }
      done
      if [ $stall = 1 ]; then
        spurious=$((spurious + 1))
        echo "spurious timeout (replays in $(grep -oE 'in [0-9]+ ms' "$log.replay" | tail -1)): moved to $out/spurious-$target/" >&2
        mv "$artifact" "$out/spurious-$target/"
        status=0
        continue
      fi
      ;;
  esac
  break
done
end=$(date +%s)
grep -E 'ERROR|SUMMARY|invariant|deadly|Test unit written' "$last_log" | head -20 || true
execs=$(( total_runs / ( (end - begin) > 0 ? (end - begin) : 1 ) ))
echo "target=$target status=$status runs=$total_runs seconds=$((end - begin)) exec_per_sec=$execs segments=$segments spurious_timeouts=$spurious peak_rss_mb=$peak logs=$out/$target-$stamp-*.log"
exit $status
