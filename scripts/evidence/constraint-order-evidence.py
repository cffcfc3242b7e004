#!/usr/bin/env python3
"""Evidence for the UIViewAutolayoutConstraints group order (Sources/NibCompiler/UIKit/ConstraintOrder.swift).

Aligns every constraint array of the Apple-compiled xib and storyboard pairs in the shared corpus with
the XML constraints (views matched structurally through UISubviews, constraints by items and attributes),
then counts the arrays each group-order rule predicts exactly. Usage: constraint-order-evidence.py
(needs ../shared/tools/nibcheck.py and ../shared/corpus/nib beside the checkout, or $NIBC_SHARED)."""
import os, sys
from nibcorpus import SHARED, nibcheck

class Nib:
    def __init__(self, buf, name):
        self.name = name
        n = nibcheck.parse(buf)
        self.objs = []
        keys = n['keys']; vals = n['values']; classes = n['classes']
        for (c, s, cnt) in n['objects']:
            cls = classes[c][0]
            d = {}; arr = []
            for (k, t, v) in vals[s:s+cnt]:
                key = keys[k]
                if key == 'UINibEncoderEmptyKey':
                    arr.append((t, v))
                else:
                    d[key] = (t, v)
            self.objs.append((cls, d, arr))
        self.nested = []
        for i, (cls, d, arr) in enumerate(self.objs):
            if cls == 'UINib' and 'archiveData' in d:
                data = self.string(d['archiveData'][1], raw=True)
                if data and data.startswith(b'NIBArchive'):
                    self.nested.append(Nib(data, name + '#%d' % i))
    def string(self, idx, raw=False):
        cls, d, arr = self.objs[idx]
        if 'NS.bytes' in d:
            v = d['NS.bytes'][1]
            return v if raw else v.decode('utf-8', 'replace')
        return None
    def cls(self, i):
        c, d, a = self.objs[i]
        if c == 'UIClassSwapper' and 'UIOriginalClassName' in d:
            return self.string(d['UIOriginalClassName'][1])
        return c
    def ref(self, i, key):
        d = self.objs[i][1]
        if key in d and d[key][0] == 10:
            return d[key][1]
        return None
    def val(self, i, key, default=None):
        d = self.objs[i][1]
        return d[key][1] if key in d else default
    def array(self, i, key):
        r = self.ref(i, key)
        if r is None: return []
        return [v for (t, v) in self.objs[r][2] if t == 10]

def load(path):
    return Nib(open(path, 'rb').read(), path)

def all_nibs(nib):
    yield nib
    for n in nib.nested:
        yield from all_nibs(n)
import sys, os, re, glob, json
import xml.etree.ElementTree as ET

ATTR = {"left": 1, "right": 2, "top": 3, "bottom": 4, "leading": 5, "trailing": 6, "width": 7, "height": 8,
        "centerX": 9, "centerY": 10, "baseline": 11, "lastBaseline": 11, "firstBaseline": 12, "leftMargin": 13,
        "rightMargin": 14, "topMargin": 15, "bottomMargin": 16, "leadingMargin": 17, "trailingMargin": 18,
        "centerXWithinMargins": 19, "centerYWithinMargins": 20}
SKIP_NIB = {'_UITableViewCellSeparatorView'}

class Doc:
    def __init__(self, path):
        self.path = path
        self.tree = ET.parse(path)
        self.root = self.tree.getroot()
        self.parent = {}
        self.byid = {}
        self.order = {}
        for n, e in enumerate(self.root.iter()):
            self.order[e] = n
            for c in e:
                self.parent[c] = e
            if 'id' in e.attrib:
                self.byid[e.attrib['id']] = e
    def is_view(self, e):
        return any(c.tag == 'rect' and c.get('key') == 'frame' for c in e) or e.tag in ('tableViewCellContentView',)
    def children(self, e):
        out = []
        for c in e:
            if c.get('key') == 'contentView' and 'id' in c.attrib:
                out.append(c)
        for c in e:
            if c.tag == 'subviews':
                out.extend(x for x in c if 'id' in x.attrib)
        # controller layout guides are appended to the controller's root view
        p = self.parent.get(e)
        if p is not None and e.get('key') == 'view' and p.tag.endswith('Controller'):
            for c in p:
                if c.tag == 'layoutGuides':
                    out.extend(x for x in c if x.tag == 'viewControllerLayoutGuide')
        return out
    def constraints(self, e):
        for c in e:
            if c.tag == 'constraints':
                return [x for x in c if x.tag == 'constraint' and x.get('placeholder') != 'YES']
        return []

def nib_children(nib, i):
    return [c for c in nib.array(i, 'UISubviews') if nib.cls(c) not in SKIP_NIB]

def nib_sig(nib, i):
    return (len(nib.array(i, 'UIViewAutolayoutConstraints')), tuple(nib_sig(nib, c) for c in nib_children(nib, i)))

def xml_sig(doc, e):
    return (len(doc.constraints(e)), tuple(xml_sig(doc, c) for c in doc.children(e)))

