#!/usr/bin/env python3
"""Per-kind loose scores of nibc's storyboards against Apple's compiled ones.

Compiles every storyboard that has Apple's `.storyboardc` beside it (the shared corpus's `nib/duckduckgo`,
`storyboards/appkit`, `recent-storyboards`, and the project's `Corpus/pairs`) with `nibc ibtool`, the flags of its
`X.args` file and the Xcode that built it, compares each nib with `nibc diff --loose --json`, and prints the mean
score and the count below 0.99 per kind of nib: tab bar controllers, navigation controllers, other scene nibs,
view nibs (`<controller>-view-<view>.nib`).

    scripts/storyboard-kinds.py [NIBC] [CORPUS]      (defaults: .build/debug/nibc, ../shared/corpus)

NIBC_NO_XCODE_VERSION=1 leaves `--xcode-version` out, for a nibc that predates the flag; NIBC_SHARED_ONLY=1 measures
the shared corpus's pairs only.
"""
import json, os, re, subprocess, sys, tempfile

nibc = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/nibc")
corpus = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else "../shared/corpus")
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def pairs():
    sources = [(corpus, ("nib/duckduckgo", "storyboards/appkit", "recent-storyboards"))]
    if os.environ.get("NIBC_SHARED_ONLY") != "1":
        sources.append((os.path.join(root, "Corpus"), ("pairs",)))
    for base, folders in sources:
        for folder in folders:
            for dirpath, _, files in os.walk(os.path.join(base, folder)):
                for f in sorted(files):
                    if f.endswith(".storyboard") and os.path.isdir(os.path.join(dirpath, f + "c")):
                        yield os.path.join(dirpath, f)

def flags(path):
    args = []
    argsfile = path[: -len(".storyboard")] + ".args"
    if os.path.exists(argsfile):
        args += open(argsfile).read().split()
    m = re.search(r"-xcode([0-9.]+)/", path)
    if os.environ.get("NIBC_NO_XCODE_VERSION") == "1":
        m = None
        if "/nib/duckduckgo/" in path:
            appex = re.search(r"/([^/]+)\.appex/", path)
            args += ["--minimum-deployment-target", "13.0", "--module", appex.group(1) if appex else "DuckDuckGo"]
        elif "/pairs/uikitcatalog" in path:
            args += ["--module", "UIKitCatalog", "--minimum-deployment-target", "13.0"]
        return args
    if m:
        args += ["--xcode-version", m.group(1)]
    elif "/nib/duckduckgo/" in path:
        args += ["--xcode-version", "13.2.1", "--minimum-deployment-target", "13.0"]
        appex = re.search(r"/([^/]+)\.appex/", path)
        args += ["--module", appex.group(1) if appex else "DuckDuckGo"]
    if "/pairs/uikitcatalog" in path:
        args += ["--module", "UIKitCatalog", "--minimum-deployment-target", "13.0"]
    return args

def kind(name):
    if "-view-" in name: return "view nibs"
    if name.startswith("UITabBarController-"): return "UITabBarController"
    if name.startswith("UINavigationController-"): return "UINavigationController"
    return "other scene nibs"

scores = {}
with tempfile.TemporaryDirectory() as tmp:
    for i, path in enumerate(pairs()):
        out = os.path.join(tmp, f"{i}.storyboardc")
        run = subprocess.run([nibc, "ibtool", "--output-format", "human-readable-text"] + flags(path) + ["--compile", out, path], capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{path}: compile failed: {run.stdout}{run.stderr}", file=sys.stderr)
            continue
        diff = subprocess.run([nibc, "diff", "--loose", "--json", path + "c", out], capture_output=True, text=True)
        for nib in json.loads(diff.stdout).get("nibs", []):
            scores.setdefault(kind(nib["file"]), []).append((nib["diff"]["score"], os.path.relpath(path, corpus) + ":" + nib["file"]))

print(f"{'nib kind':<26}{'nibs':>6}{'mean':>9}{'below 0.99':>12}")
for k in ("UITabBarController", "UINavigationController", "other scene nibs", "view nibs"):
    v = scores.get(k, [])
    mean = sum(s for s, _ in v) / len(v) if v else float("nan")
    print(f"{k:<26}{len(v):>6}{mean:>9.4f}{sum(1 for s, _ in v if s < 0.99):>12}")
