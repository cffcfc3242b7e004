#!/usr/bin/env bash
# Installs what a fresh machine lacks for building nibc: the zlib header (zlib1g-dev).
set -euo pipefail
if [ ! -f /usr/include/zlib.h ] && ! pkg-config --exists zlib 2>/dev/null; then
    echo "nibc: installing zlib1g-dev (zlib header missing)" >&2
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq zlib1g-dev
fi