def map_tree(nib, i, doc, e, m):
    m[i] = e
    nc, xc = nib_children(nib, i), doc.children(e)
    if len(nc) != len(xc):
        return False
    ok = True
    for a, b in zip(nc, xc):
        ok &= map_tree(nib, a, doc, b, m)
    return ok

def align_nib(nib, doc, hint_id=None):
    """Map nib view objects to XML elements; returns dict obj -> element."""
    children = set()
    for i in range(len(nib.objs)):
        for c in nib.array(i, 'UISubviews'): children.add(c)
    roots = [i for i in range(len(nib.objs)) if i not in children and ('UISubviews' in nib.objs[i][1] or 'UIViewAutolayoutConstraints' in nib.objs[i][1])]
    scope = doc.root
    if hint_id and hint_id in doc.byid:
        scope = doc.byid[hint_id]
        while scope.tag != 'scene' and scope in doc.parent: scope = doc.parent[scope]
    inscope = set(scope.iter())
    cands = [e for e in doc.byid.values() if (doc.is_view(e) or e.tag.endswith('Cell')) and e in inscope]
    m = {}
    used = set()
    for r in roots:
        sig = nib_sig(nib, r)
        if sig == (0, ()):
            continue
        match = [e for e in cands if xml_sig(doc, e) == sig and e not in used]
        if hint_id and any(e.get('id') == hint_id for e in match):
            match = [e for e in match if e.get('id') == hint_id]
        reuse = nib.ref(r, 'UIReuseIdentifier')
        if reuse is not None and len(match) > 1:
            rid = nib.string(reuse)
            m2 = [e for e in match if e.get('reuseIdentifier') == rid]
            if m2: match = m2
        if not match:
            print('  no xml root for', nib.name, r, nib.cls(r), file=sys.stderr); continue
        if len(match) > 1:
            print('  ambiguous root', nib.name, r, nib.cls(r), [e.get('id') for e in match], file=sys.stderr)
        used.add(match[0])
        map_tree(nib, r, doc, match[0], m)
    return m

def xml_item_id(doc, owner, idref):
    return idref if idref is not None else owner.get('id')

def nib_item_id(nib, doc, m, obj):
    if obj is None: return None
    if obj in m: return m[obj].get('id')
    cls = nib.cls(obj)
    if cls in ('UILayoutGuide', '_UIScrollViewLayoutGuide'):
        ov = nib.ref(obj, 'UILayoutGuideOwningView')
        ident = nib.string(nib.ref(obj, 'UILayoutGuideIdentifier')) if nib.ref(obj, 'UILayoutGuideIdentifier') is not None else ''
        key = {'UIViewSafeAreaLayoutGuide': 'safeArea', 'UIScrollView-contentLayoutGuide': 'contentLayoutGuide', 'UIScrollView-frameLayoutGuide': 'frameLayoutGuide'}.get(ident)
        if ov in m:
            for c in m[ov]:
                if c.tag == 'viewLayoutGuide' and c.get('key') == key:
                    return c.get('id')
            # cells: guide may be declared on the cell while owning view is content view
            p = doc.parent.get(m[ov])
            if p is not None:
                for c in p:
                    if c.tag == 'viewLayoutGuide' and c.get('key') == key:
                        return c.get('id')
    return 'nib:%d' % obj

def xml_csig(doc, owner, c, alias=None):
    oid = owner.get('id')
    def norm(x):
        if x is None: return None
        if alias is not None and x == alias: return oid
        return x
    first = norm(c.get('firstItem')) or oid
    second = norm(c.get('secondItem'))
    if second is None and c.get('secondAttribute'):
        second = oid
    fa = ATTR.get(c.get('firstAttribute'), 0)
    sa = ATTR.get(c.get('secondAttribute'), 0) if c.get('secondAttribute') else 0
    return (first, fa, second, sa)

def nib_csig(nib, doc, m, ci):
    first = nib_item_id(nib, doc, m, nib.ref(ci, 'NSFirstItem'))
    second = nib_item_id(nib, doc, m, nib.ref(ci, 'NSSecondItem'))
    return (first, nib.val(ci, 'NSFirstAttributeV2', 0), second, nib.val(ci, 'NSSecondAttributeV2', 0) if second else 0)

def nib_detail(nib, ci):
    return (round(nib.val(ci, 'NSConstantV2', 0.0), 3), nib.val(ci, 'NSRelation', 0), nib.val(ci, 'NSPriority', 1000))

def xml_detail(c):
    rel = {'greaterThanOrEqual': 1, 'lessThanOrEqual': -1}.get(c.get('relation'), 0)
    const = 0.0 if c.get('symbolic') == 'YES' else round(float(c.get('constant', '0')), 3)
    return (const, rel, int(float(c.get('priority', '1000'))))

