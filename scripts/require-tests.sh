#!/usr/bin/env bash
# Runs a `swift test … --filter …` command and fails unless it ran at least MIN tests: `swift test --filter`
# exits 0 when no test matches, so a renamed test would otherwise leave a stage running nothing and passing.
#
#   scripts/require-tests.sh MIN swift test --skip-build --filter 'a|b'
set -uo pipefail
min=${1:?usage: $0 MIN COMMAND...}
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] || exit "$rc"
# Swift Testing's summary: "Test run with N tests in M suites passed after …".
ran=$(sed -n 's/.*Test run with \([0-9][0-9]*\) tests\{0,1\} .*/\1/p' "$log" | tail -1)
if [ -z "$ran" ] || [ "$ran" -lt "$min" ]; then
    echo "require-tests: ran ${ran:-no} tests, expected at least $min: does the filter still match the tests it names?" >&2
    exit 1
fi
echo "require-tests: $ran tests ran (at least $min required)"
