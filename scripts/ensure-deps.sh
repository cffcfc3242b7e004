#!/usr/bin/env bash
# Installs what a fresh machine lacks: the zlib header (zlib1g-dev) for building nibc, and GNU time
# (/usr/bin/time, package `time`) for the memory and time guards in Fuzz/limits.sh and Fuzz/compile-limits.sh,
# and Chromium (package `chromium`) for the headless-browser check of a rendered diff (scripts/browser-check.sh).
set -euo pipefail
missing=()
if [ ! -f /usr/include/zlib.h ] && ! pkg-config --exists zlib 2>/dev/null; then missing+=(zlib1g-dev); fi
[ -x /usr/bin/time ] || missing+=(time)
command -v chromium >/dev/null || command -v chromium-browser >/dev/null || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
    echo "nibc: installing ${missing[*]}" >&2
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}"
fi
