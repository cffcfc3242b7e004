#!/usr/bin/env bash
# Runs the short-input sweeps (every length 0-64 bytes into NibArchive(bytes:|data:), OpenedNibArchive(data:),
# NibTemplate(bytes:|data:) and BinaryPropertyList(bytes:|data:)), the key hash's overlapping word loads, the key table
# (hashed and sorted indexes), the word scans of ByteScanning at every length, and the values fast path on every
# flipped byte of three archives under
# AddressSanitizer: a read through a dangling or out-of-bounds pointer makes ASan print a report and fail the
# run. ASan sees only instrumented code: a stack copy made inside Foundation (which is not built with ASan) is
# invisible to it, which is why the readers copy a `Data` input instead of borrowing a pointer from it (an `[UInt8]`
# is kept and read only inside its own `withUnsafeBytes`; ShortInputTests also checks that an archive outlives
# the caller's changes to that array).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=0:detect_stack_use_after_return=1 ${ASAN_OPTIONS:-}"
swift build --build-tests --sanitize=address --scratch-path .build-asan
scripts/require-tests.sh 19 swift test --skip-build --sanitize=address --scratch-path .build-asan --filter 'ShortInputTests|ShortInputTemplateTests|ShortPropertyListInputTests|KeyHashTests|KeyTableTests|ByteScanningTests|valuesFastPathAgreesWithTheCheckedPath'
