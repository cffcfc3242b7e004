#!/usr/bin/env python3
"""Evidence for the order of a NIBArchive's keys table, the model of Sources/NibCompiler/Storyboard/CFHashOrder.swift.

Apple's keys table lists the keys in the bucket order of a CoreFoundation-style hash table (STORYBOARD.md
§6.1): CFString hash, prime bucket counts 3, 7, 13, 23, 41, 71, 127, 191, 251 … with capacities 3, 6, 11,
19, 32, 52, 85, 118, 155 …, linear probing, the table rehashed in bucket order when it grows. The keys are
inserted as a depth-first pre-order walk of the object graph meets them (a key before the value it names).
What the shared notes leave open is when the table grows. For every archive of the corpus (all folders but
legacy/; main archives of XIBs and storyboard scenes, and the archives nested in them as data), this script
replays the walk on Apple's own archive and counts the keys tables the model reproduces exactly, for growth
triggers that differ by how many keys the table holds before it grows:

  after +0   grow once an insertion has pushed the count above the capacity
  after +1   grow once an insertion has pushed the count above the capacity plus one (nibc's model)
  after +2   … plus two
  before +0  grow before the insertion that would push the count above the capacity

A table that is full grows before the next insertion in every variant. Usage:
keys-table-order-evidence.py [-v] (needs ../shared beside the checkout, or $NIBC_SHARED); -v lists each
archive the nibc model misses with its key count."""
import glob, os, sys
from nibcorpus import SHARED, nibcheck

SIZES = [(3, 3), (7, 6), (13, 11), (23, 19), (41, 32), (71, 52), (127, 85), (191, 118), (251, 155), (383, 237),
         (631, 390), (1087, 672), (1723, 1065), (2803, 1732), (4523, 2795)]
MASK = (1 << 64) - 1


def cf_hash(s):
    units = list(s.encode('utf-16-le'))
    chars = [units[i] | (units[i + 1] << 8) for i in range(0, len(units), 2)]
    n = len(chars)
    h = n
    i = 0
    while i + 4 <= n:
        h = (h * 67503105 + chars[i] * 16974593 + chars[i + 1] * 66049 + chars[i + 2] * 257 + chars[i + 3]) & MASK
        i += 4
    while i < n:
        h = (h * 257 + chars[i]) & MASK
        i += 1
    return (h + (h << (n % 32))) & MASK


def table_order(keys, slack, after=True):
    """The keys in bucket order; the table grows once it holds more than capacity + slack keys."""
    table, level = [None] * SIZES[0][0], 0

    def place(k, t):
        b = cf_hash(k) % len(t)
        while t[b] is not None:
            b = (b + 1) % len(t)
        t[b] = k

    def grow():
        nonlocal table, level
        level += 1
        old = [k for k in table if k is not None]
        table = [None] * SIZES[level][0]
        for k in old:
            place(k, table)

    for n, k in enumerate(keys):
        while level + 1 < len(SIZES) and (n >= len(table) or (not after and n + 1 > SIZES[level][1] + slack)):
            grow()
        place(k, table)
        if after and level + 1 < len(SIZES) and n + 1 > SIZES[level][1] + slack:
            grow()
    return [k for k in table if k is not None]


def first_use(nib):
    objects, values, keys = nib['objects'], nib['values'], nib['keys']
    seen, out, have = [False] * len(objects), [], set()
    stack = [(0, 0)]
    seen[0] = True
    while stack:
        i, at = stack.pop()
        _, start, count = objects[i]
        while at < count:
            k, t, v = values[start + at]
            at += 1
            if keys[k] not in have:
                have.add(keys[k])
                out.append(keys[k])
            if t == 10 and not seen[v]:
                seen[v] = True
                stack.append((i, at))
                stack.append((v, 0))
                break
    return out


def archives():
    for path in sorted(glob.glob(os.path.join(SHARED, 'corpus', '**', '*.nib'), recursive=True)):
        if not os.path.isfile(path) or os.sep + 'legacy' + os.sep in path:
            continue
        try:
            nib = nibcheck.load(path)
        except Exception:
            continue
        yield path, nib
        for _, t, v in nib['values']:
            if t == 8 and v[:10] == b'NIBArchive':
                try:
                    yield path + ' (nested)', nibcheck.parse(v)
                except Exception:
                    pass


def main():
    verbose = '-v' in sys.argv[1:]
    variants = {'after +0': (0, True), 'after +1': (1, True), 'after +2': (2, True), 'before +0': (0, False)}
    counts = {name: 0 for name in variants}
    total = 0
    for path, nib in archives():
        walk = first_use(nib)
        if sorted(walk) != sorted(nib['keys']):
            continue
        total += 1
        for name, (slack, after) in variants.items():
            ok = table_order(walk, slack, after) == nib['keys']
            counts[name] += ok
            if verbose and name == 'after +1' and not ok:
                print(f'  missed: {os.path.relpath(path, SHARED)} ({len(walk)} keys)')
    print(f'keys tables {total}: ' + ', '.join(f'{name} {n}' for name, n in counts.items()))


if __name__ == '__main__':
    main()
