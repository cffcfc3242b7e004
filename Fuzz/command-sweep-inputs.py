#!/usr/bin/env python3
"""Hostile inputs for Fuzz/command-sweep.sh, seeded and deterministic (same seed, same corpus: same bytes).

  command-sweep-inputs.py generated OUTDIR
      hand-built hostile nibs and XIBs: repeated external-object identifiers, cyclic references, deep
      nesting, huge counts, shared subgraphs that expand exponentially when copied, truncations of
      corpus nibs, header counts that lie.
  command-sweep-inputs.py flips OUTDIR SEED FIRST COUNT BASE...
      candidates FIRST..FIRST+COUNT-1 of the byte-flip stream: each copies one BASE nib (every fourth a
      keyed-archive BASE, when there are some) and XORs 1-4 random bytes with random non-zero masks. Candidate i depends only on (SEED, i) and the BASE list,
      so a caller can ask for more in batches and keep the ones that still verify.
  command-sweep-inputs.py retargets OUTDIR SEED COUNT BASE...
      COUNT nibs whose 1-3 object references point at other (random) objects: they always verify, and
      give cycles, references to the wrong kind of object and shared objects in places a loader expects
      a tree.
  command-sweep-inputs.py xibflips OUTDIR SEED COUNT BASE...
      COUNT byte-flip mutants of XIB documents, for `nibc compile`.
"""
import os, random, struct, sys

# --- A small NIBArchive writer (graph in, bytes out; the layout nibc's verifier checks). ---

def varint(v):
    out = bytearray()
    while v >= 0x80:
        out.append(v & 0x7F)
        v >>= 7
    out.append(v | 0x80)
    return bytes(out)

class Graph:
    """objects[i] = (class name, [(key, value)]); a value is ('ref', i), ('int', n), ('data', bytes),
    ('double', x), ('null',) or ('bool', b). Object 0 is the root."""
    def __init__(self):
        self.objects = []

    def add(self, cls, entries=()):
        self.objects.append((cls, list(entries)))
        return len(self.objects) - 1

    def string(self, text):
        return self.add('NSString', [('NS.bytes', ('data', text.encode()))])

    def array(self, elements, cls='NSArray'):
        return self.add(cls, [('UINibEncoderEmptyKey', ('ref', e)) for e in elements])

    def encode(self, header_override=None):
        keys, key_index, classes, class_index = [], {}, [], {}
        objs, vals = bytearray(), bytearray()
        nvalues = 0
        for cls, entries in self.objects:
            if cls not in class_index:
                class_index[cls] = len(classes)
                classes.append(cls)
            objs += varint(class_index[cls]) + varint(nvalues) + varint(len(entries))
            for key, value in entries:
                if key not in key_index:
                    key_index[key] = len(keys)
                    keys.append(key)
                vals += varint(key_index[key])
                kind = value[0]
                if kind == 'ref':
                    vals += b'\x0a' + struct.pack('<I', value[1])
                elif kind == 'int':
                    vals += b'\x03' + struct.pack('<q', value[1])
                elif kind == 'double':
                    vals += b'\x07' + struct.pack('<d', value[1])
                elif kind == 'data':
                    vals += b'\x08' + varint(len(value[1])) + value[1]
                elif kind == 'bool':
                    vals += b'\x05' if value[1] else b'\x04'
                else:
                    vals += b'\x09'
                nvalues += 1
        keytab = b''.join(varint(len(k.encode())) + k.encode() for k in keys)
        classtab = b''.join(varint(len(c.encode()) + 1) + varint(0) + c.encode() + b'\0' for c in classes)
        counts = [len(self.objects), len(keys), nvalues, len(classes)]
        body, offsets = b'', []
        for table in (bytes(objs), keytab, bytes(vals), classtab):
            offsets.append(50 + len(body))
            body += table
        fields = [1, 10, counts[0], offsets[0], counts[1], offsets[1], counts[2], offsets[2], counts[3], offsets[3]]
        if header_override:
            for i, v in header_override.items():
                fields[i] = v
        return b'NIBArchive' + struct.pack('<10I', *fields) + body

