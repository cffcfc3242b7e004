#!/usr/bin/env bash
# CI check of the Bazel example: nib_library runs `nibc ibtool` as one action per XIB; storyboard_library runs
# one `nibc ibtool --compilation-directory` action per storyboard and one `--link` action, as rules_apple does.
# Builds against a fresh --disk_cache, cleans, builds again and requires every action to be a cache hit (nibc's
# outputs are deterministic and the actions hermetic), then checks each output equals `nibc compile` and that
# the linked storyboards verify.
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
xibs=$(find xib -name '*.xib' | wc -l)
storyboards=$(find storyboard -name '*.storyboard' | wc -l)
count=$((xibs + storyboards + 1))  # one action per document, plus the link

bazel clean > /dev/null 2>&1
first=$(bazel build //:nibs //:storyboards --disk_cache="$cache" 2>&1) || { echo "$first"; exit 1; }
grep "processes" <<<"$first"
bazel clean > /dev/null 2>&1
second=$(bazel build //:nibs //:storyboards --disk_cache="$cache" 2>&1) || { echo "$second"; exit 1; }
grep "processes" <<<"$second"
# Bazel 4 reports disk-cache hits as "remote cache hit".
grep -Eq "(^| )$count (remote|disk) cache hit" <<<"$second" || { echo "check.sh: expected $count cache hits after clean" >&2; exit 1; }

tmp=$(mktemp -d)
for xib in $(find xib -name '*.xib' | sort); do
    "$nibc" compile "$xib" -o "$tmp/out.nib" --module App --minimum-deployment-target 15.0
    cmp "$tmp/out.nib" "bazel-bin/nibs/${xib%.xib}.nib"
done
for sb in $(find storyboard -name '*.storyboard' | sort); do
    name=$(basename "${sb%.storyboard}")
    "$nibc" compile "$sb" -o "$tmp/$name.storyboardc" --module App --minimum-deployment-target 15.0
    diff -r "$tmp/$name.storyboardc" "bazel-bin/storyboards/$name.storyboardc"
    "$nibc" verify "bazel-bin/storyboards/$name.storyboardc" > /dev/null
done
rm -rf "$tmp"
echo "check.sh: OK ($xibs nib_library actions, $storyboards storyboard compiles and 1 link; all $count cache hits after bazel clean; outputs identical to nibc compile, linked storyboards verify)"
