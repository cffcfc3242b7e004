#!/usr/bin/env bash
# Opens a rendered diff report in a real browser and checks what it shows:
#   scripts/browser-check.sh NIBC
# Takes a corpus storyboard (DuckDuckGo's launch screen) and a copy with one image view moved up by 100 pt and
# another given a fill colour, writes `NIBC diff --html OLD NEW -o report.html`, screenshots it in headless
# Chromium (Debian's `chromium`; scripts/ensure-deps.sh installs it), and checks with scripts/browser-check.py
# that the screenshot is not blank and that the pixel at the centre of every marked view, on both sides, has
# that change's marking colour. The views' rectangles come from `NIBC render --json`, the marked views and
# their kinds from `NIBC diff --json`. Prints one line; exit 0 when every check passes, 1 otherwise.
# The corpus is ../shared/corpus beside the checkout, or $NIBC_SHARED_CORPUS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
nibc=$(cd "$(dirname "${1:?usage: scripts/browser-check.sh NIBC}")" && pwd)/$(basename "$1")
corpus=${NIBC_SHARED_CORPUS:-$here/../../shared/corpus}
source="$corpus/nib/duckduckgo/Base.lproj/LaunchScreen.storyboard"
fail() { echo "browser-check: FAILED: $*"; exit 1; }
[ -x "$nibc" ] || fail "no nibc binary at $1"
[ -f "$source" ] || fail "no corpus storyboard at $source (set NIBC_SHARED_CORPUS)"
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || fail "no chromium on PATH (Debian: apt-get install chromium; scripts/ensure-deps.sh does it)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
cp "$source" old.storyboard
# The change: the logo (EId-hf-6HL) moves up by 100 pt; the word mark (CCq-t1-1xH) gets a literal fill.
python3 - <<'PY'
text = open("old.storyboard", encoding="utf-8").read()
edits = [
    ('<rect key="frame" x="159" y="328" width="96" height="96"/>',
     '<rect key="frame" x="159" y="228" width="96" height="96"/>'),
    ('<rect key="frame" x="126" y="436" width="162" height="21"/>',
     '<rect key="frame" x="126" y="436" width="162" height="21"/>\n'
     '<color key="backgroundColor" red="1" green="0.8" blue="0.2" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>'),
]
for old, new in edits:
    if text.count(old) != 1:
        raise SystemExit("browser-check: FAILED: the corpus storyboard changed; edit not applicable: " + old)
    text = text.replace(old, new)
open("new.storyboard", "w", encoding="utf-8").write(text)
PY

# diff exits 1 when the documents differ, as `nibc diff` does.
status=0; "$nibc" diff --html old.storyboard new.storyboard -o report.html || status=$?
[ "$status" -eq 1 ] && [ -s report.html ] || fail "nibc diff --html exited $status (expected 1: different)"
status=0; "$nibc" diff --json old.storyboard new.storyboard > changes.json || status=$?
[ "$status" -eq 1 ] || fail "nibc diff --json exited $status (expected 1: different)"
for side in old new; do
    "$nibc" render --json $side.storyboard > $side.json || fail "nibc render --json $side.storyboard failed"
done
# The reference: the same page without the mark layer, so the expected colour of a marked pixel is the mark
# blended over exactly what the page draws under it.
grep -v '^<rect class="mark"' report.html > reference.html
cmp -s report.html reference.html && fail "report.html has no marks"

size=$(python3 "$here/browser-check.py" window old.json new.json) || { echo "$size"; exit 1; }
# Both screenshots at once, each browser with its own profile.
shoot() {
    timeout 50 "$browser" --headless --disable-gpu --no-sandbox --hide-scrollbars --force-device-scale-factor=1 \
        --user-data-dir="$work/profile-$1" --window-size="$size" --screenshot="$work/$1.png" "file://$work/$1.html" \
        > "$1.log" 2>&1
}
shoot report & report_pid=$!
shoot reference & reference_pid=$!
for page in report reference; do
    pid_var=${page}_pid
    wait "${!pid_var}" || fail "chromium could not screenshot $page.html: $(tail -1 "$page.log")"
    [ -s "$page.png" ] || fail "chromium wrote no screenshot of $page.html"
done
python3 "$here/browser-check.py" check old.json new.json changes.json report.png reference.png "$("$browser" --version 2>/dev/null | head -1)"
