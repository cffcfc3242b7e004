#!/usr/bin/env bash
# Compiles every .xib and .storyboard of the corpus with two nibc binaries and compares the results
# byte for byte: the output files (a .nib, or a .storyboardc directory), the exit status and the
# diagnostics. For changes that must not change any output (performance work).
#
#   scripts/compare-compile-outputs.sh OLD_NIBC NEW_NIBC [CORPUS_DIR]
#
# The flags of X.args beside an input are passed to both. Prints one line per difference and a summary;
# exits 1 when anything differs, 2 when there is no corpus or nothing in it to compare (the corpus defaults to
# ../shared/corpus beside the checkout, or $NIBC_SHARED_CORPUS).
set -uo pipefail
old=${1:?usage: $0 OLD_NIBC NEW_NIBC [CORPUS_DIR]}
new=${2:?usage: $0 OLD_NIBC NEW_NIBC [CORPUS_DIR]}
corpus=${3:-${NIBC_SHARED_CORPUS:-$(cd "$(dirname "$0")/.." && pwd)/../shared/corpus}}
if [ ! -d "$corpus" ]; then
    echo "compare-compile-outputs: no corpus at $corpus (give it as the third argument or NIBC_SHARED_CORPUS)" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=0 differ=0
while IFS= read -r -d '' f; do
    files=$((files + 1))
    args=()
    [ -f "${f%.*}.args" ] && read -r -a args < "${f%.*}.args"
    ext=nib
    [[ $f == *.storyboard ]] && ext=storyboardc
    for side in old new; do
        bin=$old
        [ $side = new ] && bin=$new
        rm -rf "$work/$side"
        mkdir -p "$work/$side"
        "$bin" compile "${args[@]}" "$f" -o "$work/$side/out.$ext" > "$work/$side/diagnostics" 2>&1
        echo "exit $?" >> "$work/$side/diagnostics"
    done
    if ! diff -r "$work/old" "$work/new" > /dev/null; then
        differ=$((differ + 1))
        echo "DIFFERS: $f"
    fi
done < <(find "$corpus" \( -name '*.xib' -o -name '*.storyboard' \) -print0 | sort -z)
echo "$files documents compiled, $differ differ"
if [ $files -eq 0 ]; then
    echo "compare-compile-outputs: no .xib or .storyboard under $corpus: nothing was compared" >&2
    exit 2
fi
[ $differ -eq 0 ]
