# Evidence behind ObjectList.swift: for every Apple nib, whether each subview precedes its
# superview's constraints in UINibObjectsKey, against whether a constraint of an ancestor of the
# superview references it. Usage: python3 scripts/evidence/object-list-evidence.py $(find CORPUS -name "*.nib" -type f)
import sys
from nibcorpus import NibTables

def analyze(path):
    nib = NibTables(path)
    objs, cls, ent, get, items = nib.objs, nib.cls, nib.entries, nib.get, nib.items
    ol = items(get(0,'UINibObjectsKey')[1])
    pos = {o:i for i,o in enumerate(ol)}
    holder = {}  # constraint -> view holding it
    cons = {}
    subs = {}
    parent = {}
    for i in range(len(objs)):
        c=get(i,'UIViewAutolayoutConstraints')
        if c and c[0]==10:
            cons[i]=items(c[1])
            for x in cons[i]: holder[x]=i
        s=get(i,'UISubviews')
        if s and s[0]==10:
            subs[i]=items(s[1])
            for x in subs[i]: parent[x]=i
    # refs: view -> list of holders of constraints referencing it
    refs = {}
    for c,h in holder.items():
        for key in ('NSFirstItem','NSSecondItem'):
            r=get(c,key)
            if r and r[0]==10: refs.setdefault(r[1],set()).add(h)
    out=[]
    for v in subs:
        if v not in pos or v not in cons: continue
        cp=[pos[x] for x in cons[v] if x in pos]
        if not cp: continue
        first=min(cp)
        for s in subs[v]:
            if s not in pos: continue
            before = pos[s] < first
            # referenced by constraint held by someone other than v (and not s itself / descendants)
            anc=set(); p=parent.get(v)
            while p is not None: anc.add(p); p=parent.get(p)
            cross = bool(refs.get(s,set()) & anc)
            out.append((before, cross, cls(v), cls(s)+'#'+str(s)+' v#'+str(v)+' nsubs'+str(len(subs[v]))+' sp'+str([pos.get(x) for x in subs[v]])+' cp'+str(sorted(cp))))
    return out
import collections
tally=collections.Counter()
for p in sys.argv[1:]:
    try: r=analyze(p)
    except Exception as e: print("ERR",p,e); continue
    for before,cross,cv,cs in r:
        tally[(before,cross)]+=1
        if cross or (before!=cross and cv!="UITableViewCellContentView"): print(p.split('corpus/nib/')[-1], 'before' if before else 'after', 'cross' if cross else 'nocross', cv, cs)
print(tally)
