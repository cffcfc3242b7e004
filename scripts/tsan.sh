#!/usr/bin/env bash
# Runs the concurrency tests under ThreadSanitizer: one template instantiated from many threads at once
# (NibRuntime), a storyboard's scenes and one controller's view from many threads, and a parallel batch
# compile through a TSan-built nibc binary (nibcTests).
# A data race makes TSan print a report and fail the run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
export TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
scripts/require-tests.sh 3 swift test --skip-build --sanitize=thread --scratch-path .build-tsan \
    --filter 'concurrentInstantiationBuildsOnePlan|batchCompileIsDeterministicWhateverTheJobCount|scenesAreReadOnceAndDecodedOnFirstUse'
