#!/usr/bin/env bash
# CI check of the SwiftPM build-tool plugin: builds this example package from scratch (its .build is
# removed first), runs it (it instantiates each bundled nib through NibRuntime), checks that the bundled
# nibs are byte-identical to `nibc compile` of the same documents, and that a rebuild after touching one
# document recompiles that document only.
#   Examples/PluginExample/check.sh [NIBC]     (default: the main package's release, else debug, nibc)
# Dependencies resolve like the main package's (swift-argument-parser, from SwiftPM's cache when offline).
set -euo pipefail
nibc=${1:-}
# A relative NIBC is relative to where the script was started, not to this folder.
[ -n "$nibc" ] && [ "${nibc#/}" = "$nibc" ] && nibc="$PWD/$nibc"
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
if [ -z "$nibc" ]; then
    nibc="$root/.build/release/nibc"
    [ -x "$nibc" ] || nibc="$root/.build/debug/nibc"
fi
[ -x "$nibc" ] || { echo "check.sh: no nibc binary at $nibc; build the main package first" >&2; exit 1; }
rm -rf .build
swift build 2>&1 | tail -3
out=$(.build/debug/PluginExample)
echo "$out"
grep -q "Login.nib: top-level objects: UIView; owner outlets: emailField, loginButton, passwordField, view" <<<"$out"
grep -q "Settings.nib: top-level objects: UIView, UITapGestureRecognizer; owner outlets: contentView, toggles" <<<"$out"

bundle=$(swift build --show-bin-path)/PluginExample_PluginExample.resources
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for xib in Sources/PluginExample/Views/*/*.xib; do
    name=$(basename "$xib" .xib)
    "$nibc" compile "$xib" -o "$tmp/$name.nib" --module PluginExample
    cmp "$tmp/$name.nib" "$bundle/$name.nib"
    echo "check.sh: $name.nib in the bundle is identical to nibc compile ($(wc -c < "$bundle/$name.nib") bytes)"
done

# Incremental: settle, then touch one document; only its build command runs.
swift build > /dev/null 2>&1
touch Sources/PluginExample/Views/Login/Login.xib
rebuild=$(swift build 2>&1)
grep -q "Login.xib with nibc" <<<"$rebuild" || { echo "$rebuild"; echo "check.sh: Login.xib was not recompiled" >&2; exit 1; }
if grep -q "Settings.xib with nibc" <<<"$rebuild"; then echo "$rebuild"; echo "check.sh: Settings.xib was recompiled though unchanged" >&2; exit 1; fi
echo "check.sh: OK (plugin build, NibRuntime instantiation, identical to nibc compile, incremental)"
