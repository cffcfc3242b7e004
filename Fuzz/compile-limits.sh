#!/usr/bin/env bash
# Memory and time guard for `nibc compile`.
#   Fuzz/compile-limits.sh [NIBC]
# Runs the built nibc (default .build/release/nibc; build it with
# `swift build -c release --static-swift-stdlib --product nibc`) once per input under /usr/bin/time -v:
#   - every .xib of the shared corpus (ios, macos, nib pairs, legacy: XIB 2.x archives, storyboards and
#     merge-conflict files, which must fail cleanly) and every .storyboard of legacy/,
#   - the project's own Corpus/ documents,
#   - hostile XIBs generated into Fuzz/out/compile-limits (see the Python block below): a 20 MB attribute,
#     8 MB of text, 100 000-deep nesting, 200 000 sibling views, 32 000 siblings on one line, 50 000
#     connections to unknown ids, 20 000 duplicate ids, 50 000 constraints on one view, an entity
#     expansion attempt, a document of 5 MB of whitespace, invalid UTF-8 at the end of a 4 MB document.
# Each input is compiled to a fresh output path. Checks per input: no signal, exit status 0 (compiled)
# or 1 (rejected with a diagnostic; the generated inputs listed as such must be rejected), no output file
# after exit 1 and a valid one after exit 0, wall time
# < 1 s per MB of input (at least 1 s, for process start-up), max RSS < 64 MB + 32 x input size.
# A run over the time budget is repeated once (shared machine). Exits non-zero if any check fails.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/limits-common.sh"
limits_init compile-limits "$@"
python3 - "$stress" <<'PY'
import os, sys
d = sys.argv[1]
HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n'
        '<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="19529" '
        'targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">\n'
        '<objects>\n<placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>\n'
        '<placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>\n')
TAIL = '</objects>\n</document>\n'
def view(i, ident=None):
    return (f'<view contentMode="scaleToFill" id="{ident or f"v{i}"}"><rect key="frame" x="0" y="{i % 800}" width="10" height="10"/>'
            '</view>\n')
def write(name, text):
    p = os.path.join(d, name)
    if os.path.exists(p): return
    with open(p, 'wb') as f: f.write(text if isinstance(text, bytes) else text.encode('utf-8'))
# Valid documents that are merely large.
write('huge-attribute-20MB.xib', HEAD + f'<label text="{"x" * (20 << 20)}" id="l1"><rect key="frame" x="0" y="0" width="1" height="1"/></label>\n' + TAIL)
write('huge-text-8MB.xib', HEAD + '<textView id="t1"><rect key="frame" x="0" y="0" width="1" height="1"/>'
      f'<string key="text">{"lorem &amp; ipsum " * ((8 << 20) // 18)}</string></textView>\n' + TAIL)
write('siblings-200k.xib', HEAD + '<view id="root"><rect key="frame" x="0" y="0" width="1" height="1"/><subviews>\n'
      + ''.join(view(i) for i in range(200_000)) + '</subviews></view>\n' + TAIL)
write('siblings-32k-one-line.xib', (HEAD + '<view id="root"><subviews>' + ''.join(view(i).strip() for i in range(32_000))
      + '</subviews></view>' + TAIL).replace('\n', ' '))
write('whitespace-5MB.xib', HEAD + ' ' * (5 << 20) + TAIL)
constraints = ''.join(f'<constraint firstItem="a" firstAttribute="top" secondItem="b" secondAttribute="bottom" constant="{i}" id="c{i}"/>'
                      for i in range(50_000))
write('constraints-50k.xib', HEAD + '<view id="root"><rect key="frame" x="0" y="0" width="1" height="1"/><subviews>'
      + view(1, 'a') + view(2, 'b')
      + f'</subviews><constraints>{constraints}</constraints></view>\n' + TAIL)
# Documents that must be rejected with a diagnostic.
write('nesting-100k.xib', HEAD + '<view id="n"><subviews>' * 100_000 + '</subviews></view>' * 100_000 + TAIL)
write('unknown-ids-50k.xib', HEAD + '<view id="root"><rect key="frame" x="0" y="0" width="1" height="1"/><connections>'
      + ''.join(f'<outlet property="o{i}" destination="missing-{i}" id="k{i}"/>' for i in range(50_000))
      + '</connections></view>\n' + TAIL)