def records_for(nibpath, doc, hint_id=None):
    out = []
    top = load(nibpath)
    for nib in all_nibs(top):
        m = align_nib(nib, doc, hint_id)
        for obj, e in m.items():
            arr = nib.array(obj, 'UIViewAutolayoutConstraints')
            if not arr: continue
            xs = doc.constraints(e)
            alias = None
            if not xs and doc.parent.get(e) is not None and doc.parent[e].tag.endswith('Cell'):
                cell = doc.parent[e]; xs = doc.constraints(cell); alias = cell.get('id')
            if e.tag.endswith('Cell'):
                pass
            pool = [(xml_csig(doc, e, c, alias), xml_detail(c), c) for c in xs]
            order = []; loose = []
            bad = False
            for ci in arr:
                s = nib_csig(nib, doc, m, ci); d = nib_detail(nib, ci)
                hits = [p for p in pool if p[0] == s and p[1] == d]
                if not hits:
                    hits = [p for p in pool if p[0] == s]; loose.append(ci)
                if not hits:
                    bad = True; order.append(None); continue
                pool.remove(hits[0]); order.append(hits[0][2].get('id'))
            rec = dict(loose=len(loose), file=nibpath, nib=nib.name, owner=e.get('id'), ok=not bad and len(arr) == len(xs) or (not bad and not pool),
                       order=order, n=len(arr), nxml=len(xs), leftover=[p[2].get('id') for p in pool])
            out.append(rec)
    return out

def corpus_pairs():
    base = os.path.join(SHARED, 'corpus', 'nib')
    pairs = []
    for x in sorted(glob.glob(base + '/**/*.xib', recursive=True)):
        nb = x[:-4] + '.nib'
        if os.path.exists(nb): pairs.append((x, [(nb, None)]))
    for s in sorted(glob.glob(base + '/**/*.storyboard', recursive=True)):
        d = s + 'c'
        if not os.path.isdir(d): continue
        nibs = []
        for f in sorted(os.listdir(d)):
            p = os.path.join(d, f)
            if os.path.isdir(p):
                mm = re.match(r'.*-view-(.+)\.nib$', f)
                for g in sorted(os.listdir(p)):
                    if g.endswith('.nib'):
                        nibs.append((os.path.join(p, g), mm.group(1) if mm else None))
                continue
            if not f.endswith('.nib'): continue
            mm = re.match(r'.*-view-(.+)\.nib$', f)
            nibs.append((p, mm.group(1) if mm else None))
        pairs.append((s, nibs))
    return pairs

import math

def frame(e):
    for c in e:
        if c.tag == 'rect' and c.get('key') == 'frame':
            return tuple(float(c.get(a, '0')) for a in ('x', 'y', 'width', 'height'))
    return None

def key_of(doc, owner_id, alias, c):
    f, s = c.get('firstItem'), c.get('secondItem')
    f = None if f in (owner_id, alias) else f
    s = None if s in (owner_id, alias) else s
    k = f or s
    e = doc.byid.get(k) if k else None
    return None if e is None or e.tag == 'viewLayoutGuide' else k

def origin_distance(doc, owner, alias, k):
    e = doc.byid[k]; x = y = 0.0
    while e is not None and e is not owner and e.get('id') != alias:
        f = frame(e)
        if f: x += f[0]; y += f[1]
        e = doc.parent.get(e)
    return x * x + y * y

def predict(doc, rec, by_distance):
    owner = doc.byid[rec['owner']]
    xs = doc.constraints(owner); alias = None
    if not xs:
        alias = doc.parent[owner].get('id'); xs = doc.constraints(doc.parent[owner])
    def group(c):
        k = key_of(doc, rec['owner'], alias, c)
        if k is None: return (0.0, -1)
        return (origin_distance(doc, owner, alias, k) if by_distance else 0.0, doc.order[doc.byid[k]])
    items = sorted(enumerate(xs), key=lambda p: (group(p[1]), p[0]))
    return [c.get('id') for _, c in items], len({group(c) for c in xs})

if __name__ == '__main__':
    seen, docs = set(), {}
    total = multi = 0; exact = {False: 0, True: 0}; mexact = {False: 0, True: 0}
    for src, nibs in corpus_pairs():
        doc = docs.setdefault(src, Doc(src))
        for nb, hint in nibs:
            try:
                recs = records_for(nb, doc, hint)
            except nibcheck.NibError:
                continue  # not an archive
            for r in recs:
                key = (src, r['owner'], tuple(r['order']))
                if not r['ok'] or None in r['order'] or key in seen: continue
                seen.add(key); total += 1
                for by_distance in (False, True):
                    pred, groups = predict(doc, r, by_distance)
                    exact[by_distance] += pred == r['order']
                    if groups > 1: mexact[by_distance] += pred == r['order']
                multi += groups > 1
    print(f'distinct arrays {total} (multi-group {multi})')
    print(f'document order of key views: {exact[False]}/{total} exact, multi-group {mexact[False]}/{multi}')
    print(f'origin distance, ties in document order: {exact[True]}/{total} exact, multi-group {mexact[True]}/{multi}')
