#!/usr/bin/env bash
# Builds the sgplan executable if needed (installing what a fresh Debian 12 machine lacks; only
# the CLI and the libraries it links, not the tests: tools/test.sh builds those), then runs it:
#   tools/run.sh solve configs/robot-monster.yaml
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/setup.sh" sgplan
exec "$root/build/sgplan" "$@"
