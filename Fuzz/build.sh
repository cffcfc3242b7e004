#!/usr/bin/env bash
# Builds the libFuzzer targets into Fuzz/out/<target>.
#   Fuzz/build.sh [TARGET...]     (default: every target)
# A target is built one of two ways:
# - nib-verify, nib-gzip and xib-parse: one swiftc invocation compiles the library sources they exercise as
#   part of the fuzz executable's own module (so package-level helpers like Gzip.inflate are reachable), plus
#   the entry file Fuzz/Sources/<target>.swift, with -sanitize=fuzzer,address;
# - the targets in `linked_modules` below exercise modules that import other project modules, so each of
#   those modules is built as a static library + .swiftmodule in out/modules (static archives, so
#   -sanitize=fuzzer,address only instruments them: swiftc has no fuzzer-no-link; -package-name nibc) and
#   the entry is linked against them with -sanitize=fuzzer,address.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$here/out"
mkdir -p "$out"
all_targets=(nib-verify nib-gzip)
[ -d "$root/Sources/XIB" ] && [ -f "$here/Sources/xib-parse.swift" ] && ls "$root"/Sources/XIB/XMLTokenizer.swift >/dev/null 2>&1 && all_targets+=(xib-parse)
[ -d "$root/Sources/NibCompiler" ] && [ -f "$here/Sources/xib-compile.swift" ] && all_targets+=(xib-compile)
[ -d "$root/Sources/NibRuntime" ] && [ -f "$here/Sources/nib-instantiate.swift" ] && all_targets+=(nib-instantiate)
[ -d "$root/Sources/KeyedArchive" ] && [ -f "$here/Sources/keyed-archive.swift" ] && all_targets+=(keyed-archive)
[ -d "$root/Sources/CompiledStoryboard" ] && [ -f "$here/Sources/storyboard-info.swift" ] && all_targets+=(storyboard-info)
[ -d "$root/Sources/NibCompiler/Storyboard" ] && [ -f "$here/Sources/storyboard-compile.swift" ] && all_targets+=(storyboard-compile)
[ -d "$root/Sources/StringsFile" ] && [ -f "$here/Sources/strings-parse.swift" ] && all_targets+=(strings-parse)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
SWIFTC="${SWIFTC:-swiftc}"
OPT="${FUZZ_OPT:--O}"

# build_module NAME OUTDIR EXTRA_FLAGS... : one library module as a static archive + swiftmodule. It is rebuilt when
# its sources changed or when a project module it imports was rebuilt since: the importer's archive holds that
# module's inlined code and type layouts, so a stale one reads a changed type wrongly (callers build modules in
# dependency order).
build_module() {
  local name="$1" mods="$2"; shift 2
  local msrcs; mapfile -t msrcs < <(find "$root/Sources/$name" -name '*.swift' | sort)
  local deps=() dep
  for dep in $(grep -hoE '^(@_exported |public |package |internal )?import [A-Za-z]+' "${msrcs[@]}" | awk '{print $NF}' | sort -u); do
    [ "$dep" != "$name" ] && [ -f "$mods/lib$dep.a" ] && deps+=("$mods/lib$dep.a")
  done
  if [ -f "$mods/lib$name.a" ] && [ -z "$(find "${msrcs[@]}" "${deps[@]}" "$0" -newer "$mods/lib$name.a" 2>/dev/null)" ]; then return 0; fi
  echo "building module $name"
  ( cd "$mods" && nice -n 19 "$SWIFTC" -sanitize=fuzzer,address -parse-as-library $OPT -g \
      -module-name "$name" -package-name nibc -I "$mods" "$@" \
      -emit-module -emit-module-path "$mods/$name.swiftmodule" \
      -emit-library -static -o "$mods/lib$name.a" "${msrcs[@]}" 2> >(grep -v "Cannot export local symbol" >&2) )
}

