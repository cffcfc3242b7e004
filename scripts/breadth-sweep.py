#!/usr/bin/env python3
"""The breadth sweep behind scripts/breadth-sweep.sh (see there for usage).

Every document is compiled on its own with `nibc compile --diagnostics-format json`; each warning is
reduced to a kind (the element, its key, the attribute) so that the table counts what the compiler does
not encode rather than individual messages.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

KINDS = [
    # (pattern, category, format of the kind)
    (re.compile(r'^element (<[^>]+>)(?: in (<[^>]+>))? is not supported yet; ignored$'), "element", "{0} in {1}"),
    (re.compile(r'^<([^>]+)>: attribute \'([^\']+)\' not supported yet; ignored'), "attribute", "<{0} {1}=…>"),
    (re.compile(r'^view <([^>]+)> is not supported yet; archived as a plain NSView$'), "element", "<{0}> (plain NSView)"),
    (re.compile(r'^element <([^>]+)> is not supported yet; archived as NSObject$'), "element", "<{0}> (NSObject)"),
]


def kind_of(message):
    for pattern, category, fmt in KINDS:
        m = pattern.match(message)
        if m:
            return category, fmt.format(*m.groups())
    # Other warnings: numbers and quoted values vary per occurrence, the rest names the kind.
    text = re.sub(r"'[^']*'", "'…'", message)
    text = re.sub(r'"[^"]*"', '"…"', text)
    return "other", text


def documents(corpus, extensions):
    found = []
    for root, dirs, files in os.walk(corpus):
        rel = os.path.relpath(root, corpus)
        if rel == "legacy" or rel.startswith("legacy" + os.sep):
            dirs[:] = []
            continue
        dirs.sort()
        for f in files:
            if os.path.splitext(f)[1].lstrip(".") in extensions:
                found.append(os.path.join(root, f))
    return sorted(found)


def flags_for(path):
    args = os.path.splitext(path)[0] + ".args"
    if not os.path.exists(args):
        return []
    with open(args) as f:
        return shlex.split(f.read())


def element_count(path):
    try:
        return sum(1 for _ in ET.parse(path).iter())
    except ET.ParseError:
        return 0


def compile_one(nibc, path, outdir):
    out = os.path.join(outdir, str(abs(hash(path))) + ".nib")
    cmd = [nibc, "compile", "--diagnostics-format", "json", "-o", out, path] + flags_for(path)
    p = subprocess.run(cmd, capture_output=True, text=True)
    diags = []
    other = []
    for line in (p.stdout + p.stderr).splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            diags.append(json.loads(line))
        except ValueError:
            other.append(line)
    return path, p.returncode, diags, other


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nibc", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--extensions", default="xib")
    ap.add_argument("--examples", type=int, default=1)
    ap.add_argument("--legacy", action="store_true",
                    help="also check that every document under legacy/ fails with a located error")
    a = ap.parse_args()
    extensions = set(e.strip().lstrip(".") for e in a.extensions.split(",") if e.strip())
    docs = documents(a.corpus, extensions)
    if not docs:
        print("breadth-sweep: no documents found", file=sys.stderr)
        return 2

    counts = collections.Counter()
    doc_sets = collections.defaultdict(set)
    examples = collections.defaultdict(list)
    categories = {}
    errors = []
    warnings = 0
    elements = 0
    jobs = max(1, min(4, os.cpu_count() or 1))
    with tempfile.TemporaryDirectory() as outdir, concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda d: compile_one(a.nibc, d, outdir), docs))
    for d in docs:
        elements += element_count(d)
    for path, status, diags, other in results:
        rel = os.path.relpath(path, a.corpus)
        had_error = status != 0
        for dg in diags:
            where = "%s:%s:%s" % (rel, dg.get("line", "?"), dg.get("column", "?"))
            if dg.get("severity") == "error":
                errors.append("%s: %s" % (where, dg.get("message", "")))
                had_error = True
                continue
            warnings += 1
            category, kind = kind_of(dg.get("message", ""))
            categories[kind] = category
            counts[kind] += 1
            doc_sets[kind].add(rel)
            if len(examples[kind]) < a.examples:
                examples[kind].append(where)
        if status != 0 and not any(dg.get("severity") == "error" for dg in diags):
            errors.append("%s: exit status %d %s" % (rel, status, " ".join(other)[:300]))
        elif had_error and status == 0:
            errors.append("%s: error diagnostics but exit status 0" % rel)

    print("Unencoded by kind (count, documents, kind, example):")
    for category in ("element", "attribute", "other"):
        kinds = [k for k in counts if categories[k] == category]
        if not kinds:
            continue
        print("\n[%s]" % category)
        for k in sorted(kinds, key=lambda k: (-counts[k], k)):
            print("%6d %4d  %s  (%s)" % (counts[k], len(doc_sets[k]), k, ", ".join(examples[k])))
    legacy_line = ""
    if a.legacy:
        legacy_root = os.path.join(a.corpus, "legacy")
        legacy_docs = sorted(os.path.join(r, f) for r, _, fs in os.walk(legacy_root) for f in fs
                             if os.path.splitext(f)[1] in (".xib", ".storyboard"))
        def must_fail(path):
            # XIB 2.x <archive> documents and files committed with merge conflicts are unsupported and must fail.
            with open(path, "rb") as f:
                data = f.read()
            return b"<archive" in data[:4096] or b"\n<<<<<<< " in data or data.startswith(b"<<<<<<< ")
        expected_failures = 0
        with tempfile.TemporaryDirectory() as outdir:
            for path, status, diags, other in (compile_one(a.nibc, d, outdir) for d in legacy_docs):
                rel = os.path.relpath(path, a.corpus)
                located = [d for d in diags if d.get("severity") == "error" and d.get("line")]
                if must_fail(path):
                    expected_failures += 1
                    if status == 0 or not located:
                        errors.append("%s: legacy document compiled or failed without a located error" % rel)
                elif status != 0 or any(d.get("severity") == "error" for d in diags):
                    # Early documents that are not XIB 2.x archives (an Xcode 4 storyboard) must compile.
                    errors.append("%s: legacy document in a supported format failed to compile" % rel)
        rejected = expected_failures - sum(1 for e in errors if "without a located error" in e)
        legacy_line = ", %d of %d legacy XIB 2.x/merge-conflict documents rejected with a located error, %d other legacy documents compiled" % (
            rejected, expected_failures, len(legacy_docs) - expected_failures)
    if errors:
        print("\nErrors:")
        for e in errors:
            print("  " + e)
    kinds_by = collections.Counter(categories.values())
    print("\nTotals: %d documents (%s), %d elements, %d warnings, %d unencoded element kinds, "
          "%d unencoded attribute kinds, %d other warning kinds, %d documents with warnings, %d errors%s"
          % (len(docs), ",".join(sorted(extensions)), elements, warnings, kinds_by["element"], kinds_by["attribute"],
             kinds_by["other"], len(set().union(*doc_sets.values())) if doc_sets else 0, len(errors), legacy_line))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
