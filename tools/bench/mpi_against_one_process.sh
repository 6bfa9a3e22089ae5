#!/usr/bin/env bash
# The distributed engine against one process on the same model (a benchmark, never a test):
#   tools/bench/mpi_against_one_process.sh [MODEL] [RANKS...]
# MODEL defaults to the open 7x7 robot-monster grid, RANKS to "1 2". For each it runs
# `sgplan solve --engine stored`, `sgplan solve --engine matrix-free` and
# `mpirun -np P sgplan-mpi solve`, and prints wall time, peak memory (the largest process's, from
# /usr/bin/time), sweeps, the bytes exchanged per sweep and in all, and the bounds.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
model="${1:-$root/configs/robot-monster-open7.yaml}"
shift || true
ranks=("$@")
((${#ranks[@]})) || ranks=(1 2)
sgplan="$root/build/sgplan"
mpi="$root/build/sgplan-mpi"
[ -x "$mpi" ] || { echo "no $mpi: install openmpi-bin and libopenmpi-dev, then rebuild (tools/setup.sh)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
row() {  # name, then the command
  local name=$1
  shift
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" --json --epsilon 1e-6 >"$tmp/out"
  python3 - "$name" "$tmp/out" "$tmp/time" <<'PY'
import json, sys
name, out, tim = sys.argv[1:]
j = json.load(open(out))
# /usr/bin/time under mpirun reports the largest child's resident set (mpirun waits for them).
wall, rss = open(tim).read().split()[-2:]
per = j.get("bytes_per_sweep")
per_text = "-" if per is None else "%.1f MiB" % (per / 1048576)
all_text = "-" if per is None else "%.0f MiB" % (j["bytes_exchanged"] / 1048576)
print("| %s | %s | %.2f s | %.0f MiB | %d | %s | %s | [%.10f, %.10f] |" % (
    name, format(j["states"], ","), float(wall), int(rss) / 1024, j["iterations"], per_text, all_text,
    j["lower"], j["upper"]))
PY
}
echo "model: $model ($(nproc) cores)"
echo "| engine | states | wall | peak RSS | sweeps | exchanged per sweep | exchanged in all | bounds |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
row "stored, 1 thread" "$sgplan" solve "$model" --engine stored --threads 1 --method interval
row "matrix-free" "$sgplan" solve "$model" --engine matrix-free
for p in "${ranks[@]}"; do
  row "sgplan-mpi, $p ranks" mpirun --oversubscribe -np "$p" "$mpi" solve "$model"
done
