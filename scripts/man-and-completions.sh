#!/usr/bin/env bash
# Generates nibc's man page (swift-argument-parser's generate-manual plugin) and its bash, zsh and fish
# completion scripts (nibc --generate-completion-script) from the argument parser's definitions.
#   scripts/man-and-completions.sh [OUT]     (default .build/share: OUT/man/man1/nibc.1, OUT/completions/)
# Install: man page under $PREFIX/share/man/man1; completions where your shell loads them, e.g.
# /usr/share/bash-completion/completions/nibc, a directory on zsh's $fpath as _nibc, ~/.config/fish/completions/nibc.fish.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/share}
mkdir -p "$out/man/man1" "$out/completions"
out=$(cd "$out" && pwd)
swift build --product nibc > /dev/null 2>&1
swift package --allow-writing-to-directory "$out/man/man1" generate-manual --configuration debug \
    --output-directory "$out/man/man1" > /dev/null 2>&1
nibc=$(swift build --show-bin-path)/nibc
"$nibc" --generate-completion-script bash > "$out/completions/nibc.bash"
"$nibc" --generate-completion-script zsh > "$out/completions/_nibc"
"$nibc" --generate-completion-script fish > "$out/completions/nibc.fish"
for f in "$out/man/man1/nibc.1" "$out/completions/nibc.bash" "$out/completions/_nibc" "$out/completions/nibc.fish"; do
    [ -s "$f" ] || { echo "man-and-completions: $f is empty" >&2; exit 1; }
    grep -q "ibtool" "$f" || { echo "man-and-completions: $f does not list the ibtool subcommand" >&2; exit 1; }
done
echo "man-and-completions: $out/man/man1/nibc.1, $out/completions/{nibc.bash,_nibc,nibc.fish}"
