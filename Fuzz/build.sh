#!/usr/bin/env bash
# Builds the libFuzzer targets into Fuzz/out/<target>.
#   Fuzz/build.sh [TARGET...]     (default: every target)
# Each target is one swiftc invocation: the library sources it exercises, compiled as part of the
# fuzz executable's own module (so package-level helpers like Gzip.inflate are reachable), plus the
# entry file Fuzz/Sources/<target>.swift, with -sanitize=fuzzer,address.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$here/out"
mkdir -p "$out"
all_targets=(nib-verify nib-gzip)
[ -d "$root/Sources/XIB" ] && [ -f "$here/Sources/xib-parse.swift" ] && ls "$root"/Sources/XIB/XMLTokenizer.swift >/dev/null 2>&1 && all_targets+=(xib-parse)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
SWIFTC="${SWIFTC:-swiftc}"
OPT="${FUZZ_OPT:--O}"

for t in "${targets[@]}"; do
  entry="$here/Sources/$t.swift"
  [ -f "$entry" ] || { echo "unknown target $t" >&2; exit 2; }
  case "$t" in
    nib-*) mapfile -t srcs < <(find "$root/Sources/NibArchive" -name '*.swift' | sort)
           extra=(-I "$root/Sources/CZlib" -Xcc -fmodule-map-file="$root/Sources/CZlib/module.modulemap" -lz) ;;
    xib-*) mapfile -t srcs < <(find "$root/Sources/XIB" -name '*.swift' | sort)
           extra=() ;;
  esac
  # Skip the rebuild when the binary is newer than every input.
  bin="$out/$t"
  if [ -x "$bin" ] && [ -z "$(find "${srcs[@]}" "$entry" "$0" -newer "$bin" 2>/dev/null)" ]; then
    echo "up to date: $bin"; continue
  fi
  echo "building $bin"
  nice -n 19 "$SWIFTC" -sanitize=fuzzer,address -parse-as-library $OPT -g \
    -module-name "Fuzz_${t//-/_}" -package-name nibc \
    "${extra[@]}" "${srcs[@]}" "$entry" -o "$bin" 2> >(grep -v "Cannot export local symbol" >&2)
done
