# Shared by limits.sh and compile-limits.sh (sourced): the binary and corpus lookup, one run under GNU time,
# and the budgets every input is held to (no signal; wall time < 1 s per MB, at least 1 s for process
# start-up; max RSS < 64 MB + 32 x input size; EXTRA bytes, e.g. a gzip stream's declared size, count once
# on top of the input for both).

# limits_init NAME [NIBC]: sets root, nibc (default .build/release/nibc), corpus and stress
# (Fuzz/out/NAME, created) for the calling script in Fuzz/.
limits_init() {
  root="$(cd "$here/.." && pwd)"
  nibc="${2:-$root/.build/release/nibc}"
  [ -x "$nibc" ] || { echo "nibc not found at $nibc; run: swift build -c release --static-swift-stdlib --product nibc" >&2; exit 2; }
  corpus="${CORPUS:-$(cd "$root/.." && pwd)/shared/corpus}"
  stress="$here/out/$1"
  mkdir -p "$stress"
}

# timed_run TIMEFILE OUTPUTFILE COMMAND...: runs COMMAND under GNU time (-v), its stdout and stderr to
# OUTPUTFILE, and sets status (exit status), signal (empty unless killed by one), rss (max RSS in KB)
# and wall (elapsed seconds).
timed_run() {
  local timefile="$1" output="$2"
  shift 2
  set +e
  /usr/bin/time -v -o "$timefile" "$@" > "$output" 2>&1
  set -e
  status=$(awk -F': ' '/Exit status/ {print $2}' "$timefile")
  signal=$(awk -F': ' '/terminated by signal/ {print $2}' "$timefile")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$timefile")
  wall=$(awk '/Elapsed \(wall clock\)/ {print $NF}' "$timefile" | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
}

# measure_with_budget SIZE EXTRA [TIME_FACTOR [RSS_FACTOR]]: calls the caller's `measure` (which calls timed_run), sets
# budget_kb, over_rss and over_time (1 when over), retried (a note when the first run was over the time
# budget: the machine is shared, so such a run is repeated once before it counts). TIME_FACTOR (default 1)
# multiplies the time budget, for commands that read their input several times (nibc bench). RSS_FACTOR
# (default 32) replaces the 32 x input size of the memory budget, for the commands the sweep names.
measure_with_budget() {
  local size="$1" extra="$2" factor="${3:-1}" rss_factor="${4:-32}" time_budget
  budget_kb=$(( (64 << 10) + rss_factor * size / 1024 + extra / 1024 ))
  time_budget=$(awk -v s="$size" -v x="$extra" -v f="$factor" 'BEGIN { b = (s + x) / 1048576; if (b < 1) b = 1; print b * f }')
  measure
  retried=""
  if ! awk -v w="$wall" -v b="$time_budget" 'BEGIN { exit !(w < b) }'; then
    retried=" (retried; first run ${wall}s)"
    measure
  fi
  over_time=0; awk -v w="$wall" -v b="$time_budget" 'BEGIN { exit !(w < b) }' || over_time=1
  over_rss=0; [ "$rss" -lt "$budget_kb" ] || over_rss=1
}

# limits_row FILE SIZE VERDICT: one line of the report (the path shortened to 60 characters).
limits_row() {
  local name="${1#"$corpus/"}"
  name="${name#"$root/"}"; name="${name#"$here/"}"
  [ ${#name} -gt 60 ] && name="...${name: -57}"
  printf '%-60s %10s %6s %8s %9s %9s %s%s\n' "$name" "$2" "${signal:+sig$signal}${status}" "$wall" "$rss" "$budget_kb" "$3" "$retried"
}
