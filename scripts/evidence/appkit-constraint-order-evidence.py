#!/usr/bin/env python3
"""Evidence for the order of AppKit `NSViewConstraints` arrays (main archives and nested prototype-cell nibs),
the rule of Sources/NibCompiler/AppKit/AppKitConstraintOrder.swift.

Interface Builder saves a view's constraints in id order (document order); Apple's arrays are in another
order, the same in a main archive and in the nested nib of the same cell view. This
script aligns every Apple array of two or more constraints in the AppKit pairs with the XML constraints
(the owning view and the items matched by frame, constraints by items and attributes) and counts, per array:

  document  Apple's order is document order;
  groups    Apple's order sorts the constraints by the group key of ConstraintOrder.swift (UIKit): the key
            view is the first item, or the second when the first is the owner; groups are ordered by the
            distance of the key view's frame origin from the owner's origin, measured from the owner's
            top-left corner (AppKit frames are bottom-up: y' = owner height - y - height), the owner's own
            group (constraints without another view, or to a layout guide) first;
  exact     Apple's order is that group sort with document order inside each group;
  owner     as exact, but inside a group the constraints to the owner (or its layout guide) come first, and a
            view's own width constraint before its own height constraint;
  attribute (nibc's rule) as owner, then by the attribute the constraint ties the key view to (the other item's
            attribute) in the order OTHER_ATTRIBUTE_ORDER, then document order; two key views at the same
            distance keep document order, each with its constraints together. It also prints how the order
            fitted on all documents but one orders the arrays of the one left out (leave-one-document-out).

It also prints each array whose order is not exact, group by group, so the order inside a group can be
studied. Usage: appkit-constraint-order-evidence.py [-v] (needs ../shared/tools/nibcheck.py and
../shared/corpus/nib/appkit-samples beside the checkout, or $NIBC_SHARED)."""
import glob, itertools, os, re, sys
import xml.etree.ElementTree as ET
from nibcorpus import SHARED, nibcheck

OTHER_ATTRIBUTE_ORDER = ['centerX', 'trailing', 'centerY', 'leading', 'bottom', 'top']
ATTRIBUTES = {'left': 1, 'right': 2, 'top': 3, 'bottom': 4, 'leading': 5, 'trailing': 6, 'width': 7, 'height': 8,
              'centerX': 9, 'centerY': 10, 'baseline': 11, 'lastBaseline': 11, 'firstBaseline': 12}


class Archive:
    """One NIBArchive (main or nested): objects as (class, {key: [(type, value)]})."""

    def __init__(self, buf):
        nib = nibcheck.parse(buf)
        self.objs = []
        for (c, s, n) in nib['objects']:
            d = {}
            for (k, t, v) in nib['values'][s:s + n]:
                d.setdefault(nib['keys'][k], []).append((t, v))
            self.objs.append((nib['classes'][c][0], d))
        self.nested = [Archive(v) for (k, t, v) in nib['values'] if t == 8 and v[:10] == b'NIBArchive']

    def value(self, i, key):
        e = self.objs[i][1].get(key)
        return e[0] if e else None

    def ref(self, i, key):
        e = self.value(i, key)
        return e[1] if e and e[0] == 10 else None

    def string(self, i, key):
        r = self.ref(i, key)
        b = self.value(r, 'NS.bytes') if r is not None else None
        return b[1].decode() if b else None

    def frame(self, i):
        s = self.string(i, 'NSFrame') or self.string(i, 'NSFrameSize')
        if s is None:
            return None
        nums = tuple(float(x) for x in re.findall(r'-?[\d.]+', s))
        return nums if len(nums) == 4 else (0.0, 0.0) + nums

    def arrays(self):
        """(owner index, [(first frame, first attribute, second frame, second attribute)]) per constrained view."""
        for i, (cls, d) in enumerate(self.objs):
            arr = self.ref(i, 'NSViewConstraints')
            if arr is None:
                continue
            rows = []
            for (t, c) in self.objs[arr][1].get('UINibEncoderEmptyKey', []):
                fi, si = self.ref(c, 'NSFirstItem'), self.ref(c, 'NSSecondItem')
                fa, sa = self.value(c, 'NSFirstAttribute'), self.value(c, 'NSSecondAttribute')
                rows.append((self.frame(fi) if fi not in (None, i) else None, fa[1] if fa else None,
                             self.frame(si) if si not in (None, i) else None, sa[1] if sa and si is not None else None))
            yield i, rows
        for n in self.nested:
            yield from n.arrays()


def frame(e):
    r = e.find("rect[@key='frame']")
    if r is None:
        return None
    return tuple(float(r.get(k, 0)) for k in ('x', 'y', 'width', 'height'))


def attribute_key(feature, attribute_order):
    distance, key_view, to_sibling, own, other, j = feature
    rank = attribute_order.index(other) if other in attribute_order else len(attribute_order)
    return (distance, key_view, to_sibling, own, rank, j)


arrays = []


def fits(cases, attribute_order):
    return sum(order == sorted(range(len(f)), key=lambda j: attribute_key(f[j], attribute_order)) for _, order, f in cases)


