#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine for sgplan and builds it (Release, into build/).
# Installs the missing Debian packages with apt-get when run as root; otherwise names them.
# Build output goes to build/build.log; only a failure prints it. Used by run.sh and test.sh.
#   tools/setup.sh            builds everything (the CLI, tests, benchmarks)
#   tools/setup.sh TARGET...  builds only these CMake targets (tools/run.sh: sgplan)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
packages=(cmake g++ make libeigen3-dev libboost-graph-dev libyaml-cpp-dev libcli11-dev
          nlohmann-json3-dev libgtest-dev libbenchmark-dev clang-format)
"$root/tools/install_packages.sh" "sgplan setup" "${packages[@]}"
build="$root/build"
mkdir -p "$build"
if [ ! -f "$build/CMakeCache.txt" ]; then
  if ! cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >"$build/build.log" 2>&1; then
    cat "$build/build.log" >&2
    exit 1
  fi
fi
jobs="$(nproc 2>/dev/null || echo 2)"
targets=()
for t in "$@"; do targets+=(--target "$t"); done
if ! cmake --build "$build" -j "$jobs" "${targets[@]}" >"$build/build.log" 2>&1; then
  tail -n 60 "$build/build.log" >&2
  echo "sgplan setup: the build failed (full log: $build/build.log)" >&2
  exit 1
fi