write('duplicate-ids-20k.xib', HEAD + ''.join(view(0) for _ in range(20_000)) + TAIL)
write('entity-expansion.xib', '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n' + HEAD.split('\n', 1)[1] + '<label text="&lol3;" id="x"/>' + TAIL)
write('invalid-utf8-at-end-4MB.xib', (HEAD + ''.join(view(i) for i in range(30_000))).encode() + b'<label text="\xff\xfe" id="u"/>' + TAIL.encode())
PY

inputs=()
if [ -d "$corpus" ]; then
  while IFS= read -r -d '' f; do inputs+=("$f"); done < <(
    find "$corpus/ios" "$corpus/macos" "$corpus/nib" "$corpus/legacy" \( -name '*.xib' -o -path "$corpus/legacy/*.storyboard" \) -type f -print0 2>/dev/null | sort -z)
else
  echo "warning: corpus $corpus not found; checking only Corpus/ and generated inputs" >&2
fi
for f in "$root"/Corpus/*/*.xib "$stress"/*.xib; do [ -f "$f" ] && inputs+=("$f"); done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tmp="$work/time"
"$nibc" compile "${inputs[0]}" -o "$work/warmup.nib" > /dev/null 2>&1 || true  # page the binary in
fail=0; count=0; compiled=0; rejected=0
printf '%-60s %10s %6s %8s %9s %9s\n' input bytes exit wall_s rss_kb budget_kb
for f in "${inputs[@]}"; do
  size=$(stat -c %s "$f")
  count=$((count + 1))
  out="$work/out-$count.nib"
  measure() { rm -f "$out"; timed_run "$tmp" "$work/diag" "$nibc" compile "$f" -o "$out"; }
  measure_with_budget "$size" 0
  ok=1; why=""
  [ -n "$signal" ] && { ok=0; why="signal $signal"; }
  case "$status" in
    0) compiled=$((compiled + 1))
       "$nibc" verify "$out" > /dev/null 2>&1 || { ok=0; why="output does not verify"; } ;;
    1) rejected=$((rejected + 1))
       [ -e "$out" ] && { ok=0; why="output written despite an error"; }
       grep -q 'error:' "$work/diag" || { ok=0; why="exit 1 without an error diagnostic"; } ;;
    *) ok=0; why="exit status $status" ;;
  esac
  # The generated inputs written under "must be rejected" above fail with a diagnostic; compiling one is a finding.
  case "$(basename "$f")" in
    nesting-100k.xib|unknown-ids-50k.xib|duplicate-ids-20k.xib|entity-expansion.xib|invalid-utf8-at-end-4MB.xib)
      [ "$status" = 1 ] || { ok=0; why="must be rejected, exit status $status"; } ;;
  esac
  [ $over_rss = 0 ] || { ok=0; why="RSS over budget"; }
  [ $over_time = 0 ] || { ok=0; why="over the time budget"; }
  if [ $ok = 0 ] || [ "$size" -gt 200000 ] || [[ "$f" == "$stress"/* ]]; then
    limits_row "$f" "$size" "$([ $ok = 1 ] && echo ok || echo "FAIL: $why")"
    [ $ok = 1 ] || sed -n 1,3p "$work/diag"
  fi
  [ $ok = 1 ] || fail=$((fail + 1))
done
# A full disk: compile into a 64 KiB tmpfs that already holds the old output and is then filled. Needs
# root (CI runs as root); elsewhere this check says so and is not counted.
disk="$work/full-disk"
mkdir -p "$disk"
if mount -t tmpfs -o size=64k nibc-full "$disk" 2>/dev/null; then
  echo "previous contents" > "$disk/Login.nib"
  dd if=/dev/zero of="$disk/filler" bs=1k count=64 2>/dev/null || true
  set +e
  "$nibc" compile "$root/Corpus/ios/LoginViewController.xib" -o "$disk/Login.nib" 2> "$work/diag"
  status=$?
  set -e
  if [ $status = 1 ] && grep -q "cannot write: No space left on device" "$work/diag" \
     && [ "$(cat "$disk/Login.nib")" = "previous contents" ] && [ -z "$(find "$disk" -name '*.tmp')" ]; then
    echo "full disk: exit 1, '$(head -1 "$work/diag")', old output kept, no temporary file: ok"
  else
    echo "full disk: FAIL (exit $status): $(head -2 "$work/diag")"; fail=$((fail + 1))
  fi
  umount "$disk"
else
  echo "full disk: not checked (mounting a tmpfs needs root)"
fi
echo "checked $count inputs ($compiled compiled, $rejected rejected with an error), $fail over a limit (smaller inputs that passed are not listed)"
[ $fail = 0 ]
