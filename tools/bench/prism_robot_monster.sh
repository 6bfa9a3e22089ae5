#!/usr/bin/env bash
# The robot-monster game three ways, one run each: sgplan on its own YAML model, sgplan on the same
# game written in the PRISM language, and PRISM 4.x on that PRISM file (tools/bench/
# prism_side_by_side.sh: states, build time, states/s, wall and CPU time, peak memory, answer).
# The PRISM file is written by ../shared/anchors/robot_monster_to_prism.py (the same states,
# choices and transitions as the YAML model). A benchmark, never a test.
#
#   tools/bench/prism_robot_monster.sh [CONFIG.yaml] [prism_side_by_side.sh options...]
#
# CONFIG defaults to tools/bench/models/robot-monster-open5.yaml (383,117 states). Options after
# it go to prism_side_by_side.sh (--prism PATH, --engine -s --engine -ex, --prism-args '...').
# With `--type smg --mode adversarial|mixed` as the first options (before the others) the game
# is written for PRISM-games (then give --prism the PRISM-games binary).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
config="$root/tools/bench/models/robot-monster-open5.yaml"
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then config="$1"; shift; fi
writer_args=()
mode=""
while [ $# -gt 0 ] && { [ "$1" = --type ] || [ "$1" = --mode ]; }; do
  [ "$1" = --mode ] && mode="$2"
  writer_args+=("$1" "$2")
  shift 2
done
writer="${SGPLAN_SHARED:-$root/../shared}/anchors/robot_monster_to_prism.py"
[ -f "$writer" ] || { echo "prism_robot_monster.sh: $writer is absent (the shared anchors)" >&2; exit 2; }
sgplan="$root/build/sgplan"
[ -x "$sgplan" ] || { echo "build sgplan first (tools/setup.sh sgplan)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$writer" "$config" "${writer_args[@]}" >"$work/game.prism"
property='Pmax=? [ F "success" ]'
grep -q '^smg' "$work/game.prism" && property='<<robots>> Pmax=? [ F "success" ]'

# --mode adversarial|random: the YAML side plays the same monsters (its monster_behaviour set
# likewise in a copy of the config); with --mode mixed it keeps the config's own monster_behaviour.
if [ "$mode" = adversarial ] || [ "$mode" = random ]; then
  if grep -q '^monster_behaviour: *$' "$config"; then
    echo "prism_robot_monster.sh: write $config's monster_behaviour on one line to use --mode $mode" >&2
    exit 2
  fi
  grep -v '^monster_behaviour:' "$config" >"$work/config.yaml"
  echo "monster_behaviour: $mode" >>"$work/config.yaml"
  config="$work/config.yaml"
fi
echo "sgplan on the YAML model ($config):"
/usr/bin/time -f '%e %U %S %M' -o "$work/time" "$sgplan" solve "$config" --json >"$work/yaml.json"
python3 - "$work/yaml.json" "$work/time" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
wall, user, sys_, rss = open(sys.argv[2]).read().split()
states = j["states"]
build = j["build_seconds"]
print(f"  states {states:,}, value {j['value']}, build {build:.2f} s ({states / build:,.0f} states/s), "
      f"total wall {float(wall):.2f} s, CPU {float(user) + float(sys_):.2f} s, peak {int(rss) / 1024:.0f} MB")
PY
echo "the same game in the PRISM language ($property):"
"$root/tools/bench/prism_side_by_side.sh" "$work/game.prism" "$property" "$@"
