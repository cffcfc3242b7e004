#!/usr/bin/env python3
"""Replays real merges of Interface Builder documents with `nibc merge` and compares with what was committed.

For every merge commit of each repository whose two parents both changed the same .xib or .storyboard since
their merge base, runs `nibc merge BASE P1 P2` and `git merge-file` on the three versions, then compares:

  git-clean      git merge-file merged the file without conflict
  git-conflict   git merge-file left conflict markers
  nibc-equiv     nibc merged cleanly and its result is equivalent to the committed file: the same canonical
                 XML (C14N, comments and white space between elements dropped), or, failing that, both compile
                 with nibc and `nibc diff` finds the nibs equivalent; XIB 2 (`<archive>`) documents, which nibc
                 does not compile, are compared by canonical XML without the saving tools' version strings
  nibc-conflict  nibc reported conflicts
  broken         a clean nibc result with a duplicate id or a reference no element has, that neither parent
                 already had (must be 0)
  false-clean    nibc reported clean although both parents changed one attribute of one object to different
                 values (must be 0); version attributes of the header are excepted, nibc takes the newer
  git-clean-equiv  among git-clean merges, nibc's result is equivalent to git's

Usage: scripts/merge-replay.py [--nibc PATH] [--limit N] [--details] [--save DIR] GIT_DIR...
A GIT_DIR is a repository's .git directory or a bare repository.
"""
import argparse, os, re, subprocess, sys, tempfile, shutil
import xml.etree.ElementTree as ET

REFERENCE_ATTRIBUTES = {"destination", "firstItem", "secondItem", "target", "reference", "ref",
                        "initialViewController", "tableViewCell", "headerView", "outlineTableColumn",
                        "selectedItem", "initialItem", "previousBinding", "textLabel", "detailTextLabel",
                        "imageView", "popoverAnchorView"}
VERSION_ATTRIBUTES = {"toolsVersion", "systemVersion", "version", "minToolsVersion"}


def git(gitdir, *args, check=True):
    p = subprocess.run(["git", "--git-dir", gitdir] + list(args), capture_output=True)
    if check and p.returncode != 0:
        return None
    return p.stdout


def show(gitdir, commit, path):
    return git(gitdir, "show", f"{commit}:{path}")


def canonical(data):
    try:
        text = data.decode("utf-8")
        if text.startswith("\ufeff"):
            text = text[1:]
        text = re.sub(r"^<\?xml[^>]*\?>", "", text)
        return ET.canonicalize(text, strip_text=True)
    except Exception:
        return None


ARCHIVE_VERSION_KEYS = {"IBDocument.SystemVersion", "IBDocument.InterfaceBuilderVersion", "IBDocument.AppKitVersion",
                        "IBDocument.HIToolboxVersion"}


def canonical_without_archive_versions(data):
    """The canonical XML of a XIB 2 (`<archive>`) document without the versions of the tools that saved it (the
    `IBDocument.*Version` strings and the plug-in versions), which are not compiled into the nib; None for
    anything else. nibc does not compile XIB 2 documents, so this stands in for comparing compiled nibs."""
    root = parse(data)
    if root is None or root.tag != "archive":
        return None
    for header in root.findall("data"):
        for entry in list(header):
            key = entry.get("key")
            if key in ARCHIVE_VERSION_KEYS:
                header.remove(entry)
            elif key == "IBDocument.PluginVersions":
                for version in list(entry):
                    if not (version.get("key") or "").startswith("NS.key."):
                        entry.remove(version)
    return canonical(ET.tostring(root))


def parse(data):
    try:
        return ET.fromstring(data)
    except Exception:
        return None


def broken_refs(root):
    """(duplicate ids, dangling references) of a parsed document, as sets."""
    seen, dups, refs = set(), set(), []
    for e in root.iter():
        i = e.get("id")
        if i is not None:
            if i in seen:
                dups.add(i)
            seen.add(i)
        for k, v in e.attrib.items():
            if k in REFERENCE_ATTRIBUTES:
                refs.append((k, v))
    return dups, {v for k, v in refs if v not in seen}


