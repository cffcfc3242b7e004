#!/bin/sh
# Renders every Interface Builder document (.xib, .storyboard) changed between two git revisions into one HTML
# report: for each, the before and after pictures side by side with the changed views marked (nibc diff --svg)
# and the change list (nibc diff --markdown); an added or deleted document is drawn alone (nibc render).
#
#   Examples/render-changed.sh BASE HEAD report.html      # e.g. origin/main HEAD, in a pull request's CI job
#
# Exit status: 0 the report was written (whatever changed), 1 a document could not be read or drawn.
# Needs nibc on PATH (or NIBC=/path/to/nibc) and git; run inside the repository.
set -eu
if [ $# -ne 3 ]; then
    echo "usage: $0 BASE HEAD REPORT.html" >&2
    exit 64
fi
base=$1 head=$2 report=$3
nibc=${NIBC:-nibc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

escape() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }

{
    printf '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Interface Builder changes %s..%s</title>\n' "$base" "$head"
    printf '<style>body{font-family:sans-serif;margin:16px}pre{background:#f6f8fa;padding:8px;white-space:pre-wrap}</style></head><body>\n'
    printf '<h1>Interface Builder changes %s..%s</h1>\n' "$(printf %s "$base" | escape)" "$(printf %s "$head" | escape)"
} > "$work/report.html"

count=0
git diff --name-status --no-renames "$base" "$head" -- '*.xib' '*.storyboard' > "$work/changes"
while IFS="$(printf '\t')" read -r status path; do
    count=$((count + 1))
    name=$(basename "$path")
    mkdir -p "$work/$count/old" "$work/$count/new"
    old="$work/$count/old/$name" new="$work/$count/new/$name"
    printf '<section><h2>%s (%s)</h2>\n' "$(printf %s "$path" | escape)" "$status" >> "$work/report.html"
    case "$status" in
    A)
        git show "$head:$path" > "$new"
        "$nibc" render "$new" -o "$work/$count/pic.svg"
        echo '<p>Added.</p>' >> "$work/report.html"
        ;;
    D)
        git show "$base:$path" > "$old"
        "$nibc" render "$old" -o "$work/$count/pic.svg"
        echo '<p>Deleted.</p>' >> "$work/report.html"
        ;;
    *)
        git show "$base:$path" > "$old"
        git show "$head:$path" > "$new"
        # Exit 1 means "changed": only 2 (unreadable) is a failure.
        (cd "$work/$count" && "$nibc" diff --svg "old/$name" "new/$name" -o pic.svg) || [ $? -eq 1 ]
        (cd "$work/$count" && "$nibc" diff --markdown "old/$name" "new/$name" > list.md) || [ $? -eq 1 ]
        { echo '<pre>'; escape < "$work/$count/list.md"; echo '</pre>'; } >> "$work/report.html"
        ;;
    esac
    cat "$work/$count/pic.svg" >> "$work/report.html"
    echo '</section>' >> "$work/report.html"
done < "$work/changes"

[ "$count" -gt 0 ] || echo '<p>No .xib or .storyboard changed.</p>' >> "$work/report.html"
echo '</body></html>' >> "$work/report.html"
mv "$work/report.html" "$report"
echo "$report: $count document(s)"