def uikit_nib(g, top, objects=None):
    """Makes object 0 a UIKit nib root listing `top` as its top-level objects."""
    root_entries = [('UINibTopLevelObjectsKey', ('ref', g.array(top))),
                    ('UINibObjectsKey', ('ref', g.array(objects if objects is not None else top)))]
    g.objects[0] = ('NSObject', root_entries)

def new_graph():
    g = Graph()
    g.add('NSObject')  # replaced by uikit_nib
    return g

def proxy(g, identifier):
    entries = [] if identifier is None else [('UIProxiedObjectIdentifier', ('ref', g.string(identifier)))]
    return g.add('UIProxyObject', entries)

def view(g, entries=()):
    return g.add('UIView', [('UIAlpha', ('double', 1.0))] + list(entries))

# --- A small NIBArchive reader: where the object references are (for retargeting). ---

FIXED = {0: 1, 1: 2, 2: 4, 3: 8, 4: 0, 5: 0, 6: 4, 7: 8, 9: 0, 10: 4}

def read_varint(b, p):
    v, shift = 0, 0
    while True:
        byte = b[p]
        p += 1
        v |= (byte & 0x7F) << shift
        if byte & 0x80:
            return v, p
        shift += 7

def reference_offsets(b):
    """(object count, offsets of the 4-byte payloads of every object reference) of a plain nib."""
    if len(b) < 50 or b[:10] != b'NIBArchive':
        return 0, []
    f = struct.unpack_from('<10I', b, 10)
    nobj, nval, voff = f[2], f[6], f[7]
    p, refs = voff, []
    for _ in range(nval):
        _, p = read_varint(b, p)
        t = b[p]
        p += 1
        if t == 8:
            n, p = read_varint(b, p)
            p += n
        else:
            if t == 10:
                refs.append(p)
            p += FIXED[t]
    return nobj, refs

# --- Generators. ---

def write(path, data):
    with open(path, 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())

