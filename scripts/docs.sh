#!/usr/bin/env bash
# Builds the DocC catalogs of NibArchive, NibCompiler and NibRuntime with the toolchain's docc, warnings
# as errors: symbol graphs from a build in its own scratch path (.build/docs-build, so the normal build
# keeps its flags), then `docc convert` per module into OUT/<Module>.doccarchive (default .build/docs).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
graphs=.build/docs-build/symbol-graphs
build_graphs() {
    mkdir -p "$graphs" "$out"
    for target in NibCompiler NibRuntime; do
        swift build --scratch-path .build/docs-build --target "$target" \
            -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" > /dev/null
    done
}
build_graphs
# Graphs are written only for modules that were recompiled; if any is missing, build from scratch.
for module in NibArchive NibCompiler NibRuntime; do
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        rm -rf .build/docs-build
        build_graphs
        break
    fi
done
for module in NibArchive NibCompiler NibRuntime; do
    dir=.build/docs-build/graphs-$module
    rm -rf "$dir"
    mkdir -p "$dir"
    cp "$graphs/$module.symbols.json" "$dir/"
    cp "$graphs/$module"@*.symbols.json "$dir/" 2>/dev/null || true
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$dir" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.nibc.$module" \
        --output-dir "$out/$module.doccarchive" --warnings-as-errors
done
echo "docs: $out/{NibArchive,NibCompiler,NibRuntime}.doccarchive"
