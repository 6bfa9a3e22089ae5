#!/usr/bin/env bash
# Installs the Debian packages that are missing, with apt-get when run as root; otherwise names
# them and exits 2. Shared by tools/setup.sh and tools/fuzz/run.sh.
#   tools/install_packages.sh WHO PACKAGE...     WHO prefixes the messages ("sgplan setup")
set -euo pipefail
who=$1
shift
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
((${#missing[@]})) || exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "$who: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
else
  echo "$who: missing Debian packages: ${missing[*]}" >&2
  echo "  install them with: sudo apt-get install ${missing[*]}" >&2
  exit 2
fi
