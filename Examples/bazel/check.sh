#!/usr/bin/env bash
# CI check of the Bazel example: nib_library runs `nibc ibtool` as one action per XIB. Builds against a
# fresh --disk_cache, cleans, builds again and requires every compile action to be a cache hit (nibc's
# outputs are deterministic and the actions hermetic), then checks each output equals `nibc compile`.
#   Examples/bazel/check.sh [NIBC]     (default: the main package's release, else debug, nibc)
# Installs Debian's bazel-bootstrap (Bazel 4.2) when no bazel is on the PATH.
set -euo pipefail
nibc=${1:-}
[ -n "$nibc" ] && [ "${nibc#/}" = "$nibc" ] && nibc="$PWD/$nibc"
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
if [ -z "$nibc" ]; then
    nibc="$root/.build/release/nibc"
    [ -x "$nibc" ] || nibc="$root/.build/debug/nibc"
fi
[ -x "$nibc" ] || { echo "check.sh: no nibc binary at $nibc; build the main package first" >&2; exit 1; }
if ! command -v bazel > /dev/null; then
    echo "check.sh: installing bazel-bootstrap"
    apt-get update -qq > /dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends bazel-bootstrap > /dev/null
fi
cp "$nibc" tools/nibc
cache=$(mktemp -d)
trap 'bazel shutdown > /dev/null 2>&1 || true; rm -rf "$cache" bazel-*' EXIT
count=$(find xib -name '*.xib' | wc -l)

bazel clean > /dev/null 2>&1
first=$(bazel build //:nibs --disk_cache="$cache" 2>&1) || { echo "$first"; exit 1; }
grep "processes" <<<"$first"
bazel clean > /dev/null 2>&1
second=$(bazel build //:nibs --disk_cache="$cache" 2>&1) || { echo "$second"; exit 1; }
grep "processes" <<<"$second"
# Bazel 4 reports disk-cache hits as "remote cache hit".
grep -Eq "(^| )$count (remote|disk) cache hit" <<<"$second" || { echo "check.sh: expected $count cache hits after clean" >&2; exit 1; }

tmp=$(mktemp -d)
for xib in $(find xib -name '*.xib' | sort); do
    "$nibc" compile "$xib" -o "$tmp/out.nib" --module App --minimum-deployment-target 15.0
    cmp "$tmp/out.nib" "bazel-bin/nibs/${xib%.xib}.nib"
done
rm -rf "$tmp"
echo "check.sh: OK ($count nib_library actions; all $count cache hits after bazel clean; outputs identical to nibc compile)"