def attribute_map(root):
    """(id, attribute) -> value for elements with an id, header elements excepted for versions."""
    out = {}
    header = set()
    for child in root:
        if child.tag in ("dependencies", "resources"):
            header.update(id(e) for e in child.iter())
    for e in root.iter():
        i = e.get("id")
        if i is None:
            continue
        for k, v in e.attrib.items():
            if k in VERSION_ATTRIBUTES and (e is root or id(e) in header):
                continue
            out[(i, k)] = v
    return out


def truly_conflicting(b, x, y):
    """Whether both sides changed one attribute of one id'd element to different values."""
    mb, mx, my = attribute_map(b), attribute_map(x), attribute_map(y)
    for key in set(mx) | set(my):
        vb, vx, vy = mb.get(key), mx.get(key), my.get(key)
        if key[0] not in {k[0] for k in ()}:
            pass
        if vx != vb and vy != vb and vx != vy and vx is not None and vy is not None:
            return True
    return False


class Compiler:
    def __init__(self, nibc, tmp):
        self.nibc, self.tmp, self.n = nibc, tmp, 0

    def compile(self, data, suffix):
        self.n += 1
        src = os.path.join(self.tmp, f"c{self.n}{suffix}")
        out = os.path.join(self.tmp, f"c{self.n}" + (".storyboardc" if suffix == ".storyboard" else ".nib"))
        open(src, "wb").write(data)
        p = subprocess.run([self.nibc, "compile", src, "-o", out], capture_output=True)
        return out if p.returncode == 0 else None

    def equivalent(self, a, b, suffix):
        ca, cb = canonical(a), canonical(b)
        if ca is not None and ca == cb:
            return True
        va = canonical_without_archive_versions(a)
        if va is not None:
            return va == canonical_without_archive_versions(b)
        na, nb = self.compile(a, suffix), self.compile(b, suffix)
        if na is None or nb is None:
            return False
        p = subprocess.run([self.nibc, "diff", na, nb, "--quiet"], capture_output=True)
        return p.returncode == 0


def save_case(save, repo, label, files):
    """Writes one merge's inputs, committed file and nibc result under SAVE/REPO/N-COMMIT-NAME/."""
    if not save:
        return
    directory = os.path.join(save, repo, re.sub(r"[^A-Za-z0-9._-]+", "_", label))
    os.makedirs(directory, exist_ok=True)
    for name, data in files.items():
        if data is not None:
            open(os.path.join(directory, name), "wb").write(data)


