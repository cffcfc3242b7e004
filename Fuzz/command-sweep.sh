#!/usr/bin/env bash
# Every nib- or XIB-reading command on hostile input: no signal, no hang, memory within the limits budget.
#   Fuzz/command-sweep.sh [NIBC]
# Environment: SWEEP_SEED (default 17), SWEEP_MUTANTS (verified byte-flip mutants wanted, default 300),
# SWEEP_XIB_MUTANTS (default 60), SWEEP_RETARGETS (default 60), SWEEP_HANG_SECONDS (default 30).
#
# Inputs (all written to Fuzz/out/command-sweep, regenerated each run; see command-sweep-inputs.py):
#   - byte-flip mutants of the shared corpus nibs (1-4 bytes XORed; every fourth from a keyed-archive nib
#     when the corpus has some), generated in seeded batches and KEPT
#     ONLY IF `nibc verify` accepts them, until SWEEP_MUTANTS are kept: structurally valid, hostile content;
#   - reference retargets of corpus nibs (object references pointed at random objects: cycles, wrong kinds);
#   - generated nibs: repeated external-object identifiers, cycles, 100 000-deep nesting, huge counts,
#     shared collections that expand to 2^60 values, a 1 MB string referenced 20 000 times, header counts
#     that lie, truncations of corpus nibs; generated XIBs with cyclic references and duplicate identifiers;
#   - byte-flip mutants of corpus XIBs (for compile);
#   - the committed regression inputs: Tests/NibArchiveTests/Regressions and Fuzz/Regressions/<target>/.
# Commands per nib: verify, dump, dump --json, diff (mutant vs its original, or vs itself), render --json, bench
# --seconds 0.01, convert (and verify of what it writes), and compile and ibtool --compile (a nib is not a
# XIB: both must reject it). Per XIB: render --json, ibtool --compile with the report flags, compile, then verify,
# dump and bench on its output when it compiled.
# Checks per run (limits-common.sh): no signal; exit status one the command documents (verify/dump/bench/
# compile/render 0 or 1, diff 0, 1 or 2); wall time < 1 s per MB of input (at least 1 s; bench x4, it decodes and
# plans at least twice); max RSS < 64 MB + 32 x input size (diff: both inputs, 56 x; convert 84 x: see
# rss_factor below); a run still going after
# SWEEP_HANG_SECONDS is killed and counted as a hang. A run over the time budget is repeated once.
# Prints one line per failure and per input over 200 KB, then the counts. Exits non-zero on any failure.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/limits-common.sh"
limits_init command-sweep "$@"
seed="${SWEEP_SEED:-17}"
want="${SWEEP_MUTANTS:-300}"
want_xib="${SWEEP_XIB_MUTANTS:-60}"
want_retargets="${SWEEP_RETARGETS:-60}"
hang="${SWEEP_HANG_SECONDS:-30}"
gen="$here/command-sweep-inputs.py"
rm -rf "$stress"; mkdir -p "$stress"/{flips,kept,retargets,generated,xib,compiled}
[ -d "$corpus/nib" ] || { echo "corpus $corpus/nib not found (set CORPUS)" >&2; exit 2; }

# Bases: every plain corpus nib up to 256 KB, NIBArchive or keyed archive (sorted, so the stream is the same
# on every machine).
bases=()
while IFS= read -r -d '' f; do
  [ "$(stat -c %s "$f")" -le 262144 ] && head -c 10 "$f" | LC_ALL=C grep -aqE '^(NIBArchive|bplist00)' && bases+=("$f")
done < <(find "$corpus/nib" "$corpus/recent" "$corpus/storyboards" -name '*.nib' -type f -print0 2>/dev/null | sort -z)
xibs=()
while IFS= read -r -d '' f; do xibs+=("$f"); done < <(find "$corpus/ios" "$corpus/macos" -name '*.xib' -type f -size -256k -print0 | sort -z)