def generated(d, bases):
    # Repeated external-object identifiers (once a trap in `nibc bench`), and 1000 proxies without one.
    g = new_graph(); ps = [proxy(g, 'IBFilesOwner'), proxy(g, 'Shared'), proxy(g, 'Shared')]
    uikit_nib(g, ps + [view(g)]); write(f'{d}/dup-external-ids.nib', g.encode())
    g = new_graph(); ps = [proxy(g, None) for _ in range(1000)]
    uikit_nib(g, ps + [view(g)]); write(f'{d}/dup-external-ids-1000-empty.nib', g.encode())
    # Duplicate class names in the class table and a key repeated on one object.
    g = new_graph(); v = view(g, [('UITag', ('int', 1)), ('UITag', ('int', 2))])
    uikit_nib(g, [v]); data = g.encode()
    write(f'{d}/dup-keys-on-object.nib', data)
    # Cycles: an array holding itself, a view whose subviews hold itself, a superview loop, a dictionary
    # whose key is itself, a top-level list that is its own element.
    g = new_graph(); a = g.add('NSArray'); g.objects[a] = ('NSArray', [('UINibEncoderEmptyKey', ('ref', a))])
    v = view(g, [('UIViewAttributes', ('ref', a))]); uikit_nib(g, [v]); write(f'{d}/cycle-array-self.nib', g.encode())
    g = new_graph(); v = view(g); sub = g.array([v], 'NSMutableArray')
    g.objects[v][1].extend([('UISubviews', ('ref', sub)), ('UISuperview', ('ref', v))])
    uikit_nib(g, [v]); write(f'{d}/cycle-view-subviews-self.nib', g.encode())
    g = new_graph(); v1 = view(g); v2 = view(g)
    g.objects[v1][1].append(('UISuperview', ('ref', v2))); g.objects[v2][1].append(('UISuperview', ('ref', v1)))
    g.objects[v1][1].append(('UISubviews', ('ref', g.array([v2])))); g.objects[v2][1].append(('UISubviews', ('ref', g.array([v1]))))
    uikit_nib(g, [v1, v2]); write(f'{d}/cycle-superview-loop.nib', g.encode())
    g = new_graph(); dct = g.add('NSDictionary'); s = g.string('k')
    g.objects[dct] = ('NSDictionary', [('UINibEncoderEmptyKey', ('ref', dct)), ('UINibEncoderEmptyKey', ('ref', dct)),
                                       ('UINibEncoderEmptyKey', ('ref', s))])
    v = view(g, [('UIDict', ('ref', dct))]); uikit_nib(g, [v]); write(f'{d}/cycle-dictionary-self.nib', g.encode())
    g = new_graph(); top = g.add('NSArray'); g.objects[top] = ('NSArray', [('UINibEncoderEmptyKey', ('ref', top))])
    g.objects[0] = ('NSObject', [('UINibTopLevelObjectsKey', ('ref', top)), ('UINibObjectsKey', ('ref', top)),
                                 ('UINibConnectionsKey', ('ref', top))])
    write(f'{d}/cycle-root-lists-self.nib', g.encode())
    # Connections whose records refer to themselves and to value objects.
    g = new_graph(); v = view(g); s = g.string('outlet')
    c = g.add('UIRuntimeOutletConnection'); g.objects[c] = ('UIRuntimeOutletConnection', [
        ('UISource', ('ref', c)), ('UIDestination', ('ref', c)), ('UILabel', ('ref', s))])
    c2 = g.add('UIRuntimeOutletConnection', [('UISource', ('ref', v)), ('UIDestination', ('ref', s)), ('UILabel', ('ref', v))])
    conns = g.array([c, c2])
    uikit_nib(g, [v]); g.objects[0][1].append(('UINibConnectionsKey', ('ref', conns)))
    write(f'{d}/connections-self-and-values.nib', g.encode())
    # Deep nesting: value objects (arrays) nested 100 000 deep, and 100 000 views each the subview of the last.
    n = 100_000
    g = new_graph(); first = len(g.objects)
    for i in range(n):
        g.add('NSArray', [('UINibEncoderEmptyKey', ('ref', first + i + 1))] if i < n - 1 else [])
    v = view(g, [('UIValues', ('ref', first))]); uikit_nib(g, [v]); write(f'{d}/deep-arrays-100k.nib', g.encode())
    g = new_graph(); first = len(g.objects)
    for i in range(n):
        g.add('UIView', [('UISubviews', ('ref', first + n + i))] if i < n - 1 else [])
    for i in range(n - 1):
        g.add('NSMutableArray', [('UINibEncoderEmptyKey', ('ref', first + i + 1))])
    uikit_nib(g, [first]); write(f'{d}/deep-views-100k.nib', g.encode())
    # Shared subgraphs: 60 levels of arrays, each holding the next twice (2^60 paths to the bottom),
    # with a string and with a view at the bottom; and a 1 MB string referenced 20 000 times.
    for bottom in ('string', 'view'):
        g = new_graph(); levels = 60; first = len(g.objects)
        for i in range(levels):
            g.add('NSArray', [('UINibEncoderEmptyKey', ('ref', first + i + 1))] * 2)
        end = g.string('leaf') if bottom == 'string' else view(g)
        assert end == first + levels
        v = view(g, [('UIValues', ('ref', first))]); uikit_nib(g, [v]); write(f'{d}/shared-dag-2e60-{bottom}.nib', g.encode())
    g = new_graph(); s = g.string('x' * (1 << 20))
    v = view(g, [('UIText', ('ref', s))] * 20_000); uikit_nib(g, [v]); write(f'{d}/shared-string-1MB-x20k.nib', g.encode())
    # Huge counts: a 1 000 000-element array of views, 200 000 top-level objects.
    g = new_graph(); first = len(g.objects)
    for _ in range(1_000_000): g.add('UIView')
    v = view(g, [('UISubviews', ('ref', g.array(list(range(first, first + 1_000_000)))))])
    uikit_nib(g, [v]); write(f'{d}/wide-array-1M.nib', g.encode())
    g = new_graph(); vs = [view(g) for _ in range(200_000)]; uikit_nib(g, vs); write(f'{d}/top-level-200k.nib', g.encode())
    # Header counts that lie (rejected by verification; every command must say so).
    g = new_graph(); uikit_nib(g, [view(g)])
    for i, name in ((2, 'objects'), (4, 'keys'), (6, 'values'), (8, 'classes')):
        write(f'{d}/huge-count-{name}.nib', g.encode({i: 0xFFFFFFFF}))
    # Truncations of corpus nibs: at the header, in each quarter, one byte short.
    for base in bases[:8]:
        data = open(base, 'rb').read()
        name = os.path.basename(base)[:-4]
        for cut in sorted({0, 10, 49, 50, len(data) // 4, len(data) // 2, 3 * len(data) // 4, len(data) - 1}):
            write(f'{d}/trunc-{name}-{cut}.nib', data[:cut])
    xibs(d)

XIB_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="19529" '
            'targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">\n<objects>\n'
            '<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="Owner">'
            '<connections><outlet property="view" destination="v" id="o1"/></connections></placeholder>\n'
            '<placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>\n')

def xibs(d):
    tail = '</objects>\n</document>\n'
    frame = '<rect key="frame" x="0" y="0" width="10" height="10"/>'
    # References that loop: outlets to the object itself and to each other, constraints on themselves.
    write(f'{d}/cycle-outlets.xib', XIB_HEAD + f'<view id="v">{frame}<subviews><view id="w">{frame}'
          '<connections><outlet property="next" destination="v" id="o2"/><outlet property="me" destination="w" id="o3"/>'
          '</connections></view></subviews><constraints><constraint firstItem="v" firstAttribute="top" secondItem="v" '
          'secondAttribute="top" id="c1"/></constraints><connections><outlet property="child" destination="w" id="o4"/>'
          '<outlet property="me" destination="v" id="o5"/></connections></view>\n' + tail)
    # Two external-object placeholders with one identifier, and one placeholder without.
    write(f'{d}/dup-external-placeholders.xib', XIB_HEAD + '<placeholder placeholderIdentifier="Ext" id="e1"/>'
          '<placeholder placeholderIdentifier="Ext" id="e2"/><placeholder id="e3"/>'
          f'<view id="v">{frame}<connections><outlet property="a" destination="e1" id="o6"/>'
          '<outlet property="b" destination="e2" id="o7"/></connections></view>\n' + tail)
    # Numbers no 64-bit integer holds where the compiler wants one (priority, integer attributes) or may
    # use one (font sizes).
    write(f'{d}/numbers-out-of-range.xib', XIB_HEAD + f'<view id="v">{frame}<subviews><label text="x" id="l">{frame}'
          '<fontDescription key="fontDescription" type="system" pointSize="1e300"/></label></subviews>'
          '<constraints><constraint firstItem="l" firstAttribute="top" secondItem="v" secondAttribute="top" priority="1e300" id="c1"/>'
          '<constraint firstItem="l" firstAttribute="left" secondItem="v" secondAttribute="left" priority="nan" id="c2"/></constraints>'
          '<userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="number" keyPath="k"><integer key="value" value="-inf"/>'
          '</userDefinedRuntimeAttribute></userDefinedRuntimeAttributes></view>\n' + tail)
    # A macOS image embedded as a binary property list whose root array holds itself 14 times (14^64 paths),
    # and one whose offset table lies outside the bytes.
    import base64
    def bplist(objects, table=None):
        out = bytearray(b'bplist00'); offsets = bytearray()
        for o in objects: offsets.append(len(out)); out += bytes(o)
        t = len(out); out += offsets
        out += bytes([0, 0, 0, 0, 0, 0, 1, 1]) + struct.pack('>QQQ', len(objects), 0, t if table is None else table)
        return bytes(out)
    for name, data in (('self-array', bplist([[0xAE] + [0] * 14, [0] * 8])),
                       ('table-outside', bplist([[0x10, 7], [0] * 8], table=0xFFFFFFFFFFFFFFF0))):
        write(f'{d}/embedded-plist-{name}.xib',
              '<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" '
              'toolsVersion="19529" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">\n<objects>\n'
              '<customObject id="-2" userLabel="File\'s Owner"/>\n<button id="b"><rect key="frame" x="0" y="0" width="10" height="10"/>'
              '<buttonCell key="cell" type="recessed" bezelStyle="recessed" image="img:1" imagePosition="overlaps" alignment="center" '
              'borderStyle="border" id="bc"/></button>\n</objects>\n<resources><image name="img:1" width="1" height="1">'
              f'<mutableData key="keyedArchiveRepresentation">{base64.b64encode(data).decode()}</mutableData></image></resources>\n</document>\n')
    # An id that names an element and its own child.
    write(f'{d}/dup-id-parent-child.xib', XIB_HEAD + f'<view id="v">{frame}<subviews><view id="v">{frame}</view>'
          '</subviews></view>\n' + tail)

def flips(d, seed, first, count, bases):
    blobs = {}
    keyed = [b for b in bases if open(b, 'rb').read(8) == b'bplist00']
    plain = [b for b in bases if b not in keyed] or bases
    for i in range(first, first + count):
        rng = random.Random(f'{seed}:flip:{i}')
        pool = keyed if keyed and i % 4 == 3 else plain
        base = pool[rng.randrange(len(pool))]
        data = blobs.get(base) or blobs.setdefault(base, open(base, 'rb').read())
        out = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            out[rng.randrange(len(out))] ^= rng.randint(1, 255)
        write(f'{d}/flip-{i:05d}.nib', bytes(out))
        print(f'flip-{i:05d}.nib {base}')

def retargets(d, seed, count, bases):
    done, i = 0, 0
    while done < count and i < count * 10:
        rng = random.Random(f'{seed}:retarget:{i}')
        i += 1
        base = bases[rng.randrange(len(bases))]
        data = bytearray(open(base, 'rb').read())
        nobj, refs = reference_offsets(data)
        if not refs:
            continue
        for _ in range(rng.randint(1, 3)):
            struct.pack_into('<I', data, rng.choice(refs), rng.randrange(nobj))
        write(f'{d}/retarget-{done:04d}.nib', bytes(data))
        print(f'retarget-{done:04d}.nib {base}')
        done += 1

def xibflips(d, seed, count, bases):
    for i in range(count):
        rng = random.Random(f'{seed}:xibflip:{i}')
        base = bases[rng.randrange(len(bases))]
        out = bytearray(open(base, 'rb').read())
        for _ in range(rng.randint(1, 4)):
            out[rng.randrange(len(out))] ^= rng.randint(1, 255)
        write(f'{d}/xibflip-{i:04d}.xib', bytes(out))
        print(f'xibflip-{i:04d}.xib {base}')

if __name__ == '__main__':
    mode, d = sys.argv[1], sys.argv[2]
    os.makedirs(d, exist_ok=True)
    if mode == 'generated':
        generated(d, sys.argv[3:])
    elif mode == 'flips':
        flips(d, sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6:])
    elif mode == 'retargets':
        retargets(d, sys.argv[3], int(sys.argv[4]), sys.argv[5:])
    elif mode == 'xibflips':
        xibflips(d, sys.argv[3], int(sys.argv[4]), sys.argv[5:])
    else:
        sys.exit(f'unknown mode {mode}')
