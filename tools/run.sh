#!/usr/bin/env bash
# Builds sgplan if needed (installing what a fresh Debian 12 machine lacks), then runs it:
#   tools/run.sh solve configs/robot-monster.yaml
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/setup.sh"
exec "$root/build/sgplan" "$@"
