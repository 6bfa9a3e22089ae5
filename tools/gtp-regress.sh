#!/usr/bin/env bash
# Runs GNU Go-style GTP regression files (reading.tst, capture.tst, ...) through a GTP engine,
# sgplan gtp by default, and prints passes, failures and time.
#
#   tools/gtp-regress.sh [options] FILE.tst... [-- ENGINE FLAGS]
#     --engine CMD     the GTP engine command (default: "BUILD/sgplan gtp" plus the flags after --)
#     --seconds S      time limit of one case, after which the engine is killed (default 30)
#     --only N,M,...   run only these case numbers
#     --verbose        one line for every case (default: failures, unexpected passes, summary)
#     --tsv FILE       write one tab-separated line per case: file, number, command, expected,
#                      answer, verdict, seconds, nodes, lambda order, depth
#
# The format (GNU Go's regression suite): unnumbered lines set up the position (loadsgf FILE N,
# play, trymove, popgo, ...); a numbered line "12 attack K18" is a case, and the next line
# "#? [EXPECTED]" its expectation: a POSIX extended regular expression matched, as GNU Go's
# regress.awk does, as "^" EXPECTED "$" against the answer (so "1 (S4|T5)" accepts S4 or T5), a
# leading "!" negating it; a trailing "*" marks a case GNU Go itself was expected to fail, "&" a
# case whose answer is not judged.
# Every case runs in a fresh engine fed the set-up lines since the last loadsgf (relative file
# names resolve from the .tst file's folder), under `timeout`, so a slow or crashing case costs
# only itself. With sgplan, the nodes and lambda order of each answer come from the engine's
# sgplan-last_reading command.
set -u

here=$(cd "$(dirname "$0")/.." && pwd)
engine=""
seconds=30
only=""
verbose=0
tsv=""
files=()
engine_flags=()
while [ $# -gt 0 ]; do
  case "$1" in
    --engine) engine="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --only) only=",$2,"; shift 2 ;;
    --verbose) verbose=1; shift ;;
    --tsv) tsv="$2"; shift 2 ;;
    --help|-h) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --) shift; engine_flags=("$@"); break ;;
    -*) echo "gtp-regress: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
