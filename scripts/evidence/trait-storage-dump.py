# Prints each _UITraitStorageList of a nib: storages in order (class, key path, object, records).
import sys
from nibcorpus import NibTables

def main(path):
    nib = NibTables(path)
    cls, ent, get, string, items = nib.cls, nib.entries, nib.get, nib.string, nib.items
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
