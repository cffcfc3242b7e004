#!/usr/bin/env bash
# Compiles the bundled Corpus/ios/LoginViewController.xib (or the XIB given as $1) into a nib, verifies the
# result and prints it as a tree.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
input="${1:-Corpus/ios/LoginViewController.xib}"
swift build -c release --static-swift-stdlib --product nibc >&2
out="${TMPDIR:-/tmp}/nibc-demo/$(basename "${input%.xib}").nib"
mkdir -p "$(dirname "$out")"
.build/release/nibc compile "$input" -o "$out"
.build/release/nibc verify --verbose "$out"
.build/release/nibc dump "$out"