def replay(gitdir, nibc, limit, details, save=None, repo=""):
    counts = dict.fromkeys(["merges", "files", "git-clean", "git-conflict", "nibc-clean", "nibc-equiv",
                            "nibc-conflict", "nibc-error", "git-clean-equiv", "git-conflict-resolved",
                            "broken", "false-clean"], 0)
    merges = (git(gitdir, "rev-list", "--merges", "--all") or b"").decode().split()
    tmp = tempfile.mkdtemp(prefix="merge-replay-")
    compiler = Compiler(nibc, tmp)
    try:
        for m in merges:
            parents = (git(gitdir, "rev-list", "--parents", "-n", "1", m) or b"").decode().split()[1:]
            if len(parents) != 2:
                continue
            p1, p2 = parents
            base = (git(gitdir, "merge-base", p1, p2) or b"").decode().strip()
            if not base:
                continue
            def changed(c):
                out = git(gitdir, "diff", "--name-only", base, c, "--", "*.xib", "*.storyboard") or b""
                return set(out.decode("utf-8", "replace").split("\n")) - {""}
            common = sorted(changed(p1) & changed(p2))
            files = []
            for path in common:
                versions = [show(gitdir, c, path) for c in (base, p1, p2, m)]
                if any(v is None for v in versions):
                    continue
                files.append((path, versions))
            if not files:
                continue
            counts["merges"] += 1
            for path, (b, x, y, committed) in files:
                if limit and counts["files"] >= limit:
                    return counts
                counts["files"] += 1
                suffix = ".storyboard" if path.endswith(".storyboard") else ".xib"
                fb, fx, fy, fr = (os.path.join(tmp, n + suffix) for n in ("base", "ours", "theirs", "result"))
                for f, d in ((fb, b), (fx, x), (fy, y)):
                    open(f, "wb").write(d)
                g = subprocess.run(["git", "merge-file", "-p", fx, fb, fy], capture_output=True)
                git_clean = g.returncode == 0
                counts["git-clean" if git_clean else "git-conflict"] += 1
                r = subprocess.run([nibc, "merge", fb, fx, fy, "-o", fr], capture_output=True)
                label = f"{m[:10]} {path}"
                case = {"base" + suffix: b, "ours" + suffix: x, "theirs" + suffix: y, "committed" + suffix: committed}
                if r.returncode == 2:
                    counts["nibc-error"] += 1
                    if details:
                        print(f"  error     {label}: {r.stderr.decode(errors='replace').strip()[:200]}")
                    continue
                result = open(fr, "rb").read()
                tb, tx, ty = parse(b), parse(x), parse(y)
                if r.returncode == 1:
                    counts["nibc-conflict"] += 1
                    if details:
                        lines = r.stdout.decode(errors="replace").splitlines()
                        first = [l for l in lines if " conflict: " in l][:3]   # not the layout rules' notes
                        print(f"  conflict  {label} (git {'clean' if git_clean else 'conflict'}): " + " | ".join(first)[:400])
                    save_case(save, repo, label, {**case, "nibc" + suffix: open(fr, "rb").read(), "nibc.txt": r.stdout})
                    continue
                counts["nibc-clean"] += 1
                tr = parse(result)
                if tr is None:
                    counts["broken"] += 1
                    print(f"  BROKEN    {label}: the clean result is not well-formed XML")
                    continue
                dups, dangling = broken_refs(tr)
                if tx is not None and ty is not None:
                    dx, gx = broken_refs(tx)
                    dy, gy = broken_refs(ty)
                    dups -= dx | dy
                    dangling -= gx | gy
                if dups or dangling:
                    counts["broken"] += 1
                    print(f"  BROKEN    {label}: duplicate ids {sorted(dups)[:5]}, dangling {sorted(dangling)[:5]}")
                if tb is not None and tx is not None and ty is not None and truly_conflicting(tb, tx, ty):
                    counts["false-clean"] += 1
                    print(f"  FALSE-CLEAN {label}")
                equivalent = compiler.equivalent(result, committed, suffix)
                if equivalent:
                    counts["nibc-equiv"] += 1
                    if not git_clean:
                        counts["git-conflict-resolved"] += 1
                else:
                    if details:
                        print(f"  differs   {label} (git {'clean' if git_clean else 'conflict'})")
                    save_case(save, repo, label, {**case, "nibc" + suffix: result})
                if git_clean and compiler.equivalent(result, g.stdout, suffix):
                    counts["git-clean-equiv"] += 1
        return counts
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nibc", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "nibc"))
    parser.add_argument("--limit", type=int, default=0, help="most file merges per repository (0: all)")
    parser.add_argument("--details", action="store_true", help="print each conflict and each non-equivalent result")
    parser.add_argument("--save", metavar="DIR",
                        help="write each conflicted or non-equivalent case (base, ours, theirs, committed, nibc) under DIR")
    parser.add_argument("gitdirs", nargs="+")
    args = parser.parse_args()
    nibc = os.path.abspath(args.nibc)
    if not os.access(nibc, os.X_OK):
        sys.exit(f"error: no nibc binary at {nibc} (build it, or pass --nibc)")
    columns = ["merges", "files", "git-clean", "git-conflict", "nibc-equiv", "git-clean-equiv",
               "git-conflict-resolved", "nibc-conflict", "nibc-error", "broken", "false-clean"]
    rows = []
    for gitdir in args.gitdirs:
        name = os.path.basename(os.path.dirname(os.path.abspath(gitdir))) if gitdir.rstrip("/").endswith(("repo", ".git")) else os.path.basename(gitdir)
        print(f"{name}:", flush=True)
        counts = replay(gitdir, nibc, args.limit, args.details, args.save, name)
        rows.append((name, counts))
    print()
    print("| repository | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    total = dict.fromkeys(columns, 0)
    for name, counts in rows:
        print(f"| {name} | " + " | ".join(str(counts[c]) for c in columns) + " |")
        for c in columns:
            total[c] += counts[c]
    print("| total | " + " | ".join(str(total[c]) for c in columns) + " |")


if __name__ == "__main__":
    main()
