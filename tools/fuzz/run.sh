#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer and UndefinedBehaviorSanitizer; one library
# build shared by every target) into build-fuzz/ and runs each for a bounded time; fails on any
# finding (a crash, a leak, a timeout, running out of memory, or a harness invariant: see
# tools/fuzz/fuzz_support.hpp). Installs clang and libFuzzer on a fresh Debian 12 machine when root.
#   tools/fuzz/run.sh [SECONDS] [TARGET...]     default: 30 s for each of every target
# Each target starts from a fresh corpus: its seeds in tools/fuzz/seeds/<target>, its regression
# inputs in tests/fuzz/regressions/<target>, the shipped configs and, where present, the cases of
# ../shared/cases (copied into build-fuzz/corpus at run time, never into the repository). A finding
# is saved as build-fuzz/findings/<target>-crash-..., to be added to tests/fuzz/regressions/<target>/.
set -euo pipefail
shopt -s globstar nullglob
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
seconds=30
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi
targets=(model efg strategy sgf prism gomoku ppddl gtp jani)
if [ $# -gt 0 ]; then targets=("$@"); fi

packages=(cmake make clang-14 libclang-rt-14-dev libeigen3-dev libboost-graph-dev libyaml-cpp-dev
          libcli11-dev nlohmann-json3-dev)
"$root/tools/install_packages.sh" "sgplan fuzz" "${packages[@]}"
cxx=$(command -v clang++-14 || command -v clang++)

build="$root/build-fuzz"
jobs="$(nproc 2>/dev/null || echo 2)"
mkdir -p "$build"
# A cache made with another compiler would make CMake reset it and drop the options below.
if [ -f "$build/CMakeCache.txt" ] && ! grep -qx "CMAKE_CXX_COMPILER:[A-Z]*=$cxx" "$build/CMakeCache.txt"; then
  rm -rf "$build/CMakeCache.txt" "$build/CMakeFiles"
fi
start=$(date +%s)
# -O1 and line tables only: fast enough to fuzz, symbolized stack traces, half the compile time of -g.
if ! cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" -DSGPLAN_FUZZ=ON -DSGPLAN_BUILD_TESTS=OFF \
  -DSGPLAN_BUILD_BENCH=OFF >"$build/build.log" 2>&1 ||
  ! cmake --build "$build" -j "$jobs" --target sgplan_fuzzers >>"$build/build.log" 2>&1; then
  tail -n 60 "$build/build.log" >&2
  echo "sgplan fuzz: the build failed (full log: $build/build.log)" >&2
  exit 1
fi
echo "fuzz build: $(($(date +%s) - start)) s"

shared="$root/../shared/cases"
if [ ! -d "$shared" ]; then
  echo "sgplan fuzz: $shared is absent: the corpora start from the repository's seeds only"
  shared=""
fi

# copy_seeds DIR FILE...: copies the files into the corpus, named by their path.
copy_seeds() {
  local dir=$1
  shift
  for f in "$@"; do
    local name=${f#"$root"/}
    name=${name#../shared/cases/}
    [ -f "$f" ] && cp "$f" "$dir/$(echo "$name" | tr '/' '_')"
  done
  return 0
}

# The PRISM target reads a .tra, a line "----" and a .lab in one input (fuzz_prism.cpp).
prism_pair() {
  local dir=$1 tra=$2 lab=$3
  [ -f "$tra" ] && [ -f "$lab" ] && { cat "$tra"; echo "----"; cat "$lab"; } >"$dir/$(basename "$(dirname "$tra")")_$(basename "$tra").pair"
  return 0
}

seed_corpus() {
  local t=$1 dir=$2
  copy_seeds "$dir" "$root/tools/fuzz/seeds/$t"/* "$root/tests/fuzz/regressions/$t"/*
  case $t in
    model) copy_seeds "$dir" "$root"/configs/*.yaml ;;
    strategy) copy_seeds "$dir" "$root"/configs/strategies/*.yaml ;;
    gomoku) copy_seeds "$dir" "$root"/configs/gomoku-*.yaml "$root"/configs/renju-*.yaml ;;
    ppddl) copy_seeds "$dir" "$root"/configs/*.pddl ;;
  esac
  [ -n "$shared" ] || return 0
  case $t in
    model) copy_seeds "$dir" "$shared"/reported/*.yaml "$shared"/reported/*/*.yaml ;;
    efg) copy_seeds "$dir" "$shared"/gambit/**/*.efg "$shared"/reported/*/*.efg ;;
    sgf) copy_seeds "$dir" "$shared"/gnugo/**/*.sgf "$shared"/reported/*.sgf "$shared"/reported/*/*.sgf ;;
    gomoku) copy_seeds "$dir" "$shared"/renju/*.txt ;;
    gtp) copy_seeds "$dir" "$shared"/gnugo/*.tst "$shared"/reported/gtp-*/* ;;
    jani) copy_seeds "$dir" "$shared"/qvbs/*/*.jani ;;
    ppddl)  # The PPDDL target reads domain and problem in one file (fuzz_ppddl.cpp).
      for p in "$shared"/qvbs/*/p01*.pddl; do
        cat "$(dirname "$p")/domain.pddl" "$p" >"$dir/$(basename "$(dirname "$p")").pddl"
      done
      ;;
    prism)
      prism_pair "$dir" "$shared"/prism-games/smg_example.prism.tra "$shared"/prism-games/smg_example.prism.lab
      prism_pair "$dir" "$shared"/reported/prism-01128/in.tra "$shared"/reported/prism-01128/in.lab
      for tra in "$shared"/reported/manual-prism-header/*.tra; do
        prism_pair "$dir" "$tra" "$shared"/reported/manual-prism-header/one.lab
      done
      ;;
  esac
}

failed=()
mkdir -p "$build/findings"
for t in "${targets[@]}"; do
  bin="$build/fuzz/fuzz_$t"
  if [ ! -x "$bin" ]; then
    echo "sgplan fuzz: no target '$t' (expected one of model efg strategy sgf prism gomoku ppddl gtp jani)" >&2
    exit 2
  fi
  corpus="$build/corpus/$t"
  rm -rf "$corpus"
  mkdir -p "$corpus"
  seed_corpus "$t" "$corpus"
  log="$build/fuzz-$t.log"
  echo "== fuzz_$t: $(ls "$corpus" | wc -l) seeds, $seconds s"
  status=0
  (cd "$build" && "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -dict="$root/tools/fuzz/dicts/$t.dict" -artifact_prefix="$build/findings/$t-" -print_final_stats=1 \
    "$corpus" >"$log" 2>&1) || status=$?
  grep -E "^#[0-9]+.*DONE" "$log" | tail -n 1 || true
  grep -E "stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" "$log" | tr '\n' ' ' || true
  echo
  if [ "$status" -ne 0 ]; then
    failed+=("$t")
    tail -n 40 "$log"
    echo "sgplan fuzz: fuzz_$t found something (exit $status; log $log, input in $build/findings/)" >&2
  fi
done
echo "fuzzing done in $(($(date +%s) - start)) s"
if ((${#failed[@]})); then
  echo "sgplan fuzz: findings in: ${failed[*]}" >&2
  exit 1
fi
