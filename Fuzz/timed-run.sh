# Sourced by limits.sh and compile-limits.sh.
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
