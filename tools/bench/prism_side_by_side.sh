#!/usr/bin/env bash
# sgplan and PRISM on the same PRISM-language file and property, one run each: states, the time
# to build the model (PRISM's "Time for model construction"; sgplan's build_seconds: parse,
# explore, build the graph), states per second of that, the whole run (wall and CPU: the JVM uses
# more than one thread), peak memory and the answer. A benchmark, never a test.
#
#   tools/bench/prism_side_by_side.sh MODEL PROPERTY [--const N=3,K=2] [--prism PATH] [--engine FLAG]...
#
# PROPERTY is PRISM syntax, e.g. 'Pmax=? [ F "success" ]'. --prism is PRISM's bin/prism (default
# $PRISM, else ../anchors/prism/prism/bin/prism, built as ../shared/anchors/README.md says);
# --engine is a PRISM engine flag (-s sparse, the default; -ex explicit; -h hybrid; -m MTBDD) and
# may be given several times. sgplan answers with its default, sound interval iteration; PRISM
# with its default value iteration unless --prism-args '-intervaliter ...' says otherwise.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
model="${1:?usage: prism_side_by_side.sh MODEL PROPERTY [--const ...] [--prism PATH] [--engine FLAG]...}"
property="${2:?usage: prism_side_by_side.sh MODEL PROPERTY [--const ...]}"
shift 2
consts=""
prism="${PRISM:-$root/../anchors/prism/prism/bin/prism}"
engines=()
prism_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --const) consts="$2"; shift 2 ;;
    --prism) prism="$2"; shift 2 ;;
    --engine) engines+=("$2"); shift 2 ;;
    --prism-args) read -r -a extra <<<"$2"; prism_args+=("${extra[@]}"); shift 2 ;;
    *) echo "prism_side_by_side.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ ${#engines[@]} -gt 0 ] || engines=(-s)
sgplan="$root/build/sgplan"
[ -x "$sgplan" ] || { echo "build sgplan first (tools/setup.sh sgplan)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf '%s\n' "$property" >"$work/query.props"

printf '| tool | states | build s | states/s | total wall s | CPU s | peak MB | answer |\n'
printf '| --- | --- | --- | --- | --- | --- | --- | --- |\n'

# sgplan
const_flag=()
[ -z "$consts" ] || const_flag=(--const "$consts")
/usr/bin/time -f '%e %U %S %M' -o "$work/time" "$sgplan" solve "$model" --props "$work/query.props" \
  "${const_flag[@]}" --json >"$work/sgplan.json"
python3 - "$work/sgplan.json" "$work/time" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
p = j["properties"][0] if "properties" in j else j
wall, user, sys_, rss = open(sys.argv[2]).read().split()
states = p.get("states", 0)
build = p.get("build_seconds", 0.0)
rate = states / build if build > 0 else float("nan")
ans = p.get("value", p.get("truth"))
print(f"| sgplan | {states:,} | {build:.2f} | {rate:,.0f} | {float(wall):.2f} | "
      f"{float(user) + float(sys_):.2f} | {int(rss) / 1024:.0f} | {ans} |")
EOF

# PRISM, once per engine
if [ ! -x "$prism" ]; then
  echo "PRISM not found at $prism (build it as ../shared/anchors/README.md says, or give --prism)" >&2
  exit 0
fi
for engine in "${engines[@]}"; do
  prism_const=()
  [ -z "$consts" ] || prism_const=(-const "$consts")
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$prism" "$model" -pf "$property" "${prism_const[@]}" \
    "$engine" "${prism_args[@]}" >"$work/prism.out" 2>&1 || { tail -20 "$work/prism.out" >&2; exit 1; }
  python3 - "$work/prism.out" "$work/time" "$engine" <<'EOF'
import re, sys
out = open(sys.argv[1]).read()
wall, user, sys_, rss = open(sys.argv[2]).read().split()
states = int(re.search(r"^States:\s+(\d+)", out, re.M).group(1))
build = float(re.search(r"Time for model construction: ([0-9.]+)", out).group(1))
ans = re.search(r"^Result: (\S+)", out, re.M).group(1)
rate = states / build if build > 0 else float("nan")
print(f"| PRISM {sys.argv[3]} | {states:,} | {build:.2f} | {rate:,.0f} | {float(wall):.2f} | "
      f"{float(user) + float(sys_):.2f} | {int(rss) / 1024:.0f} | {ans} |")
EOF
done
