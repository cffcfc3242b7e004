# Prints each _UITraitStorageList of a nib: storages in order (class, key path, object, records).
import os, sys
SHARED = os.environ.get("NIBC_SHARED", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared"))
sys.path.insert(0, os.path.join(SHARED, "tools"))
import nibcheck
def main(path):
    nib = nibcheck.load(path)
    objs, keys, vals, classes = nib['objects'], nib['keys'], nib['values'], nib['classes']
    def cls(i):
        c=classes[objs[i][0]]; return c[0] if isinstance(c,tuple) else c
    def ent(i):
        c,s,n = objs[i]
        return [(keys[k],t,v) for (k,t,v) in vals[s:s+n]]
    def get(i,key):
        for k,t,v in ent(i):
            if k==key: return (t,v)
        return None
    def string(i):
        r=get(i,'NS.bytes'); return r[1].decode() if r else None
    def items(i): return [v for k,t,v in ent(i) if t==10 and k in ('UINibEncoderEmptyKey',) or k.startswith('NS.object.')]
    def desc(i):
        c=cls(i)
        if c=='NSLayoutConstraint':
            fi=get(i,'NSFirstItem'); si=get(i,'NSSecondItem')
            return f"C#{i}({get(i,'NSFirstAttribute') and get(i,'NSFirstAttribute')[1]},{fi and fi[1]},{si and si[1]})"
        b=get(i,'UIBounds')
        return f"{c}#{i}"
    def tc(i):
        return ",".join(f"{k.split('_UITraitName')[-1]}={v}" for k,t,v in ent(i)) or "any"
    root=0
    tl=get(0,'UINibTraitStorageListsKey')
    if not tl: print("no trait lists"); return
    for L in items(tl[1]):
        print("LIST top", desc(get(L,'UITopLevelObject')[1]))
        for S in items(get(L,'UITraitStorages')[1]):
            kp=string(get(S,'UIKeyPath')[1]); o=get(S,'UIObject')[1]
            recs=[]
            for R in items(get(S,'UIRecords')[1]):
                t=tc(get(R,'UITraitCollection')[1])
                if cls(R)=='_UIAttributeTraitStorageRecord':
                    v=get(R,'UIValue')[1]; ve=ent(v)
                    recs.append(f"{t}:{cls(v)}#{v}")
                else:
                    a=items(get(R,'UIAddedObjects')[1]); r=items(get(R,'UIRemovedObjects')[1])
                    recs.append(f"{t}:+{a}-{r}")
            extra=''
            if cls(S)=='_UIRelationshipTraitStorage': extra=' cand='+str(items(get(S,'UIRelationshipCandidates')[1]))
            print(f"  S#{S} {cls(S)[4:]} {kp} obj={desc(o)} recs={recs}{extra}")
        print("  desc", [desc(x) for x in items(get(L,'UIDescendants')[1])])
main(sys.argv[1])