# Targets whose entry links project modules built as static libraries (build_module), each with the modules
# it needs in dependency order (a module after every module it imports). The other targets compile one
# module's sources into the fuzz executable itself (below).
declare -A linked_modules=(
  [keyed-archive]="StringBytes XMLEscaping PropertyList NibArchive KeyedArchive"
  [xib-compile]="StringBytes XIB NibArchive XMLEscaping PropertyList KeyedArchive CompiledStoryboard NibCompiler"
  [storyboard-compile]="StringBytes XIB NibArchive XMLEscaping PropertyList KeyedArchive CompiledStoryboard NibCompiler"
  [nib-instantiate]="StringBytes XMLEscaping PropertyList NibArchive KeyedArchive CompiledStoryboard StringsFile NibRuntime"
  [strings-parse]="StringBytes XMLEscaping PropertyList StringsFile"
  [storyboard-info]="StringBytes XMLEscaping PropertyList CompiledStoryboard"
)
zlib=(-I "$root/Sources/CZlib" -Xcc -fmodule-map-file="$root/Sources/CZlib/module.modulemap")

# build_linked_target TARGET MODULE... : builds the modules, then links the entry against them (importers
# before the modules they import, as the static linker needs), unless the binary is newer than all of them.
build_linked_target() {
  local t="$1"; shift
  local mods="$out/modules" name archives=() libs=()
  mkdir -p "$mods"
  for name in "$@"; do
    build_module "$name" "$mods" "${zlib[@]}"
    archives+=("$mods/lib$name.a")
    libs=("-l$name" "${libs[@]}")
  done
  local entry="$here/Sources/$t.swift" bin="$out/$t"
  if [ -x "$bin" ] && [ -z "$(find "${archives[@]}" "$entry" "$0" -newer "$bin" 2>/dev/null)" ]; then
    echo "up to date: $bin"; return 0
  fi
  echo "building $bin"
  nice -n 19 "$SWIFTC" -sanitize=fuzzer,address -parse-as-library $OPT -g \
    -module-name "Fuzz_${t//-/_}" -package-name nibc -I "$mods" "${zlib[@]}" \
    "$entry" -L "$mods" "${libs[@]}" -lz -o "$bin" 2> >(grep -v "Cannot export local symbol" >&2)
}

for t in "${targets[@]}"; do
  if [ -n "${linked_modules[$t]:-}" ]; then
    # shellcheck disable=SC2086 # the module list splits on spaces
    build_linked_target "$t" ${linked_modules[$t]}
    continue
  fi
  entry="$here/Sources/$t.swift"
  [ -f "$entry" ] || { echo "unknown target $t" >&2; exit 2; }
  # The module's sources compiled with the entry file; StringBytes, which both import, as a library module.
  mods="$out/modules"; mkdir -p "$mods"
  build_module StringBytes "$mods"
  case "$t" in
    nib-*) mapfile -t srcs < <(find "$root/Sources/NibArchive" -name '*.swift' | sort)
           extra=(-I "$root/Sources/CZlib" -Xcc -fmodule-map-file="$root/Sources/CZlib/module.modulemap" -lz) ;;
    xib-*) mapfile -t srcs < <(find "$root/Sources/XIB" -name '*.swift' | sort)
           extra=() ;;
  esac
  extra+=(-I "$mods" -L "$mods" -lStringBytes)
  # Skip the rebuild when the binary is newer than every input.
  bin="$out/$t"
  if [ -x "$bin" ] && [ -z "$(find "${srcs[@]}" "$mods/libStringBytes.a" "$entry" "$0" -newer "$bin" 2>/dev/null)" ]; then
    echo "up to date: $bin"; continue
  fi
  echo "building $bin"
  nice -n 19 "$SWIFTC" -sanitize=fuzzer,address -parse-as-library $OPT -g \
    -module-name "Fuzz_${t//-/_}" -package-name nibc \
    "${extra[@]}" "${srcs[@]}" "$entry" -o "$bin" 2> >(grep -v "Cannot export local symbol" >&2)
done
