#!/usr/bin/env bash
# Builds the DocC documentation of NibArchive, NibCompiler and NibRuntime with swift-docc-plugin
# (`swift package generate-documentation`), warnings as errors. The archives land in
# .build/plugins/Swift-DocC/outputs/<Module>.doccarchive; with OUT given they are copied to OUT/.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --disable-sandbox generate-documentation \
    --target NibArchive --target NibCompiler --target NibRuntime --warnings-as-errors
out=${1:-}
if [ -n "$out" ]; then
    mkdir -p "$out"
    for module in NibArchive NibCompiler NibRuntime; do
        rm -rf "$out/$module.doccarchive"
        cp -R ".build/plugins/Swift-DocC/outputs/$module.doccarchive" "$out/"
    done
fi
echo "docs: ${out:-.build/plugins/Swift-DocC/outputs}/{NibArchive,NibCompiler,NibRuntime}.doccarchive"