if [ ${#files[@]} -eq 0 ]; then
  echo "gtp-regress: give one or more .tst files (see --help)" >&2
  exit 2
fi
if ! [[ "$seconds" =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  echo "gtp-regress: --seconds expects a number, got '$seconds'" >&2
  exit 2
fi
sgplan_engine=0
if [ -z "$engine" ]; then
  binary="${SGPLAN_BINARY:-$here/build/sgplan}"
  if [ ! -x "$binary" ]; then
    echo "gtp-regress: $binary not found (build first, or set SGPLAN_BINARY or --engine)" >&2
    exit 2
  fi
  binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"  # cases run in their folder
  engine="$binary gtp"
  sgplan_engine=1
fi
if [ -n "$tsv" ]; then
  printf 'file\tcase\tcommand\texpected\tanswer\tverdict\tseconds\tnodes\torder\tdepth\n' > "$tsv"
fi

total=0; passed=0; unexpected_pass=0; unexpected_fail=0; expected_fail=0; timeouts=0
all_start=$(date +%s.%N)

# run_case DIR FILE NUMBER COMMAND EXPECTATION SETUP...
run_case() {
  local dir="$1" file="$2" number="$3" command="$4" expectation="$5"
  shift 5
  local input
  input=$(printf '%s\n' "$@"; printf '%s %s\n' "$number" "$command")
  if [ "$sgplan_engine" = 1 ]; then input+=$'\nsgplan-last_reading'; fi
  input+=$'\nquit\n'
  local start end output status
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  output=$(cd "$dir" && printf '%s' "$input" | timeout -k 2 "$seconds" $engine "${engine_flags[@]}" 2>/dev/null)
  status=$?
  end=$(date +%s.%N)
  local elapsed answer nodes="" order="" depth=""
  elapsed=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
  answer=$(printf '%s\n' "$output" | awk -v n="$number" '
    $0 ~ "^[=?]" n "( |$)" { sub("^[=?]" n " ?", ""); print; exit }')
  if printf '%s\n' "$output" | grep -q "^?$number\( \|$\)"; then answer="error: $answer"; fi
  if [ "$sgplan_engine" = 1 ]; then
    local stats
    stats=$(printf '%s\n' "$output" | grep '^= nodes ' | head -1)
    nodes=$(awk '{ print $3 }' <<< "$stats")
    order=$(awk '{ print $9 }' <<< "$stats")
    depth=$(awk '{ print $11 }' <<< "$stats")
  fi
  if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    answer="timeout after ${seconds}s"
    timeouts=$((timeouts + 1))
  elif [ -z "$answer" ] && [ "$status" != 0 ]; then
    answer="engine exit status $status"
  fi
  # The expectation, as regress.awk reads it.
  local pattern="$expectation" ignore=0 gnugo_fails=0 negate=0
  pattern="${pattern#\[}"
  [[ "$pattern" =~ \&$ ]] && ignore=1
  [[ "$pattern" =~ \*$ ]] && gnugo_fails=1
  pattern=$(sed -E 's/\][&*]*$//' <<< "$pattern")
  local shown="$pattern"
  if [[ "$pattern" == !* ]]; then negate=1; pattern="${pattern#!}"; fi
  local regex="^${pattern}\$" verdict
  if [ "$ignore" = 1 ]; then
    verdict="ignored"
  else
    total=$((total + 1))
    local match=0
    [[ "$answer" =~ $regex ]] && match=1
    [ "$negate" = 1 ] && match=$((1 - match))
    if [ "$match" = 1 ]; then
      passed=$((passed + 1))
      if [ "$gnugo_fails" = 1 ]; then verdict="PASS*"; unexpected_pass=$((unexpected_pass + 1)); else verdict="pass"; fi
    else
      if [ "$gnugo_fails" = 1 ]; then verdict="fail*"; expected_fail=$((expected_fail + 1)); else verdict="FAIL"; unexpected_fail=$((unexpected_fail + 1)); fi
    fi
  fi
  local name
  name=$(basename "$file" .tst)
  if [ "$verbose" = 1 ] || [ "$verdict" = "FAIL" ] || [ "$verdict" = "PASS*" ]; then
    printf '%-10s %4s  %-22s expected %-24s got %-18s %-6s %8ss %10s nodes\n' \
      "$name" "$number" "$command" "[$shown]" "'$answer'" "$verdict" "$elapsed" "${nodes:--}"
  fi
  if [ -n "$tsv" ]; then
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$number" "$command" "$shown" "$answer" \
      "$verdict" "$elapsed" "$nodes" "$order" "$depth" >> "$tsv"
  fi
}

for file in "${files[@]}"; do
  if [ ! -r "$file" ]; then
    echo "gtp-regress: cannot read $file" >&2
    exit 2
  fi
  dir=$(cd "$(dirname "$file")" && pwd)
  setup=()
  pending_number=""
  pending_command=""
  file_total_before=$total
  file_passed_before=$passed
  file_start=$(date +%s.%N)
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line%$'\r'}"
    if [[ "$line" =~ ^#\? ]]; then
      if [ -n "$pending_number" ]; then
        expectation=$(sed -E 's/^#\? *//' <<< "$line")
        if [ -z "$only" ] || [[ "$only" == *",$pending_number,"* ]]; then
          run_case "$dir" "$file" "$pending_number" "$pending_command" "$expectation" "${setup[@]}"
        fi
        pending_number=""
      fi
      continue
    fi
    stripped=$(sed -E 's/#.*$//; s/^[[:space:]]+//; s/[[:space:]]+$//' <<< "$line")
    [ -z "$stripped" ] && continue
    first="${stripped%% *}"
    if [[ "$first" =~ ^[0-9]+$ ]]; then
      pending_number="$first"
      pending_command="${stripped#"$first"}"
      pending_command="${pending_command# }"
    else
      if [ "$first" = "loadsgf" ]; then setup=(); fi
      setup+=("$stripped")
    fi
  done < "$file"
  file_seconds=$(awk -v a="$file_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  printf '%s: %d of %d passed, %.1f s\n' "$(basename "$file")" $((passed - file_passed_before)) \
    $((total - file_total_before)) "$file_seconds"
done

all_seconds=$(awk -v a="$all_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
echo "summary: $passed of $total passed ($unexpected_pass unexpected passes of cases GNU Go failed;" \
  "$unexpected_fail unexpected failures, $expected_fail expected ones; $timeouts timeouts), $all_seconds s"