def study(xib_path, nib_path, counts, verbose):
    root = ET.parse(xib_path).getroot()
    parent = {c: p for p in root.iter() for c in p}
    position = {e: i for i, e in enumerate(root.iter())}
    by_id = {e.get('id'): e for e in root.iter() if e.get('id')}
    with open(nib_path, 'rb') as f:
        archive = Archive(f.read())
    for owner_index, rows in archive.arrays():
        if len(rows) < 2:
            continue
        for owner in root.iter():
            box, cs = frame(owner), owner.find('constraints')
            if box is None or cs is None:
                continue
            xml = [c for c in cs if c.tag == 'constraint']
            if len(xml) != len(rows):
                continue

            def items(c):
                first = by_id.get(c.get('firstItem')) if c.get('firstItem') else owner
                second = by_id.get(c.get('secondItem')) if c.get('secondItem') else (owner if c.get('firstItem') and c.get('secondAttribute') else None)
                return first, second

            def row(c):
                first, second = items(c)
                f = frame(first) if first is not owner and first is not None else None
                s = frame(second) if second is not None and second is not owner else None
                return (f, ATTRIBUTES.get(c.get('firstAttribute')), s,
                        ATTRIBUTES.get(c.get('secondAttribute')) if second is not None else None)

            keys = [row(c) for c in xml]
            order, used = [], set()
            for r in rows:
                match = [j for j, k in enumerate(keys) if k == r and j not in used]
                if not match:
                    break
                used.add(match[0])
                order.append(match[0])
            if len(order) != len(rows):
                continue

            def key_view(c):
                first, second = items(c)
                return second if first is owner else first

            def group(c):
                key = key_view(c)
                if key is None or key is owner or key.tag in ('viewLayoutGuide', 'layoutGuide'):
                    return -1.0
                r = frame(key)
                if r is None or parent.get(parent.get(key)) is not owner:
                    return float('inf')
                y = box[3] - r[1] - r[3]
                return r[0] ** 2 + y ** 2

            g = [group(c) for c in xml]
            counts['arrays'] += 1
            counts['document'] += order == list(range(len(xml)))
            counts['groups'] += all(g[a] <= g[b] for a, b in zip(order, order[1:]))
            exact = order == sorted(range(len(xml)), key=lambda j: (g[j], j))
            counts['exact'] += exact

            def to_owner(c):
                first, second = items(c)
                return first is owner or second is None or second is owner or second.tag in ('viewLayoutGuide', 'layoutGuide')

            def own_size(c):
                return {'width': 0, 'height': 1}.get(c.get('firstAttribute'), 2) if c.get('secondAttribute') is None else 2

            counts['owner'] += order == sorted(range(len(xml)), key=lambda j: (g[j], not to_owner(xml[j]), own_size(xml[j]), j))

            def key_view_order(c):
                key = key_view(c)
                return -1 if key is None or key is owner else position.get(key, -1)

            def other_attribute(c):
                first, _ = items(c)
                return c.get('firstAttribute') if first is owner else c.get('secondAttribute')

            features = [(g[j], key_view_order(c), not to_owner(c), own_size(c), other_attribute(c), j) for j, c in enumerate(xml)]
            arrays.append((os.path.basename(xib_path), order, features))
            counts['attribute'] += order == sorted(range(len(xml)), key=lambda j: attribute_key(features[j], OTHER_ATTRIBUTE_ORDER))
            if verbose and not exact:
                print(f'{os.path.basename(xib_path)} {owner.tag} {owner.get("id")}:')
                last = None
                for j in order:
                    c = xml[j]
                    if g[j] != last:
                        print(f'  group {g[j]:g}')
                        last = g[j]
                    print(f'    #{j} {c.get("id")} {c.get("firstItem", "owner")}.{c.get("firstAttribute")} '
                          f'{c.get("relation", "equal")} {c.get("secondItem", "owner" if c.get("secondAttribute") else "-")}.'
                          f'{c.get("secondAttribute", "")} {c.get("constant", "")}')
            break


def main():
    verbose = '-v' in sys.argv[1:]
    folder = os.path.join(SHARED, 'corpus', 'nib', 'appkit-samples')
    counts = dict(arrays=0, document=0, groups=0, exact=0, owner=0, attribute=0)
    for xib in sorted(glob.glob(os.path.join(folder, '*.xib'))):
        nib = xib[:-4] + '.nib'
        if os.path.exists(nib):
            study(xib, nib, counts, verbose)
    print(f"arrays {counts['arrays']}: document order {counts['document']}, "
          f"group order fits {counts['groups']}, group order + document order inside groups {counts['exact']}, "
          f"+ owner constraints first and width before height {counts['owner']}, "
          f"+ the other item's attribute in the order {'/'.join(OTHER_ATTRIBUTE_ORDER)} {counts['attribute']}")
    # Leave one document out: the attribute order that fits the other documents best, applied to the one left out.
    candidates = list(itertools.permutations(OTHER_ATTRIBUTE_ORDER))
    total = 0
    for name in sorted({a[0] for a in arrays}):
        train = [a for a in arrays if a[0] != name]
        test = [a for a in arrays if a[0] == name]
        best = max(candidates, key=lambda p: fits(train, list(p)))
        n = fits(test, list(best))
        total += n
        print(f"  left out {name}: {n} of {len(test)} arrays exact with the order fitted on the others ({'/'.join(best)})")
    print(f"leave-one-document-out: {total} of {len(arrays)}")


if __name__ == '__main__':
    main()
