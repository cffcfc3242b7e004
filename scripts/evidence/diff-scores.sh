#!/usr/bin/env bash
# Scores of every Apple-compiled XIB/NIB pair of the shared corpus under two `nibc diff` builds, to see
# what a change of the diff (for example, naming objects by their place in the tree) does to each score.
#
#   scripts/evidence/diff-scores.sh OLD_NIBC NEW_NIBC [CORPUS] > scores.tsv
#
# Compiles each pair with NEW_NIBC (the words of X.args when present; the SwiftMessages pairs with coder 9
# and the DuckDuckGo ones with --module DuckDuckGo, as the corpus tests do), then prints one row per pair:
# folder, pair, old strict, new strict, old loose, new loose. Rows of pairs that do not compile say so.
set -euo pipefail
old=$1 new=$2 corpus=${3:-${NIBC_SHARED_CORPUS:-$(dirname "$0")/../../../shared/corpus}}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
score() { "$1" diff --quiet ${3:+--loose} "$2" "$out/x.nib" </dev/null 2>/dev/null | awk '/^score/ {print $2}' || true; }
printf 'folder\tpair\told_strict\tnew_strict\told_loose\tnew_loose\n'
find "$corpus" -name '*.xib' | sort | while read -r xib; do
    nib=${xib%.xib}.nib
    [ -f "$nib" ] && [ "$(head -c 10 "$nib" | tr -d "\0")" = NIBArchive ] || continue
    rel=${xib#"$corpus"/}
    args=()
    if [ -f "${xib%.xib}.args" ]; then read -r -a args < <(tr "\n" " " < "${xib%.xib}.args") || true; fi
    case $rel in
        nib/swiftmessages/*) args=(--coder-version 9 --module SwiftMessages) ;;
        nib/duckduckgo/*) args=(--module DuckDuckGo) ;;
    esac
    folder=$(dirname "$rel")
    folder=${folder%/Base.lproj}
    if ! "$new" compile "${args[@]}" "$xib" -o "$out/x.nib" </dev/null >/dev/null 2>&1; then
        printf '%s\t%s\tcompile-failed\n' "$folder" "$rel"
        continue
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$folder" "$rel" "$(score "$old" "$nib")" "$(score "$new" "$nib")" \
        "$(score "$old" "$nib" loose)" "$(score "$new" "$nib" loose)"
done
