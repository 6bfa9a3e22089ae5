#!/usr/bin/env bash
# Proves that the build enforces the layers (cmake/layers.cmake, docs/DESIGN.md "Layers"): in a
# scratch copy of the source tree, each case below injects an include that its library must not
# use at the top of one of its files and expects that file's compile to fail, naming the include;
# the same file, untouched, must compile (so the failure is the include's, not the setup's).
#   tools/check_layers.sh            exit 0 when every stray include fails to build
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/sgplan-layers.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
start=$(date +%s)

# The tracked files and the working tree's changes to them (not the build folders).
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) |
  tar -xf - -C "$scratch/"
mkdir -p "$scratch/build"
if ! cmake -S "$scratch" -B "$scratch/build" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release \
  -DSGPLAN_BUILD_TESTS=OFF -DSGPLAN_BUILD_BENCH=OFF >"$scratch/configure.log" 2>&1; then
  cat "$scratch/configure.log" >&2
  echo "check_layers: the scratch copy does not configure" >&2
  exit 1
fi

# case FILE OBJECT_DIR OBJECT INCLUDE EXPECTED: FILE (in the source tree) must not build with
# INCLUDE; OBJECT is its object's make target in OBJECT_DIR of the build, EXPECTED a fixed string
# of the compiler's error.
failures=0
check() {
  local file=$1 dir=$2 object=$3 include=$4 expected=$5
  local log="$scratch/$(echo "$file" | tr '/' '_').log"
  if ! make -C "$scratch/build/$dir" "$object" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "check_layers: $file does not build untouched: the check proves nothing" >&2
    failures=$((failures + 1))
    return
  fi
  cp "$scratch/$file" "$scratch/$file.orig"
  { echo "$include"; cat "$scratch/$file.orig"; } >"$scratch/$file"
  # make learns a header dependency only when it builds the whole target: drop the object instead.
  find "$scratch/build/$dir" -path "*/CMakeFiles/*.dir/$object" -delete
  if make -C "$scratch/build/$dir" "$object" >"$log" 2>&1; then
    echo "FAIL  $file built with $include" >&2
    failures=$((failures + 1))
  elif ! grep -qF -- "$expected" "$log"; then
    tail -n 20 "$log" >&2
    echo "FAIL  $file failed to build with $include, but not for it (expected: $expected)" >&2
    failures=$((failures + 1))
  else
    echo "ok    $file refuses $include"
  fi
  mv "$scratch/$file.orig" "$scratch/$file"
}

missing="No such file or directory"
no_yaml="must not use yaml-cpp"
check core/hash.hpp core header_checks/hash.hpp.cpp.o '#include "mdp/owner.hpp"' "$missing"
check core/errors.hpp core header_checks/errors.hpp.cpp.o '#include <yaml-cpp/yaml.h>' "$no_yaml"
check mdp/owner.hpp mdp attractor.cpp.o '#include "models/graph_model.hpp"' "$missing"
check mdp/state_graph.cpp mdp state_graph.cpp.o '#include "models/nim/nim.hpp"' "$missing"
check mdp/attractor.cpp mdp attractor.cpp.o '#include "search/game_tree.hpp"' "$missing"
check mdp/retrograde.cpp mdp retrograde.cpp.o '#include <yaml-cpp/node/node.h>' "$no_yaml"
check search/game_tree.cpp search game_tree.cpp.o '#include "models/registry.hpp"' "$missing"
check search/random_tree.cpp search random_tree.cpp.o '#include <yaml-cpp/yaml.h>' "$no_yaml"
check search/lambda/lambda_options.cpp search/lambda lambda_options.cpp.o '#include "mdp/owner.hpp"' "$missing"
check models/go/board.cpp models/go board.cpp.o '#include "search/game_tree.hpp"' "$missing"
check models/gomoku/board.cpp models/gomoku board.cpp.o '#include "models/go/board.hpp"' "$missing"
check models/go/sgf.cpp models/go sgf.cpp.o '#include "search/lambda/lambda_options.hpp"' "$missing"
check models/gomoku/renju_rules.cpp models/gomoku renju_rules.cpp.o '#include "search/lambda/threat_game.hpp"' "$missing"
check models/extensive_form/kuhn.cpp models/extensive_form kuhn.cpp.o '#include <yaml-cpp/yaml.h>' "$no_yaml"

echo "layer check: $(($(date +%s) - start)) s"
if ((failures)); then
  echo "check_layers: $failures case(s) failed" >&2
  exit 1
fi
