#!/usr/bin/env bash
# Builds sgplan and runs the whole test suite with ctest (installing what a fresh Debian 12
# machine lacks). Extra arguments go to ctest, e.g. tools/test.sh -R Interval.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/setup.sh"
cd "$root"
exec ctest --test-dir "$root/build" --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" "$@"
