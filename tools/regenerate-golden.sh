#!/usr/bin/env bash
# Regenerates the expected messages of the bad-input corpus (tests/cli/bad_inputs/expected.tsv)
# from the current binary. Columns: file, extra arguments ('-' for none), exit code, and the first
# line of stderr of `sgplan solve FILE ARGS`, run inside the corpus folder.
# Then the same for the other readers' corpus (tests/cli/bad_loaders/expected.tsv): file, command
# ('%' stands for the file; 'gtp' means `loadsgf FILE` on sgplan gtp's input, whose first reply is
# kept), exit code, first line of stderr.
# Review the diff (git diff tests/cli) before committing: every change is a changed error message.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/setup.sh"
corpus="$root/tests/cli/bad_inputs"
tmp="$(mktemp)"
while IFS=$'\t' read -r file args code message; do
  extra=()
  [ "$args" = "-" ] || read -r -a extra <<<"$args"
  set +e
  out=$(cd "$corpus" && "$root/build/sgplan" solve "$file" "${extra[@]}" 2>&1 >/dev/null | head -n 1)
  (cd "$corpus" && "$root/build/sgplan" solve "$file" "${extra[@]}" >/dev/null 2>&1)
  got=$?
  set -e
  printf '%s\t%s\t%s\t%s\n' "$file" "$args" "$got" "$out" >>"$tmp"
done <"$corpus/expected.tsv"
mv "$tmp" "$corpus/expected.tsv"
git -C "$root" diff --stat -- tests/cli/bad_inputs/expected.tsv

corpus="$root/tests/cli/bad_loaders"
tmp="$(mktemp)"
while IFS=$'\t' read -r file command code message; do
  set +e
  if [ "$command" = "gtp" ]; then
    out=$(cd "$corpus" && printf 'loadsgf %s\n' "$file" | "$root/build/sgplan" gtp 2>/dev/null | head -n 1)
    got=0
  else
    read -r -a words <<<"$command"
    args=()
    for w in "${words[@]}"; do [ "$w" = "%" ] && args+=("$file") || args+=("$w"); done
    out=$(cd "$corpus" && "$root/build/sgplan" "${args[@]}" 2>&1 >/dev/null | head -n 1)
    (cd "$corpus" && "$root/build/sgplan" "${args[@]}" >/dev/null 2>&1)
    got=$?
  fi
  set -e
  printf '%s\t%s\t%s\t%s\n' "$file" "$command" "$got" "$out" >>"$tmp"
done <"$corpus/expected.tsv"
mv "$tmp" "$corpus/expected.tsv"
git -C "$root" diff --stat -- tests/cli/bad_loaders/expected.tsv
