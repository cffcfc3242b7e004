#!/usr/bin/env bash
# Checks every relative Markdown link of the project's documents: the file it names exists, and a `#anchor` names a
# heading of that file (GitHub's anchors: lower case, punctuation dropped, spaces to hyphens). Exits 1 on a broken link.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import os, re, subprocess, sys
files = [f for f in subprocess.run(["git", "ls-files", "*.md"], capture_output=True, text=True, check=True).stdout.split() if os.path.exists(f)]
def anchors(path):
    out = set()
    for line in open(path, encoding="utf-8"):
        m = re.match(r"#+\s+(.*)", line)
        if m:
            a = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            out.add(a)
    return out
broken = 0
for f in files:
    text = open(f, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("mailto:"):
            continue
        path, _, anchor = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
        if not os.path.exists(resolved):
            print(f"{f}: broken link {target}: no {resolved}"); broken += 1
        elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
            print(f"{f}: broken link {target}: no heading #{anchor} in {resolved}"); broken += 1
print(f"check-links: {len(files)} documents, {broken} broken links")
sys.exit(1 if broken else 0)
PY
