#!/usr/bin/env bash
# Runs the whole test suite: unit tests of every module and end-to-end tests of the nibc binary.
# The shared corpus is read from ../shared/corpus (override with NIBC_SHARED_CORPUS).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
swift build --build-tests "$@"
swift test --skip-build "$@"
