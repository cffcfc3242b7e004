#!/usr/bin/env bash
# Memory and time guard for `nibc verify`.
#   Fuzz/limits.sh [NIBC]
# Runs the built nibc (default .build/release/nibc; build it with
# `swift build -c release --static-swift-stdlib --product nibc`) once per file under /usr/bin/time -v on
#   - every .nib file of the shared corpus (../shared/corpus/nib, or $CORPUS/nib),
#   - every committed regression input (Tests/NibArchiveTests/Regressions),
#   - generated stress inputs in Fuzz/out/limits (a 1 000 000-object chain, huge header counts on a
#     large file, a gzip stream at the 64 MiB limit, a gzip stream that lies about its size, 200 000 keys
#     that collide in the key hash).
# Checks per file: no signal, exit status 0 (valid) or 1 (rejected), wall time < 1 s per MB of input
# (at least 1 s, for process start-up), max RSS < 64 MB + 32 x input size. A gzip-framed input may
# legitimately inflate to its declared size (at most --max-decompressed-size, 64 MiB, and at most
# 1032x the input), so its budgets add that declared size once: RSS < 64 MB + 32 x input + declared,
# time < 1 s per MB of input + declared. A run over the time budget is repeated once (shared machine).
# Exits non-zero if any check fails.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/limits-common.sh"
limits_init limits "$@"
python3 - "$stress" <<'PY'
import gzip, os, struct, sys, zlib
d = sys.argv[1]
def vi(v):
    out = bytearray()
    while v >= 0x80: out.append(v & 0x7F); v >>= 7
    out.append(v | 0x80); return bytes(out)
def archive(objs, keys, vals, classes, counts):
    body = b''; offs = []
    for t in (objs, keys, vals, classes): offs.append(50 + len(body)); body += t
    return b'NIBArchive' + struct.pack('<10I', 1, 10, counts[0], offs[0], counts[1], offs[1], counts[2], offs[2], counts[3], offs[3]) + body
def write(name, data):
    p = os.path.join(d, name)
    if not os.path.exists(p):
        with open(p, 'wb') as f: f.write(data)
n = 1_000_000  # a chain: object i -> i+1
objs = b''.join(vi(0) + vi(i) + vi(1) for i in range(n - 1)) + vi(0) + vi(0) + vi(0)
vals = b''.join(b'\x80\x0a' + struct.pack('<I', i + 1) for i in range(n - 1))
chain = archive(objs, vi(4) + b'next', vals, vi(7) + vi(0) + b'UIView\0', [n, 1, n - 1, 1])
write('chain-1M.nib', chain)
big = bytearray(chain); big[34:38] = struct.pack('<I', 0xFFFFFFFF)
write('chain-1M-huge-value-count.nib', bytes(big))
write('gzip-64MiB-zeros.nib.gz', gzip.compress(bytes(64 << 20), compresslevel=9, mtime=0))
lie = bytearray(gzip.compress(chain, mtime=0)); lie[-4:] = struct.pack('<I', (64 << 20))
write('gzip-chain-isize-lie.nib.gz', bytes(lie))
# 200 000 keys that agree in every byte the key hash reads (the first 16, the last 8, the length): the hash index
# gives way to the sorted one (KeyTable), so verification stays O(n log n).
n = 200_000
keys = b''.join(vi(28) + b'UIAccessibility.' + b'%04d' % (i % 10_000) + b'Insp%04d' % (i // 10_000) for i in range(n))
cls = vi(9) + vi(0) + b'NSObject\0'
write('colliding-keys-200K.nib', archive(vi(0) + vi(0) + vi(0), keys, b'', cls, [1, n, 0, 1]))
PY

files=()
if [ -d "$corpus/nib" ]; then
  while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$corpus/nib" -name '*.nib' -type f -print0 | sort -z)
else
  echo "warning: corpus $corpus/nib not found; checking only regressions and stress inputs" >&2
fi
for f in "$root"/Tests/NibArchiveTests/Regressions/* "$stress"/*; do [ -f "$f" ] && files+=("$f"); done

tmp="$(mktemp)"
"$nibc" verify "${files[0]}" > /dev/null 2>&1 || true  # warm-up: page the binary in
trap 'rm -f "$tmp"' EXIT
fail=0; count=0
printf '%-60s %10s %6s %8s %9s %9s\n' file bytes exit wall_s rss_kb budget_kb
for f in "${files[@]}"; do
  size=$(stat -c %s "$f")
  extra=0
  magic=$(head -c 2 "$f" | od -An -tx1 | tr -d ' \n')
  if [ "$magic" = 1f8b ]; then
    extra=$(tail -c 4 "$f" | od -An -tu4 | tr -d ' ')
    [ "$extra" -gt $((64 << 20)) ] && extra=$((64 << 20))
  fi
  measure() { timed_run "$tmp" /dev/null "$nibc" verify "$f"; }
  measure_with_budget "$size" "$extra"
  ok=1
  [ -n "$signal" ] && ok=0
  [ "$status" = 0 ] || [ "$status" = 1 ] || ok=0
  [ $over_rss = 0 ] && [ $over_time = 0 ] || ok=0
  count=$((count + 1))
  if [ $ok = 0 ] || [ "$size" -gt 100000 ] || [[ "$f" == "$stress"/* ]] || [[ "$f" == */Regressions/* ]]; then
    limits_row "$f" "$size" "$([ $ok = 1 ] && echo ok || echo FAIL)"
  fi
  [ $ok = 1 ] || fail=$((fail + 1))
done
echo "checked $count files, $fail over a limit (smaller corpus files that passed are not listed)"
[ $fail = 0 ]
