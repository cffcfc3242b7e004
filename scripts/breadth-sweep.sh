#!/usr/bin/env bash
# Breadth sweep: compiles every Interface Builder document of the shared corpus except legacy/ (each with
# the flags of the X.args file beside it) and prints a coverage table of what the compiler does not
# encode: each element, attribute and key it warns about, with counts and an example location, then the
# totals (documents, elements, unencoded element/attribute kinds, warnings, errors).
# Exits non-zero when a document fails to compile (CI gate); warnings never fail the sweep.
#
# usage: scripts/breadth-sweep.sh [--nibc PATH] [--corpus DIR] [--extensions xib[,storyboard]] [--examples N] [--legacy]
#   --legacy also requires every XIB 2.x <archive> and merge-conflicted document under legacy/ to fail with a
#   located error, and the other legacy documents (an Xcode 4 storyboard) to compile (as CI runs it).
#   --extensions defaults to xib,storyboard; NIBC_SHARED_CORPUS overrides the default corpus (../shared/corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
nibc=.build/debug/nibc
corpus="${NIBC_SHARED_CORPUS:-../shared/corpus}"
extensions=xib,storyboard
examples=1
legacy=
while [ $# -gt 0 ]; do
    case "$1" in
        --nibc) nibc="$2"; shift 2 ;;
        --corpus) corpus="$2"; shift 2 ;;
        --extensions) extensions="$2"; shift 2 ;;
        --examples) examples="$2"; shift 2 ;;
        --legacy) legacy=--legacy; shift ;;
        *) echo "breadth-sweep: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -x "$nibc" ] || { echo "breadth-sweep: no nibc binary at $nibc (swift build first)" >&2; exit 2; }
[ -d "$corpus" ] || { echo "breadth-sweep: no corpus at $corpus" >&2; exit 2; }
exec python3 scripts/breadth-sweep.py --nibc "$nibc" --corpus "$corpus" --extensions "$extensions" --examples "$examples" $legacy