# 1. Byte flips, in batches of 400, keeping those that verify, until $want are kept.
declare -A origin
generated=0; kept=0; batch=0; retargets=0
while [ $kept -lt "$want" ]; do
  [ $batch -lt 20 ] || { echo "only $kept of $want mutants verify after $generated candidates" >&2; exit 2; }
  rm -f "$stress"/flips/*
  while read -r name base; do origin[$name]="$base"; done < <(python3 "$gen" flips "$stress/flips" "$seed" $((batch * 400)) 400 "${bases[@]}")
  generated=$((generated + 400))
  rejected="$( { "$nibc" verify "$stress"/flips/*.nib 2>&1 >/dev/null || true; } | sed -n 's|^\(.*\.nib\): error: .*|\1|p' | sort -u)"
  for f in "$stress"/flips/*.nib; do
    [ $kept -lt "$want" ] || break
    grep -qxF "$f" <<< "$rejected" && continue
    mv "$f" "$stress/kept/"
    kept=$((kept + 1))
  done
  batch=$((batch + 1))
done
rm -rf "$stress/flips"
# 2. Retargets, generated inputs, XIB mutants.
while read -r name base; do origin[$name]="$base"; retargets=$((retargets + 1)); done < <(python3 "$gen" retargets "$stress/retargets" "$seed" "$want_retargets" "${bases[@]}")
python3 "$gen" generated "$stress/generated" "${bases[@]:0:8}"
python3 "$gen" xibflips "$stress/xib" "$seed" "$want_xib" "${xibs[@]}" > /dev/null

nibs=("$stress"/kept/*.nib "$stress"/retargets/*.nib "$stress"/generated/*.nib)
regressions=()
for f in "$root"/Tests/NibArchiveTests/Regressions/* "$here"/Regressions/*/*; do [ -f "$f" ] && regressions+=("$f"); done
xib_inputs=("$stress"/generated/*.xib "$stress"/xib/*.xib)
for f in "${regressions[@]}"; do case "$f" in *.xib|*.storyboard) xib_inputs+=("$f") ;; *) nibs+=("$f") ;; esac; done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tmp="$work/time"
"$nibc" verify "${bases[0]}" > /dev/null 2>&1 || true  # page the binary in
declare -A runs fails
signals=0; hangs=0; fail=0; max_ratio=0; max_ratio_run=""
printf '%-60s %10s %6s %8s %9s %9s\n' run bytes exit wall_s rss_kb budget_kb

# Memory factors above the limits scripts' 32 x input, each an open item (see the issue notes), measured on the
# generated inputs: diff holds two graphs with their tree names and leaves (top-level-200k: 519 MB for two
# 5.4 MB inputs, 48 x); convert builds the whole keyed property list before writing it (wide-array-1M:
# 680 MB for 9 MB, 75 x); render names every object by its tree path as diff does (wide-array-1M: 429 MB for
# 9 MB, 48 x). Every other command keeps 32 x.
declare -A rss_factor=([diff]=56 [convert]=84 [render]=56)

# check NAME SIZE FACTOR ALLOWED COMMAND...: one run under the budgets; ALLOWED is a regex of exit statuses.
check() {
  local name="$1" size="$2" factor="$3" allowed="$4" what
  shift 4
  what="$(basename "$name") $1"
  [ "$1" = dump ] && [ "${3:-}" = --json ] && what="$what --json"
  cmd=("$@")
  measure() { timed_run "$tmp" "$work/out" timeout -s KILL "$hang" "$nibc" "${cmd[@]}"; }
  measure_with_budget "$size" 0 "$factor" "${rss_factor[$1]:-32}"
  local key="${1}"; [ "$1" = dump ] && [ "${3:-}" = --json ] && key="dump --json"
  runs[$key]=$(( ${runs[$key]:-0} + 1 ))
  local ok=1 why=""
  if [ -n "$signal" ]; then
    if awk -v w="$wall" -v h="$hang" 'BEGIN { exit !(w >= h - 0.5) }'; then hangs=$((hangs + 1)); why="hang (killed after ${hang}s)"
    else signals=$((signals + 1)); why="signal $signal"; fi
    ok=0
  elif ! [[ "$status" =~ ^($allowed)$ ]]; then ok=0; why="exit status $status"
  fi
  [ $over_rss = 0 ] || { ok=0; why="${why:+$why, }RSS over budget"; }
  [ $over_time = 0 ] || { ok=0; why="${why:+$why, }over the time budget"; }
  local ratio
  ratio=$(awk -v r="$rss" -v b="$budget_kb" 'BEGIN { printf "%.3f", r / b }')
  if awk -v r="$ratio" -v m="$max_ratio" 'BEGIN { exit !(r > m) }'; then max_ratio=$ratio; max_ratio_run="$what"; fi
  if [ $ok = 0 ] || [ "$size" -gt 204800 ]; then
    limits_row "$what" "$size" "$([ $ok = 1 ] && echo ok || echo "FAIL: $why")"
    [ $ok = 1 ] || sed -n 1,3p "$work/out" | cut -c1-200
  fi
  if [ $ok = 0 ]; then fail=$((fail + 1)); fails[$key]=$(( ${fails[$key]:-0} + 1 )); fi
  return 0
}

for f in "${nibs[@]}"; do
  size=$(stat -c %s "$f")
  name="$(basename "$f")"
  other="${origin[$name]:-$f}"
  check "$f" "$size" 1 '0|1' verify "$f"
  check "$f" "$size" 1 '0|1' dump "$f"
  check "$f" "$size" 1 '0|1' dump "$f" --json
  check "$f" "$((size + $(stat -c %s "$other")))" 1 '0|1|2' diff "$other" "$f"
  check "$f" "$size" 1 '0|1' render "$f" --json
  check "$f" "$size" 4 '0|1' bench "$f" --seconds 0.01
  rm -f "$work/conv.nib"
  check "$f" "$size" 1 '0|1' convert "$f" "$work/conv.nib"
  # What convert writes must verify (either format).
  [ "$status" = 0 ] && [ -f "$work/conv.nib" ] && check "$f" "$(stat -c %s "$work/conv.nib")" 1 '0' verify "$work/conv.nib"
  rm -rf "$work/c.nib"
  check "$f" "$size" 1 '1' compile "$f" -o "$work/c.nib"
  check "$f" "$size" 1 '1' ibtool --errors --compile "$work/c.nib" "$f"
done
for f in "${xib_inputs[@]}"; do
  size=$(stat -c %s "$f")
  # A storyboard (regression inputs of storyboard-compile) compiles to a .storyboardc directory.
  case "$f" in *.storyboard) ext=storyboardc; base="$(basename "$f" .storyboard)" ;; *) ext=nib; base="$(basename "$f" .xib)" ;; esac
  out="$stress/compiled/$base.$ext"
  rm -rf "$out" "$work/i.$ext"
  check "$f" "$size" 1 '0|1' render "$f" --json
  check "$f" "$size" 1 '0|1' ibtool --errors --warnings --notices --compile "$work/i.$ext" "$f"
  check "$f" "$size" 1 '0|1' compile "$f" -o "$out"
  if [ "$status" = 0 ]; then
    osize=$(du -sb "$out" | cut -f1)
    check "$out" "$osize" 1 '0' verify "$out"
    check "$out" "$osize" 1 '0' dump "$out"
    check "$out" "$osize" 4 '0|1' bench "$out" --seconds 0.01
  fi
done

total=0; for k in "${!runs[@]}"; do total=$((total + runs[$k])); done
echo "inputs: $kept byte-flip mutants that verify (of $generated generated, seed $seed), $retargets reference retargets, $(ls "$stress"/generated/*.nib | wc -l) generated nibs, ${#regressions[@]} regression inputs, ${#xib_inputs[@]} XIBs ($(ls "$stress"/generated/*.xib | wc -l) generated, $(ls "$stress"/xib/*.xib | wc -l) byte-flip mutants)"
for k in verify dump "dump --json" diff render bench convert compile ibtool; do printf '  %-12s %5d runs, %d failed\n' "$k" "${runs[$k]:-0}" "${fails[$k]:-0}"; done
echo "$total runs: $signals signals, $hangs hangs, $fail over a limit or failed; max RSS/budget $max_ratio ($max_ratio_run)"
[ $fail = 0 ]
